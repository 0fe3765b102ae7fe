import ArgumentParser
import Foundation
import MIDIRollKit
import PianoRoll
import PianoRollRender

/// `midiroll render IN OUT.svg`: draws a piano roll as a self-contained SVG picture.
public struct Render: ParsableCommand {
  /// The command's name and help.
  public static let configuration = CommandConfiguration(
    abstract:
      "Draw a piano roll as SVG, or as an interactive HTML page (OUT.html): zoom, pan, hover, play, edit, save.",
    discussion: """
      Keys run down the left with their names (black keys shaded), bars and beats are grid \
      lines (bar lines strongest, beat lines lighter, --zoom subdivision lines dashed), bar \
      numbers, meters, keys and tempo changes run along the top. Notes are coloured one colour \
      per track, or by pitch with --colors rainbow|fire|ocean; louder notes are more intense. \
      --before draws a second song (e.g. the original of a quantized file) faded underneath.

      Time is linear in ticks: --beat-width pixels a quarter note (by default a width that \
      suits the zoom, narrowed so the picture stays within --max-width).

      OUT.html writes one self-contained page instead (no network, the song embedded as \
      piano-roll JSON): it opens at --zoom with --colors and --before, and zooms, pans, \
      plays and edits notes on the zoom level's grid; Save downloads piano-roll JSON that \
      `midiroll convert` turns back into .mid. --bars, --keys and the size options are the SVG's.
      OUT.wav plays the song through FluidSynth instead (options marked .wav; --keys, --scale, \
      --pitches then choose the notes that sound, as in convert).
      """
  )

  /// The input path, or `-`.
  @Argument(help: "The song to draw (.mid or .json), or '-' for standard input.")
  public var input: String

  /// The SVG to write, or `-`.
  @Argument(
    help:
      "The SVG file to write (.svg), the page (.html), a WAV file (.wav), or '-' for SVG on standard output.")
  public var output: String

  /// Bars and keys.
  @OptionGroup public var selection: RollSelection

  /// The zoom level, as written.
  @Option(
    help: ArgumentHelp(
      "Lines between the beats at this grid: 1/1 … 1/64, t for triplets (1/8t), . for dotted, or a name (eighth).",
      valueName: "grid"))
  public var zoom = "1/16"

  /// How notes are coloured.
  @Option(help: "Note colours: track (one per track), rainbow (by pitch class), fire or ocean (by pitch).")
  public var colors: NoteColoring = .track

  /// A song to draw faded underneath.
  @Option(
    help: ArgumentHelp(
      "Draw this song faded underneath, to compare (e.g. the file before quantizing).", valueName: "file"))
  public var before: String?

  /// Pixels per quarter note.
  @Option(
    help: ArgumentHelp("Pixels per quarter note (default: by zoom, within --max-width).", valueName: "px"))
  public var beatWidth: Double?

  /// Pixels per key row.
  @Option(help: ArgumentHelp("Pixels per key row.", valueName: "px"))
  public var rowHeight: Double = 12

  /// The widest picture made without --beat-width.
  @Option(
    help: ArgumentHelp(
      "Narrow the beats so the picture is at most this wide (without --beat-width).", valueName: "px"))
  public var maxWidth: Double = 16_000

  /// The title at the top.
  @Option(help: "The title at the top (default: the input's file name).")
  public var title: String?

  /// Input options.
  @OptionGroup public var inputOptions: InputOptions

  /// Audio output options (`OUT.wav`).
  @OptionGroup(title: "Audio (.wav)") public var audio: AudioOptions

  /// Allow overwriting an input.
  @Flag(help: "Allow the output to overwrite an input.")
  public var force = false

  /// Creates the command (for the argument parser).
  public init() {}

  /// The zoom level.
  /// - Throws: ``CLIError`` (usage) when it is not a grid.
  public func grid() throws(CLIError) -> Grid {
    do {
      return try Grid(parsing: zoom)
    } catch {
      throw CLIError(.usage, "--zoom: \(error)")
    }
  }

  /// Checks the sizes and the output's extension.
  public func validate() throws {
    if let beatWidth, !(0.5...5_000).contains(beatWidth) {
      throw ValidationError("--beat-width must be between 0.5 and 5000 pixels")
    }
    guard (2...200).contains(rowHeight) else {
      throw ValidationError("--row-height must be between 2 and 200 pixels")
    }
    guard maxWidth >= 100 else { throw ValidationError("--max-width must be at least 100 pixels") }
    // .html output: Render+HTML.swift; .wav output: AudioRendering.swift.
    let isAudio = AudioOptions.isAudioOutput(output)
    guard output == "-" || output.lowercased().hasSuffix(".svg") || writesHTML || isAudio else {
      throw ValidationError("the output must be an .svg, .html or .wav file or '-' (got '\(output)')")
    }
  }

  /// Reads the song (and the one to compare with), lays out the piano roll and writes the SVG.
  public func run() throws {
    if AudioOptions.isAudioOutput(output) { return try AudioRendering.run(self) }
    if let name = audio.audioOnlyOptionsGiven.first {
      throw CLIError(.usage, "\(name) is for .wav output")
    }
    let zoom = try grid()
    let rows = try selection.rows()
    let song = try SongInput(path: input, options: inputOptions)
    song.printWarnings(quiet: inputOptions.quiet)
    var beforeSong: Song? = nil
    if let before {
      var options = inputOptions
      options.from = nil
      let other = try SongInput(path: before, options: options)
      other.printWarnings(quiet: inputOptions.quiet)
      beforeSong = try other.song()
    }
    // html: the interactive page (Render+HTML.swift)
    if writesHTML { return try writeHTML(song: try song.song(), beforeSong: beforeSong, zoom: zoom) }
    let options = RenderOptions(
      zoom: zoom, coloring: colors, bars: selection.bars, rows: rows, beatWidth: beatWidth,
      rowHeight: rowHeight, maximumWidth: maxWidth, title: title ?? Self.displayName(input),
      beforeTitle: before.map(Self.displayName))
    let pianoRoll = try song.song()
    let layout: PianoRollLayout
    do {
      layout = try PianoRollLayout(song: pianoRoll, before: beforeSong, options: options)
    } catch {
      throw CLIError(.usage, file: input, error.description)
    }
    try FileIO.write(
      Array(layout.svg.utf8), to: output, inputs: [input] + (before.map { [$0] } ?? []), force: force)
  }

  /// A path's file name, or `standard input` for `-`.
  static func displayName(_ path: String) -> String {
    path == "-" ? "standard input" : URL(fileURLWithPath: path).lastPathComponent
  }
}

/// The bars and key rows a piano roll shows (`render` and `show`).
///
/// Values are read as text and checked by ``rows()`` and ``Render/grid()``, so that a bad one
/// is a one-line usage error (exit 2) naming the option.
public struct RollSelection: ParsableArguments {
  /// The bars drawn.
  @Option(
    help: ArgumentHelp("Only these bars, counted from 1: 5...12 (or 5-12), 5..., or 5.", valueName: "bars"),
    transform: BarSelection.parseArgument)  // edits: the reason a value is not bars
  public var bars: BarSelection = BarSelection(first: 0)

  /// The key rows drawn, as written.
  @Option(help: ArgumentHelp("Only these key rows: 36...84 or C2...C6 (C4 = 60).", valueName: "low...high"))
  public var keys: String?

  /// A scale whose rows are highlighted, as written.
  @Option(
    help: ArgumentHelp(
      "Highlight the rows of this scale: \"D dorian\", \"F# harmonic minor\" (see filter --list-scales).",
      valueName: "scale"))
  public var scale: String?

  /// Octaves for the scale, as written.
  @Option(
    help: ArgumentHelp(
      "With --scale: only these octaves (2...6 is C2 through B6); also the rows shown unless --keys.",
      valueName: "low...high"))
  public var octaves: String?

  /// Pitches whose rows are highlighted, as written.
  @Option(help: ArgumentHelp("Highlight the rows of these pitches: 60,64,67 or C4,E4,G4.", valueName: "list"))
  public var pitches: String?

  /// Draw only the highlighted rows.
  @Flag(help: "Show only the rows of --scale or --pitches (notes on other rows are counted, not shown).")
  public var fold = false

  /// Creates default options.
  public init() {}

  /// The rows to draw and highlight.
  /// - Throws: ``CLIError`` (usage) for a value that cannot be read or options that do not go
  ///   together.
  public func rows() throws(CLIError) -> RowSelection {
    if scale != nil && pitches != nil {
      throw CLIError(.usage, "give one of --scale and --pitches, not both")
    }
    if octaves != nil && scale == nil { throw CLIError(.usage, "--octaves goes with --scale") }
    if fold && scale == nil && pitches == nil { throw CLIError(.usage, "--fold needs --scale or --pitches") }
    var selection = RowSelection(onlyHighlighted: fold)
    var option = "--keys"
    do throws(KeyError) {
      if let keys {
        let range = try KeySet(parsingRange: keys).pitches
        selection.pitches = UInt8(range[0])...UInt8(range[range.count - 1])
      }
      var highlighted: KeySet?
      if let scale {
        option = "--scale"
        let parsed = try Scale(parsing: scale)
        var octaveRange = -1...9
        if let octaves {
          option = "--octaves"
          octaveRange = try KeySet.parseOctaves(octaves)
          if keys == nil {
            let low = (octaveRange.lowerBound + 1) * 12
            let high = min(127, (octaveRange.upperBound + 1) * 12 + 11)
            selection.pitches = UInt8(low)...UInt8(high)
          }
        }
        highlighted = KeySet(scale: parsed, octaves: octaveRange)
      }
      if let pitches {
        option = "--pitches"
        highlighted = try KeySet(parsingPitches: pitches)
      }
      if let highlighted {
        if highlighted.isEmpty { throw KeyError.empty(highlighted.label) }
        selection.highlighted = Set(highlighted.pitches.map { UInt8($0) })
        selection.label = highlighted.label
      }
    } catch {
      throw CLIError(.usage, "\(option): \(error)")
    }
    return selection
  }
}

extension NoteColoring: ExpressibleByArgument {}

extension BarSelection: ExpressibleByArgument {
  /// Reads bars from the command line (1-based).
  public init?(argument: String) {
    guard let range = try? BarRange(parsing: argument) else { return nil }  // the reason: parseArgument
    self = range
  }
  /// The default as shown in help.
  public var defaultValueDescription: String { last == nil && first == 0 ? "all" : description }
}

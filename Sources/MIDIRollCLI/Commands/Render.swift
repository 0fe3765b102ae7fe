import ArgumentParser
import Foundation
import PianoRoll
import PianoRollRender

/// `midiroll render IN OUT.svg`: draws a piano roll as a self-contained SVG picture.
public struct Render: ParsableCommand {
  /// The command's name and help.
  public static let configuration = CommandConfiguration(
    abstract: "Draw a piano roll as SVG: keys, bars and beats, notes coloured by track or pitch.",
    discussion: """
      Keys run down the left with their names (black keys shaded), bars and beats are grid \
      lines (bar lines strongest, beat lines lighter, --zoom subdivision lines dashed), bar \
      numbers, meters, keys and tempo changes run along the top. Notes are coloured one colour \
      per track, or by pitch with --colors rainbow|fire|ocean; louder notes are more intense. \
      --before draws a second song (e.g. the original of a quantized file) faded underneath.

      Time is linear in ticks: --beat-width pixels a quarter note (by default a width that \
      suits the zoom, narrowed so the picture stays within --max-width).
      """
  )

  /// The input path, or `-`.
  @Argument(help: "The song to draw (.mid or .json), or '-' for standard input.")
  public var input: String

  /// The SVG to write, or `-`.
  @Argument(help: "The SVG file to write (.svg), or '-' for standard output.")
  public var output: String

  /// Bars and keys.
  @OptionGroup public var selection: RollSelection

  /// The finest grid lines.
  @Option(
    help:
      "Subdivision lines: whole, half, quarter, eighth, sixteenth, thirtysecond, sixtyfourth, or 1/N (t: triplet)."
  )
  public var zoom: ZoomLevel = .sixteenth

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

  /// Allow overwriting an input.
  @Flag(help: "Allow the output to overwrite an input.")
  public var force = false

  /// Creates the command (for the argument parser).
  public init() {}

  /// Checks the sizes and the output's extension.
  public func validate() throws {
    if let beatWidth, !(0.5...5_000).contains(beatWidth) {
      throw ValidationError("--beat-width must be between 0.5 and 5000 pixels")
    }
    guard (2...200).contains(rowHeight) else {
      throw ValidationError("--row-height must be between 2 and 200 pixels")
    }
    guard maxWidth >= 100 else { throw ValidationError("--max-width must be at least 100 pixels") }
    guard output == "-" || output.lowercased().hasSuffix(".svg") else {
      throw ValidationError("the output must be an .svg file or '-' (got '\(output)')")
    }
  }

  /// Reads the song (and the one to compare with), lays out the piano roll and writes the SVG.
  public func run() throws {
    let song = try SongInput(path: input, options: inputOptions)
    song.printWarnings(quiet: inputOptions.quiet)
    var beforeSong: Song? = nil
    if let before {
      var options = inputOptions
      options.from = nil
      let other = try SongInput(path: before, options: options)
      other.printWarnings(quiet: inputOptions.quiet)
      beforeSong = other.song
    }
    let options = RenderOptions(
      zoom: zoom, coloring: colors, bars: selection.bars, rows: try selection.rows(), beatWidth: beatWidth,
      rowHeight: rowHeight, maximumWidth: maxWidth, title: title ?? Self.displayName(input),
      beforeTitle: before.map(Self.displayName))
    let layout: PianoRollLayout
    do {
      layout = try PianoRollLayout(song: song.song, before: beforeSong, options: options)
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
public struct RollSelection: ParsableArguments {
  /// The bars drawn.
  @Option(help: ArgumentHelp("Only these bars, counted from 1: 5...12, 5..., or 5.", valueName: "bars"))
  public var bars: BarSelection = BarSelection(first: 0)

  /// The key rows drawn.
  @Option(
    help: ArgumentHelp(
      "Only these key rows: LOW...HIGH as numbers or names (36...84, C2...C6).", valueName: "keys"))
  public var keys: String?

  /// Creates default options.
  public init() {}

  /// The rows to draw.
  /// - Throws: ``CLIError`` (usage) for keys that cannot be read.
  public func rows() throws(CLIError) -> RowSelection {
    var selection = RowSelection()
    if let keys {
      guard let range = PitchName.range(parsing: keys) else {
        throw CLIError(.usage, "--keys: expected LOW...HIGH, numbers 0-127 or names like C2 (got '\(keys)')")
      }
      selection.pitches = range
    }
    return selection
  }
}

extension ZoomLevel: ExpressibleByArgument {
  /// Reads a zoom level from the command line.
  public init?(argument: String) { self.init(parsing: argument) }
  /// The default as shown in help.
  public var defaultValueDescription: String { name }
  /// Every value, for completions.
  public static var allValueStrings: [String] { ZoomLevel.all.map(\.name) }
}

extension NoteColoring: ExpressibleByArgument {}

extension BarSelection: ExpressibleByArgument {
  /// Reads bars from the command line (1-based).
  public init?(argument: String) { self.init(parsing: argument) }
  /// The default as shown in help.
  public var defaultValueDescription: String { last == nil && first == 0 ? "all" : description }
}

import ArgumentParser
import MIDIRollFiles
import MIDIRollKit
import MIDIRollOptions
import PianoRoll
import PianoRollRender
import PianoRollWeb

/// `midiroll render IN OUT.svg|OUT.html|OUT.wav`: draws a piano roll as a self-contained SVG
/// picture or an interactive page, or plays the song into a WAV file.
struct Render: DocumentedCommand, WritesSongs {
  /// The command's name and help.
  static let configuration = CommandConfiguration(
    abstract:
      "Draw a piano roll (OUT.svg), an interactive page (OUT.html: zoom, pan, play, edit), or play the song into OUT.wav.",
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

  /// `midiroll render --help`'s examples.
  static let examples = [
    "midiroll render song.mid roll.svg",
    "midiroll render tight.mid compare.svg --before take.mid --bars 1...8",
    "midiroll render song.mid page.html --zoom 1/8 --colors rainbow",
    "midiroll render song.mid song.wav --soundfont /usr/share/sounds/sf2/FluidR3_GM.sf2 --reverb",
    "midiroll render song.json - --colors rainbow > roll.svg",
  ]

  /// The input path, or `-`.
  @Argument(help: "The song to draw (.mid or .json), or '-' for standard input.")
  var input: String

  /// The SVG to write, or `-`.
  @Argument(
    help:
      "The SVG file to write (.svg), the page (.html), a WAV file (.wav), or '-' for SVG on standard output.")
  var output: String

  /// Bars and keys.
  @OptionGroup var selection: RollSelection

  /// The zoom level, as written.
  @Option(
    help: ArgumentHelp(
      "Lines between the beats at this grid: 1/1 … 1/64, t for triplets (1/8t), . for dotted, or a name (eighth).",
      valueName: "grid"))
  var zoom = "1/16"

  /// How notes are coloured.
  @Option(help: "Note colours: track (one per track), rainbow (by pitch class), fire or ocean (by pitch).")
  var colors: NoteColoring = .track

  /// A song to draw faded underneath.
  @Option(
    help: ArgumentHelp(
      "Draw this song faded underneath, to compare (e.g. the file before quantizing).", valueName: "file"))
  var before: String?

  /// Pixels per quarter note.
  @Option(
    help: ArgumentHelp("Pixels per quarter note (default: by zoom, within --max-width).", valueName: "px"))
  var beatWidth: Double?

  /// Pixels per key row.
  @Option(help: ArgumentHelp("Pixels per key row.", valueName: "px"))
  var rowHeight: Double = 12

  /// The widest picture made without --beat-width.
  @Option(
    help: ArgumentHelp(
      "Narrow the beats so the picture is at most this wide (without --beat-width).", valueName: "px"))
  var maxWidth: Double = 16_000

  /// The title at the top.
  @Option(help: "The title at the top (default: the input's file name).")
  var title: String?

  /// Input options.
  @OptionGroup var inputOptions: InputOptions

  /// Audio output options (`OUT.wav`).
  @OptionGroup(title: "Audio (.wav)") var audio: AudioOptions

  /// Allow overwriting an input.
  @Flag(help: "Allow the output to overwrite an input.")
  var force = false

  /// Creates the command (for the argument parser).
  init() {}

  /// The zoom level.
  /// - Throws: ``KitError`` (usage) when it is not a grid.
  func grid() throws(KitError) -> Grid {
    do {
      return try Grid(parsing: zoom)
    } catch {
      throw KitError(.usage, "--zoom: \(error)")
    }
  }

  /// Checks every value, the output's kind and the options that go with it, before any file is
  /// read.
  func validate() throws {
    _ = try Self.checkingUsage(of: Self.self) { () throws(KitError) in try request() }
  }

  /// What the options ask for: the output's kind, what is done to the song (for `.wav`), and
  /// how it is written.
  /// - Throws: ``KitError`` (usage) for a value out of range, an output that is not `.svg`,
  ///   `.html`, `.wav` or `-`, or an option that does not go with the output.
  func request() throws(KitError) -> (kind: SongFileKind, plan: TransformPlan, encoding: EncodingOptions) {
    if let beatWidth, !(0.5...5_000).contains(beatWidth) {
      throw KitError(.usage, "--beat-width \(beatWidth): expected 0.5 to 5000 pixels")
    }
    guard (2...200).contains(rowHeight) else {
      throw KitError(.usage, "--row-height \(rowHeight): expected 2 to 200 pixels")
    }
    guard maxWidth >= 100 else {
      throw KitError(.usage, "--max-width \(maxWidth): expected at least 100 pixels")
    }
    guard output == "-" || Self.outputKinds.contains(where: { SongFileKind(path: output) == $0 }) else {
      throw KitError(.usage, file: output, "the output must be an .svg, .html or .wav file, or '-' for SVG")
    }
    let kind = outputKind
    _ = try audio.quantize.quantizer()  // a bad value says so, whatever the output
    let plan: TransformPlan
    if kind == .wav {
      if let (name, _) = pictureOnlyOptionsGiven.first(where: \.1) {
        throw KitError(.usage, "\(name) is for .svg and .html output, not \(output)")
      }
      plan = try audio.plan(keys: selection)
    } else {
      if let name = audio.audioOnlyOptionsGiven.first { throw KitError(.usage, "\(name) is for .wav output") }
      plan = TransformPlan()
    }
    let zoom = try grid()
    var encoding = EncodingOptions()
    encoding.picture = RenderOptions(
      zoom: zoom, coloring: colors, bars: try selection.barRange(), rows: try selection.rows(),
      beatWidth: beatWidth,
      rowHeight: rowHeight, maximumWidth: maxWidth, title: title)
    encoding.page = PageOptions(zoom: zoom, coloring: colors, title: title)
    if kind == .wav { encoding.wav = try audio.synthesis.wavOptions() }
    if let before {
      encoding.comparison = Comparison(
        path: before, readOptions: inputOptions.readOptions, maximumSize: inputOptions.maxFileSize)
    }
    return (kind, plan, encoding)
  }

  /// The kinds `render` writes.
  static let outputKinds: [SongFileKind] = [.svg, .html, .wav]

  /// The output's kind: `-` is SVG on standard output.
  var outputKind: SongFileKind { output == "-" ? .svg : SongFileKind(path: output) ?? .svg }

  /// Reads the song (and the one to compare with) and writes the picture, page or sound
  /// through the kit's pipeline.
  func run() throws {
    let (kind, plan, encoding) = try request()
    try SongPipeline(
      outputKind: kind, plan: plan, encoding: encoding, decoding: inputOptions.decodingOptions
    ).run(
      input: input, inputKind: inputOptions.from, output: output,
      inputs: [input] + (before.map { [$0] } ?? []),
      force: force, quiet: inputOptions.quiet, command: Self.self)
  }

  /// The options of pictures and pages, each with whether it was given (for a `.wav` output,
  /// where none applies).
  var pictureOnlyOptionsGiven: [(String, Bool)] {
    [
      ("--before", before != nil), ("--beat-width", beatWidth != nil), ("--title", title != nil),
      ("--fold", selection.fold), ("--bars", selection.bars != nil),
      ("--zoom", zoom != "1/16"),
      ("--colors", colors != .track), ("--row-height", rowHeight != 12), ("--max-width", maxWidth != 16_000),
    ]
  }
}

/// The bars and key rows a piano roll shows (`render` and `show`).
///
/// Values are read as text and checked by ``rows()`` and ``Render/grid()``, so that a bad one
/// is a one-line usage error (exit 2) naming the option.
struct RollSelection: ParsableArguments {
  /// The bars drawn, as written.
  @Option(
    help: ArgumentHelp(
      "Only these bars, counted from 1: 5...12 (or 5-12), 5..., or 5 (default: all).", valueName: "bars"))
  var bars: String?

  /// The key rows drawn, as written.
  @Option(help: ArgumentHelp("Only these key rows: 36...84 or C2...C6 (C4 = 60).", valueName: "low...high"))
  var keys: String?

  /// A scale whose rows are highlighted, as written.
  @Option(
    help: ArgumentHelp(
      "Highlight the rows of this scale: \"D dorian\", \"F# harmonic minor\" (see filter --list-scales).",
      valueName: "scale"))
  var scale: String?

  /// Octaves for the scale, as written.
  @Option(
    help: ArgumentHelp(
      "With --scale: only these octaves (2...6 is C2 through B6); also the rows shown unless --keys.",
      valueName: "low...high"))
  var octaves: String?

  /// Pitches whose rows are highlighted, as written.
  @Option(help: ArgumentHelp("Highlight the rows of these pitches: 60,64,67 or C4,E4,G4.", valueName: "list"))
  var pitches: String?

  /// Draw only the highlighted rows.
  @Flag(help: "Show only the rows of --scale or --pitches (notes on other rows are counted, not shown).")
  var fold = false

  /// Creates default options.
  init() {}

  /// The bars drawn (every bar by default).
  /// - Throws: ``KitError`` (usage) saying why `--bars` is not bars, as every command says it.
  func barRange() throws(KitError) -> BarSelection {
    guard let bars else { return BarSelection(first: 0) }
    return try BarRange.parseOption(bars)
  }

  /// The rows to draw and highlight.
  /// - Throws: ``KitError`` (usage) for a value that cannot be read or options that do not go
  ///   together.
  func rows() throws(KitError) -> RowSelection {
    if scale != nil && pitches != nil {
      throw KitError(.usage, "give one of --scale and --pitches, not both")
    }
    if octaves != nil && scale == nil { throw KitError(.usage, "--octaves goes with --scale") }
    if fold && scale == nil && pitches == nil { throw KitError(.usage, "--fold needs --scale or --pitches") }
    var selection = RowSelection(onlyHighlighted: fold)
    var option = "--keys"
    var text = keys ?? ""
    do throws(KeyError) {
      if let keys {
        let range = try KeySet(parsingRange: keys).pitches
        selection.pitches = UInt8(range[0])...UInt8(range[range.count - 1])
      }
      var highlighted: KeySet?
      if let scale {
        option = "--scale"
        text = scale
        let parsed = try Scale(parsing: scale)
        var octaveRange = -1...9
        if let octaves {
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
        text = pitches
        highlighted = try KeySet(parsingPitches: pitches)
      }
      if let highlighted {
        if highlighted.isEmpty { throw KeyError.empty(highlighted.label) }
        selection.highlighted = Set(highlighted.pitches.map { UInt8($0) })
        selection.label = highlighted.label
      }
    } catch {
      throw KeyFilterOptions.usageError(error, option: option, text: text)  // as filter and convert say it
    }
    return selection
  }
}

extension NoteColoring: ExpressibleByArgument {}

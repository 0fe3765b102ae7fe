import ArgumentParser
import MIDIRollFiles
import MIDIRollKit
import MIDIRollOptions
import PianoRoll

/// `midiroll filter IN OUT --scale "D dorian"`: keeps notes within a key range, a scale or a
/// set of pitches, dropping or snapping the rest.
struct Filter: DocumentedCommand, WritesSongs {
  /// The command's name and help.
  static let configuration = CommandConfiguration(
    abstract: "Keep notes within a key range, a scale or a set of pitches; drop or snap the rest.",
    discussion: """
      The keys are one of: --keys 36...84 (or C2...C6; C4 = 60), --scale "D dorian" with \
      --octaves 2...6 (C2 through B6; every octave by default), or --pitches 60,64,67 (or \
      C4,E4,G4). Roots take sharps and flats (F#, Bb); scale names ignore case, spaces and \
      hyphens; --list-scales prints every scale with its semitones above the root.

      --mode drop (the default) removes every note outside the keys. --mode snap moves each \
      one to the nearest allowed pitch (ties go down), or always --snap up or --snap down; a \
      note with no allowed pitch that way goes the other way. A snapped note that overlaps a \
      note of its new pitch shortens the earlier one; no note is lost.

      Channel 10 (drums) is left alone unless --drums filter. Non-note events are kept.

      Writes .mid or piano-roll JSON (.json), by the output's extension or --to. Prints what \
      it did on standard error unless --quiet. Exit 0 on success, 1 for a bad \
      input, 2 for bad usage (a bad scale or range, a range upside down), 3 when the output \
      cannot be written.
      """
  )

  /// `midiroll filter --help`'s examples.
  static let examples = [
    "midiroll filter song.mid dorian.mid --scale \"D dorian\"",
    "midiroll filter song.mid low.mid --keys C2...C4 --mode snap",
    "midiroll filter song.mid drums-too.mid --pitches 36,38,42 --drums filter",
    "midiroll filter --list-scales",
  ]

  /// The input path, or `-`.
  @Argument(help: "The input (.mid, .midi, .kar, .rmi or .json), or '-' for standard input.")
  var input: String?

  /// The output path, or `-`.
  @Argument(help: "The output (.mid or .json), or '-' for standard output.")
  var output: String?

  /// Key options.
  @OptionGroup(title: "Keys") var keys: KeyFilterOptions

  /// Whether drums are filtered, as written.
  @Option(
    help: ArgumentHelp(
      "Leave channel 10 alone (keep, the default) or filter it too.",
      valueName: DrumPolicy.valueName(allowing: [.filter])))
  var drums: String?

  /// Print the scales and stop.
  @Flag(help: "Print every known scale with its semitones above the root, and stop.")
  var listScales = false

  /// Input options.
  @OptionGroup var inputOptions: InputOptions
  /// Output options.
  @OptionGroup var outputOptions: OutputOptions<EditKinds>

  /// Creates the command (for the argument parser).
  init() {}

  /// The kinds it writes.
  static var outputKinds: [SongFileKind] { TransformPlan.editOutputKinds }

  /// The key filter asked for.
  /// - Throws: ``KitError`` (usage) without an input, an output or keys, or for a bad value.
  func keyFilter() throws(KitError) -> KeyFilter {
    guard input != nil, output != nil else {
      throw KitError(
        .usage, "filter needs an input and an output: midiroll filter IN OUT --scale \"D dorian\"")
    }
    let drums = try DrumPolicy(parsing: drums, allowing: [.filter])
    guard let filter = try keys.keyFilter(drums: drums) else {
      throw KitError(.usage, "filter needs keys: --keys 36...84, --scale \"D dorian\" or --pitches 60,64,67")
    }
    return filter
  }

  /// Checks every value and the output's kind before any file is read.
  func validate() throws {
    guard !listScales else { return }
    try Self.checkingUsage(of: Self.self) { () throws(KitError) in
      _ = try keyFilter()
      _ = try outputOptions.kind(of: output ?? "")
    }
  }

  /// Reads, filters and writes (or lists the scales).
  func run() throws {
    if listScales {
      try StandardOutput.printLine(KeyFilterOptions.scaleList())
      return
    }
    try TransformPlan(filter: try keyFilter()).run(
      input: input ?? "", output: output ?? "", inputOptions: inputOptions, outputOptions: outputOptions,
      command: Self.self)
  }
}

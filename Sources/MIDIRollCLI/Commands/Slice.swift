import ArgumentParser
import MIDIRollFiles
import MIDIRollKit
import MIDIRollOptions
import PianoRoll

/// `midiroll slice IN OUT --bars 5...12`: keeps a run of bars or seconds as a song of its own
/// (named so as not to hide the standard library's `Slice`).
struct SliceCommand: DocumentedCommand, WritesSongs {
  /// The command's name and help.
  static let configuration = CommandConfiguration(
    commandName: "slice",
    abstract:
      "Keep a run of bars or seconds, starting at bar 1 with the tempo, meter, key and sounds in force.",
    discussion: """
      --bars 5...12 (counted from 1 and inclusive; also 5-12, 5... to the end, or 5 alone) or \
      --seconds 30...60.5 picks the part to keep. The result starts there: bar 5 becomes bar \
      1, 30 s becomes 0 s, and every note and event keeps its offset from the cut.

      Each track starts with what was in force at the cut: tempo, time signature, key \
      signature, track name, program, controllers (volume, pan, sustain pedal, bank, …), \
      pitch bend, channel pressure and SysEx setup. Markers and lyrics before the cut are left \
      out.

      Notes sounding across a cut are cut there (--crossing cut, the default); --crossing keep \
      keeps the whole length of notes that start inside (past the end) and leaves out those \
      that started before; --crossing drop keeps only notes wholly inside.

      'midiroll convert' and 'midiroll batch' take the same options. Writes .mid or piano-roll \
      JSON (.json), by the output's extension or --to. Prints what it did on standard error \
      unless --quiet. Exit 0 on success, 1 for a bad input (or a slice after \
      the song's end), 2 for bad usage, 3 when the output cannot be written.
      """
  )

  /// `midiroll slice --help`'s examples.
  static let examples = [
    "midiroll slice song.mid chorus.mid --bars 17...24",
    "midiroll slice song.mid intro.json --seconds 0...30.5 --crossing keep",
    "midiroll slice song.mid from-bar-9.mid --bars 9...",
  ]

  /// The input path, or `-`.
  @Argument(help: "The input (.mid, .midi, .kar, .rmi or .json), or '-' for standard input.")
  var input: String

  /// The output path, or `-`.
  @Argument(help: "The output (.mid or .json), or '-' for standard output.")
  var output: String

  /// Slice options.
  @OptionGroup(title: "Slice") var slice: SliceOptions
  /// Input options.
  @OptionGroup var inputOptions: InputOptions
  /// Output options.
  @OptionGroup var outputOptions: OutputOptions<EditKinds>

  /// Creates the command (for the argument parser).
  init() {}

  /// The kinds it writes.
  static var outputKinds: [SongFileKind] { TransformPlan.editOutputKinds }

  /// The slice asked for.
  /// - Throws: ``KitError`` (usage) without bars or seconds, or for a bad value.
  func songSlice() throws(KitError) -> SongSlice {
    guard let slice = try slice.slice() else {
      throw KitError(
        .usage, "slice needs --bars (e.g. --bars 5...12) or --seconds (e.g. --seconds 30...60.5)")
    }
    return slice
  }

  /// Checks every value and the output's kind before any file is read.
  func validate() throws {
    try Self.checkingUsage(of: Self.self) { () throws(KitError) in
      _ = try songSlice()
      _ = try outputOptions.kind(of: output)
    }
  }

  /// Reads, slices and writes.
  func run() throws {
    try TransformPlan(edits: SongEdits(slice: try songSlice())).run(
      input: input, output: output, inputOptions: inputOptions, outputOptions: outputOptions,
      command: Self.self)
  }
}

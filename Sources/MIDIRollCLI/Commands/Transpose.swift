import ArgumentParser
import MIDIRollFiles
import MIDIRollKit
import MIDIRollOptions
import PianoRoll

/// `midiroll transpose IN OUT --semitones N`: moves notes and key signatures by semitones.
struct Transpose: SongEditCommand {
  /// The command's name and help.
  static let configuration = CommandConfiguration(
    abstract: "Transpose notes and key signatures by semitones (drums stay unless --drums transpose).",
    discussion: """
      Every note moves by --semitones (e.g. 5 or -12), and key signatures move with them \
      (spelled with at most 6 sharps or 5 flats). Channel 10 (drums) stays where it is unless \
      --drums transpose: its pitches are instruments. Key pressure and stray note-offs move \
      with their channel.

      A note pushed past 0-127 makes the command fail (--out-of-range fail, the default), \
      naming how many and which, and writing nothing; --out-of-range drop removes such notes \
      and --out-of-range clamp keeps them at 0 or 127. Either way the count is printed.

      'midiroll convert' and 'midiroll batch' take the same as --transpose N. Writes .mid or \
      piano-roll JSON (.json), by the output's extension or --to. Prints what it did on \
      standard error unless --quiet. Exit 0 on success, 1 for a bad input (or notes \
      out of range with fail), 2 for bad usage, 3 when the output cannot be written.
      """
  )

  /// `midiroll transpose --help`'s examples.
  static let examples = [
    "midiroll transpose song.mid up.mid --semitones 5",
    "midiroll transpose song.mid down.json --semitones -12 --out-of-range clamp",
    "midiroll transpose song.mid all-up.mid --semitones 2 --drums transpose",
  ]

  /// The input and the output.
  @OptionGroup var paths: SongPaths<EditKinds>

  /// The semitones, as written.
  @Option(name: .customLong("semitones"), parsing: .unconditional, help: TransposeOptions.semitonesHelp)
  var semitones: String?

  /// The out-of-range policy, as written.
  @Option(help: ArgumentHelp(TransposeOptions.outOfRangeHelp, valueName: "drop|clamp|fail"))
  var outOfRange: String?

  /// Whether drums move, as written.
  @Option(
    help: ArgumentHelp(
      "Leave channel 10 alone (keep, the default) or transpose it too.",
      valueName: DrumPolicy.valueName(allowing: [.transpose])))
  var drums: String?

  /// Input options.
  @OptionGroup var inputOptions: InputOptions
  /// Output options.
  @OptionGroup var outputOptions: OutputOptions<EditKinds>

  /// Creates the command (for the argument parser).
  init() {}

  /// The transposition asked for.
  /// - Throws: ``KitError`` (usage) without semitones, or for a bad value.
  func transposition() throws(KitError) -> Transposition {
    let policy = try DrumPolicy(parsing: drums, allowing: [.transpose])
    guard let semitones else {
      throw KitError(.usage, "transpose needs --semitones N (e.g. --semitones 5 or --semitones -12)")
    }
    return try TransposeOptions.transposition(
      semitones, option: "--semitones", outOfRange: outOfRange, drums: policy.transposes)
  }

  /// Every note moved by the semitones.
  /// - Throws: ``KitError`` (usage) as ``transposition()`` says.
  func edits() throws(KitError) -> SongEdits { SongEdits(transposition: try transposition()) }
}

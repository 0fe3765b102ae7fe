import ArgumentParser
import MIDIRollFiles
import MIDIRollKit
import PianoRoll

/// `midiroll merge IN OUT`: every track into one (format 0).
struct Merge: SongEditCommand {
  /// The command's name and help.
  static let configuration = CommandConfiguration(
    abstract: "Merge every track into one (format 1 to format 0), the same events at the same ticks.",
    discussion: """
      Notes and events keep their ticks; within a tick, the order of their tracks. The result \
      has one End of Track, at the latest track end. Format 2 files (independent patterns) are \
      refused.

      'midiroll convert' and 'midiroll batch' take the same as --merge-tracks. Writes .mid or \
      piano-roll JSON (.json), by the output's extension or --to. Prints what it did on \
      standard error unless --quiet. Exit 0 on success, 1 for a bad input, 2 for bad usage, 3 \
      when the output cannot be written.
      """
  )

  /// `midiroll merge --help`'s examples.
  static let examples = [
    "midiroll merge song.mid format0.mid",
    "midiroll merge song.mid one-track.json --compact",
  ]

  /// The input and the output.
  @OptionGroup var paths: SongPaths<EditKinds>

  /// Input options.
  @OptionGroup var inputOptions: InputOptions
  /// Output options.
  @OptionGroup var outputOptions: OutputOptions<EditKinds>

  /// Creates the command (for the argument parser).
  init() {}

  /// Every track into one.
  func edits() -> SongEdits { SongEdits(layout: .merge) }
}

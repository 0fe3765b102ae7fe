import ArgumentParser
import MIDIRollFiles
import MIDIRollKit
import MIDIRollOptions
import PianoRoll

/// `midiroll resample IN OUT --ticks-per-beat 480`: changes the ticks per beat, scaling every tick.
struct Resample: SongEditCommand {
  /// The command's name and help.
  static let configuration = CommandConfiguration(
    abstract: "Change the ticks per beat (quarter note), scaling every tick.",
    discussion: """
      Every tick is multiplied by new/old: exactly where that divides, otherwise rounded to \
      the nearest tick (how many were rounded is printed). A note that had a length keeps at \
      least one tick; tempos are unchanged, so times in seconds stay within half a tick. SMPTE \
      files count frames, not beats, and are refused.

      'midiroll convert' and 'midiroll batch' take the same option. Writes .mid or piano-roll \
      JSON (.json), by the output's extension or --to. Prints what it did on standard error \
      unless --quiet. Exit 0 on success, 1 for a bad input (or an SMPTE file), \
      2 for bad usage, 3 when the output cannot be written.
      """
  )

  /// `midiroll resample --help`'s examples.
  static let examples = [
    "midiroll resample song.mid song-480.mid --ticks-per-beat 480",
    "midiroll resample song.json coarse.json --ticks-per-beat 96",
  ]

  /// The input and the output.
  @OptionGroup var paths: SongPaths<EditKinds>

  /// Ticks per beat, as written.
  @Option(help: ArgumentHelp("The new ticks per beat (quarter note), 1-32767.", valueName: "n"))
  var ticksPerBeat: String

  /// Input options.
  @OptionGroup var inputOptions: InputOptions
  /// Output options.
  @OptionGroup var outputOptions: OutputOptions<EditKinds>

  /// Creates the command (for the argument parser).
  init() {}

  /// Every tick scaled to the new ticks per beat.
  /// - Throws: ``KitError`` (usage) for a value that is not 1-32767.
  func edits() throws(KitError) -> SongEdits {
    SongEdits(resampling: Resampling(ticksPerBeat: try EditOptions.ticksPerBeat(ticksPerBeat)))
  }
}

import ArgumentParser
import MIDIRollFiles
import MIDIRollKit
import MIDIRollOptions
import PianoRoll

/// `midiroll split IN OUT --by channel`: a conductor track, then one track per channel or program.
struct Split: SongEditCommand {
  /// The command's name and help.
  static let configuration = CommandConfiguration(
    abstract: "Split into a conductor track and one track per channel or program (format 1).",
    discussion: """
      The conductor track comes first, with every meta event (tempo, meters, keys, the song's \
      name, markers) and SysEx message. Then --by channel gives one track per MIDI channel, in \
      channel order; --by program one track per program (instrument), in program order, with \
      channel 10 (drums) last as one track. A note goes to the program in force on its channel \
      when it starts. Track names stay with their notes: each new track is named after the \
      tracks whose notes it takes ("Piano L / Piano R" when two). Every event stays at its \
      tick: the song plays the same. Format 2 files (independent patterns) are refused.

      'midiroll convert' and 'midiroll batch' take the same as --split channel|program. Writes \
      .mid or piano-roll JSON (.json), by the output's extension or --to. Prints what it did \
      on standard error unless --quiet. Exit 0 on success, 1 for a bad input, 2 \
      for bad usage, 3 when the output cannot be written.
      """
  )

  /// `midiroll split --help`'s examples.
  static let examples = [
    "midiroll split format0.mid by-channel.mid --by channel",
    "midiroll split song.mid by-instrument.json --by program",
  ]

  /// The input and the output.
  @OptionGroup var paths: SongPaths<EditKinds>

  /// What to split by, as written.
  @Option(help: ArgumentHelp("One track per channel or per program.", valueName: "channel|program"))
  var by: String

  /// Input options.
  @OptionGroup var inputOptions: InputOptions
  /// Output options.
  @OptionGroup var outputOptions: OutputOptions<EditKinds>

  /// Creates the command (for the argument parser).
  init() {}

  /// A conductor track, then one track per channel or program.
  /// - Throws: ``KitError`` (usage) for a value that is neither.
  func edits() throws(KitError) -> SongEdits {
    SongEdits(layout: .split(by: try EditOptions.splitKey(by, option: "--by")))
  }
}

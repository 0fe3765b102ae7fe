import ArgumentParser
import SMF

/// `midiroll`: the root command; each verb is a subcommand.
struct MIDIRollCommand: ParsableCommand {
  /// The command's name, summary and subcommands.
  static let configuration = CommandConfiguration(
    commandName: "midiroll",
    abstract: "Convert, inspect and check Standard MIDI Files and piano-roll JSON.",
    version: MIDIRollVersion.current,
    subcommands: [
      Convert.self, Info.self, Stats.self, Check.self, Quantize.self, Filter.self, Batch.self, Report.self,
      Render.self, Show.self, Transpose.self, SliceCommand.self, Resample.self, Merge.self, Split.self,
      Tokenize.self, Detokenize.self, TrainTokenizer.self,
    ]
  )

  /// Creates the command (for the argument parser).
  init() {}
}

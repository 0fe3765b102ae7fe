import MIDIRollFiles
import MIDIRollKit
import PianoRoll

/// A command that makes one edit to one song (`merge`, `split`, `resample`, `transpose`): its
/// own options say the edit; reading, writing and their checks are the same for all.
protocol SongEditCommand: DocumentedCommand, WritesSongs {
  /// The input and the output.
  var paths: SongPaths<EditKinds> { get }
  /// Input options.
  var inputOptions: InputOptions { get }
  /// Output options.
  var outputOptions: OutputOptions<EditKinds> { get }

  /// The edit the options ask for.
  /// - Throws: ``KitError`` (usage) for a value that cannot be used.
  func edits() throws(KitError) -> SongEdits
}

extension SongEditCommand {
  /// The kinds it writes.
  static var outputKinds: [SongFileKind] { TransformPlan.editOutputKinds }

  /// Checks the edit's values and the output's kind before any file is read.
  func validate() throws {
    try Self.checkingUsage(of: Self.self) { () throws(KitError) in
      _ = try edits()
      _ = try outputOptions.kind(of: paths.output)
    }
  }

  /// Reads, edits and writes.
  func run() throws {
    try TransformPlan(edits: try edits()).run(
      input: paths.input, output: paths.output, inputOptions: inputOptions, outputOptions: outputOptions,
      command: Self.self)
  }
}

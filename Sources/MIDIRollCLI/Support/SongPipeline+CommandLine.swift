import ArgumentParser
import MIDIRollFiles
import MIDIRollKit

/// The one-file commands' use of the kit's pipeline: read, transform, write, and print what
/// was tolerated and done on standard error.
extension SongPipeline {
  /// Converts `input` (`-`: standard input) into `output` (`-`: standard output), printing the
  /// input's warnings, what each step did and the encoder's notices (their hints worded for
  /// `command`) unless `quiet`.
  /// - Parameter inputs: Paths the output must not overwrite unless `force` (the input and any
  ///   other file read).
  /// - Throws: ``KitError`` as ``SongPipeline/run(inputPath:inputKind:to:warningsRead:)`` says.
  func run(
    input: String, inputKind: SongFileKind?, output: String, inputs: [String], force: Bool, quiet: Bool,
    command: ParsableCommand.Type
  ) throws(KitError) {
    let outcome = try run(
      inputPath: input, inputKind: inputKind, to: .path(output, inputs: inputs, force: force),
      warningsRead: { warnings in
        guard !quiet else { return }
        for warning in warnings { Diagnostics.printError("midiroll: warning: \(input): \(warning)") }
      })
    guard !quiet else { return }
    outcome.steps.forEach(Diagnostics.printError)
    for notice in outcome.notices {
      let problem = KitError(.badInput, file: notice.file ?? output, notice.message, hints: notice.hints)
      Diagnostics.printError("midiroll: warning: " + problem.commandLineDescription(command))
    }
  }
}

extension TransformPlan {
  /// The kinds the one-file edits write (`quantize`, `filter`, `transpose`, `slice`,
  /// `resample`, `merge`, `split`): songs to edit further. `convert` writes `.npz` too, with
  /// its options.
  static let editOutputKinds: [SongFileKind] = [.mid, .json]

  /// The one-file edit commands: reads `input`, applies the plan, writes `output` as its
  /// extension or `--to` says (`.mid` or `.json`).
  func run(
    input: String, output: String, inputOptions: InputOptions, outputOptions: OutputOptions<EditKinds>,
    command: ParsableCommand.Type
  ) throws {
    var encoding = EncodingOptions()
    encoding.jsonProfile = outputOptions.compact ? .compact : .full
    try SongPipeline(
      outputKind: try outputOptions.kind(of: output), plan: self, encoding: encoding,
      decoding: inputOptions.decodingOptions
    ).run(
      input: input, inputKind: inputOptions.from, output: output, inputs: [input], force: outputOptions.force,
      quiet: inputOptions.quiet, command: command)
  }
}

import MIDIRollKit

/// The one-file transform commands (`quantize`, `filter`): read, transform, write.
extension TransformPlan {
  /// Reads `input`, applies the plan, writes `output`, and prints what was done on standard
  /// error unless `--quiet`.
  func run(input: String, output: String, inputOptions: InputOptions, outputOptions: OutputOptions) throws {
    let outputKind = try SongFileKind.resolve(output, explicit: outputOptions.to, role: "output")
    var song = try SongInput(path: input, options: inputOptions)
    song.printWarnings(quiet: inputOptions.quiet)
    let lines = try apply(to: &song)
    try FileIO.write(to: output, inputs: [input], force: outputOptions.force) { sink throws(KitError) in
      try song.write(as: outputKind, to: sink)
    }
    if !inputOptions.quiet { lines.forEach(Diagnostics.printError) }
  }
}

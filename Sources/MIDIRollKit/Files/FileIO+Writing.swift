#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing one output: a file that appears whole or not at all, or standard output.
extension FileIO {
  /// Writes `bytes` to `path` (or standard output for `-`); see ``write(to:inputs:force:_:)``.
  /// - Throws: ``KitError``: (usage) for an output that is an input, (cannot write) naming
  ///   the output and the reason when it cannot be written.
  public static func write(_ bytes: [UInt8], to path: String, inputs: [String] = [], force: Bool = false)
    throws(KitError)
  {
    try write(to: path, inputs: inputs, force: force) { sink throws(KitError) in sink.write(bytes) }
  }

  /// Writes what `body` gives the sink to `path`, through a temporary file in the same folder
  /// that is renamed into place, or to standard output for `-`. Every write is checked: a
  /// full disk, a closed or full standard output is an error naming the output and the
  /// reason, and no partial file is left (nor any file when `body` throws).
  /// - Parameters:
  ///   - inputs: Paths that must never be overwritten unless `force` is set.
  ///   - force: Allow overwriting one of `inputs`.
  /// - Throws: ``KitError``: (usage) for an output that is an input, (cannot write) naming
  ///   the output and the reason (`No space left on device`, `No such file or directory`).
  public static func write(
    to path: String, inputs: [String] = [], force: Bool = false,
    _ body: (OutputSink) throws(KitError) -> Void
  ) throws(KitError) {
    if path == "-" {
      let sink = OutputSink.standardOutput()
      try body(sink)
      try sink.finish()
      return
    }
    if !force, inputs.contains(where: { $0 != "-" && sameFile($0, path) }) {
      throw KitError(
        .usage, file: path, "output is the input; refusing to overwrite it", hints: [.allowReplacing])
    }
    let tag = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try writeAtomically(to: path, slot: TemporarySlot(), tag: tag, createFolders: false, body)
  }

  /// Writes `bytes` to `path` through a temporary file in the same folder (created along
  /// with any missing folders when `createFolders`) that is renamed into place: the output
  /// appears whole or not at all, and an abort removes the temporary file through `slot`.
  /// - Parameter tag: Makes the temporary name unique among this process's workers.
  /// - Returns: The bytes written.
  /// - Throws: ``KitError`` (cannot write) naming the output and the reason.
  @discardableResult
  public static func writeAtomically(
    _ bytes: [UInt8], to path: String, slot: TemporarySlot, tag: String, createFolders: Bool = true
  ) throws(KitError) -> Int {
    try writeAtomically(to: path, slot: slot, tag: tag, createFolders: createFolders) {
      sink throws(KitError) in
      sink.write(bytes)
    }
  }
}

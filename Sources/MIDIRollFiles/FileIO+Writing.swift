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

  /// Writes what `body` gives the sink to the output the user named, as ``OutputPath`` says:
  /// a regular file (or a new one, or the last target of a symbolic link) through a temporary
  /// file beside it that is renamed onto it; standard output for `-`, or for a path that leads
  /// to it (`/dev/stdout`); a device, FIFO or socket opened and written directly, never
  /// replaced (a FIFO with no reader is refused at once, never waited on). Every write is
  /// checked: a full disk, a closed or full standard output is an error naming the output and
  /// the reason. A file replaced whole is left as it was, with no partial file, when anything
  /// fails; bytes a stream or device has already taken stay there, and the error says how many.
  /// - Parameters:
  ///   - inputs: Paths that must never be overwritten unless `force` is set.
  ///   - force: Allow overwriting one of `inputs`.
  /// - Throws: ``KitError``: (usage) for an output that is an input, (cannot write) naming
  ///   the output and the reason (`No space left on device`, `No such file or directory`, a
  ///   folder, a FIFO with no reader), or what `body` throws.
  public static func write(
    to path: String, inputs: [String] = [], force: Bool = false,
    _ body: (OutputSink) throws(KitError) -> Void
  ) throws(KitError) {
    if path == "-" {
      try writeThrough(descriptor: 1, name: "standard output", body)
      return
    }
    if !force, inputs.contains(where: { $0 != "-" && sameFile($0, path) }) {
      throw KitError(
        .usage, file: path, "output is the input; refusing to overwrite it", hints: [.allowReplacing])
    }
    switch try OutputPath(path) {
    case .file(let target):
      let tag = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
      try writeAtomically(
        to: target, slot: TemporarySlot(), tag: tag, createFolders: false, naming: path, body)
    case .standardStream(let descriptor):
      try writeThrough(descriptor: descriptor, name: path, body)
    case .special:
      let descriptor = try openSpecial(path)
      defer { close(descriptor) }
      try writeThrough(descriptor: descriptor, name: path, body)
    case .folder:
      throw KitError(.cannotWrite, file: path, "is a folder; name a file to write")
    }
  }

  /// Opens a device, FIFO or socket for writing without waiting: a FIFO nobody reads is
  /// refused (`ENXIO`) instead of waited on; the descriptor then blocks as usual.
  /// - Returns: The descriptor (the caller closes it).
  /// - Throws: ``KitError`` (cannot write) naming the output and the reason.
  static func openSpecial(_ path: String) throws(KitError) -> Int32 {
    let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENXIO {
        throw KitError(
          .cannotWrite, file: path,
          "cannot write: nothing reads it (a FIFO or socket with no reader; start the reader first, "
            + "midiroll does not wait)")
      }
      throw KitError(.cannotWrite, file: path, "cannot write: \(errnoText(code))")
    }
    let flags = fcntl(descriptor, F_GETFL)
    if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
    return descriptor
  }

  /// Writes what `body` gives the sink straight to `descriptor` (not closed), which `name`
  /// names in errors. What the descriptor has taken when something fails stays there, and
  /// the error says so.
  /// - Throws: ``KitError``: (cannot write) naming the output and the reason, or what `body`
  ///   throws.
  static func writeThrough(
    descriptor: Int32, name: String, _ body: (OutputSink) throws(KitError) -> Void
  ) throws(KitError) {
    let sink = OutputSink(descriptor: descriptor, destination: name)
    do {
      try body(sink)
      try sink.finish()
    } catch {
      guard sink.delivered > 0 else { throw error }
      throw error.appending(
        "; the first \(sink.delivered) bytes were already written to \(name) and stay there")
    }
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

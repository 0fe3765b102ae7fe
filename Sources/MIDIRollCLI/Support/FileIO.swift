import Foundation

/// Reading inputs and writing outputs safely: size limits, standard streams, and outputs that
/// appear whole or not at all.
public enum FileIO {
  /// The default largest input accepted: 64 MiB.
  public static let defaultMaximumSize = 64 << 20

  /// Reads a file (or standard input for `-`) into memory.
  /// - Parameter maximumSize: Refuse larger inputs before reading them.
  /// - Throws: ``CLIError`` (bad input) naming the file when it is missing, unreadable, a
  ///   folder, or too large.
  public static func read(_ path: String, maximumSize: Int = defaultMaximumSize) throws(CLIError)
    -> [UInt8]
  {
    if path == "-" {
      return try readAtMost(maximumSize, from: FileHandle.standardInput, path: "-")
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw CLIError(.badInput, file: path, "no such file")
    }
    guard !isDirectory.boolValue else {
      throw CLIError(.badInput, file: path, "is a folder, expected a file")
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    guard size <= maximumSize else {
      throw CLIError(
        .badInput, file: path,
        "file is \(size) bytes, more than the limit of \(maximumSize) (raise it with --max-file-size)")
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw CLIError(.badInput, file: path, "cannot be read (permission denied?)")
    }
    defer { try? handle.close() }
    // Bounded even when the size said nothing (a FIFO, /dev/zero) or the file grew since.
    return try readAtMost(maximumSize, from: handle, path: path)
  }

  /// Runs `body` with a file descriptor open for reading `path` (standard input for `-`), for
  /// inputs read as a stream; closes it after.
  /// - Throws: ``CLIError`` (bad input) when the file is missing, a folder or unreadable, and
  ///   whatever `body` throws.
  public static func withInput<Result>(_ path: String, _ body: (Int32) throws(CLIError) -> Result)
    throws(CLIError)
    -> Result
  {
    if path == "-" { return try body(STDIN_FILENO) }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw CLIError(.badInput, file: path, "no such file")
    }
    guard !isDirectory.boolValue else {
      throw CLIError(.badInput, file: path, "is a folder, expected a file")
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw CLIError(.badInput, file: path, "cannot be read (permission denied?)")
    }
    defer { close(descriptor) }
    return try body(descriptor)
  }

  /// Reads to the end, refusing as soon as more than `limit` bytes came: never holds more
  /// than `limit` + 64 KiB, whatever the source.
  /// - Throws: ``CLIError`` (bad input) past the limit or when reading fails.
  static func readAtMost(_ limit: Int, from handle: FileHandle, path: String) throws(CLIError) -> [UInt8] {
    var bytes: [UInt8] = []
    while true {
      let chunk: Data?
      do {
        chunk = try handle.read(upToCount: 64 << 10)
      } catch {
        throw CLIError(.badInput, file: path, "cannot be read: \(error.localizedDescription)")
      }
      guard let chunk, !chunk.isEmpty else { return bytes }
      bytes += chunk
      guard bytes.count <= limit else {
        throw CLIError(
          .badInput, file: path,
          "input is more than the limit of \(limit) bytes (raise it with --max-file-size)")
      }
    }
  }

  /// Writes `bytes` to `path` (or standard output for `-`) through a temporary file in the
  /// same folder that is renamed into place, so the output appears whole or not at all.
  /// - Parameters:
  ///   - inputs: Paths that must never be overwritten unless `force` is set.
  ///   - force: Allow overwriting one of `inputs`.
  /// - Throws: ``CLIError`` (usage) for an output that is an input, (cannot write) when the
  ///   folder is missing or not writable.
  public static func write(_ bytes: [UInt8], to path: String, inputs: [String] = [], force: Bool = false)
    throws(CLIError)
  {
    try write(to: path, inputs: inputs, force: force) { (sink: Sink) throws(CLIError) in
      let result: Result<Void, CLIError> = bytes.withUnsafeBytes { buffer in
        do throws(CLIError) {
          return .success(try sink(buffer))
        } catch {
          return .failure(error)
        }
      }
      try result.get()
    }
  }

  /// Where ``write(to:inputs:force:_:)`` hands its output, a buffer at a time.
  public typealias Sink = (UnsafeRawBufferPointer) throws(CLIError) -> Void

  /// Writes what `produce` hands its sink to `path` (or standard output for `-`) as it comes,
  /// through a temporary file renamed into place: the output is never held whole in memory.
  /// - Throws: as ``write(_:to:inputs:force:)``, and (cannot write) when a write fails.
  public static func write(
    to path: String, inputs: [String] = [], force: Bool = false,
    _ produce: (Sink) throws(CLIError) -> Void
  ) throws(CLIError) {
    if path == "-" {
      try produce { (chunk) throws(CLIError) in try writeAll(chunk, to: STDOUT_FILENO, path: path) }
      return
    }
    if !force, inputs.contains(where: { $0 != "-" && sameFile($0, path) }) {
      throw CLIError(.usage, file: path, "output is the input; refusing to overwrite it (use --force)")
    }
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    let temporary =
      folder + "/.\(url.lastPathComponent).midiroll-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw CLIError(.cannotWrite, file: path, "cannot write in folder \(folder) (missing or not writable)")
    }
    do throws(CLIError) {
      try produce { (chunk) throws(CLIError) in try writeAll(chunk, to: descriptor, path: path) }
    } catch {
      close(descriptor)
      unlink(temporary)
      throw error
    }
    guard close(descriptor) == 0 else {
      unlink(temporary)
      throw CLIError(.cannotWrite, file: path, "cannot write: \(String(cString: strerror(errno)))")
    }
    if rename(temporary, path) != 0 {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw CLIError(.cannotWrite, file: path, "cannot move the output into place: \(reason)")
    }
  }

  /// Writes every byte of `chunk` to `descriptor`, retrying short and interrupted writes.
  private static func writeAll(_ chunk: UnsafeRawBufferPointer, to descriptor: Int32, path: String)
    throws(CLIError)
  {
    var done = 0
    while done < chunk.count {
      let count = Foundation.write(descriptor, chunk.baseAddress! + done, chunk.count - done)
      if count < 0 {
        if errno == EINTR { continue }
        throw CLIError(.cannotWrite, file: path, "cannot write: \(String(cString: strerror(errno)))")
      }
      done += count
    }
  }

  /// Whether two paths name the same existing file (same device and inode).
  public static func sameFile(_ a: String, _ b: String) -> Bool {
    var statA = stat()
    var statB = stat()
    guard stat(a, &statA) == 0, stat(b, &statB) == 0 else { return false }
    return statA.st_dev == statB.st_dev && statA.st_ino == statB.st_ino
  }
}

import Foundation

/// The temporary output file one worker is writing, so an abort can remove it.
///
/// A worker creates its temporary file and renames it into place while holding this slot's
/// lock; ``abandon()`` takes the same lock, removes the file and marks the slot, after which
/// the worker can neither create another temporary file nor rename one into place. Each
/// worker has its own slot, so the lock is never contended during normal work.
final class TemporarySlot: @unchecked Sendable {
  private let lock = NSLock()
  private var path: String?
  private var abandoned = false

  /// Creates an empty slot.
  init() {}

  /// Records `temporary` and creates it with `create` (which returns a descriptor or -1).
  /// - Returns: The descriptor, or -1 with `errno` set (`EINTR` once the slot is abandoned).
  func create(_ temporary: String, _ create: () -> Int32) -> Int32 {
    lock.lock()
    defer { lock.unlock() }
    guard !abandoned else {
      errno = EINTR
      return -1
    }
    let descriptor = create()
    if descriptor >= 0 { path = temporary }
    return descriptor
  }

  /// Renames the recorded temporary file to `destination` and forgets it.
  /// - Returns: 0, or -1 with `errno` set (`EINTR` once the slot is abandoned).
  func commit(to destination: String) -> Int32 {
    lock.lock()
    defer { lock.unlock() }
    guard !abandoned, let path else {
      errno = EINTR
      return -1
    }
    let result = rename(path, destination)
    let saved = errno
    if result == 0 { self.path = nil }
    errno = saved
    return result
  }

  /// Removes the recorded temporary file, if any, and forgets it.
  func discard() {
    lock.lock()
    defer { lock.unlock() }
    if let path { unlink(path) }
    path = nil
  }

  /// Removes the recorded temporary file and refuses every later ``create(_:_:)`` and
  /// ``commit(to:)``. Safe to call from any thread.
  func abandon() {
    lock.lock()
    defer { lock.unlock() }
    abandoned = true
    if let path { unlink(path) }
    path = nil
  }
}

/// Reading inputs and writing outputs for batch, with POSIX calls: no `Data` copies, no
/// Foundation file APIs on the hot path, and no blocking on a FIFO named like a song.
enum BatchFiles {
  /// The bytes of a regular file, and its identity.
  /// - Throws: ``CLIError`` (bad input) naming the file: missing (or a dangling link), not a
  ///   regular file (a FIFO, socket or device), larger than `maximumSize`, or unreadable.
  static func read(_ path: String, maximumSize: Int) throws(CLIError) -> (bytes: [UInt8], id: FileID) {
    // O_NONBLOCK: opening a FIFO for reading must not wait for a writer.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      let code = errno
      var info = stat()
      if code == ENOENT && lstat(path, &info) == 0 {
        throw CLIError(.badInput, file: path, "cannot be read: a symbolic link to a missing file")
      }
      throw CLIError(.badInput, file: path, "cannot be read: \(String(cString: strerror(code)))")
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw CLIError(.badInput, file: path, "cannot be read: \(String(cString: strerror(errno)))")
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw CLIError(.badInput, file: path, "cannot be read: is a folder, expected a file")
    default:
      throw CLIError(
        .badInput, file: path, "cannot be read: not a regular file (a FIFO, socket or device)")
    }
    let size = Int(info.st_size)
    guard size <= maximumSize else {
      throw CLIError(
        .badInput, file: path,
        "file is \(size) bytes, more than the limit of \(maximumSize) (raise it with --max-file-size)")
    }
    var failure: Int32 = 0
    var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      while count < size {
        let got = readSome(descriptor, buffer.baseAddress! + count, size - count)
        if got > 0 {
          count += got
        } else {
          if got < 0 { failure = errno }
          break  // at 0, the file shrank since fstat: take what is there
        }
      }
    }
    if failure != 0 {
      throw CLIError(.badInput, file: path, "cannot be read: \(String(cString: strerror(failure)))")
    }
    // The file may have grown since fstat: read the rest, within the limit.
    var chunk = [UInt8](repeating: 0, count: 4096)
    while bytes.count == size {
      let got = chunk.withUnsafeMutableBytes { readSome(descriptor, $0.baseAddress!, $0.count) }
      if got == 0 { break }
      if got < 0 {
        throw CLIError(.badInput, file: path, "cannot be read: \(String(cString: strerror(errno)))")
      }
      bytes += chunk[..<got]
      guard bytes.count <= maximumSize else {
        throw CLIError(.badInput, file: path, "file is larger than the limit of \(maximumSize) bytes")
      }
    }
    return (bytes, FileID(info))
  }

  /// Writes `bytes` to `path` through a temporary file in the same folder (created along
  /// with any missing folders) that is renamed into place: the output appears whole or not
  /// at all, and an abort removes the temporary file through `slot`.
  /// - Parameter tag: Makes the temporary name unique among this process's workers.
  /// - Throws: ``CLIError`` (cannot write) naming the output and the reason.
  static func writeAtomically(_ bytes: [UInt8], to path: String, slot: TemporarySlot, tag: String)
    throws(CLIError)
  {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let temporary = "\(folder)/.\(name).midiroll-\(tag).tmp"
    let create = { open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }
    var descriptor = slot.create(temporary, create)
    if descriptor < 0 && errno == ENOENT {
      try makeFolders(folder, for: path)
      descriptor = slot.create(temporary, create)
    }
    guard descriptor >= 0 else { throw writeError(path, errno, "cannot create a file in \(folder)") }
    var failure = bytes.withUnsafeBytes { writeAll(descriptor, $0) }
    if close(descriptor) != 0 && failure == 0 { failure = errno }
    if failure != 0 {
      slot.discard()
      throw writeError(path, failure, "cannot write")
    }
    if slot.commit(to: path) != 0 {
      let code = errno
      slot.discard()
      throw writeError(path, code, "cannot move the output into place")
    }
  }

  /// Creates `folder` and its missing parents.
  private static func makeFolders(_ folder: String, for output: String) throws(CLIError) {
    if mkdir(folder, 0o777) == 0 || errno == EEXIST { return }
    guard errno == ENOENT, let slash = folder.lastIndex(of: "/"), slash != folder.startIndex else {
      throw writeError(output, errno, "cannot create the folder \(folder)")
    }
    try makeFolders(String(folder[..<slash]), for: output)
    if mkdir(folder, 0o777) != 0 && errno != EEXIST {
      throw writeError(output, errno, "cannot create the folder \(folder)")
    }
  }

  private static func writeError(_ path: String, _ code: Int32, _ what: String) -> CLIError {
    if code == EINTR { return CLIError(.cannotWrite, file: path, "interrupted") }
    return CLIError(.cannotWrite, file: path, "\(what): \(String(cString: strerror(code)))")
  }
}

import SMF

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary output file one worker is writing, so an abort can remove it.
///
/// A worker creates its temporary file and renames it into place while holding this slot's
/// lock; ``abandon()`` takes the same lock, removes the file and marks the slot, after which
/// the worker can neither create another temporary file nor rename one into place. Each
/// worker has its own slot, so the lock is never contended during normal work.
public final class TemporarySlot: @unchecked Sendable {
  private let lock = POSIXLock()
  private var path: String?
  private var abandoned = false

  /// Creates an empty slot.
  public init() {}

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
  package func abandon() {
    lock.lock()
    defer { lock.unlock() }
    abandoned = true
    if let path { unlink(path) }
    path = nil
  }
}

/// Writing outputs through temporary files, for batch and the one-file commands alike.
extension FileIO {
  /// Writes what `body` gives the sink to `path` through a temporary file in the same folder
  /// (created along with any missing folders when `createFolders`) that is renamed into
  /// place: the output appears whole or not at all, and an abort removes the temporary file
  /// through `slot`. A write that fails (a full disk), or a `body` that throws, removes the
  /// temporary file; nothing appears at `path`.
  /// - Parameters:
  ///   - tag: Makes the temporary name unique among this process's workers.
  ///   - naming: The output as the user named it, in errors (`path` by default; the symbolic
  ///     link whose target `path` is).
  /// - Returns: The bytes written.
  /// - Throws: ``KitError``: (cannot write) naming the output and the reason, or what `body` threw.
  @discardableResult
  public static func writeAtomically(
    to path: String, slot: TemporarySlot, tag: String, createFolders: Bool = true, naming: String? = nil,
    _ body: (OutputSink) throws(KitError) -> Void
  ) throws(KitError) -> Int {
    let named = naming ?? path
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let temporary = "\(folder)/.\(name).midiroll-\(tag).tmp"
    let create = { open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }
    var descriptor = slot.create(temporary, create)
    if descriptor < 0 && errno == ENOENT && createFolders {
      try makeFolders(folder, for: named)
      descriptor = slot.create(temporary, create)
    }
    guard descriptor >= 0 else { throw writeError(named, errno, "cannot create a file in \(folder)") }
    let sink = OutputSink(descriptor: descriptor, destination: named)
    do {
      try body(sink)
    } catch {
      close(descriptor)
      slot.discard()
      throw error
    }
    do { try sink.finish() } catch {}  // the failure is in sink.errorNumber
    var failure = sink.errorNumber
    if close(descriptor) != 0 && failure == 0 { failure = errno }
    if failure != 0 {
      slot.discard()
      throw writeError(named, failure, "cannot write")
    }
    if slot.commit(to: path) != 0 {
      let code = errno
      slot.discard()
      throw writeError(named, code, "cannot move the output into place")
    }
    return sink.count
  }

  /// Creates `folder` and its missing parents.
  /// - Throws: ``KitError`` (cannot write) naming `output`, the folder and the reason.
  package static func makeFolders(_ folder: String, for output: String) throws(KitError) {
    if mkdir(folder, 0o777) == 0 || errno == EEXIST { return }
    guard errno == ENOENT, let slash = folder.lastIndex(of: "/"), slash != folder.startIndex else {
      throw writeError(output, errno, "cannot create the folder \(folder)")
    }
    try makeFolders(String(folder[..<slash]), for: output)
    if mkdir(folder, 0o777) != 0 && errno != EEXIST {
      throw writeError(output, errno, "cannot create the folder \(folder)")
    }
  }

  private static func writeError(_ path: String, _ code: Int32, _ what: String) -> KitError {
    if code == EINTR { return KitError(.cannotWrite, file: path, "interrupted") }
    return KitError(.cannotWrite, file: path, "\(what): \(errnoText(code))")
  }
}

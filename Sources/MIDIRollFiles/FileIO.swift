#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one file layer of midiroll: inputs read without blocking and within a size limit,
/// outputs written whole or not at all (see `FileIO+Writing.swift` and `TemporaryFiles.swift`).
///
/// Everything goes through POSIX calls on descriptors, so every failure has its `errno`,
/// named in the error (`No space left on device`, `Permission denied`), and nothing is
/// copied through `Data`.
public enum FileIO {
  /// The default largest input accepted: 64 MiB.
  public static let defaultMaximumSize = 64 << 20

  /// The largest piece read at once from a stream whose length is not known.
  static let chunkSize = 1 << 20

  /// Reads a file (or standard input for `-`) into memory.
  /// - Parameter maximumSize: Refuse larger inputs (before reading them, when the size is known).
  /// - Throws: ``KitError`` (bad input) naming the file when it is missing, unreadable, a
  ///   folder, a FIFO or device, or too large.
  public static func read(_ path: String, maximumSize: Int = defaultMaximumSize) throws(KitError)
    -> [UInt8]
  {
    if path == "-" { return try readStream(0, name: "-", limit: maximumSize) }
    return try readFile(path, maximumSize: maximumSize).bytes
  }

  /// Opens an input for reading without blocking (a FIFO with no writer is refused, never
  /// waited on) and checks that it is a regular file.
  /// - Returns: The open descriptor (the caller closes it) and what `fstat` says of it.
  /// - Throws: ``KitError`` (bad input): missing, a folder, a FIFO, socket or device, unreadable.
  static func openRegularFile(_ path: String) throws(KitError) -> (descriptor: Int32, info: stat) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      let code = errno
      var info = stat()
      if code == ENOENT && lstat(path, &info) == 0 {
        throw KitError(.badInput, file: path, "cannot be read: a symbolic link to a missing file")
      }
      if code == ENOENT { throw KitError(.badInput, file: path, "no such file") }
      throw KitError(.badInput, file: path, "cannot be read: \(errnoText(code))")
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      close(descriptor)
      throw KitError(.badInput, file: path, "cannot be read: \(errnoText(errno))")
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return (descriptor, info)
    case S_IFDIR:
      close(descriptor)
      throw KitError(
        .badInput, file: path, "is a folder, expected a file (to convert a folder tree: midiroll batch)")
    default:
      close(descriptor)
      throw KitError(
        .badInput, file: path,
        "not a regular file (a FIFO, socket or device); to read a pipe, give '-' and redirect it")
    }
  }

  /// Runs `body` with the input's file descriptor (standard input for `-`), for readers that
  /// stream (piano-roll JSON); the file is opened as ``openRegularFile(_:)`` says.
  /// - Throws: ``KitError`` from opening, or what `body` throws.
  public static func withInput<T>(_ path: String, _ body: (Int32) throws(KitError) -> T) throws(KitError) -> T
  {
    if path == "-" { return try body(0) }
    let (descriptor, _) = try openRegularFile(path)
    defer { close(descriptor) }
    return try body(descriptor)
  }

  /// The bytes of a regular file, and its identity.
  ///
  /// The file is opened with `O_NONBLOCK`, so a FIFO nobody writes to (or a device that is
  /// not ready) is refused at once instead of waited on: only regular files are read by name;
  /// a pipe is read as standard input (`-`).
  /// - Throws: ``KitError`` (bad input) naming the file: missing (or a dangling link), a
  ///   folder, not a regular file (a FIFO, socket or device), larger than `maximumSize`, or
  ///   unreadable.
  public static func readFile(_ path: String, maximumSize: Int) throws(KitError) -> (
    bytes: [UInt8], id: FileID
  ) {
    let (descriptor, info) = try openRegularFile(path)
    defer { close(descriptor) }
    let size = Int(info.st_size)
    guard size <= maximumSize else {
      throw KitError(
        .badInput, file: path,
        "file is \(size) bytes, more than the limit of \(maximumSize)", hints: [.raiseSizeLimit])
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
      throw KitError(.badInput, file: path, "cannot be read: \(errnoText(failure))")
    }
    if bytes.count == size {
      // The file may have grown since fstat: read the rest, within the limit.
      var probe: UInt8 = 0
      let got = readSome(descriptor, &probe, 1)
      if got < 0 { throw KitError(.badInput, file: path, "cannot be read: \(errnoText(errno))") }
      if got == 1 {
        bytes = try readStream(descriptor, name: path, limit: maximumSize, first: bytes + [probe])
      }
    }
    return (bytes, FileID(info))
  }

  /// Reads a descriptor to its end, refusing as soon as more than `limit` bytes came.
  ///
  /// The bytes are gathered in pieces of at most ``chunkSize`` and joined once at the end,
  /// so while reading, memory never exceeds the bytes actually read plus one piece, whatever
  /// `limit` says (an array grown by appending reserves up to twice what was read); a source
  /// past the limit (`/dev/zero`) is refused before any join. A descriptor in non-blocking
  /// mode with nothing to read yet is waited on with `poll`, as a blocking read would be.
  /// - Parameter first: Bytes already read from the descriptor.
  /// - Throws: ``KitError`` (bad input) past the limit or when reading fails.
  static func readStream(_ descriptor: Int32, name: String, limit: Int, first: [UInt8] = []) throws(KitError)
    -> [UInt8]
  {
    var pieces: [[UInt8]] = first.isEmpty ? [] : [first]
    var total = first.count
    while total <= limit {
      var failure: Int32 = 0
      let piece = [UInt8](unsafeUninitializedCapacity: chunkSize) { buffer, count in
        while count < buffer.count {
          let got = readSome(descriptor, buffer.baseAddress! + count, buffer.count - count)
          if got > 0 {
            count += got
          } else if got < 0 && errno == EAGAIN {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&request, 1, -1)
          } else {
            if got < 0 { failure = errno }
            break
          }
        }
      }
      if failure != 0 {
        throw KitError(.badInput, file: name, "cannot be read: \(errnoText(failure))")
      }
      total += piece.count
      if !piece.isEmpty { pieces.append(piece) }
      if piece.count < chunkSize { break }  // the end: read returned 0
    }
    guard total <= limit else {
      throw KitError(
        .badInput, file: name,
        "input is more than the limit of \(limit) bytes", hints: [.raiseSizeLimit])
    }
    if pieces.count <= 1 { return pieces.first ?? [] }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(total)
    for piece in pieces { bytes += piece }
    return bytes
  }

  /// The size and identity of a regular file, without reading it.
  /// - Throws: ``KitError`` (bad input) as ``openRegularFile(_:)`` says.
  public static func regularFileInfo(_ path: String) throws(KitError) -> (size: Int, id: FileID) {
    let (descriptor, info) = try openRegularFile(path)
    close(descriptor)
    return (Int(info.st_size), FileID(info))
  }

  /// The first `count` bytes of a regular file (fewer when it is shorter; none when it cannot
  /// be read): enough to tell its kind.
  package static func prefix(of path: String, count: Int) -> [UInt8] {
    guard path != "-", let (descriptor, _) = try? openRegularFile(path) else { return [] }
    defer { close(descriptor) }
    return [UInt8](unsafeUninitializedCapacity: count) { buffer, got in
      got = max(0, readSome(descriptor, buffer.baseAddress!, count))
    }
  }

  /// A path's file name (`a/b/song.mid` → `song.mid`), or `standard input` for `-`: a song's
  /// default title.
  public static func displayName(_ path: String) -> String {
    guard path != "-" else { return "standard input" }
    return path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
  }

  /// Whether two paths name the same existing file (same device and inode).
  public static func sameFile(_ a: String, _ b: String) -> Bool {
    guard let first = FileID(path: a), let second = FileID(path: b) else { return false }
    return first == second
  }
}

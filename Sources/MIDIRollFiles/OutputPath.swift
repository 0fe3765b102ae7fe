#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a path the user names as an output is, and so how it is written (docs/DESIGN.md,
/// "Outputs the user names"): a file is replaced whole, anything else is respected.
///
/// - Nothing there yet, or a regular file: a temporary file beside it, renamed onto it.
/// - A symbolic link: followed to its last target, which is replaced the same way; the link stays.
/// - One of this process's standard streams named by a path (`/dev/stdout`, `/proc/self/fd/1`):
///   written to that stream's descriptor, where it stands.
/// - A character or block device, a FIFO or a socket: opened and written, never replaced.
/// - A folder: never an output.
enum OutputPath: Equatable {
  /// A regular file to replace whole, or to create: the path named, or the last target of the
  /// symbolic link named.
  case file(String)
  /// Standard output or standard error (1 or 2), named by a path that leads to it.
  case standardStream(Int32)
  /// A device, FIFO or socket, opened by the path named and written directly.
  case special
  /// A folder.
  case folder

  /// The most symbolic links followed in a row (Linux's own limit).
  static let maximumLinks = 40

  /// What `path` names now.
  /// - Throws: ``KitError`` (cannot write) for a chain of symbolic links that loops.
  init(_ path: String) throws(KitError) {
    var info = stat()
    guard stat(path, &info) == 0 else {
      let code = errno
      switch code {
      case ENOENT: self = .file(try Self.lastTarget(of: path))  // nothing there, or a dangling link
      case ELOOP: throw KitError(.cannotWrite, file: path, "cannot write: \(errnoText(code))")
      default: self = .file(path)  // the writer names the system's reason (a folder that cannot be searched)
      }
      return
    }
    let type = info.st_mode & S_IFMT
    if type == S_IFDIR {
      self = .folder
      return
    }
    var own = stat()
    let isLink = lstat(path, &own) == 0 && (own.st_mode & S_IFMT) == S_IFLNK
    if type != S_IFREG || isLink, let stream = Self.standardStream(FileID(info)) {
      self = .standardStream(stream)
    } else if type != S_IFREG {
      self = .special
    } else if isLink {
      self = .file(try Self.lastTarget(of: path))
    } else {
      self = .file(path)
    }
  }

  /// Standard output or standard error when it is the file `id` names.
  private static func standardStream(_ id: FileID) -> Int32? {
    for descriptor: Int32 in [1, 2] {
      var info = stat()
      if fstat(descriptor, &info) == 0 && FileID(info) == id { return descriptor }
    }
    return nil
  }

  /// The path a chain of symbolic links starting at `path` ends at (`path` itself when it is
  /// not a link): where the output is to be, whether a file is there yet or not. A relative
  /// link is read from the folder of the link.
  /// - Throws: ``KitError`` (cannot write) when the chain is longer than ``maximumLinks``.
  static func lastTarget(of path: String) throws(KitError) -> String {
    var current = path
    for _ in 0..<maximumLinks {
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = readlink(current, &buffer, buffer.count - 1)
      guard length >= 0 else { return current }  // not a link (EINVAL), or nothing there (ENOENT)
      let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if target.hasPrefix("/") {
        current = target
      } else if let slash = current.lastIndex(of: "/") {
        current = String(current[...slash]) + target
      } else {
        current = target
      }
    }
    throw KitError(.cannotWrite, file: path, "cannot write: \(errnoText(ELOOP))")
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file's identity on this machine: its device and inode numbers.
public struct FileID: Hashable, Sendable {
  /// The device the file lives on.
  public var device: UInt64
  /// The file's inode number on that device.
  public var inode: UInt64

  /// The identity of what `path` names, following symbolic links; `nil` if it does not exist.
  public init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    self.init(info)
  }

  /// The identity recorded in a `stat` result.
  public init(_ info: stat) {
    device = UInt64(truncatingIfNeeded: info.st_dev)
    inode = UInt64(truncatingIfNeeded: info.st_ino)
  }
}

import Foundation

/// The name of a batch's temporary output file, `.NAME.midiroll-HOST-PID-WORKER-COUNT.tmp`,
/// which says which process wrote it, so a later run can tell a file left by a run that
/// died (SIGKILL, a machine that stopped) from one another run is writing now.
struct TemporaryName: Hashable, Sendable {
  /// The host of the process that wrote it (`nil` for the older names without one).
  var host: String?
  /// The process that wrote it.
  var processID: Int32

  /// The marker between an output's name and the tag.
  static let marker = ".midiroll-"
  /// The suffix of every temporary file.
  static let suffix = ".tmp"

  /// This machine's host name, as it goes into a name (without `/`; it may hold `-`: the
  /// tag is read from its end).
  static let localHost: String = {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
    let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let cleaned = name.map { $0 == "/" ? "_" : $0 }
    return cleaned.isEmpty ? "localhost" : String(cleaned)
  }()

  /// The tag of a temporary file of this process's `worker`, for its `count`-th file.
  static func tag(worker: Int, count: Int) -> String {
    "\(localHost)-\(getpid())-\(worker)-\(count)"
  }

  /// Reads the writer from a file name, or `nil` when the name is not a batch's temporary file.
  init?(fileName: String) {
    guard fileName.hasPrefix("."), fileName.hasSuffix(Self.suffix),
      let marker = fileName.range(of: Self.marker, options: .backwards)
    else { return nil }
    let tag = fileName[marker.upperBound..<fileName.index(fileName.endIndex, offsetBy: -Self.suffix.count)]
    var parts = tag.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count >= 3, Int(parts[parts.count - 1]) != nil, Int(parts[parts.count - 2]) != nil,
      let process = Int32(parts[parts.count - 3]), process > 0
    else { return nil }
    parts.removeLast(3)
    processID = process
    host = parts.isEmpty ? nil : parts.joined(separator: "-")
  }

  /// Whether the process that wrote the file is gone: it ran on this host and no process
  /// with its ID is running midiroll's program now (a reused ID runs another program).
  var writerIsGone: Bool {
    if let host, host != Self.localHost { return false }  // another machine's: cannot tell
    if processID == getpid() { return false }
    if kill(processID, 0) != 0 && errno == ESRCH { return true }
    guard let theirs = Self.command(of: "\(processID)"), let ours = Self.command(of: "self") else {
      return false
    }
    return theirs != ours
  }

  private static func command(of process: String) -> String? {
    guard let data = FileManager.default.contents(atPath: "/proc/\(process)/comm") else { return nil }
    return String(decoding: data, as: UTF8.self)
  }
}

/// Removes the temporary files that runs which died left in the folders a batch writes.
enum StaleTemporaryFiles {
  /// Removes, in each of `folders` (missing ones are passed over), the temporary files whose
  /// writer is gone.
  /// - Returns: How many were removed.
  static func remove(in folders: some Sequence<String>) -> Int {
    var removed = 0
    for folder in folders {
      guard let directory = opendir(folder) else { continue }
      defer { closedir(directory) }
      while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        guard let temporary = TemporaryName(fileName: name), temporary.writerIsGone else { continue }
        if unlink(folder + "/" + name) == 0 { removed += 1 }
      }
    }
    return removed
  }
}

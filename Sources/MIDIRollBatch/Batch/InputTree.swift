import Foundation
import MIDIRollFiles
import MIDIRollKit

/// Walks an input folder for song files, in a deterministic order.
///
/// Folders are walked depth first with the entries of each folder sorted by name. Symbolic
/// links are followed, but every folder is walked at most once (by device and inode), so a
/// link loop ends the walk of that branch instead of recursing forever; folders listed in
/// `skipping` (the output folder when it sits inside the input) are never entered. A file is
/// taken when its extension names a song kind (`.mid`, `.midi`, `.kar`, `.rmi`, `.smf`,
/// `.json`, any case) and the ``PathFilter`` takes it.
struct InputTree {
  /// The input folder, as given (without trailing `/`).
  let root: String
  /// Which files and folders to take.
  let filter: PathFilter
  /// Folders never to enter.
  let skipping: Set<FileID>
  /// Asked between folders; the walk stops early when it returns `true`.
  var shouldStop: () -> Bool = { false }

  /// The inputs, in walk order. A folder that cannot be read, or a file or folder name that
  /// is not valid UTF-8, is returned as an input with a ``FoundInput/problem``.
  func walk() -> [FoundInput] {
    var found: [FoundInput] = []
    var visited = skipping
    if let rootID = FileID(path: root) { visited.insert(rootID) }
    // Pending folders, relative to the root; popped from the end, pushed in reverse order.
    var pending: [String] = [""]
    while let folder = pending.popLast() {
      if shouldStop() { break }
      let absolute = folder.isEmpty ? root : root + "/" + folder
      let entries: [Entry]
      do {
        entries = try Self.list(absolute)
      } catch {
        found.append(FoundInput(relativePath: folder + "/", kind: .mid, problem: error.message))
        continue
      }
      var subfolders: [String] = []
      for entry in entries {
        let relative = folder.isEmpty ? entry.name : folder + "/" + entry.name
        guard entry.validName else {
          // The repaired name cannot be opened; report what would have been taken.
          if entry.type == UInt8(DT_DIR) {
            guard filter.entersFolder(relative, name: entry.name) else { continue }
            found.append(
              FoundInput(
                relativePath: relative + "/", kind: .mid,
                problem: "the folder name is not valid UTF-8 (rename it to take its files)"))
          } else if let kind = SongFileKind(readablePath: entry.name),
            filter.takesFile(relative, name: entry.name)
          {
            found.append(
              FoundInput(
                relativePath: relative, kind: kind, problem: "the file name is not valid UTF-8 (rename it)"))
          }
          continue
        }
        var isFolder = entry.type == UInt8(DT_DIR)
        var folderID: FileID?
        if isFolder || entry.type == UInt8(DT_LNK) || entry.type == UInt8(DT_UNKNOWN) {
          var info = stat()
          if stat(root + "/" + relative, &info) == 0 {
            isFolder = (info.st_mode & S_IFMT) == S_IFDIR
            folderID = FileID(info)
          } else {
            isFolder = false  // a dangling link: taken as a file if its name says so
          }
        }
        if isFolder {
          guard filter.entersFolder(relative, name: entry.name), let folderID,
            visited.insert(folderID).inserted
          else { continue }
          subfolders.append(relative)
        } else if let kind = SongFileKind(readablePath: entry.name),
          filter.takesFile(relative, name: entry.name)
        {
          found.append(FoundInput(relativePath: relative, kind: kind))
        }
      }
      pending.append(contentsOf: subfolders.reversed())
    }
    return found
  }

  /// One name in a folder listing.
  struct Entry {
    /// The name (invalid UTF-8 repaired with U+FFFD when ``validName`` is false).
    var name: String
    /// Whether the name on disk is valid UTF-8.
    var validName: Bool
    /// The `d_type` of the entry (`DT_UNKNOWN` when the file system does not say).
    var type: UInt8
  }

  /// The entries of a folder other than `.` and `..`, sorted by name.
  static func list(_ path: String) throws(KitError) -> [Entry] {
    guard let stream = opendir(path) else {
      throw KitError(.badInput, file: path, "cannot read the folder: \(String(cString: strerror(errno)))")
    }
    defer { closedir(stream) }
    var entries: [Entry] = []
    while let entry = readdir(stream) {
      let type = entry.pointee.d_type
      let (name, valid): (String, Bool) = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
        tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) {
          if let name = String(validatingCString: $0) { return (name, true) }
          return (String(cString: $0), false)
        }
      }
      if name == "." || name == ".." { continue }
      entries.append(Entry(name: name, validName: valid, type: type))
    }
    entries.sort { $0.name < $1.name }
    return entries
  }
}

import NPZ
import PianoRoll

/// Writing a song as `.npz`, for ``SongInput/encoded(as:npz:)``.
enum NPZOutput {
  /// The `.npz` bytes of a song; its multitrack name is the file's stem.
  /// - Throws: ``KitError`` (bad input) when the song is too large for the matrices or a ZIP.
  static func encode(_ song: Song, options: NPZOptions, path: String) throws(KitError) -> [UInt8] {
    do {
      return try NPZExport.encode(song, options: options, name: stem(of: path))
    } catch {
      switch error {
      case .archive(.compressionFailed): throw KitError(.cannotWrite, file: path, error.description)
      default: throw KitError(.badInput, file: path, error.description)
      }
    }
  }

  /// The file name without folders and extension (`a/b/song.mid` → `song`; `-` → empty).
  static func stem(of path: String) -> String {
    guard path != "-" else { return "" }
    var name = Substring(path)
    if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
    if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = name[..<dot] }
    return String(name)
  }
}

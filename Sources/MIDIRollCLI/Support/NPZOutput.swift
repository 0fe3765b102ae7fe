import NPZ
import PianoRoll

/// Writing a song as `.npz`, and the sustain step, for `convert` and `batch`.
public enum NPZOutput {
  /// The `.npz` bytes of a song; its multitrack name is the file's stem.
  /// - Throws: ``CLIError`` (bad input) when the song is too large for the matrices or a ZIP.
  public static func encode(_ song: Song, options: NPZOptions, path: String) throws(CLIError) -> [UInt8] {
    do {
      return try NPZExport.encode(song, options: options, name: stem(of: path))
    } catch {
      switch error {
      case .archive(.compressionFailed): throw CLIError(.cannotWrite, file: path, error.description)
      default: throw CLIError(.badInput, file: path, error.description)
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

  /// Applies a sustain mode to an input (nothing happens for `.ignore`).
  public static func applySustain(_ mode: SustainMode, to input: inout SongInput) {
    guard mode == .extend else { return }
    input.transform { song in song.extendSustain() }
  }
}

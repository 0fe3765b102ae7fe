import MIDIRollFiles
import PianoRoll
import PianoRollNPZ

/// pypianoroll matrices or note columns (`.npz`), written only.
public enum NPZFormat {
  /// The format's description.
  public static let format = SongFormat(
    kind: .npz, title: "pypianoroll matrices or note columns", extensions: ["npz"],
    sniff: { $0.starts(with: [0x50, 0x4B, 0x03, 0x04]) },
    makeEncoder: { options in Encoder(options: options.npz) })

  /// Writes the matrices or columns of a song; its multitrack name is the input's stem.
  struct Encoder: SongEncoder {
    let options: NPZOptions

    func write(_ input: SongInput, to sink: OutputSink) throws(KitError) -> [KitNotice] {
      let song = try input.song()
      do {
        sink.write(try NPZExport.encode(song, options: options, name: stem(of: input.path)))
      } catch {
        switch error {
        case .archive(.compressionFailed): throw KitError(.cannotWrite, file: input.path, error.description)
        case .matrix(.tooManySteps):
          throw KitError(.badInput, file: input.path, error.description, hints: [.coarserMatrixGrid])
        case .matrix(.tooManyCells):
          throw KitError(
            .badInput, file: input.path, error.description, hints: [.coarserMatrixGrid, .mergeMatrixTracks])
        case .archive(.tooManyMembers):
          // Note columns have no matrices to merge: merging the song's tracks is what helps.
          let merge: KitHint = options.content == .notes ? .mergeTracks : .mergeMatrixTracks
          throw KitError(.badInput, file: input.path, error.description, hints: [merge])
        default: throw KitError(.badInput, file: input.path, error.description)
        }
      }
      return []
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

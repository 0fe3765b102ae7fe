/// The kinds of file midiroll reads (.mid, piano-roll JSON) and writes (those, `.npz`, `.wav`).
public enum SongFileKind: String, Sendable, CaseIterable {
  /// A Standard MIDI File (`.mid`, `.midi`, `.kar`, `.rmi`, `.smf`).
  case mid
  /// Piano-roll JSON (`.json`).
  case json
  /// pypianoroll matrices or note columns (`.npz`; an output only, never taken as an input).
  case npz
  /// Audio through a synthesizer (`batch --to wav`; an output only, and only with a renderer:
  /// ``EncodingOptions/wav``).
  case wav

  /// The kind a path's extension names, or `nil` when it names neither.
  public init?(path: String) {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    switch path[path.index(after: dot)...].lowercased() {
    case "mid", "midi", "kar", "rmi", "smf": self = .mid
    case "json": self = .json
    default: return nil
    }
  }

  /// Whether the last component of `path` has an extension (`song.txt`, not `song` or `.hidden`).
  public static func hasExtension(_ path: String) -> Bool {
    let name = path.split(separator: "/").last ?? ""
    guard let dot = name.lastIndex(of: ".") else { return false }
    return dot != name.startIndex && name.index(after: dot) != name.endIndex
  }

  /// The kind the first bytes show: `MThd` or `RIFF` a MIDI file, `{` (after white space or
  /// a byte-order mark) piano-roll JSON; `nil` for anything else.
  public init?(sniffing bytes: [UInt8]) {
    if bytes.starts(with: Array("MThd".utf8)) || bytes.starts(with: Array("RIFF".utf8)) {
      self = .mid
      return
    }
    let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
    guard first == UInt8(ascii: "{") else { return nil }
    self = .json
  }

  /// The kind of `path`, from `explicit` first, then the extension.
  /// - Throws: ``KitError`` (usage) when neither says.
  public static func resolve(_ path: String, explicit: SongFileKind?, role: String) throws(KitError)
    -> SongFileKind
  {
    if let explicit { return explicit }
    if role == "output", path.lowercased().hasSuffix(".npz") { return .npz }
    if path == "-" {
      throw KitError(
        .usage, "\(role) is '-': say which kind with --\(role == "input" ? "from" : "to") mid|json")
    }
    guard let kind = SongFileKind(path: path) else {
      var message =
        "cannot tell the \(role) kind from the extension (expected .mid, .midi, .kar, .rmi or .json)"
      if let dot = path.lastIndex(of: "."),
        ["svg", "html", "htm", "wav"].contains(path[path.index(after: dot)...].lowercased())
      {
        message += "; to draw or play a song: midiroll render IN \(path)"
      }
      throw KitError(.usage, file: path, message)
    }
    return kind
  }
}

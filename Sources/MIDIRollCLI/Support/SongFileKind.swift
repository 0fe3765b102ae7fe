import ArgumentParser

/// The two kinds of file midiroll reads and writes.
public enum SongFileKind: String, Sendable, CaseIterable, ExpressibleByArgument {
  /// A Standard MIDI File (`.mid`, `.midi`, `.kar`, `.rmi`, `.smf`).
  case mid
  /// Piano-roll JSON (`.json`).
  case json
  /// pypianoroll matrices or note columns (`.npz`; an output only, never taken as an input).
  case npz  // npz

  /// The kind a path's extension names, or `nil` when it names neither.
  public init?(path: String) {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    switch path[path.index(after: dot)...].lowercased() {
    case "mid", "midi", "kar", "rmi", "smf": self = .mid
    case "json": self = .json
    default: return nil
    }
  }

  /// The kind of `path`, from `explicit` first, then the extension.
  /// - Throws: ``CLIError`` (usage) when neither says.
  public static func resolve(_ path: String, explicit: SongFileKind?, role: String) throws(CLIError)
    -> SongFileKind
  {
    if let explicit { return explicit }
    if role == "output", path.lowercased().hasSuffix(".npz") { return .npz }  // npz
    if path == "-" {
      throw CLIError(
        .usage, "\(role) is '-': say which kind with --\(role == "input" ? "from" : "to") mid|json")
    }
    guard let kind = SongFileKind(path: path) else {
      throw CLIError(
        .usage, file: path,
        "cannot tell the \(role) kind from the extension (expected .mid, .midi, .kar, .rmi or .json)")
    }
    return kind
  }
}

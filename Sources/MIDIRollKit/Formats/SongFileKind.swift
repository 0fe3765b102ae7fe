import MIDIRollFiles

/// The name of a format midiroll reads or writes (`mid`, `json`, `npz`, `svg`, `html`, `wav`,
/// …): what `--from` and `--to` take, and the key of its ``SongFormat`` in ``SongFormats``.
public struct SongFileKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The format's short name (`mid`), also the extension its outputs get.
  public let rawValue: String

  /// The kind named `rawValue`, registered or not (``SongFormats/format(_:)`` tells).
  public init(rawValue: String) { self.rawValue = rawValue }

  /// A Standard MIDI File (`.mid`, `.midi`, `.kar`, `.rmi`, `.smf`).
  public static let mid = SongFileKind(rawValue: "mid")
  /// Piano-roll JSON (`.json`).
  public static let json = SongFileKind(rawValue: "json")
  /// pypianoroll matrices or note columns (`.npz`).
  public static let npz = SongFileKind(rawValue: "npz")
  /// A piano-roll picture (`.svg`).
  public static let svg = SongFileKind(rawValue: "svg")
  /// The interactive piano-roll page (`.html`, `.htm`).
  public static let html = SongFileKind(rawValue: "html")
  /// Audio through a General MIDI synthesizer (`.wav`).
  public static let wav = SongFileKind(rawValue: "wav")
  /// A song's statistics as a JSON line (`.jsonl`).
  public static let stats = SongFileKind(rawValue: "stats")
  /// MidiTok's token ids (`.json`, named by `tokenize`, `detokenize` or `--to tokens`).
  public static let tokens = SongFileKind(rawValue: "tokens")

  /// The short name.
  public var description: String { rawValue }

  /// The registered kind whose extensions include the extension of `path`, or `nil`.
  public init?(path: String) {
    guard let format = SongFormats.format(forPath: path) else { return nil }
    self = format.kind
  }

  /// The registered kind, among those read, whose extensions include the extension of `path`
  /// (`song.mid`, `song.json`; not `song.wav`): what `batch` takes from a folder.
  public init?(readablePath path: String) {
    guard let format = SongFormats.format(forPath: path), format.reads else { return nil }
    self = format.kind
  }

  /// The registered kind the first bytes show (`MThd`/`RIFF` a MIDI file, `{` piano-roll JSON),
  /// among the formats that can be read; `nil` for anything else.
  public init?(sniffing bytes: [UInt8]) {
    guard let format = SongFormats.all.first(where: { $0.decoder != nil && $0.sniff(bytes) }) else {
      return nil
    }
    self = format.kind
  }

  /// Whether the last component of `path` has an extension (`song.txt`, not `song` or `.hidden`).
  public static func hasExtension(_ path: String) -> Bool {
    let name = path.split(separator: "/").last ?? ""
    guard let dot = name.lastIndex(of: ".") else { return false }
    return dot != name.startIndex && name.index(after: dot) != name.endIndex
  }

  /// The kind of `path` in `role`, from `explicit` first, then the extension, among `allowed`.
  /// - Throws: ``KitError`` (usage) when neither says, or names a kind that `allowed` lacks.
  public static func resolve(
    _ path: String, explicit: SongFileKind?, role: SongFormat.Role, allowed: [SongFileKind]
  ) throws(KitError) -> SongFileKind {
    let names = allowed.flatMap { SongFormats.format($0)?.extensions ?? [$0.rawValue] }
      .map { "." + $0 }.joined(separator: ", ")
    func refusing(_ kind: SongFileKind) -> KitError {
      let rendering = role == .output && SongFormats.format(kind)?.isRendering == true
      return KitError(
        .usage, file: path, "this command does not \(role.verb) .\(kind) (expected \(names))",
        // The path named when it is that kind (roll.svg), else a name of that kind.
        hints: rendering
          ? [.renderInstead(output: SongFileKind(path: path) == kind ? path : "OUT.\(kind)")] : [])
    }
    if let explicit {
      guard allowed.contains(explicit) else { throw refusing(explicit) }
      return explicit
    }
    if path == "-" {
      throw KitError(
        .usage, "\(role) is '-': its kind cannot be told from a name",
        hints: [role == .input ? .nameInputKind : .nameOutputKind])
    }
    guard let kind = SongFileKind(path: path) else {
      throw KitError(
        .usage, file: path, "cannot tell the \(role) kind from the extension (expected \(names))",
        hints: [role == .input ? .nameInputKind : .nameOutputKind])
    }
    guard allowed.contains(kind) else { throw refusing(kind) }
    return kind
  }
}

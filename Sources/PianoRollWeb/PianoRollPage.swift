import PianoRoll
import PianoRollJSON
import PianoRollRender

/// The interactive piano roll as one self-contained HTML page: the song embedded as piano-roll
/// JSON, the page's own CSS and JavaScript inline, nothing loaded from the network.
///
/// The page (sources in `Sources/PianoRollWeb/Page`, embedded at build time by the EmbedWebPage
/// plugin) draws a keyboard, a bar ruler with meters, keys and tempos, and the notes on a canvas,
/// only what is in view; it zooms through the grids' zoom levels, pans, shows a note's name and
/// position on hover, plays the song with a small Web Audio synthesizer, and edits notes on the
/// zoom level's grid, saving the result as piano-roll JSON.
public struct PianoRollPage: Sendable {
  /// The song shown.
  public var song: Song
  /// A song shown faded underneath (e.g. the original of a quantized file), or `nil`.
  public var before: Song?
  /// How the page starts.
  public var options: PageOptions

  /// A page for `song`, with `before` faded underneath when given.
  public init(song: Song, before: Song? = nil, options: PageOptions = PageOptions()) {
    self.song = song
    self.before = before
    self.options = options
  }

  /// The scripts, in the order the page runs them (each uses the ones before it).
  static let scriptOrder = ["song.js", "colors.js", "view.js", "audio.js", "main.js"]

  /// The page as UTF-8 bytes.
  public func html() -> [UInt8] {
    // The compact profile: the page derives names, positions and seconds from ticks itself, so
    // the page is about the size of the compact JSON.
    let songJSON = PianoRollJSON.encode(song, profile: .compact)
    let beforeJSON = before.map { PianoRollJSON.encode($0, profile: .compact) }
    return Self.fill(
      WebPageSources.files["page.html"] ?? "",
      capacity: songJSON.count + (beforeJSON?.count ?? 0) + 96 * 1024,
      parts(songJSON: songJSON, beforeJSON: beforeJSON))
  }

  /// A page's template with each marker (in the order they appear) replaced by what its part
  /// appends.
  static func fill(_ template: String, capacity: Int, _ parts: [(String, (inout [UInt8]) -> Void)]) -> [UInt8]
  {
    var out: [UInt8] = []
    out.reserveCapacity(capacity)
    var rest = Substring(template)
    for (marker, part) in parts {
      guard let range = rest.firstRange(of: marker) else { continue }
      out.append(contentsOf: rest[..<range.lowerBound].utf8)
      part(&out)
      rest = rest[range.upperBound...]
    }
    out.append(contentsOf: rest.utf8)
    return out
  }

  /// The page's markers, in the order they appear, and what replaces each.
  private func parts(songJSON: [UInt8], beforeJSON: [UInt8]?) -> [(String, (inout [UInt8]) -> Void)] {
    [
      ("/* midiroll:style */", { $0.append(contentsOf: (WebPageSources.files["page.css"] ?? "").utf8) }),
      ("/* midiroll:settings */", { $0.append(contentsOf: options.settingsJSON.utf8) }),
      ("/* midiroll:song */", { Self.appendScriptData(songJSON, to: &$0) }),
      ("/* midiroll:before */", { if let beforeJSON { Self.appendScriptData(beforeJSON, to: &$0) } }),
      (
        "/* midiroll:script */",
        {
          for name in Self.scriptOrder {
            $0.append(contentsOf: "// \(name)\n".utf8)
            $0.append(contentsOf: (WebPageSources.files[name] ?? "").utf8)
          }
        }
      ),
    ]
  }

  /// Appends JSON inside a `<script type="application/json">` element: every `<` (only ever
  /// inside a JSON string) written as `\u003c`, so no text can close the element.
  static func appendScriptData(_ json: [UInt8], to out: inout [UInt8]) {
    let escape = Array("\\u003c".utf8)
    var start = 0
    for index in json.indices where json[index] == UInt8(ascii: "<") {
      out.append(contentsOf: json[start..<index])
      out.append(contentsOf: escape)
      start = index + 1
    }
    out.append(contentsOf: json[start...])
  }
}

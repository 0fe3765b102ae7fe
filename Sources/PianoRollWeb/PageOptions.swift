import PianoRoll
import PianoRollRender

/// How the interactive page starts: its zoom level, note colours and title (all can be changed
/// on the page).
public struct PageOptions: Hashable, Sendable {
  /// The zoom level the page opens at; its grid is the one notes snap to.
  public var zoom: Grid
  /// The note colours the page opens with.
  public var coloring: NoteColoring
  /// The title at the top (e.g. the input's file name), or `nil`.
  public var title: String?

  /// Creates options; by default sixteenths, coloured by track.
  public init(zoom: Grid = .sixteenth, coloring: NoteColoring = .track, title: String? = nil) {
    self.zoom = zoom
    self.coloring = coloring
    self.title = title
  }

  /// The options as the page reads them: `{"title": …, "zoom": "1/16", "colors": "track"}`.
  var settingsJSON: String {
    var text = "{\"zoom\": \(Self.quoted(zoom.description)), \"colors\": \(Self.quoted(coloring.rawValue))"
    if let title { text += ", \"title\": \(Self.quoted(title))" }
    return text + "}"
  }

  /// A JSON string literal of `text`, with `<` escaped so it can sit inside a `<script>` element.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "<": result += "\\u003c"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}

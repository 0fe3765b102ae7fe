/// An SVG document being written, one element a line.
struct SVGOutput {
  /// The text so far.
  var text = ""

  /// Appends a line.
  mutating func line(_ line: String) {
    text += line
    text += "\n"
  }

  /// The attributes as ` name="value"` pairs (values already escaped or numeric).
  static func attributes(_ attributes: [(String, String)]) -> String {
    attributes.reduce(into: "") { $0 += " \($1.0)=\"\($1.1)\"" }
  }

  /// An empty element, with a fill when given.
  mutating func element(_ name: String, _ attributes: [(String, String)], fill: RGBColor? = nil) {
    let all = attributes + (fill.map { [("fill", $0.hexString)] } ?? [])
    line("<\(name)\(Self.attributes(all))/>")
  }

  /// The opening tag of an element.
  mutating func open(_ name: String, _ attributes: [(String, String)]) {
    line("<\(name)\(Self.attributes(attributes))>")
  }

  /// An element holding text, which is escaped here.
  mutating func text(_ name: String, _ content: String, _ attributes: [(String, String)] = []) {
    line("<\(name)\(Self.attributes(attributes))>\(XMLText.escaped(content))</\(name)>")
  }
}

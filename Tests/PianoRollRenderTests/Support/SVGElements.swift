import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// An SVG document read back with an XML parser: every element's name, attributes and text.
struct SVGElements {
  /// One element.
  struct Element {
    var name: String
    var attributes: [String: String]
    var text: String
    /// The element's classes (its `class` attribute split at spaces).
    var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }
  }

  /// Every element in document order.
  var elements: [Element]

  /// Parses a document; `nil` (with the parser's error recorded) when it is not well-formed XML.
  init?(_ text: String) {
    let delegate = Collector()
    let parser = XMLParser(data: Data(text.utf8))
    parser.delegate = delegate
    guard parser.parse() else {
      Issue.record("not well-formed XML: \(parser.parserError.map(String.init(describing:)) ?? "?")")
      return nil
    }
    elements = delegate.elements
  }

  /// Elements named `name` that have the class `className`.
  func all(_ name: String, class className: String) -> [Element] {
    elements.filter { $0.name == name && $0.classes.contains(className) }
  }

  /// Collects elements as the parser reports them.
  final class Collector: NSObject, XMLParserDelegate {
    var elements: [Element] = []
    var open: [Int] = []

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      open.append(elements.count)
      elements.append(Element(name: name, attributes: attributes, text: ""))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      if let last = open.last { elements[last].text += string }
    }

    func parser(
      _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
    ) {
      open.removeLast()
    }
  }
}

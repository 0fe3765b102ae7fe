import PianoRoll

/// Writes a ``PianoRollLayout`` as a self-contained SVG document (no scripts, fonts or links).
///
/// Each drawn thing carries a class for styling and for tests: rows `row`, grid lines `bar`,
/// `beat` and `subdivision`, notes `note` (and `before` underneath), texts `key-name`,
/// `bar-number`, `time-signature`, `key-signature`, `tempo`, `title` and `legend`, tempo markers
/// `tempo-marker`. Every note has a `<title>` (shown on hover) with its name, velocity, bar and
/// beat, and track. All text is XML-escaped.
public enum SVGWriter {
  /// The fonts asked for, in order.
  public static let fontFamily = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

  /// Row fills: white key, black key, and each highlighted.
  static let whiteRow = RGBColor(hex: 0xFCFCFC)
  static let blackRow = RGBColor(hex: 0xEDEDED)
  static let highlightedWhiteRow = RGBColor(hex: 0xFFF4CF)
  static let highlightedBlackRow = RGBColor(hex: 0xF2E3B3)

  /// How far a black key reaches into the key column, as a fraction of its width.
  static let blackKeyLength = 0.64

  /// The SVG document of a layout.
  /// - Complexity: O(*n*) in the elements of the layout.
  public static func document(_ layout: PianoRollLayout) -> String {
    var out = SVGOutput()
    let width = XMLText.number(layout.width)
    let height = XMLText.number(layout.height)
    out.line("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
    out.line(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(width)\" height=\"\(height)\" "
        + "viewBox=\"0 0 \(width) \(height)\" font-family=\"\(fontFamily)\" "
        + "font-size=\"\(XMLText.number(PianoRollLayout.fontSize))\">")
    let title = layout.options.title ?? "Piano roll"
    out.line("<title>\(XMLText.escaped(title))</title>")
    let bars = layout.bars
    out.line(
      "<desc>Piano roll drawn by midiroll: bars \(bars.lowerBound + 1) to \(bars.upperBound + 1), "
        + "zoom \(layout.options.zoom), \(layout.notes.count) notes.</desc>")
    out.element(
      "rect", [("class", "background"), ("x", "0"), ("y", "0"), ("width", width), ("height", height)],
      fill: .white)
    writeRows(layout, &out)
    writeGrid(layout, &out)
    writeNotes(layout, &out)
    writeKeys(layout, &out)
    writeHeader(layout, &out)
    writeLegend(layout, &out)
    out.line("</svg>")
    return out.text
  }

  /// The row backgrounds (black keys darker, highlighted rows tinted) and the octave lines.
  static func writeRows(_ layout: PianoRollLayout, _ out: inout SVGOutput) {
    let left = XMLText.number(layout.keyColumnWidth)
    let right = XMLText.number(layout.width)
    let gridWidth = XMLText.number(max(0, layout.width - layout.keyColumnWidth))
    out.line("<g class=\"rows\">")
    for row in layout.rows {
      let fill =
        row.isHighlighted
        ? (row.isBlackKey ? highlightedBlackRow : highlightedWhiteRow)
        : (row.isBlackKey ? blackRow : whiteRow)
      var classes = "row " + (row.isBlackKey ? "black-key" : "white-key")
      if row.isHighlighted { classes += " highlighted" }
      out.element(
        "rect",
        [
          ("class", classes), ("x", left), ("y", XMLText.number(row.y)), ("width", gridWidth),
          ("height", XMLText.number(row.height)),
        ], fill: fill)
    }
    out.line("</g>")
    out.line("<g class=\"octave-lines\" stroke=\"#d2d2d2\" stroke-width=\"0.75\">")
    for row in layout.rows where row.pitch % 12 == 0 {
      let y = XMLText.number(row.y + row.height)
      out.element("line", [("class", "octave"), ("x1", left), ("y1", y), ("x2", right), ("y2", y)])
    }
    out.line("</g>")
  }

  /// The grid lines, one group a kind with its style, finest first.
  static func writeGrid(_ layout: PianoRollLayout, _ out: inout SVGOutput) {
    for kind in GridLine.Kind.allCases.reversed() {
      let style = layout.options.style(kind)
      var group = "<g class=\"\(kind.rawValue)-lines\" stroke=\"\(style.color.hexString)\" "
      group += "stroke-width=\"\(XMLText.number(style.width))\""
      if !style.dash.isEmpty {
        group += " stroke-dasharray=\"\(style.dash.map(XMLText.number).joined(separator: ","))\""
      }
      out.line(group + ">")
      for line in layout.gridLines where line.kind == kind {
        let x = XMLText.number(line.x)
        out.element(
          "line",
          [
            ("class", kind.rawValue), ("x1", x), ("y1", XMLText.number(line.top)), ("x2", x),
            ("y2", XMLText.number(line.bottom)),
          ])
      }
      out.line("</g>")
    }
  }

  /// The notes: those compared with first (faded, dashed), then the song's (a little
  /// translucent over the others).
  static func writeNotes(_ layout: PianoRollLayout, _ out: inout SVGOutput) {
    // Over a song compared with, the song's notes let the outlines underneath show through.
    let hasBefore = layout.notes.contains { $0.layer == .before }
    for layer in [NoteBox.Layer.before, .current] {
      let boxes = layout.notes.filter { $0.layer == layer }
      guard !boxes.isEmpty || layer == .current else { continue }
      out.line(
        layer == .before
          ? "<g class=\"before-notes\" stroke-width=\"0.75\" stroke-dasharray=\"3,2\" opacity=\"0.8\">"
          : hasBefore
            ? "<g class=\"notes\" stroke-width=\"0.75\" fill-opacity=\"0.78\">"
            : "<g class=\"notes\" stroke-width=\"0.75\">")
      for box in boxes {
        var attributes = [
          ("class", layer == .before ? "note before" : "note"), ("x", XMLText.number(box.x)),
          ("y", XMLText.number(box.y)), ("width", XMLText.number(box.width)),
          ("height", XMLText.number(box.height)),
        ]
        if box.height >= 6 { attributes.append(("rx", "1.5")) }
        attributes += [("fill", box.fill.hexString), ("stroke", box.stroke.hexString)]
        out.open("rect", attributes)
        let note = box.note
        let where_ = "bar \(box.position.bar + 1) beat \(box.position.beat + 1)"
        let prefix = layer == .before ? "before: " : ""
        out.text(
          "title", "\(prefix)\(note.name) · velocity \(note.velocity) · \(where_) · \(box.trackName)")
        out.line("</rect>")
      }
      out.line("</g>")
    }
  }

  /// The key column: a white key for every row, black keys drawn shorter on top (as on a
  /// keyboard), and the names.
  static func writeKeys(_ layout: PianoRollLayout, _ out: inout SVGOutput) {
    let keyWidth = XMLText.number(layout.keyColumnWidth)
    let blackWidth = XMLText.number(layout.keyColumnWidth * blackKeyLength)
    out.line("<g class=\"keys\" stroke=\"#9a9a9a\" stroke-width=\"0.5\">")
    for row in layout.rows {
      out.element(
        "rect",
        [
          ("class", row.isBlackKey ? "key black-key" : "key white-key"), ("x", "0"),
          ("y", XMLText.number(row.y)), ("width", keyWidth), ("height", XMLText.number(row.height)),
        ], fill: .white)
      if row.isBlackKey {
        out.element(
          "rect",
          [
            ("class", "black-key-top"), ("x", "0"), ("y", XMLText.number(row.y)), ("width", blackWidth),
            ("height", XMLText.number(row.height)),
          ], fill: RGBColor(hex: 0x262626))
      }
    }
    out.line("</g>")
    let fontSize = min(9, max(5, layout.options.rowHeight - 3))
    out.line("<g class=\"key-names\" font-size=\"\(XMLText.number(fontSize))\">")
    for row in layout.rows where row.isLabeled {
      out.text(
        "text", row.name,
        [
          ("class", "key-name"), ("x", "4"), ("y", XMLText.number(row.centerY + fontSize * 0.36)),
          ("fill", row.isBlackKey ? "#ffffff" : "#222222"),
        ] + (row.pitch % 12 == 0 ? [("font-weight", "bold")] : []))
    }
    out.line("</g>")
    let edge = XMLText.number(layout.keyColumnWidth)
    out.element(
      "line",
      [
        ("class", "key-edge"), ("x1", edge), ("y1", XMLText.number(layout.gridTop)), ("x2", edge),
        ("y2", XMLText.number(layout.gridBottom)), ("stroke", "#3a3a3a"), ("stroke-width", "1"),
      ])
  }

  /// The header: lane background, title, bar numbers, meters and keys, tempo markers and tempos.
  static func writeHeader(_ layout: PianoRollLayout, _ out: inout SVGOutput) {
    out.element(
      "rect",
      [
        ("class", "header"), ("x", XMLText.number(layout.keyColumnWidth)),
        ("y", XMLText.number(layout.headerTop)),
        ("width", XMLText.number(max(0, layout.width - layout.keyColumnWidth))),
        ("height", XMLText.number(layout.gridTop - layout.headerTop)),
      ], fill: RGBColor(hex: 0xF4F4F4))
    out.line("<g class=\"tempo-markers\" fill=\"#7a3fb0\">")
    let markerTop = layout.gridTop - PianoRollLayout.markLaneHeight + 3
    for marker in layout.tempoMarkers {
      let points = [
        (marker.x - 3.5, markerTop), (marker.x + 3.5, markerTop), (marker.x, layout.gridTop - 2),
      ].map { "\(XMLText.number($0.0)),\(XMLText.number($0.1))" }.joined(separator: " ")
      out.element("polygon", [("class", "tempo-marker"), ("points", points)])
    }
    out.line("</g>")
    for label in layout.labels {
      var attributes = [
        ("class", label.kind.rawValue), ("x", XMLText.number(label.x)), ("y", XMLText.number(label.y)),
      ]
      switch label.kind {
      case .title: attributes += [("font-size", "13"), ("font-weight", "bold"), ("fill", "#222222")]
      case .barNumber: attributes += [("font-weight", "bold"), ("fill", "#333333")]
      case .timeSignature: attributes += [("font-weight", "bold"), ("fill", "#1f5fa8")]
      case .keySignature: attributes += [("fill", "#1f5fa8")]
      case .tempo: attributes += [("fill", "#7a3fb0")]
      }
      out.text("text", label.text, attributes)
    }
  }

  /// The legend: swatches and texts.
  static func writeLegend(_ layout: PianoRollLayout, _ out: inout SVGOutput) {
    out.line("<g class=\"legend\">")
    for entry in layout.legend {
      var textX = entry.x
      if let color = entry.color {
        out.element(
          "rect",
          [
            ("class", "swatch"), ("x", XMLText.number(entry.x)), ("y", XMLText.number(entry.y - 9)),
            ("width", "10"), ("height", "10"), ("stroke", "#555555"), ("stroke-width", "0.5"),
          ], fill: color)
        textX += 14
      }
      out.text(
        "text", entry.text,
        [
          ("class", "legend"), ("x", XMLText.number(textX)), ("y", XMLText.number(entry.y)),
          ("fill", "#333333"),
        ])
    }
    out.line("</g>")
  }
}

extension PianoRollLayout {
  /// The layout as an SVG document (see ``SVGWriter``).
  public var svg: String { SVGWriter.document(self) }
}

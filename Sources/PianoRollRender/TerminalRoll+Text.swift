extension TerminalRoll {
  /// The escape that ends every colour.
  static let reset = "\u{1B}[0m"
  /// The escape for grid marks (dim grey).
  static let gridColor = "\u{1B}[90m"

  /// The roll as lines of text, none wider than ``width`` columns: a title line, the bar
  /// numbers, one line a key, and a footer when notes are hidden (or, coloured by track, a
  /// legend).
  /// - Parameter colored: Write ANSI colours (24-bit for notes) — for a terminal only.
  public func lines(colored: Bool) -> [String] {
    var lines: [String] = []
    let first = bars.lowerBound + 1
    let last = bars.upperBound + 1
    let span = first == last ? "bar \(first)" : "bars \(first)–\(last)"
    let summary = "\(span) of \(barCount), column = \(columnDescription)"
    lines.append(Self.fitted((title.map { "\($0): " } ?? "") + summary, width: width))

    var header = [Character](repeating: " ", count: Self.nameWidth + columnCount + 1)
    var nextFree = 0
    for (bar, column) in zip(bars, barColumns) where (bar - bars.lowerBound) % barStride == 0 {
      let text = Array(String(bar + 1))
      let start = Self.nameWidth + column
      guard start >= nextFree, start + text.count <= header.count else { continue }
      header.replaceSubrange(start..<start + text.count, with: text)
      nextFree = start + text.count + 1
    }
    lines.append(String(header).trimmingTrailingSpaces())

    for row in rows {
      var line = ""
      let name = row.name.padding(toLength: Self.nameWidth - 1) + (row.isHighlighted ? "*" : " ")
      if colored {
        let style = row.isHighlighted ? "\u{1B}[33m" : row.isBlackKey ? "\u{1B}[2m" : ""
        line += style.isEmpty ? name : style + name + Self.reset
      } else {
        line += name
      }
      var current: String? = nil
      for cell in row.cells + [.barLine] {
        if colored && cell != .empty {
          // A space looks the same in any colour: keep the current one.
          let wanted = cell.color.map(Self.foreground) ?? Self.gridColor
          if wanted != current {
            line += wanted
            current = wanted
          }
        }
        line.append(cell.character)
      }
      if colored && current != nil { line += Self.reset }
      lines.append(colored ? line : line.trimmingTrailingSpaces())
    }

    if hiddenNoteCount > 0 {
      lines.append(Self.fitted("\(hiddenNoteCount) note(s) outside the rows shown", width: width))
    }
    if colored && trackColors.count > 1 {
      var legend = ""
      var used = 0
      for track in trackColors {
        let item = "█ " + track.name
        guard used + item.count + 2 <= width else { break }
        legend += (used == 0 ? "" : "  ") + Self.foreground(track.color) + "█" + Self.reset + " " + track.name
        used += item.count + (used == 0 ? 0 : 2)
      }
      lines.append(legend)
    }
    return lines
  }

  /// The roll as text: ``lines(colored:)`` joined, with a final line feed.
  public func text(colored: Bool) -> String {
    lines(colored: colored).joined(separator: "\n") + "\n"
  }

  /// The ANSI escape for a 24-bit text colour.
  static func foreground(_ color: RGBColor) -> String {
    "\u{1B}[38;2;\(color.red);\(color.green);\(color.blue)m"
  }

  /// A line cut to `width` characters, ending in `…` when cut.
  static func fitted(_ text: String, width: Int) -> String {
    text.count <= width ? text : String(text.prefix(max(0, width - 1))) + "…"
  }
}

extension String {
  /// The string padded with spaces to `length` characters (unchanged when longer).
  func padding(toLength length: Int) -> String {
    count >= length ? self : self + String(repeating: " ", count: length - count)
  }

  /// The string without spaces at its end.
  func trimmingTrailingSpaces() -> String {
    var text = Substring(self)
    while text.last == " " { text.removeLast() }
    return String(text)
  }
}

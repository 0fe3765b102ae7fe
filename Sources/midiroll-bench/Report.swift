import Foundation

/// Prints a table of measurements: tool, files, MB, passes, ms/file, MB/s and the speed
/// relative to the first row (midiroll's reader).
struct Report {
  /// The heading above the table.
  var heading: String
  /// The rows; the first is the baseline of the ratio column.
  var rows: [Measurement] = []
  /// Lines printed under the table (skipped tools, notes).
  var notes: [String] = []

  /// Adds the rows of another round: a tool already in the table gets the new passes beside its
  /// own (its best pass still counts), a new tool a row of its own.
  mutating func merge(_ round: [Measurement]) {
    for row in round {
      if let index = rows.firstIndex(where: { $0.tool == row.tool }) {
        rows[index].passSeconds += row.passSeconds
        rows[index].passCPUSeconds += row.passCPUSeconds
      } else {
        rows.append(row)
      }
    }
  }

  /// The table as text.
  var text: String {
    var lines = [heading]
    let header = ["tool", "files", "MB", "passes", "ms/file", "MB/s", "CPU MB/s", "vs midiroll", "output"]
    var cells = [header]
    let baseline = rows.first?.megabytesPerSecond ?? .nan
    for row in rows {
      cells.append([
        row.tool, "\(row.files)", format(Double(row.bytes) / 1_000_000, 2), "\(row.passSeconds.count)",
        format(row.millisecondsPerFile, 3), format(row.megabytesPerSecond, 1),
        format(row.megabytesPerCPUSecond, 1), format(row.megabytesPerSecond / baseline, 3) + "×", row.output,
      ])
    }
    lines += tableLines(cells, lastLeftAligned: true)
    lines += notes.map { "  note: \($0)" }
    return lines.joined(separator: "\n")
  }
}

/// The lines of a table, each indented two spaces: `cells[0]` is the header, underlined; the
/// first column (and the last, when `lastLeftAligned`) is aligned left, the others right.
func tableLines(_ cells: [[String]], lastLeftAligned: Bool) -> [String] {
  guard let header = cells.first else { return [] }
  let widths = header.indices.map { column in cells.map { $0[column].count }.max() ?? 0 }
  var lines: [String] = []
  for (index, row) in cells.enumerated() {
    let line = row.enumerated().map { column, cell in
      column == 0 || (lastLeftAligned && column == row.count - 1)
        ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
        : String(repeating: " ", count: widths[column] - cell.count) + cell
    }.joined(separator: "  ")
    lines.append("  " + line.trimmingCharacters(in: .whitespaces))
    if index == 0 {
      lines.append("  " + String(repeating: "-", count: widths.reduce(0, +) + 2 * (header.count - 1)))
    }
  }
  return lines
}

/// A number with a fixed count of decimals.
func format(_ value: Double, _ decimals: Int) -> String {
  value.isFinite ? String(format: "%.\(decimals)f", value) : "-"
}

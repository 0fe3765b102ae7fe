import JSON
import SongStatistics

/// What a batch's reports say of its dataset, from the statistics of each input's latest line
/// (`batch --stats`): histograms of notes per file, seconds, tempo, pitch range and each of
/// muspy's metrics, and counts of meters, keys and instrument families. The report's JSON
/// summary carries it as its `stats` member; the report page draws it.
struct DatasetSummary: Sendable {
  /// Equal-width bins over the values' range.
  struct Histogram: Sendable {
    /// The JSON name (`notes`, a metric's name, …).
    var name: String
    /// What it counts, for people.
    var title: String
    /// The smallest and largest value, or `nil` without values.
    var range: ClosedRange<Double>?
    /// How many values fall in each bin (the last bin is closed).
    var bins: [Int]
    /// Files with a value.
    var count: Int
    /// Files without one (muspy gave NaN, raised, or refused the file).
    var missing: Int

    /// How many bins a histogram has (1 when every value is the same).
    static let binCount = 20

    init(name: String, title: String, values: [Double?]) {
      self.name = name
      self.title = title
      let present = values.compactMap { $0 }
      count = present.count
      missing = values.count - present.count
      guard let low = present.min(), let high = present.max() else {
        range = nil
        bins = []
        return
      }
      range = low...high
      let binCount = high > low ? Self.binCount : 1
      bins = [Int](repeating: 0, count: binCount)
      for value in present {
        let index = high > low ? Int((value - low) / (high - low) * Double(binCount)) : 0
        bins[min(binCount - 1, index)] += 1
      }
    }
  }

  /// Files with statistics.
  var files = 0
  /// Files muspy refuses (no metrics).
  var muspyRefused = 0
  /// The histograms, in the order the page shows them.
  var histograms: [Histogram] = []
  /// Files per meter, per key (`none stated` for none), and notes per instrument family, the
  /// largest first.
  var meters: [(name: String, count: Int)] = []
  var keys: [(name: String, count: Int)] = []
  var instruments: [(name: String, count: Int)] = []

  /// The summary of the statistics of each input (its latest line's), in any order.
  init(_ lines: [StatsLine]) {
    files = lines.count
    muspyRefused = lines.filter { $0.metrics == nil }.count
    histograms = [
      Histogram(name: "notes", title: "notes per file", values: lines.map { Double($0.notes) }),
      Histogram(name: "seconds", title: "length in seconds", values: lines.map(\.seconds)),
      Histogram(name: "bars", title: "bars", values: lines.map { Double($0.bars) }),
      Histogram(
        name: "tempo", title: "tempo (BPM, the fastest of each file)", values: lines.map(\.tempo.max)),
      Histogram(
        name: "pitchRange", title: "pitch range (semitones, highest − lowest note)",
        values: lines.map { $0.pitchRange.map { Double($0.high - $0.low) } }),
    ]
    for name in MuspyMetrics.names {
      histograms.append(
        Histogram(name: name, title: "muspy \(name)", values: lines.map { $0.metrics?[name] ?? nil }))
    }
    var meterCounts: [String: Int] = [:]
    var keyCounts: [String: Int] = [:]
    var familyNotes: [String: Int] = [:]
    for line in lines {
      for meter in Set(line.meters) { meterCounts[meter, default: 0] += 1 }
      for key in Set(line.keys.isEmpty ? ["none stated"] : line.keys) { keyCounts[key, default: 0] += 1 }
      for (family, notes) in line.instruments { familyNotes[family, default: 0] += notes }
    }
    func ordered(_ counts: [String: Int]) -> [(name: String, count: Int)] {
      counts.map { (name: $0.key, count: $0.value) }.sorted { ($1.count, $0.name) < ($0.count, $1.name) }
    }
    meters = ordered(meterCounts)
    keys = ordered(keyCounts)
    instruments = ordered(familyNotes)
  }

  /// The summary as one JSON object.
  var json: String {
    var out = JSONWriter()
    out.raw("{\"files\": ", integer: files)
    out.raw(", \"muspyRefused\": ", integer: muspyRefused)
    Self.writeNamedObjects("histograms", histograms, name: { $0.name }, to: &out) { histogram, out in
      out.raw(", \"title\": ", string: histogram.title)
      if let range = histogram.range {
        out.raw(", \"min\": ", double: range.lowerBound)
        out.raw(", \"max\": ", double: range.upperBound)
      } else {
        out.raw(", \"min\": null, \"max\": null")
      }
      out.raw(", \"bins\": [")
      for (bin, count) in histogram.bins.enumerated() {
        if bin > 0 { out.raw(", ") }
        out.rawInteger(count)
      }
      out.raw("], \"count\": ", integer: histogram.count)
      out.raw(", \"missing\": ", integer: histogram.missing)
    }
    for (key, counts, unit) in [
      ("meters", meters, "files"), ("keys", keys, "files"), ("instruments", instruments, "notes"),
    ] {
      Self.writeNamedObjects(key, counts, name: { $0.name }, to: &out) { entry, out in
        out.raw(unit == "files" ? ", \"files\": " : ", \"notes\": ")
        out.rawInteger(entry.count)
      }
    }
    out.raw("}")
    return String(decoding: out.collectedBytes(), as: UTF8.self)
  }

  /// Writes the member `, "key": [{"name": …, …}, …]`: one object an item, opening with its
  /// name, its other members written by `members`.
  private static func writeNamedObjects<Item>(
    _ key: String, _ items: [Item], name: (Item) -> String, to out: inout JSONWriter,
    members: (Item, inout JSONWriter) -> Void
  ) {
    out.raw(", ", string: key)
    out.raw(": [")
    for (index, item) in items.enumerated() {
      out.raw(index == 0 ? "{\"name\": " : ", {\"name\": ")
      out.rawString(name(item))
      members(item, &out)
      out.raw("}")
    }
    out.raw("]")
  }
}

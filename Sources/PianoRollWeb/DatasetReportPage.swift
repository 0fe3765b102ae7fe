/// The report of a dataset as one self-contained HTML page: the summary `midiroll report
/// --json` prints, embedded as it is, drawn by the page's own CSS and JavaScript (sources in
/// `Sources/PianoRollWeb/Page`: `report.html`, `report.css`, `report.js`) as tables (totals,
/// failures by reason, duplicate groups) and SVG bar charts (the histograms and counts of its
/// `stats`), each bar carrying its count. Nothing is loaded from the network.
public struct DatasetReportPage: Sendable {
  /// The summary, a JSON object as `midiroll report --json` prints it.
  public var reportJSON: [UInt8]

  /// A page for the summary `reportJSON`.
  public init(reportJSON: [UInt8]) { self.reportJSON = reportJSON }

  /// The page as UTF-8 bytes.
  public func html() -> [UInt8] {
    PianoRollPage.fill(
      WebPageSources.files["report.html"] ?? "", capacity: reportJSON.count + 32 * 1024,
      [
        ("/* midiroll:style */", { $0.append(contentsOf: (WebPageSources.files["report.css"] ?? "").utf8) }),
        ("/* midiroll:report */", { PianoRollPage.appendScriptData(reportJSON, to: &$0) }),
        ("/* midiroll:script */", { $0.append(contentsOf: (WebPageSources.files["report.js"] ?? "").utf8) }),
      ])
  }
}

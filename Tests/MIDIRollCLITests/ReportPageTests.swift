import Foundation
import TestSupport
import Testing

/// `midiroll report OUT --html PAGE.html` opened in headless Chromium through Selenium
/// (`Tests/Browser/dataset_report_page.py`): no console error, no request, every chart drawn,
/// and every number it draws equal to `midiroll report --json`.
@Suite(.tags(.judge), .tiered, .requires(.python)) struct ReportPageTests {
  @Test func pageDrawsWhatReportJSONSays() throws {
    try #require(Python.executable != nil, "run `make venv`")
    let folders = try BatchFolders()
    defer { folders.remove() }
    for path in RealFiles.debianFiles.prefix(12) + RealFiles.samples {
      try FileManager.default.copyItem(
        atPath: path, toPath: folders.input.appendingPathComponent((path as NSString).lastPathComponent).path)
    }
    let first = try #require(RealFiles.samples.first)
    try FileManager.default.copyItem(
      atPath: first, toPath: folders.input.appendingPathComponent("z-copy.mid").path)
    try folders.write(Array("broken".utf8), at: "broken.mid")
    let batch = try runMIDIRoll([
      "batch", folders.input.path, folders.output.path, "--to", "mid", "--dedup", "--stats", "-q",
    ])
    #expect(batch.status == 1, "\(batch.stderr)")
    let page = folders.root.appendingPathComponent("report.html").path
    let report = try runMIDIRoll(["report", folders.output.path, "--json", "--html", page])
    #expect(report.status == 1, "a failure: exit 1, the page written all the same")
    let summary = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout)) as? [String: Any])
    let stats = try #require(summary["stats"] as? [String: Any])

    let run = try Subprocess.run(
      try #require(Python.executable),
      [RealFiles.packageRoot.appendingPathComponent("Tests/Browser/dataset_report_page.py").path, page],
      mergingStandardError: false)
    #expect(run.status == 0, "\(run.output)")
    let shown = try #require(try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any])
    #expect((shown["errors"] as? [String])?.isEmpty == true, "\(shown["errors"] ?? "")")
    #expect((shown["requests"] as? [String])?.isEmpty == true, "the page loads nothing")

    let totals = try #require(shown["totals"] as? [String: Int])
    for name in ["inputs", "ok", "failed", "skipped", "duplicates", "missing"] {
      #expect(totals[name] == summary[name] as? Int, "\(name)")
    }
    #expect(totals["duplicates"] == 1 && totals["failed"] == 1)
    #expect(totals["with statistics"] == stats["files"] as? Int)
    let failures = try #require(summary["failures"] as? [[String: Any]])
    #expect(shown["failures"] as? [Int] == failures.map { $0["count"] as? Int ?? -1 })
    let groups = try #require(summary["duplicateGroups"] as? [[String: Any]])
    let drawnGroups = try #require(shown["duplicates"] as? [[String: Any]])
    #expect(drawnGroups.map { $0["kept"] as? String } == groups.map { $0["kept"] as? String })

    let charts = try #require(shown["charts"] as? [[String: Any]])
    let histograms = try #require(stats["histograms"] as? [[String: Any]])
    #expect(histograms.count == 5 + 13)
    #expect(charts.count == histograms.count + 3, "every histogram and the three counts drawn")
    for histogram in histograms {
      let name = try #require(histogram["name"] as? String)
      let chart = try #require(charts.first { $0["name"] as? String == name }, "\(name) drawn")
      #expect(chart["counts"] as? [Int] == histogram["bins"] as? [Int], "\(name)")
      #expect(chart["visible"] as? Bool == true)
      // A bar's height follows its count: the tallest bar is the largest count.
      let heights = try #require(chart["heights"] as? [Double])
      let counts = try #require(chart["counts"] as? [Int])
      if let largest = counts.max(), largest > 0, let index = counts.firstIndex(of: largest) {
        #expect(heights[index] == heights.max())
      }
    }
    for (name, unit) in [("meters", "files"), ("keys", "files"), ("instruments", "notes")] {
      let entries = try #require(stats[name] as? [[String: Any]])
      let chart = try #require(charts.first { $0["name"] as? String == name })
      #expect(chart["counts"] as? [Int] == entries.prefix(16).map { $0[unit] as? Int ?? -1 }, "\(name)")
      #expect(
        chart["names"] as? [String] == entries.prefix(16).map { $0["name"] as? String ?? "" }, "\(name)")
    }
  }
}

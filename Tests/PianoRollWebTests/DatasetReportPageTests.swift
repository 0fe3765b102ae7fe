import Testing

@testable import PianoRollWeb

/// The dataset report page as bytes: self-contained, every part in place, the summary embedded
/// as it is with `<` escaped; the piano-roll page does not carry the report's script.
@Suite struct DatasetReportPageTests {
  static let summary =
    #"{"inputs": 2, "ok": 1, "failed": 1, "failures": [{"reason": "</script><b>", "count": 1, "examples": ["a.mid"]}]}"#

  @Test func everyMarkerIsReplacedAndNothingLoadsFromOutside() throws {
    let page = String(decoding: DatasetReportPage(reportJSON: Array(Self.summary.utf8)).html(), as: UTF8.self)
    #expect(!page.contains("/* midiroll:"))
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    #expect(page.contains(try #require(WebPageSources.files["report.js"])))
    #expect(page.contains(try #require(WebPageSources.files["report.css"])))
    let lowered = page.lowercased()
    // (The SVG namespace, http://www.w3.org/2000/svg, is a name, not a request.)
    for reference in ["https://", "src=", "<link", "@import", "fetch(", "xmlhttprequest"] {
      #expect(!lowered.contains(reference), "the page refers to \(reference)")
    }
  }

  @Test func theSummaryIsEmbeddedWithLessThanSignsEscaped() throws {
    let page = String(decoding: DatasetReportPage(reportJSON: Array(Self.summary.utf8)).html(), as: UTF8.self)
    #expect(page.contains(Self.summary.replacingOccurrences(of: "<", with: "\\u003c")))
    #expect(!page.contains("</script><b>"))
  }

  @Test func thePianoRollPageLeavesTheReportOut() throws {
    let report = try #require(WebPageSources.files["report.js"])
    #expect(!PianoRollPage.scriptOrder.contains("report.js"))
    #expect(!report.isEmpty)
  }
}

import Foundation
import Testing

/// The tags that sort the suites into tiers. `make check`, the fast tier, leaves out every suite
/// and test that carries one of them; `make test` runs them all. A tagged suite also carries
/// ``TierSelection`` (`.tiered`), which reads its tags when it runs.
extension Tag {
  /// Values judged by a reference tool run as a process of its own (MidiTok, muspy, symusic,
  /// mido, pypianoroll in the Python virtual environment).
  @Tag public static var judge: Self
  /// A real browser (headless Chromium) loads and drives a page.
  @Tag public static var browser: Self
  /// The `midiroll` binary is run as a process over whole corpora (the real files, the corpus,
  /// their mutants).
  @Tag public static var corpus: Self
  /// Long for another reason: large inputs, many iterations, waiting on signals or deadlines.
  @Tag public static var slow: Self
}

/// Leaves a tagged test out of a tier: where `MIDIROLL_SKIP_TAGS` names one of its tags (`make
/// check` sets `judge,browser,corpus,slow`), the test is cancelled before it runs, which Swift
/// Testing reports as skipped, with the tag that left it out; otherwise it runs. (Swift 6.3's
/// `swift test` has no selection by tag: `--skip` takes test names.)
public struct TierSelection: SuiteTrait, TestTrait, TestScoping {
  /// The tags the environment leaves out (`MIDIROLL_SKIP_TAGS`, comma-separated names).
  public static let skippedTags: Set<String> = Set(
    (ProcessInfo.processInfo.environment["MIDIROLL_SKIP_TAGS"] ?? "").split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    })

  /// Every test of a tagged suite is selected on its own.
  public var isRecursive: Bool { true }

  /// Runs the test unless one of its tags is left out.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let names = test.tags.map { "\($0)".replacingOccurrences(of: ".", with: "") }
    if !test.isSuite, let tag = names.sorted().first(where: Self.skippedTags.contains) {
      try Test.cancel(Comment(rawValue: "left out of this tier (\(tag)): make test runs it"))
    }
    try await function()
  }
}

extension Trait where Self == TierSelection {
  /// Selects the suite's tests by their tags (``TierSelection``).
  public static var tiered: Self { TierSelection() }
}

/// A program or data a suite needs beside midiroll: where one is missing, `make check` skips the
/// suite saying which is missing and how to install it, and `make test` (which sets
/// `MIDIROLL_REQUIRE_TOOLS`) fails it with the same words instead of letting it fail on the way.
public enum ReferenceTool: Sendable, CaseIterable {
  /// The Python virtual environment of `make venv` (numpy, symusic, mido, pypianoroll, MidiTok).
  case python
  /// muspy 0.5's virtual environment (`make venv-muspy`).
  case muspy
  /// Headless Chromium and its WebDriver (with selenium in the virtual environment).
  case chromium
  /// The MIDI files of the Debian packages openttd-openmsx and planetblupi-music-midi.
  case realFiles
  /// Debian's `midicsv`.
  case midicsv
  /// librsvg's `rsvg-convert`.
  case rsvgConvert

  /// Whether the tool is on this machine.
  public var isAvailable: Bool {
    switch self {
    case .python: Python.executable != nil
    case .muspy: Python.muspyExecutable != nil
    case .chromium:
      Python.executable != nil
        && ["/usr/bin/chromium", "/usr/bin/chromedriver"].allSatisfy(FileManager.default.isExecutableFile)
    case .realFiles: RealFiles.debianFiles.count == 41
    case .midicsv: Subprocess.exists("midicsv")
    case .rsvgConvert: Subprocess.exists("rsvg-convert")
    }
  }

  /// What is missing and how to get it, in words.
  public var missing: String {
    switch self {
    case .python: "the Python virtual environment .build/venv is missing (make venv)"
    case .muspy: "muspy's virtual environment .build/venv-muspy is missing (make venv-muspy)"
    case .chromium:
      "Chromium or its WebDriver is missing (apt-get install chromium chromium-driver; make venv)"
    case .realFiles:
      "the real MIDI files are missing (apt-get install openttd-openmsx planetblupi-music-midi)"
    case .midicsv: "midicsv is missing (apt-get install midicsv)"
    case .rsvgConvert: "rsvg-convert is missing (apt-get install librsvg2-bin)"
    }
  }

  /// Whether a missing tool fails the suite instead of skipping it: `make test` sets
  /// `MIDIROLL_REQUIRE_TOOLS=1`.
  public static let everyToolRequired = ProcessInfo.processInfo.environment["MIDIROLL_REQUIRE_TOOLS"] != nil
}

/// The reference tools a suite or test needs (``ReferenceTool``): where one is missing, the test
/// is skipped saying so (`make check`), or fails saying so (`make test`), before its body runs.
public struct ToolRequirement: SuiteTrait, TestTrait, TestScoping {
  /// The tools needed.
  public var tools: [ReferenceTool]

  /// Every test of the suite is checked on its own.
  public var isRecursive: Bool { true }

  /// Runs the test where every tool is on this machine.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let missing = tools.filter { !$0.isAvailable }.map(\.missing).joined(separator: "; ")
    if !test.isSuite, !missing.isEmpty {
      if ReferenceTool.everyToolRequired {
        Issue.record(Comment(rawValue: missing))
        return
      }
      try Test.cancel(Comment(rawValue: "skipped: " + missing))
    }
    try await function()
  }
}

extension Trait where Self == ToolRequirement {
  /// Runs the suite or test only where every tool it names is on this machine (``ToolRequirement``).
  public static func requires(_ tools: ReferenceTool...) -> Self { ToolRequirement(tools: tools) }
}

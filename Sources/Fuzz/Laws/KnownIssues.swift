/// Broken laws already found, reported, and waiting for a fix outside the code under test
/// here, so that the fuzz targets look for new findings instead of stopping at these, and the
/// tests mark them as known issues (with `withKnownIssue`) instead of failing.
///
/// Each entry matches the violation's detail; remove it when the fix lands (the tests then
/// show the known issue as no longer recorded).
public enum KnownIssues {
  /// A known issue: what is wrong, and how to recognise its violations.
  public struct Issue: Sendable {
    /// What is wrong, for a person.
    public var summary: String
    /// Every one of these appears in the violation's detail.
    public var markers: [String]
  }

  /// The known issues.
  public static let all: [Issue] = [
    Issue(
      summary:
        "PianoRoll JSON writes an unknown chunk of type MThd (a second header chunk, which the "
        + "SMF reader keeps as an unknown chunk) that its reader then refuses",
      markers: ["unknownChunks[", "\"MThd\" is not allowed here"]),
    Issue(
      summary:
        "PianoRoll JSON writes absolute ticks past 0x0FFFFFFF (the largest delta-time, not the "
        + "largest tick: a few long deltas go past it) that its reader then refuses",
      markers: [".tick: ", "is out of range (expected an integer 0…268435455)"]),
    Issue(
      summary:
        "PianoRoll JSON writes a key signature with sharps outside -7…7 in its readable form "
        + "(instead of raw bytes) that its reader then refuses",
      markers: [".sharps: ", "is out of range (expected an integer -7…7)"]),
  ]

  /// The known issue a violation is an instance of, if any.
  public static func issue(for violation: LawViolation) -> Issue? {
    all.first { issue in issue.markers.allSatisfy { violation.detail.contains($0) } }
  }
}

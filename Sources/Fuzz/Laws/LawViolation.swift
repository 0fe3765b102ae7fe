/// An input that made a reader break one of its laws: what the fuzz targets report as a
/// finding and the hostile-input tests fail on.
public struct LawViolation: Error, Hashable, Sendable, CustomStringConvertible {
  /// The law, in a few words (`rewritten file reads back equal`).
  public var law: String
  /// What happened instead.
  public var detail: String

  /// Creates a violation.
  public init(_ law: String, _ detail: String) {
    self.law = law
    self.detail = detail
  }

  /// `law: detail`.
  public var description: String { "\(law): \(detail)" }
}

/// Which allowed pitch a note outside a key set moves to.
public enum SnapDirection: String, Hashable, Sendable, CaseIterable {
  /// The nearest allowed pitch; between two equally near, the lower one.
  case nearest
  /// The nearest allowed pitch above.
  case up
  /// The nearest allowed pitch below.
  case down
}

/// What an `.npz` output holds.
public enum NPZContent: String, Hashable, Sendable, CaseIterable {
  /// pypianoroll's piano-roll matrices (`pypianoroll.load` reads them).
  case matrix
  /// Note columns per track (`numpy.load` reads them).
  case notes
}

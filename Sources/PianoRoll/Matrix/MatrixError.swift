/// Why a song could not be turned into piano-roll matrices.
public enum MatrixError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The matrices would have more steps than allowed (a very long song or a fine grid).
  case tooManySteps(steps: Int, limit: Int)
  /// The matrices would have more non-zero cells than allowed.
  case tooManyCells(limit: Int)
  /// A step count per quarter outside 1…``MatrixOptions/maximumResolution``.
  case badResolution(Int)

  /// One line saying what went wrong.
  public var description: String {
    switch self {
    case .tooManySteps(let steps, let limit):
      "the piano roll would have \(steps) time steps, more than the limit of \(limit)"
    case .tooManyCells(let limit):
      "the piano roll would have more than \(limit) sounding cells"
    case .badResolution(let value):
      "resolution \(value): expected 1 to \(MatrixOptions.maximumResolution) steps per quarter note"
    }
  }
}

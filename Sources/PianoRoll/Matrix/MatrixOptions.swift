/// How a song becomes piano-roll matrices.
public struct MatrixOptions: Hashable, Sendable {
  /// The largest ``StepGrid/perQuarter(_:)`` accepted.
  public static let maximumResolution = 3840
  /// The default limit on time steps: 2^22 (about 48 hours at 24 steps per quarter, 120 BPM).
  public static let defaultMaximumSteps = 1 << 22
  /// The default limit on non-zero cells of all tracks together: 2^26 (320 MiB as arrays).
  public static let defaultMaximumCells = 1 << 26

  /// How time is divided into steps.
  public var steps: StepGrid
  /// One matrix for all notes instead of one per track and channel.
  public var merge: Bool
  /// Refuse songs that need more steps than this.
  public var maximumSteps: Int
  /// Refuse songs whose matrices have more non-zero cells than this.
  public var maximumCells: Int

  /// Creates options.
  public init(
    steps: StepGrid = .pypianorollDefault, merge: Bool = false,
    maximumSteps: Int = MatrixOptions.defaultMaximumSteps,
    maximumCells: Int = MatrixOptions.defaultMaximumCells
  ) {
    self.steps = steps
    self.merge = merge
    self.maximumSteps = maximumSteps
    self.maximumCells = maximumCells
  }
}

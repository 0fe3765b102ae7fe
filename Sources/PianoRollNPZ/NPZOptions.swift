import PianoRoll

/// Everything that decides the bytes of an `.npz` output.
public struct NPZOptions: Hashable, Sendable {
  /// Matrices or note columns.
  public var content: NPZContent
  /// Steps, merging and limits of the matrices.
  public var matrix: MatrixOptions
  /// Matrices of booleans (`|b1`) instead of velocities (`|u1`).
  public var binary: Bool
  /// DEFLATE members (`numpy.savez_compressed`), or STORED ones (`numpy.savez`).
  public var compressed: Bool

  /// Creates options; the defaults are pypianoroll's (`save` compresses, 24 steps per quarter).
  public init(
    content: NPZContent = .matrix, matrix: MatrixOptions = MatrixOptions(), binary: Bool = false,
    compressed: Bool = true
  ) {
    self.content = content
    self.matrix = matrix
    self.binary = binary
    self.compressed = compressed
  }
}

import NPZ
import PianoRoll

/// Why a song could not be written as `.npz`.
public enum NPZExportError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The song does not fit the matrices' limits.
  case matrix(MatrixError)
  /// The archive could not be built.
  case archive(NPZError)

  /// One line saying what went wrong.
  public var description: String {
    switch self {
    case .matrix(let error): error.description
    case .archive(let error): error.description
    }
  }
}

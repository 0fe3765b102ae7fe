/// The element types an NPY array of this writer holds, each with numpy's `descr` string.
public enum NPYDataType: String, Hashable, Sendable, CaseIterable {
  /// Booleans, one byte each (`numpy.bool_`).
  case bool = "|b1"
  /// Unsigned bytes (`numpy.uint8`).
  case uint8 = "|u1"
  /// Little-endian 32-bit signed integers (`numpy.int32`).
  case int32 = "<i4"
  /// Little-endian 64-bit signed integers (`numpy.int64`).
  case int64 = "<i8"
  /// Little-endian IEEE 754 doubles (`numpy.float64`).
  case float64 = "<f8"

  /// Bytes per element.
  public var size: Int {
    switch self {
    case .bool, .uint8: 1
    case .int32: 4
    case .int64, .float64: 8
    }
  }
}

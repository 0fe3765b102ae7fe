/// A numpy array as an NPY 1.0 file stores it: element type, shape (C order) and the elements'
/// little-endian bytes.
///
/// Build one with the typed initializers (``init(bools:)``, ``init(uint8:)``, ``init(int32:)``,
/// ``init(int64:)``, ``init(float64:)``, ``init(int64:shape:)``); ``npyBytes`` is the file
/// `numpy.save` would write for it.
public struct NPYArray: Hashable, Sendable {
  /// The element type.
  public let dataType: NPYDataType
  /// The length of each dimension (empty for a scalar).
  public let shape: [Int]
  /// The elements, little-endian, in C order.
  public let data: [UInt8]

  /// An array from raw little-endian bytes.
  /// - Precondition: `data.count` is the product of `shape` times the element size.
  public init(dataType: NPYDataType, shape: [Int], data: [UInt8]) {
    precondition(
      data.count == shape.reduce(1, *) * dataType.size, "the bytes do not fill the shape")
    self.dataType = dataType
    self.shape = shape
    self.data = data
  }

  /// A one-dimensional array of booleans.
  public init(bools: [Bool]) {
    self.init(dataType: .bool, shape: [bools.count], data: bools.map { $0 ? 1 : 0 })
  }

  /// A one-dimensional array of bytes.
  public init(uint8 values: [UInt8]) {
    self.init(dataType: .uint8, shape: [values.count], data: values)
  }

  /// A one-dimensional array of 32-bit integers.
  public init(int32 values: [Int32]) {
    self.init(dataType: .int32, shape: [values.count], data: Self.littleEndian(values))
  }

  /// A one-dimensional array of 64-bit integers.
  public init(int64 values: [Int]) {
    self.init(int64: values, shape: [values.count])
  }

  /// An array of 64-bit integers of any shape.
  /// - Precondition: `values.count` is the product of `shape`.
  public init(int64 values: [Int], shape: [Int]) {
    self.init(dataType: .int64, shape: shape, data: Self.littleEndian(values.map(Int64.init)))
  }

  /// A one-dimensional array of doubles.
  public init(float64 values: [Double]) {
    self.init(dataType: .float64, shape: [values.count], data: Self.littleEndian(values.map(\.bitPattern)))
  }

  /// The bytes of fixed-width integers, little-endian, one after another.
  static func littleEndian<T: FixedWidthInteger>(_ values: [T]) -> [UInt8] {
    let size = MemoryLayout<T>.size
    var bytes = [UInt8](repeating: 0, count: values.count * size)
    bytes.withUnsafeMutableBytes { target in
      for (index, value) in values.enumerated() {
        target.storeBytes(of: value.littleEndian, toByteOffset: index * size, as: T.self)
      }
    }
    return bytes
  }

  /// The NPY header text numpy writes: the dictionary, padded with spaces and ended by a
  /// newline so that the array data starts at a multiple of 64 bytes.
  var header: [UInt8] {
    let shapeText: String
    switch shape.count {
    case 1: shapeText = "(\(shape[0]),)"
    default: shapeText = "(" + shape.map(String.init).joined(separator: ", ") + ")"
    }
    var text = Array(
      "{'descr': '\(dataType.rawValue)', 'fortran_order': False, 'shape': \(shapeText), }".utf8)
    let prefix = 10  // magic (6), version (2), header length (2)
    let total = prefix + text.count + 1
    let padded = (total + 63) / 64 * 64
    text += [UInt8](repeating: 0x20, count: padded - total)
    text.append(0x0A)
    return text
  }

  /// The whole NPY 1.0 file: magic `\x93NUMPY`, version 1.0, header length, header, data.
  public var npyBytes: [UInt8] {
    let header = self.header
    var bytes: [UInt8] = [0x93] + Array("NUMPY".utf8) + [1, 0]
    bytes.reserveCapacity(10 + header.count + data.count)
    bytes.append(UInt8(header.count & 0xFF))
    bytes.append(UInt8(header.count >> 8))
    bytes += header
    bytes += data
    return bytes
  }
}

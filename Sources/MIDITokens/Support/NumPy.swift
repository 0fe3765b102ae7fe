#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The NumPy and Python arithmetic MidiTok builds its bins with, operation for operation, so
/// that every bin is the same `Double` and every tie goes the same way.
enum NumPy {
  /// `np.linspace(start, stop, count)`: `i * step + start`, the last exactly `stop`.
  static func linspace(_ start: Double, _ stop: Double, _ count: Int) -> [Double] {
    guard count > 0 else { return [] }
    guard count > 1 else { return [start] }
    let delta = stop - start
    let step = delta / Double(count - 1)
    var values: [Double]
    if step == 0 {
      values = (0..<count).map { Double($0) / Double(count - 1) * delta + start }
    } else {
      values = (0..<count).map { Double($0) * step + start }
    }
    values[count - 1] = stop
    return values
  }

  /// `np.geomspace(start, stop, count)` for positive bounds: `10 ** linspace(log10(start),
  /// log10(stop))`, the ends exactly `start` and `stop`.
  static func geomspace(_ start: Double, _ stop: Double, _ count: Int) -> [Double] {
    var values = linspace(log10(start), log10(stop), count).map { pow(10, $0) }
    if count > 0 {
      values[0] = start
      values[count - 1] = stop
    }
    return values
  }

  /// `np.round(x, 2)`: `rint(x * 100) / 100`.
  static func roundTwoDecimals(_ value: Double) -> Double {
    (value * 100).rounded(.toNearestOrEven) / 100
  }

  /// Python's `round(x, 2)`: the decimal with two places nearest to the exact value of `x`
  /// (ties to even), as a `Double` (glibc's `%.2f` rounds the exact value).
  static func pythonRoundTwoDecimals(_ value: Double) -> Double {
    var buffer = [CChar](repeating: 0, count: 64)
    let written = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.2f", $0) }
    guard written > 0 && written < buffer.count else { return value }
    let text = String(decoding: buffer.prefix(Int(written)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return Double(text) ?? value
  }

  /// Python's `repr` of a float (the shortest text that reads back; `40.0`, `46.77`).
  static func pythonRepr(_ value: Double) -> String { "\(value)" }

  /// `np_get_closest(array, [value])`: the index of the nearest element of a sorted array,
  /// a tie going to the higher one (`searchsorted` left, then the previous element only when
  /// strictly nearer).
  static func closestIndex(in sorted: [Double], to value: Double) -> Int {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < value { low = middle + 1 } else { high = middle }
    }
    var index = low
    if index == sorted.count {
      index -= 1
    } else if index > 0 && abs(value - sorted[index - 1]) < abs(value - sorted[index]) {
      index -= 1
    }
    return index
  }

  /// Whether an array is in increasing order (ties allowed): `searchsorted` needs it.
  static func isSorted(_ values: [Double]) -> Bool {
    zip(values, values.dropFirst()).allSatisfy { $0 <= $1 }
  }
}

// MARK: - Floating point

/// `exp`, `log` and `digamma` for Double in pure Swift (the standard library has neither without
/// Foundation or Glibc). Table-driven, accurate to about 0.502 ulp: they agree with glibc's (HF's)
/// but for rare last-bit differences.
enum UnigramFloatMath {
  /// 2^(j/128) rounded, j in 0..<128.
  static let exponentialHigh: [Double] = exponentialTable.high
  /// 2^(j/128) minus `exponentialHigh[j]`.
  static let exponentialLow: [Double] = exponentialTable.low
  /// For `log`, per subinterval i of [0.75, 1.5): 1/c (few bits), and -log(1/c) as high and low parts.
  static let logTable: [Double] = makeLogTable()
  /// ln 2 to 42 bits (times an exponent it is exact).
  static let ln2High = Double(bitPattern: (0.6931471805599453).bitPattern & ~UInt64(0x7FF))
  /// ln 2 minus `ln2High`.
  static let ln2Low = DoubleDouble.ln2.adding(-ln2High).high
  /// ln 2 / 128 to 35 bits.
  static let ln2Over128High = Double(
    bitPattern: (0.6931471805599453 / 128).bitPattern & ~UInt64(0x3FFFF))
  /// ln 2 / 128 minus `ln2Over128High`.
  static let ln2Over128Low = DoubleDouble.ln2.multiplied(by: 1.0 / 128).adding(-ln2Over128High).high

  /// Both halves of the exponential table.
  private static let exponentialTable: (high: [Double], low: [Double]) = {
    var high: [Double] = []
    var low: [Double] = []
    for index in 0..<128 {
      let value = DoubleDouble.exponential(DoubleDouble.ln2.multiplied(by: Double(index) / 128))
      high.append(value.high)
      low.append(value.low)
    }
    return (high, low)
  }()

  /// The log table: 3 entries per subinterval (1/c, log c high, log c low).
  private static func makeLogTable() -> [Double] {
    var table: [Double] = []
    for index in 0..<256 {
      let start: Double
      let width: Double
      if index < 128 {
        start = 0.75 + Double(index) * 0x1p-9
        width = 0x1p-9
      } else {
        start = 1.0 + Double(index - 128) * 0x1p-8
        width = 0x1p-8
      }
      if index == 127 || index == 128 {
        table.append(contentsOf: [1.0, 0.0, 0.0])
        continue
      }
      let center = start + width / 2
      // Rounded to 10 fractional bits (positive, so adding a half and truncating rounds it).
      let inverse = Double(Int(1024.0 / center + 0.5)) / 1024.0
      let logCenter = DoubleDouble.logarithm(inverse).negated
      table.append(contentsOf: [inverse, logCenter.high, logCenter.low])
    }
    return table
  }

  /// The fast functions, reading the tables through buffers and the constants from fields (no
  /// lazy-global checks in hot loops). Polynomials are evaluated in Estrin's scheme (short
  /// dependency chains: the E step's sums are chains of `logSumExp`).
  struct Kernel {
    /// `exponentialHigh`.
    let exponentialHigh: UnsafeBufferPointer<Double>
    /// `exponentialLow`.
    let exponentialLow: UnsafeBufferPointer<Double>
    /// `logTable`.
    let logTable: UnsafeBufferPointer<Double>
    /// `ln2High`.
    let ln2High = UnigramFloatMath.ln2High
    /// `ln2Low`.
    let ln2Low = UnigramFloatMath.ln2Low
    /// `ln2Over128High`.
    let ln2Over128High = UnigramFloatMath.ln2Over128High
    /// `ln2Over128Low`.
    let ln2Over128Low = UnigramFloatMath.ln2Over128Low

    /// e^x.
    @inline(__always)
    func exp(_ x: Double) -> Double {
      if !(x.magnitude < 708.0) { return UnigramFloatMath.exponentialOutside(x) }
      // k = round(x * 128 / ln 2): adding 1.5 * 2^52 leaves k in the low bits.
      let roundingShift = 6755399441055744.0
      let shifted = x * 184.66496523378731 + roundingShift
      let k = Int(truncatingIfNeeded: shifted.bitPattern) &- Int(truncatingIfNeeded: roundingShift.bitPattern)
      let kd = shifted - roundingShift
      let r = (x - kd * ln2Over128High) - kd * ln2Over128Low
      let r2 = r * r
      let p =
        r + r2 * (0.5 + r * 0.16666666666666666)
        + (r2 * r2) * ((0.041666666666666664 + r * 0.008333333333333333) + r2 * 0.001388888888888889)
      let index = k & 127
      let high = exponentialHigh[index]
      let value = high + (exponentialLow[index] + high * p)
      return value * Double(bitPattern: UInt64(truncatingIfNeeded: (k >> 7) &+ 1023) << 52)
    }

    /// ln x.
    @inline(__always)
    func log(_ x: Double) -> Double {
      var bits = x.bitPattern
      var exponentAdjust = 0
      if bits &- 0x0010_0000_0000_0000 >= 0x7FE0_0000_0000_0000 {
        if x.isNaN || x < 0 { return Double.nan }
        if x == 0 { return -Double.infinity }
        if x == Double.infinity { return x }
        bits = (x * 0x1p52).bitPattern
        exponentAdjust = -52
      }
      let offsetBits: UInt64 = 0x3FE8_0000_0000_0000  // 0.75
      let shifted = bits &- offsetBits
      let index = Int(truncatingIfNeeded: (shifted >> 44) & 255)
      let k = Int(truncatingIfNeeded: Int64(bitPattern: shifted) >> 52) &+ exponentAdjust
      let z = Double(bitPattern: bits &- (shifted & 0xFFF0_0000_0000_0000))
      let inverse = logTable[3 &* index]
      // r = z * inverse - 1 exactly, as rHigh + rLow (inverse has at most 11 bits).
      let zHigh = Double(bitPattern: z.bitPattern & 0xFFFF_FFFF_F800_0000)
      let t1 = zHigh * inverse - 1.0
      let t2 = (z - zHigh) * inverse
      let rHigh = t1 + t2
      let back = rHigh - t1
      let rLow = (t1 - (rHigh - back)) + (t2 - back)
      let kd = Double(k)
      let a = kd * ln2High
      let logCenterHigh = logTable[3 &* index &+ 1]
      let s1 = a + logCenterHigh
      let e1 = (a - s1) + logCenterHigh
      let s2 = s1 + rHigh
      let e2 = (s1 - s2) + rHigh
      let r = rHigh
      let r2 = r * r
      let r4 = r2 * r2
      let poly =
        (r2 * (-0.5 + r * 0.3333333333333333) + r4 * (-0.25 + r * 0.2))
        + (r4 * r2)
        * ((-0.16666666666666666 + r * 0.14285714285714285)
          + r2 * (-0.125 + r * 0.1111111111111111))
      let low = ((e1 + e2) + (rLow + kd * ln2Low)) + (logTable[3 &* index &+ 2] + poly)
      return s2 + low
    }

    /// HF's `log_sum_exp(x, y, false)`: log(e^x + e^y), or the larger when 50 apart.
    @inline(__always)
    func logSumExp(_ x: Double, _ y: Double) -> Double {
      let xIsLarger = x > y
      let larger = xIsLarger ? x : y
      let smaller = xIsLarger ? y : x
      if larger > smaller + 50.0 { return larger }
      let sum = exp(smaller - larger) + 1.0
      if sum < 1.00390625 {
        // log's subinterval [1 - 2^-9, 1 + 2^-8), where 1/c = 1 and log c = 0: what `log` computes
        // there, without its table and exact-product steps (bit for bit the same).
        let r = sum - 1.0
        let r2 = r * r
        let r4 = r2 * r2
        let poly =
          (r2 * (-0.5 + r * 0.3333333333333333) + r4 * (-0.25 + r * 0.2))
          + (r4 * r2)
          * ((-0.16666666666666666 + r * 0.14285714285714285)
            + r2 * (-0.125 + r * 0.1111111111111111))
        return larger + (r + poly)
      }
      return larger + log(sum)
    }
  }

  /// Runs `body` with a kernel over the tables.
  static func withKernel<Result>(_ body: (Kernel) -> Result) -> Result {
    exponentialHigh.withUnsafeBufferPointer { high in
      exponentialLow.withUnsafeBufferPointer { low in
        logTable.withUnsafeBufferPointer { table in
          body(Kernel(exponentialHigh: high, exponentialLow: low, logTable: table))
        }
      }
    }
  }

  /// e^x.
  static func exp(_ x: Double) -> Double { withKernel { $0.exp(x) } }

  /// ln x.
  static func log(_ x: Double) -> Double { withKernel { $0.log(x) } }

  /// e^x for NaN, infinities and |x| >= 708 (where the result may overflow or be subnormal).
  static func exponentialOutside(_ x: Double) -> Double {
    if x.isNaN { return x }
    if x > 709.782712893384 { return Double.infinity }
    if x < -745.1332191019412 { return 0.0 }
    // Same steps as the kernel, scaling in two factors.
    let kd = (x * 184.66496523378731 + 6755399441055744.0) - 6755399441055744.0
    let k = Int(kd)
    let r = (x - kd * ln2Over128High) - kd * ln2Over128Low
    let r2 = r * r
    let p =
      r + r2
      * (0.5 + r
        * (0.16666666666666666 + r
          * (0.041666666666666664
            + r * (0.008333333333333333 + r * 0.001388888888888889))))
    let index = k & 127
    let high = exponentialHigh[index]
    let value = high + (exponentialLow[index] + high * p)
    let exponent = k >> 7
    let half = exponent / 2
    let first = Double(bitPattern: UInt64(bitPattern: Int64(half + 1023)) << 52)
    let second = Double(bitPattern: UInt64(bitPattern: Int64(exponent - half + 1023)) << 52)
    return value * first * second
  }

  /// HF's `digamma`, with its evaluation order.
  static func digamma(_ input: Double) -> Double {
    var x = input
    var result = 0.0
    while x < 7.0 {
      result -= 1.0 / x
      x += 1.0
    }
    x -= 1.0 / 2.0
    let xx = 1.0 / x
    let xx2 = xx * xx
    let xx4 = xx2 * xx2
    result +=
      log(x) + (1.0 / 24.0) * xx2 - 7.0 / 960.0 * xx4 + (31.0 / 8064.0) * xx4 * xx2
      - (127.0 / 30720.0) * xx4 * xx4
    return result
  }

  /// Rust's saturating `f64 as usize` (NaN and negatives give 0), as an Int.
  static func saturatingInt(_ value: Double) -> Int {
    if !(value > 0) { return 0 }
    if value >= 9.2e18 { return Int.max }
    return Int(value)
  }
}

/// A double-double number (high + low), for building the tables to about 2^-104.
struct DoubleDouble {
  /// The leading part.
  var high: Double
  /// The trailing part, |low| <= ulp(high) / 2.
  var low: Double

  /// ln 2, from the atanh series.
  static let ln2: DoubleDouble = logarithm(2.0)

  /// The negation.
  var negated: DoubleDouble { DoubleDouble(high: -high, low: -low) }

  /// Exact sum of two doubles.
  static func twoSum(_ a: Double, _ b: Double) -> DoubleDouble {
    let sum = a + b
    let back = sum - a
    return DoubleDouble(high: sum, low: (a - (sum - back)) + (b - back))
  }

  /// Exact product of two doubles (Dekker, with Veltkamp's splits; no fused multiply-add, which
  /// would need libm).
  static func twoProduct(_ a: Double, _ b: Double) -> DoubleDouble {
    let product = a * b
    let (aHigh, aLow) = split(a)
    let (bHigh, bLow) = split(b)
    let error = ((aHigh * bHigh - product) + aHigh * bLow + aLow * bHigh) + aLow * bLow
    return DoubleDouble(high: product, low: error)
  }

  /// Veltkamp's split of a double into two halves of at most 26 significant bits.
  static func split(_ value: Double) -> (high: Double, low: Double) {
    let scaled = 134217729.0 * value  // 2^27 + 1
    let high = scaled - (scaled - value)
    return (high, value - high)
  }

  /// Self plus another.
  func adding(_ other: DoubleDouble) -> DoubleDouble {
    let sum = DoubleDouble.twoSum(high, other.high)
    let tail = sum.low + low + other.low
    return DoubleDouble.twoSum(sum.high, tail)
  }

  /// Self plus a double.
  func adding(_ other: Double) -> DoubleDouble { adding(DoubleDouble(high: other, low: 0)) }

  /// Self times another.
  func multiplied(by other: DoubleDouble) -> DoubleDouble {
    let product = DoubleDouble.twoProduct(high, other.high)
    let tail = product.low + (high * other.low + low * other.high)
    return DoubleDouble.twoSum(product.high, tail)
  }

  /// Self times a double.
  func multiplied(by other: Double) -> DoubleDouble {
    multiplied(by: DoubleDouble(high: other, low: 0))
  }

  /// Self divided by another (long division in three steps).
  func divided(by other: DoubleDouble) -> DoubleDouble {
    let first = high / other.high
    var remainder = adding(other.multiplied(by: first).negated)
    let second = remainder.high / other.high
    remainder = remainder.adding(other.multiplied(by: second).negated)
    let third = remainder.high / other.high
    return DoubleDouble.twoSum(first, second).adding(third)
  }

  /// ln y for y in [0.5, 2] via 2 atanh((y - 1) / (y + 1)).
  static func logarithm(_ y: Double) -> DoubleDouble {
    let ratio = DoubleDouble(high: y, low: 0).adding(-1.0)
      .divided(by: DoubleDouble(high: y, low: 0).adding(1.0))
    let square = ratio.multiplied(by: ratio)
    var power = ratio
    var sum = ratio
    for term in 1...60 {
      power = power.multiplied(by: square)
      sum = sum.adding(power.divided(by: DoubleDouble(high: Double(2 * term + 1), low: 0)))
    }
    return sum.multiplied(by: 2.0)
  }

  /// e^t for t in [0, 1] by its Taylor series.
  static func exponential(_ t: DoubleDouble) -> DoubleDouble {
    var term = DoubleDouble(high: 1, low: 0)
    var sum = term
    for index in 1...40 {
      term = term.multiplied(by: t).divided(by: DoubleDouble(high: Double(index), low: 0))
      sum = sum.adding(term)
    }
    return sum
  }
}

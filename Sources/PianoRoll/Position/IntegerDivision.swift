extension Int {
  /// The quotient rounded toward negative infinity and the non-negative remainder.
  ///
  /// - Precondition: `divisor > 0`.
  @inlinable
  func flooredDivision(by divisor: Int) -> (quotient: Int, remainder: Int) {
    let (q, r) = quotientAndRemainder(dividingBy: divisor)
    return r < 0 ? (q - 1, r + divisor) : (q, r)
  }

  /// The quotient rounded toward positive infinity.
  ///
  /// - Precondition: `divisor > 0`.
  @inlinable
  func ceilingDivision(by divisor: Int) -> Int {
    let (q, r) = flooredDivision(by: divisor)
    return r == 0 ? q : q + 1
  }

  /// The sum, held within ±`Int.max / 2` instead of overflowing (for ticks no song reaches).
  func saturatingSum(_ other: Int) -> Int {
    let (sum, overflow) = addingReportingOverflow(other)
    if overflow { return other < 0 ? Int.min / 2 : Int.max / 2 }
    return Swift.max(Int.min / 2, Swift.min(Int.max / 2, sum))
  }

  /// The product, held within ±`Int.max / 2` instead of overflowing.
  func saturatingProduct(_ other: Int) -> Int {
    let (product, overflow) = multipliedReportingOverflow(by: other)
    if overflow { return (self < 0) != (other < 0) ? Int.min / 2 : Int.max / 2 }
    return Swift.max(Int.min / 2, Swift.min(Int.max / 2, product))
  }
}

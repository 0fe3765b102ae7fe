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
}

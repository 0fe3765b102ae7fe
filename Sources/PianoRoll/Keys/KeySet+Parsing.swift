extension KeySet {
  /// Reads a pitch range, `low...high` (or `low..high`), each end a number 0–127 or a note
  /// name with octave: `36...84`, `C2...C6`, `A0...C8`.
  /// - Throws: ``KeyError/badRange(_:)``, ``KeyError/badPitch(_:)``, or
  ///   ``KeyError/upsideDown(_:)`` when `low > high`.
  public init(parsingRange text: String) throws(KeyError) {
    let range = try Self.parseRange(text, error: KeyError.badRange) {
      (end: Substring) throws(KeyError) -> Int in
      guard let pitch = Note.pitch(named: end) else { throw KeyError.badPitch(String(end)) }
      return pitch
    }
    self.init(range: range)
  }

  /// Reads a list of pitches separated by commas (or spaces): `60,64,67`, `C4, E4, G4`.
  /// - Throws: ``KeyError/badPitch(_:)`` for an item that is not a pitch, ``KeyError/empty(_:)``
  ///   for an empty list.
  public init(parsingPitches text: String) throws(KeyError) {
    var pitches: [Int] = []
    for item in text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }) {
      guard let pitch = Note.pitch(named: item) else { throw KeyError.badPitch(String(item)) }
      pitches.append(pitch)
    }
    guard !pitches.isEmpty else { throw KeyError.empty(text) }
    self.init(pitches: pitches)
  }

  /// Reads a range of octaves, `low...high` (or a single octave), each from −1 to 9: `2...6`.
  /// - Throws: ``KeyError/badOctaves(_:)``, or ``KeyError/upsideDown(_:)`` when `low > high`.
  public static func parseOctaves(_ text: String) throws(KeyError) -> ClosedRange<Int> {
    let parse = { (end: Substring) throws(KeyError) -> Int in
      guard let octave = Int(end), (-1...9).contains(octave) else { throw KeyError.badOctaves(text) }
      return octave
    }
    if !text.contains(".") {
      let octave = try parse(Substring(text.filter { $0 != " " }))
      return octave...octave
    }
    return try parseRange(text, error: KeyError.badOctaves, parse: parse)
  }

  /// Splits `low...high` or `low..high` and reads both ends.
  private static func parseRange(
    _ text: String, error: (String) -> KeyError, parse: (Substring) throws(KeyError) -> Int
  ) throws(KeyError) -> ClosedRange<Int> {
    let trimmed = text.filter { $0 != " " }
    guard let dots = trimmed.firstRange(of: "..") else { throw error(text) }
    var upper = trimmed[dots.upperBound...]
    if upper.first == "." { upper = upper.dropFirst() }
    let lower = trimmed[..<dots.lowerBound]
    guard !lower.isEmpty, !upper.isEmpty, !upper.contains(".") else { throw error(text) }
    let low = try parse(lower)
    let high = try parse(upper)
    guard low <= high else { throw KeyError.upsideDown(text) }
    return low...high
  }
}

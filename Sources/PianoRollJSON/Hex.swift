import PianoRoll

/// Hexadecimal text for bytes that have no readable form in piano-roll JSON (written by
/// `JSONWriter.rawHexString`).
enum Hex {
  /// The bytes of hexadecimal text: pairs of digits (either case), with any spaces between
  /// bytes; `nil` for anything else (an odd digit, another character).
  static func bytes(_ text: String) -> [UInt8]? {
    var result: [UInt8] = []
    result.reserveCapacity(text.utf8.count / 2)
    var high: UInt8?
    for character in text.utf8 {
      if character == UInt8(ascii: " ") {
        if high != nil { return nil }
        continue
      }
      guard let value = digit(character) else { return nil }
      if let first = high {
        result.append(first << 4 | value)
        high = nil
      } else {
        high = value
      }
    }
    return high == nil ? result : nil
  }

  private static func digit(_ character: UInt8) -> UInt8? {
    switch character {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
    default: nil
    }
  }
}

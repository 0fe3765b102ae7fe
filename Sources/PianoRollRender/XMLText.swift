/// Text made safe for XML: escaped, and without the characters XML 1.0 cannot hold.
public enum XMLText {
  /// The text with `&`, `<`, `>`, `"` and `'` escaped, and every character XML 1.0 does not
  /// allow (control characters other than tab, line feed and carriage return; U+FFFE, U+FFFF)
  /// replaced by U+FFFD, so it can stand in an element or an attribute value.
  public static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      default:
        if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
          result += "\u{FFFD}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// A number as SVG writes it: at most two decimals, no trailing zeros, no exponent
  /// (`12`, `0.5`, `-3.25`); 0 for a value that is not finite.
  public static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let hundredths = (min(1e15, max(-1e15, value)) * 100).rounded()
    let magnitude = Int(abs(hundredths))
    var text = hundredths < 0 && magnitude != 0 ? "-" : ""
    text += String(magnitude / 100)
    let fraction = magnitude % 100
    if fraction != 0 {
      text += fraction % 10 == 0 ? ".\(fraction / 10)" : fraction < 10 ? ".0\(fraction)" : ".\(fraction)"
    }
    return text
  }
}

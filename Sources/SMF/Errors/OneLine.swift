/// Text made safe for a one-line message: control characters shown as escapes.
public enum OneLine {
  /// `text` with every control character (newline, carriage return, tab, escape, DEL, C1)
  /// written as `\n`, `\r`, `\t` or `\u{1B}`, so a file name cannot split a message over two
  /// lines or drive the terminal.
  public static func escaping(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 8)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where isControl(scalar):
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// C0 controls, DEL and C1 controls.
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}

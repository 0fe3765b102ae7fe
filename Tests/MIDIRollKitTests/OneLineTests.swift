import Testing

@testable import MIDIRollKit

@Suite("OneLine")
struct OneLineTests {
  @Test("control characters are escaped, everything else is kept")
  func escaping() {
    #expect(OneLine.escaping("plain é ♩ name.mid") == "plain é ♩ name.mid")
    #expect(OneLine.escaping("a\nb\rc\td") == "a\\nb\\rc\\td")
    #expect(OneLine.escaping("\u{1B}[31mred\u{7F}\u{85}") == "\\u{1B}[31mred\\u{7F}\\u{85}")
  }

  @Test("an error naming a file with a newline is one line")
  func errorIsOneLine() {
    let error = KitError(.badInput, file: "bad\nname.mid", "no such file")
    #expect(error.description == "bad\\nname.mid: no such file")
  }
}

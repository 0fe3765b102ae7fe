import SMF
import Testing

@Suite("OneLine")
struct OneLineTests {
  @Test("control characters are escaped, everything else is kept")
  func escaping() {
    #expect(OneLine.escaping("plain é ♩ name.mid") == "plain é ♩ name.mid")
    #expect(OneLine.escaping("a\nb\rc\td") == "a\\nb\\rc\\td")
    #expect(OneLine.escaping("\u{1B}[31mred\u{7F}\u{85}") == "\\u{1B}[31mred\\u{7F}\\u{85}")
  }
}

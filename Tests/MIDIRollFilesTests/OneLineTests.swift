import Testing

@testable import MIDIRollFiles

@Suite("OneLine errors")
struct OneLineTests {
  @Test("an error naming a file with a newline is one line")
  func errorIsOneLine() {
    let error = KitError(.badInput, file: "bad\nname.mid", "no such file")
    #expect(error.description == "bad\\nname.mid: no such file")
  }
}

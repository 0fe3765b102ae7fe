import Foundation
import PianoRoll
import TestSupport
import Testing

@Suite("Position")
struct PositionTests {
  @Test("subtracting 300 cents borrows a subbeat and a beat and a bar (4/4)")
  func borrowAcrossBar() {
    #expect(
      Position(bar: 5, beat: 0, subbeat: 0, cent: 0) - Position(bar: 0, beat: 0, subbeat: 0, cent: 300)
        == Position(bar: 4, beat: 3, subbeat: 2, cent: 180))
  }

  @Test(
    "operators carry and borrow with 4 beats a bar",
    arguments: [
      (Position(bar: 0, beat: 3, subbeat: 3, cent: 200), Position(cent: 100), Position(bar: 1, cent: 60)),
      (Position(bar: 1), Position(beat: 9), Position(bar: 3, beat: 1)),
      (
        Position(bar: 2, beat: 1, subbeat: 1, cent: 1), Position(bar: 1, beat: 2, subbeat: 3, cent: 239),
        Position(bar: 4, beat: 0, subbeat: 1, cent: 0)
      ),
    ])
  func addition(lhs: Position, rhs: Position, sum: Position) {
    #expect(lhs + rhs == sum)
    #expect(sum - rhs == lhs)
  }

  @Test("subtraction past bar 0 gives a negative bar, never a clamp")
  func negative() {
    #expect(Position.zero - Position(cent: 1) == Position(bar: -1, beat: 3, subbeat: 3, cent: 239))
    #expect(Position.zero - Position(bar: 2) == Position(bar: -2))
    #expect((Position.zero - Position(bar: 2, beat: 1)) + Position(bar: 2, beat: 1) == .zero)
  }

  @Test("arithmetic with another uniform meter")
  func otherMeter() {
    let p = Position(bar: 2, beat: 2, subbeat: 3, cent: 239)
    #expect(p.adding(Position(cent: 1), beatsPerBar: 3) == Position(bar: 3))
    #expect(
      Position(bar: 3).subtracting(Position(cent: 1), beatsPerBar: 7)
        == Position(bar: 2, beat: 6, subbeat: 3, cent: 239))
  }

  @Test("addition and subtraction are inverse for random positions")
  func inverseLaw() {
    var random = SplitMix64(seed: 7)
    for _ in 0..<2000 {
      let beats = Int(random.next() % 12) + 1
      let a = Position(totalCents: Int(random.next() % 1_000_000), beatsPerBar: beats)
      let b = Position(totalCents: Int(random.next() % 1_000_000), beatsPerBar: beats)
      #expect(a.adding(b, beatsPerBar: beats).subtracting(b, beatsPerBar: beats) == a)
    }
  }

  @Test("compares bar, beat, subbeat, cent in turn")
  func ordering() {
    let sorted = [
      Position(bar: -1, beat: 3), Position(), Position(cent: 239), Position(subbeat: 1),
      Position(beat: 1), Position(bar: 1),
    ]
    #expect(sorted.shuffled().sorted() == sorted)
  }

  @Test("codes as {bar, beat, subbeat, cent}")
  func codable() throws {
    let position = Position(bar: 4, beat: 3, subbeat: 2, cent: 180)
    let data = try JSONEncoder().encode(position)
    #expect(try JSONDecoder().decode(Position.self, from: data) == position)
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Int]
    #expect(object == ["bar": 4, "beat": 3, "subbeat": 2, "cent": 180])
  }

  @Test("describes itself as bar:beat:subbeat:cent")
  func description() {
    #expect(Position(bar: 4, beat: 3, subbeat: 2, cent: 180).description == "4:3:2:180")
  }
}

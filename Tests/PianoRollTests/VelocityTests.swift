import PianoRoll
import SMF
import TestSupport
import Testing

@Suite("Changing velocities")
struct VelocityTests {
  @Test("scale, set and range change every note's velocity as computed here", arguments: [1, 2])
  func velocities(seed: UInt64) throws {
    let generated = EditSong.generate(seed: seed)
    let cases: [(VelocityChange, (Int) -> Int)] = [
      (.scale(percent: 80), { Int((Double($0) * 0.8).rounded()) }),
      (.scale(percent: 150), { min(127, Int((Double($0) * 1.5).rounded())) }),
      (.scale(percent: 1), { max(1, Int((Double($0) * 0.01).rounded())) }),
      (.set(100), { _ in 100 }),
      (.range(40...110), { 40 + Int((Double($0 - 1) * 70 / 126).rounded()) }),
    ]
    for (change, expectation) in cases {
      var song = try generated.song()
      let report = song.changeVelocities(with: change)
      let expected = generated.notes.map { note in
        var changed = note
        changed.velocity = UInt8(expectation(Int(note.velocity)))
        return changed
      }.sorted()
      #expect(WrittenNote.of(song) == expected, "\(change)")
      #expect(
        report.changed == zip(generated.notes.sorted(), expected).filter { $0.velocity != $1.velocity }.count)
      #expect(song.tracks.map(\.events) == (try generated.song()).tracks.map(\.events))
    }
    #expect(VelocityChange.range(40...110).apply(to: 1) == 40)
    #expect(VelocityChange.range(40...110).apply(to: 127) == 110)
  }
}

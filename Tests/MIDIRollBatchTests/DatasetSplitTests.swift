import MIDIRollBatch
import MIDIRollFiles
import MIDIRollKit
import PianoRoll
import SongStatistics
import TestSupport
import Testing

/// Splits by content: the fractions hold within 1 % on 10,000 distinct songs, the part depends
/// only on the fingerprint, and bad specifications are usage errors.
@Suite struct DatasetSplitTests {
  @Test func fractionsHoldOnTenThousandSongs() throws {
    let split = try DatasetSplit(parsing: "train=0.8,valid=0.1,test=0.1")
    var random = SplitMix64(seed: 25)
    var counts: [String: Int] = [:]
    var seen = Set<String>()
    for index in 0..<10_000 {
      let notes = (0..<4).map { step in
        Note(
          pitch: UInt8(random.int(in: 21...108)), tick: step * 240 + index % 7,
          durationTicks: random.int(in: 1...960))
      }
      let song = Song(tracks: [SongTrack(notes: notes)])
      let identity = ContentIdentity(SongInput(song: song, path: "\(index).mid"), song: song)
      seen.insert(identity.fingerprint)
      counts[split.part(of: identity.fingerprint), default: 0] += 1
    }
    #expect(seen.count == 10_000, "the songs are distinct")
    for (name, fraction) in split.parts {
      let share = Double(counts[name] ?? 0) / 10_000
      #expect(abs(share - fraction) <= 0.01, "\(name): \(share)")
    }
  }

  @Test func partFollowsTheFingerprintOnly() throws {
    let split = try DatasetSplit(parsing: "a=0.5,b=0.5")
    #expect(split.part(of: "0000000000000000" + String(repeating: "f", count: 48)) == "a")
    #expect(split.part(of: "8000000000000000" + String(repeating: "0", count: 48)) == "b")
    #expect(split.part(of: "ffffffffffffffff" + String(repeating: "0", count: 48)) == "b")
    #expect(try DatasetSplit(parsing: "all=1").part(of: String(repeating: "f", count: 64)) == "all")
  }

  @Test(arguments: [
    "train=0.8,valid=0.1", "train=0.5,train=0.5", "train=0.9,test=0.2,x=-0.1", "train", "=1", "a/b=1", "..=1",
    "train=zero", "midiroll-x=1", "train=0.8,,test=0.2",
  ])
  func badSpecificationsAreUsageErrors(_ text: String) {
    #expect(throws: KitError.self) { try DatasetSplit(parsing: text) }
    do {
      _ = try DatasetSplit(parsing: text)
    } catch {
      #expect(error.kind == .usage)
    }
  }
}

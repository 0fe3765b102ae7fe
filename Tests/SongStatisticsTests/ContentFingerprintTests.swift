import PianoRoll
import SMF
import SongStatistics
import TestSupport
import Testing

/// The content fingerprint: the same notes on the same beats give one fingerprint whatever the
/// division, track order, track names and other meta text, running status or note-off style;
/// near misses give another.
@Suite struct ContentFingerprintTests {
  /// A two-track song: a melody (with a name) and a bass line, at `division` ticks per quarter;
  /// `runningStatus` leaves out the repeated status bytes (with `velocityZeroOffs`, every one
  /// after the first of a track).
  static func song(
    division: Int = 96, reversed: Bool = false, name: String = "Melody", runningStatus: Bool = false,
    velocityZeroOffs: Bool = false, melody: [UInt8] = [60, 64, 67], bass: [UInt8] = [36, 43]
  ) -> [UInt8] {
    func vlq(_ ticks: Int) -> [UInt8] { SMFBytes.vlq(ticks * division / 96) }
    func notes(_ pitches: [UInt8], channel: UInt8, length: Int) -> [UInt8] {
      var bytes: [UInt8] = []
      for (index, pitch) in pitches.enumerated() {
        let on: [UInt8] = runningStatus && index > 0 ? [pitch, 100] : [0x90 | channel, pitch, 100]
        let off: [UInt8] =
          velocityZeroOffs
          ? (runningStatus ? [pitch, 0] : [0x90 | channel, pitch, 0]) : [0x80 | channel, pitch, 64]
        bytes += vlq(0) + on + vlq(length) + off
      }
      return bytes
    }
    let named = [0x00, 0xFF, 0x03, UInt8(name.utf8.count)] + Array(name.utf8)
    let first = SMFBytes.track(named + notes(melody, channel: 0, length: 48) + SMFBytes.endOfTrack)
    let second = SMFBytes.track(
      [0x00, 0xFF, 0x01, 0x03, 0x61, 0x62, 0x63] + notes(bass, channel: 1, length: 72) + SMFBytes.endOfTrack)
    return SMFBytes.file(division: UInt16(division), reversed ? [second, first] : [first, second])
  }

  static func fingerprint(_ bytes: [UInt8]) throws -> String {
    try ContentFingerprint(Song(bytes: bytes)).hex
  }

  @Test func sameContentSameFingerprint() throws {
    let original = try Self.fingerprint(Self.song())
    #expect(original.count == 64)
    #expect(try Self.fingerprint(Self.song(division: 192)) == original)
    #expect(try Self.fingerprint(Self.song(division: 480)) == original)
    #expect(try Self.fingerprint(Self.song(reversed: true)) == original)
    #expect(try Self.fingerprint(Self.song(name: "Another name")) == original)
    #expect(try Self.fingerprint(Self.song(velocityZeroOffs: true)) == original)
    #expect(try Self.fingerprint(Self.song(runningStatus: true, velocityZeroOffs: true)) == original)
  }

  @Test func nearMissesDiffer() throws {
    let original = try Self.fingerprint(Self.song())
    let misses = [
      Self.song(melody: [60, 64, 68]),  // one pitch changed
      Self.song(melody: [60, 64]),  // one note fewer
      Self.song(melody: [61, 65, 68], bass: [37, 44]),  // everything a semitone up
      Self.song(melody: [64, 60, 67]),  // two notes swapped in time
    ]
    var seen: Set<String> = [original]
    for miss in misses { #expect(seen.insert(try Self.fingerprint(miss)).inserted) }
  }

  @Test func sha256KnownAnswers() {
    #expect(SHA256.hex(of: []) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      SHA256.hex(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
    #expect(SHA256.hex(of: long) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(
      SHA256.hex(of: [UInt8](repeating: 0x61, count: 1_000_000))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }
}

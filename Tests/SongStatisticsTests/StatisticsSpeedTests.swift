import Foundation
import PianoRoll
import TestSupport
import Testing

@testable import SongStatistics

/// The fast paths of the statistics held to the plain ones: SHA-256 on the processor's SHA
/// instructions to the Swift rounds and to `sha256sum`, streamed in any pieces; the radix sort
/// to the standard sort; the fingerprint's packed keys to sorted rows; the metrics on ranked
/// boundaries (ticks beyond 56 bits) to those on plain ticks — on every real file.
@Suite struct StatisticsSpeedTests {
  /// Bytes 0, 1, … of a seeded stream.
  static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
    var random = SplitMix64(seed: seed)
    return (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
  }

  static func hex(_ bytes: [UInt8], portable: Bool, pieces: Int = 1) -> String {
    var hash = SHA256(portable: portable)
    var start = 0
    for piece in 0..<pieces {
      let end = piece == pieces - 1 ? bytes.count : min(bytes.count, start + (piece * 37 + 5) % 131)
      hash.update(Array(bytes[start..<end]))
      start = end
    }
    return hash.finalizeHex()
  }

  @Test func sha256InstructionsAndSwiftAgreeWithSha256sum() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "midiroll-sha256-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let lengths = Array(0...200) + [511, 512, 513, 4095, 4096, 4097, 65_537]
    var paths: [String] = []
    var expected: [String] = []
    for length in lengths {
      let data = Self.bytes(length, seed: UInt64(length))
      let path = folder.appendingPathComponent("\(length).bin").path
      try Data(data).write(to: URL(fileURLWithPath: path))
      paths.append(path)
      let portable = Self.hex(data, portable: true)
      #expect(Self.hex(data, portable: false) == portable, "\(length) bytes")
      #expect(Self.hex(data, portable: false, pieces: 7) == portable, "\(length) bytes in pieces")
      #expect(Self.hex(data, portable: true, pieces: 5) == portable, "\(length) bytes in pieces")
      #expect(SHA256.hex(of: data) == portable)
      expected.append(portable)
    }
    let sums = try Subprocess.run("/usr/bin/sha256sum", paths, mergingStandardError: false)
    #expect(sums.status == 0)
    let listed = sums.output.split(separator: "\n").map { String($0.prefix(64)) }
    #expect(listed == expected)
  }

  @Test func radixSortSortsAsTheStandardSort() {
    var random = SplitMix64(seed: 25)
    for count in [0, 1, 2, 63, 64, 65, 1000, 20_000] {
      for bits in [1, 7, 12, 28, 40, 57, 64] {
        let mask = bits == 64 ? UInt64.max : (1 << UInt64(bits)) - 1
        let shift = UInt64(random.next() % UInt64(65 - bits))
        var keys = (0..<count).map { _ in (random.next() & mask) << shift }
        let expected = keys.sorted()
        RadixSort.sort(&keys)
        #expect(keys == expected, "\(count) keys of \(bits) bits")
      }
    }
  }

  static var realFiles: [String] { RealFiles.debianFiles + RealFiles.samples + TestPaths.corpus() }

  @Test func packedFingerprintRowsSortAsRows() throws {
    var checked = 0
    for path in Self.realFiles {
      guard let song = try? Song(bytes: RealFiles.bytes(path)) else { continue }
      #expect(ContentFingerprint(song).hex == ContentFingerprint(song, packing: false).hex, "\(path)")
      checked += 1
    }
    #expect(checked > 400)
  }

  @Test func rankedBoundariesGiveTheSameMetrics() throws {
    var checked = 0
    for path in Self.realFiles {
      guard let music = try? MuspyMusic(bytes: RealFiles.bytes(path)) else { continue }
      let ranked = MuspyMetrics(music, boundaries: NoteBoundaries(music.notes, ranked: true))
      #expect(ranked == MuspyMetrics(music), "\(path)")
      checked += 1
    }
    #expect(checked > 400)
  }

  /// Ticks beyond 56 bits (ranked keys): the same metrics as the song moved to tick 0 where
  /// they do not depend on where it starts.
  @Test func ticksBeyond56Bits() {
    func music(from start: Int) -> MuspyMusic {
      let notes = [(0, 480, 60), (240, 480, 64), (480, 0, 67), (960, 240, 60)].map {
        MuspyMusic.Note(time: start + $0.0, duration: $0.1, pitch: UInt8($0.2), isDrum: false)
      }
      let end = notes.map(\.end).max()!
      return MuspyMusic(
        resolution: 480, notes: notes, tracks: [.init(program: 0, isDrum: false, noteCount: 4, endTime: end)],
        tempos: [], timeSignatures: [])
    }
    let near = MuspyMetrics(music(from: 0))
    let far = MuspyMetrics(music(from: 1 << 58))
    // Pitch metrics and polyphony do not depend on the start; the length-based rates do.
    for name in ["pitch_range", "n_pitches_used", "pitch_entropy", "scale_consistency", "polyphony"] {
      #expect(near[name] == far[name], "\(name)")
    }
    #expect(near["polyphony"] == .real(Double(480 + 480 + 240) / Double(720 + 240)))
  }
}

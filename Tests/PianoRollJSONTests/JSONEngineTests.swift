import JSON
import PianoRoll
import PianoRollJSON
import SMF
import TestSupport
import Testing

/// The JSON module under piano-roll JSON: the reader over a source that gives a few bytes at a
/// time, limits, and the worst case that sets the default limit.
@Suite("JSON engine")
struct JSONEngineTests {
  @Test("a stream of 7-byte chunks reads every real file's JSON as the whole bytes do")
  func smallChunks() throws {
    for path in RealFiles.samples.prefix(3) + RealFiles.debianFiles.prefix(2) {
      let json = PianoRollJSON.encode(try Song(bytes: try RealFiles.bytes(path)))
      let source = JSONByteSource.bytes(json, pieceSize: 7)
      let streamed = try PianoRollJSON.decode(source: source)
      #expect(streamed == (try PianoRollJSON.decode(json)), "\(path)")
    }
  }

  @Test("errors read from a stream give the same path, line and column as from memory")
  func streamedErrors() {
    for (json, _, _) in JSONReaderTests.broken {
      let bytes = Array(json.utf8)
      let source = JSONByteSource.bytes(bytes, pieceSize: 3)
      var fromMemory: JSONError?
      var fromStream: JSONError?
      do { _ = try PianoRollJSON.decode(bytes) } catch { fromMemory = error }
      do { _ = try PianoRollJSON.decode(source: source) } catch { fromStream = error }
      #expect(fromMemory != nil)
      #expect(fromStream?.description == fromMemory?.description, "\(json.prefix(80))")
    }
  }

  @Test("an input longer than the limit is refused, in memory and streamed")
  func limit() {
    let json = PianoRollJSON.encode(Song(file: JSONWriterTests.small))
    let options = PianoRollJSON.DecodeOptions(maximumInputBytes: 100)
    #expect(throws: JSONError(.tooLarge(limit: 100), path: JSONPath())) {
      try PianoRollJSON.decode(json, options: options)
    }
    let source = JSONByteSource.bytes(json)
    #expect {
      try PianoRollJSON.decode(source: source, options: options)
    } throws: { error in
      guard let error = error as? JSONError, case .tooLarge(let limit) = error.kind else { return false }
      return limit == 100
    }
  }

  /// The worst case behind ``PianoRollJSON/worstCaseBytesPerMIDIByte``: a note that costs 3
  /// bytes of a .mid (running status, no note-off) with every number at its widest.
  @Test("the widest note's JSON stays within 3 × worstCaseBytesPerMIDIByte")
  func worstCase() throws {
    // A run of the longest delta-times pushes ticks (and bars, with 1 tick a quarter and 1/32
    // meters, and seconds, at the slowest tempo) to 15 digits.
    let farTick = 0x1F_FFFF_FFFF_FFF
    let file = MIDIFile(
      format: .singleTrack, division: .ticksPerQuarter(1),
      tracks: [
        Track(events: [
          TrackEvent(tick: 0, .meta(.timeSignature(numerator: 1, denominator: 32))),
          TrackEvent(tick: 0, .meta(.tempo(microsecondsPerQuarter: 0xFF_FFFF))),
          TrackEvent(tick: farTick, .channel(.noteOn(channel: 15, key: 121, velocity: 127))),
          TrackEvent(tick: farTick + 1, .channel(.noteOn(channel: 15, key: 121, velocity: 127))),
          TrackEvent(tick: farTick + 0x0FFF_FFFF, .meta(.endOfTrack)),
        ])
      ])
    let song = Song(file: file)
    let text = String(decoding: PianoRollJSON.encode(song), as: UTF8.self)
    let lines = text.split(separator: "\n").filter { $0.contains("\"pitch\"") }
    let widest = lines.map { $0.utf8.count + 1 }.max() ?? 0
    #expect(widest > 300)
    #expect(widest <= 3 * PianoRollJSON.worstCaseBytesPerMIDIByte, "\(widest) bytes: \(lines.first ?? "")")
  }
}

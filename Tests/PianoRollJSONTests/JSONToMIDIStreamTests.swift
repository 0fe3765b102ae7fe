import JSON
import PianoRoll
import PianoRollJSON
import SMF
import TestSupport
import Testing

/// `PianoRollJSON.midiFile(decoding:)` — JSON to `.mid` one track at a time — gives exactly
/// `decode(...)` + `serialized()`, or says it cannot (`nil`), never something else.
@Suite("Piano-roll JSON to .mid, a track at a time")
struct JSONToMIDIStreamTests {
  static func streamed(_ json: [UInt8]) throws(PianoRollJSONError) -> [UInt8]? {
    try PianoRollJSON.midiFile(decoding: .bytes(json, pieceSize: 4096))
  }

  static func whole(_ json: [UInt8]) throws(PianoRollJSONError) -> [UInt8] {
    try PianoRollJSON.decode(json).serialized()
  }

  static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test(
    "every real, sample and corpus file's JSON, both profiles, goes the streamed way",
    .tags(.corpus), .tiered,
    arguments: [
      PianoRollJSON.Profile.full, .compact,
    ])
  func realFiles(profile: PianoRollJSON.Profile) throws {
    var streamedCount = 0
    for path in JSONFromMIDIFileTests.paths {
      guard let song = try? Song(bytes: try RealFiles.bytes(path)) else { continue }
      let json = PianoRollJSON.encode(song, profile: profile)
      let whole = try Self.whole(json)
      let streamed = try Self.streamed(json)
      if song.unknownChunks.isEmpty {
        #expect(streamed == whole, "\(path)")
        streamedCount += 1
      } else {
        #expect(streamed == nil || streamed == whole, "\(path)")
      }
    }
    #expect(streamedCount >= 41)
  }

  @Test("notes placed by position and seconds, events by position: placed by the stated timeline")
  func placedByStatedTimeline() throws {
    let json = Self.bytes(
      """
      {"midiroll": 1, "format": 1, "ticksPerBeat": 96,
       "tempos": [{"tick": 0, "microsecondsPerBeat": 250000}],
       "timeSignatures": [{"tick": 0, "numerator": 3, "denominator": 4}],
       "tracks": [
         {"notes": [{"pitch": 60, "position": {"bar": 1, "beat": 0, "subbeat": 0, "cent": 0}, "durationTicks": 96},
                    {"pitch": 62, "seconds": 0.5, "durationSeconds": 0.25},
                    {"pitch": 64, "tick": 96, "seconds": 0.25, "durationTicks": 10}],
          "events": [{"position": {"bar": 2, "beat": 0, "subbeat": 0, "cent": 0}, "type": "marker", "text": "B"},
                     {"tick": 0, "type": "tempo", "microsecondsPerBeat": 250000},
                     {"tick": 0, "type": "timeSignature", "numerator": 3, "denominator": 4}]}
       ]}
      """)
    let streamed = try #require(try Self.streamed(json))
    #expect(streamed == (try Self.whole(json)))
  }

  @Test("a stated timeline that is not the tracks' sends the document back to be read whole")
  func statedTimelineDiffers() throws {
    // The summary says 60 BPM; the track's own tempo (120 BPM) is what places the note.
    let json = Self.bytes(
      """
      {"midiroll": 1, "format": 0, "ticksPerBeat": 96,
       "tempos": [{"tick": 0, "microsecondsPerBeat": 1000000}],
       "tracks": [{"notes": [{"pitch": 60, "tick": 96, "seconds": 0.5, "durationTicks": 96}],
                   "events": [{"tick": 0, "type": "tempo", "microsecondsPerBeat": 500000}]}]}
      """)
    #expect(try Self.streamed(json) == nil)
    #expect(try PianoRollJSON.decode(json).noteCount == 1)
  }

  @Test("summaries that would add events to the first track, or after the tracks, go the whole way")
  func summariesAddEvents() throws {
    let after = Self.bytes(
      """
      {"midiroll": 1, "format": 0, "ticksPerBeat": 96,
       "tracks": [{"notes": [{"pitch": 60, "tick": 0, "durationTicks": 96}], "events": []}],
       "tempos": [{"tick": 0, "microsecondsPerBeat": 600000}]}
      """)
    #expect(try Self.streamed(after) == nil)
    let whole = try MIDIFile(bytes: try Self.whole(after))
    #expect(whole.tracks[0].events.contains { $0.event.metaEvent?.tempo == 600000 })
  }

  @Test("a note whose seconds disagree is refused by the whole reading, with its path")
  func disagreement() throws {
    let json = Self.bytes(
      """
      {"midiroll": 1, "format": 0, "ticksPerBeat": 96,
       "tracks": [{"notes": [{"pitch": 60, "tick": 5, "seconds": 3.0, "durationTicks": 96}], "events": []}]}
      """)
    #expect(try Self.streamed(json) == nil)
    #expect(throws: PianoRollJSONError.self) { try Self.whole(json) }
  }

  @Test(
    "what the reading refuses is refused the same way",
    arguments: [
      #"{"midiroll": 1, "format": 0, "ticksPerBeat": 96, "tracks": [{"notes": [{"pitch": 200, "tick": 0, "durationTicks": 1}]}]}"#,
      #"{"midiroll": 1, "format": 0, "ticksPerBeat": 96, "tracks": [{"notes": [[0, 1, 60, 100, 0]]}]}"#,
      #"{"midiroll": 1, "format": 0, "ticksPerBeat": 96, "tracks": [{"notes": [], "events": [}]}"#,
      #"{"midiroll": 2, "format": 0, "tracks": []}"#,
      #"{"midiroll": 1, "tracks": []}"#,
    ])
  func sameRefusal(text: String) {
    let json = Self.bytes(text)
    var wholeError: PianoRollJSONError?
    do { _ = try Self.whole(json) } catch { wholeError = error }
    #expect(wholeError != nil)
    do {
      if try Self.streamed(json) != nil { Issue.record("streamed a document the reading refuses") }
    } catch {
      #expect(error == wholeError)
    }
  }
}

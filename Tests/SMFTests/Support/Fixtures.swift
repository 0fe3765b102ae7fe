import SMF
import TestSupport
import Testing

/// Shorthand for expected events: `at(96, .channel(.noteOn(channel: 0, key: 60, velocity: 100)))`.
func at(_ tick: Int, _ event: MIDIEvent) -> TrackEvent { TrackEvent(tick: tick, event) }

/// The End of Track meta event, the last event of every track read.
let endOfTrack = MIDIEvent.meta(.endOfTrack)

extension MIDIEvent {
  /// A note-on.
  static func on(_ channel: UInt8, _ key: UInt8, _ velocity: UInt8) -> MIDIEvent {
    .channel(.noteOn(channel: channel, key: key, velocity: velocity))
  }

  /// A note-off with its release velocity.
  static func off(_ channel: UInt8, _ key: UInt8, _ velocity: UInt8) -> MIDIEvent {
    .channel(.noteOff(channel: channel, key: key, velocity: velocity))
  }

  /// A meta event from its type byte and data.
  static func meta(_ type: UInt8, _ data: [UInt8]) -> MIDIEvent {
    .meta(MetaEvent(type: type, data: data))
  }
}

/// Reads `bytes` and checks the law every accepted file obeys: writing it and reading the
/// result gives the same file, event for event, with no warnings the second time.
/// - Returns: What the first read returned.
func readAndRoundTrip(
  _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
) throws -> ReadResult {
  let result = try MIDIFile.read(bytes)
  let written = result.file.serialized()
  let again = try MIDIFile.read(written)
  #expect(again.file == result.file, "read(write(file)) differs", sourceLocation: sourceLocation)
  // The writer repairs everything the reader tolerated, so the rewritten file may warn only of
  // what it keeps on purpose: alien chunks, a format 0 file with several tracks, and more than
  // 65535 tracks (a count the header cannot hold).
  let expectedAgain = again.warnings.filter {
    if case .trackCountMismatch = $0.kind { return result.file.tracks.count > 0xFFFF }
    if case .format0WithManyTracks = $0.kind { return true }
    if case .unknownChunk = $0.kind { return true }
    return false
  }
  #expect(
    again.warnings == expectedAgain, "the rewritten file has warnings: \(again.warnings)",
    sourceLocation: sourceLocation)
  return result
}

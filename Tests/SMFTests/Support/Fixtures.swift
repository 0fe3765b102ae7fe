import SMF
import Testing

/// Builds Standard MIDI File bytes for hand-made fixtures.
///
/// The header and chunk framing are written here; the events inside each track are written by
/// the tests as annotated byte arrays, so every fixture shows the bytes a reader sees.
enum SMFBytes {
  /// `MThd`, length 6, format, track count and division, then the given chunks as they are.
  /// - Parameters:
  ///   - trackCount: The declared number of tracks; defaults to the number of `MTrk` chunks.
  static func file(
    format: UInt16 = 1, trackCount: UInt16? = nil, division: UInt16 = 96, _ chunks: [UInt8]...
  ) -> [UInt8] {
    let tracks = chunks.filter { $0.starts(with: Array("MTrk".utf8)) }.count
    let count = trackCount ?? UInt16(tracks)
    return chunk("MThd", [UInt8(format >> 8), UInt8(format & 0xFF)] + be16(count) + be16(division))
      + chunks.flatMap { $0 }
  }

  /// An `MTrk` chunk around the given event bytes.
  /// - Parameter length: The declared length; defaults to the true one.
  static func track(_ events: [UInt8], length: Int? = nil) -> [UInt8] {
    chunk("MTrk", events, length: length)
  }

  /// A chunk: four type characters, a big-endian 32-bit length, the body.
  static func chunk(_ type: String, _ body: [UInt8], length: Int? = nil) -> [UInt8] {
    Array(type.utf8) + be32(length ?? body.count) + body
  }

  /// A big-endian 16-bit integer.
  static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

  /// A big-endian 32-bit integer.
  static func be32(_ value: Int) -> [UInt8] {
    [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
  }
}

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

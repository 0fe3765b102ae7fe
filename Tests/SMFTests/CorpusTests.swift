import SMF
import TestSupport
import Testing

/// The edge-case corpus vendored in `Tests/Fixtures/corpus` (jazz-soft's test-midi-files and
/// shkyrockett's midi-unit-test-cases).
@Suite("Edge-case corpus")
struct CorpusTests {
  @Test(
    "every corpus file reads to a file or an SMFError; every file read round-trips",
    arguments: RealFiles.corpusFiles)
  func readsOrRefuses(_ path: String) throws {
    let bytes = try RealFiles.corpusBytes(path)
    MutationTests.check(bytes, path)
  }

  @Test("the corpus has files")
  func hasFiles() {
    #expect(RealFiles.corpusFiles.count > 100)
  }

  @Test("a byte after the last chunk is a trailing-bytes warning")
  func extraByte() throws {
    let bytes = try RealFiles.corpusBytes("jazz-soft/midi/test-corrupt-file-extra-byte.mid")
    let result = try MIDIFile.read(bytes)
    #expect(result.warnings == [SMFWarning(.trailingBytes(count: 1), offset: bytes.count - 1)])
    #expect(result.file.tracks.count == 1)
  }

  @Test("a file cut inside its End of Track (FF 2F, no length) keeps its 8 notes, with one warning")
  func missingByte() throws {
    let bytes = try RealFiles.corpusBytes("jazz-soft/midi/test-corrupt-file-missing-byte.mid")
    #expect(Array(bytes.suffix(3)) == [0x00, 0xFF, 0x2F])
    let result = try MIDIFile.read(bytes)
    #expect(
      result.warnings == [
        SMFWarning(
          .eventCutShort(expected: "the length of a meta event", droppedBytes: 3, tracks: 1),
          offset: bytes.count - 3, track: 0)
      ])
    let events = result.file.tracks[0].events
    #expect(events.compactMap(\.event.channelMessage).filter(\.isNoteStart).count == 8)
    #expect(events.last?.event.isEndOfTrack == true)
    #expect(throws: SMFError.self) { try MIDIFile.read(bytes, options: .strict) }
  }

  @Test("not a MIDI file")
  func notAMIDIFile() throws {
    let bytes = try RealFiles.corpusBytes("jazz-soft/midi/test-not-a-midi-file.mid")
    #expect {
      try MIDIFile.read(bytes)
    } throws: { error in
      guard let error = error as? SMFError, case .notAMIDIFile = error.kind else { return false }
      return error.offset == 0
    }
  }

  @Test("an empty file is not a MIDI file")
  func emptyFile() throws {
    let bytes = try RealFiles.corpusBytes("jazz-soft/midi/test-empty-file.mid")
    #expect(bytes.isEmpty)
    #expect(throws: SMFError(.notAMIDIFile(found: nil), offset: 0)) { try MIDIFile.read(bytes) }
  }

  @Test("header type 02 is format 2 (a bare header: no tracks, 480 ticks per quarter note)")
  func formatTwo() throws {
    let bytes = try RealFiles.corpusBytes("shkyrockett/header/header-type-02-multi-song.mid")
    let result = try MIDIFile.read(bytes)
    #expect(result.file.format == .independentTracks)
    #expect(result.file.division == .ticksPerQuarter(480))
    #expect(result.file.tracks.isEmpty)
    #expect(result.warnings.isEmpty)
  }

  @Test("65535 empty tracks")
  func manyTracks() throws {
    let bytes = try RealFiles.corpusBytes("shkyrockett/tracks/empty-65535-tracks.mid")
    let result = try MIDIFile.read(bytes)
    #expect(result.file.tracks.count == 65535)
    #expect(result.file.tracks.allSatisfy { $0.events.count == 1 && $0.events[0].event.isEndOfTrack })
  }

  @Test("a non-MIDI chunk before the track is kept as an unknown chunk")
  func alienChunk() throws {
    let bytes = try RealFiles.corpusBytes("jazz-soft/midi/test-non-midi-track.mid")
    let file = try MIDIFile(bytes: bytes)
    #expect(file.unknownChunks.map(\.type) == [ChunkType("Junk")])
    #expect(file.unknownChunks.first?.tracksBefore == 0)
    #expect(file.tracks.count == 1)
  }

  @Test(
    "a system message in a track is skipped at its status byte: the scale's 8 notes, one warning",
    arguments: [
      "f1-xx", "f2-xx-xx", "f3-xx", "f4", "f5", "f6", "f8", "f9", "fa", "fb", "fc", "fd", "fe", "all",
    ])
  func illegalMessage(_ name: String) throws {
    let bytes = try RealFiles.corpusBytes("jazz-soft/midi/test-illegal-message-\(name).mid")
    let result = try MIDIFile.read(bytes)
    try #require(result.warnings.count == 1)
    let warning = result.warnings[0]
    guard case .systemMessagesSkipped(let first, let count, _) = warning.kind else {
      Issue.record("\(warning)")
      return
    }
    #expect(bytes[warning.offset] == first && warning.track == 0)
    #expect(count == (name == "all" ? 13 : 1))
    if name != "all" { #expect(first == UInt8(name.prefix(2), radix: 16)) }
    let messages = result.file.tracks[0].events.compactMap(\.event.channelMessage)
    #expect(messages.filter(\.isNoteStart).map(\.data1) == [60, 62, 64, 65, 67, 69, 71, 72])
    #expect(messages.filter(\.isNoteEnd).count == 8)
    #expect(throws: SMFError.self) { try MIDIFile.read(bytes, options: .strict) }
  }

  @Test("running status after meta and after SysEx, as these files use it")
  func runningStatusFiles() throws {
    for name in ["test-running-status-metaevent.mid", "test-running-status-sysex.mid"] {
      let bytes = try RealFiles.corpusBytes("jazz-soft/midi/" + name)
      let result = try MIDIFile.read(bytes)
      #expect(
        result.warnings.contains { $0.kind == .runningStatusAfterMetaOrSysEx }, "\(name)")
      // The scale: eight note-ons with a velocity, each ended.
      let notes = result.file.tracks.flatMap(\.events).compactMap(\.event.channelMessage)
      #expect(notes.filter(\.isNoteStart).count == notes.filter(\.isNoteEnd).count, "\(name)")
    }
  }
}

import SMF
import TestSupport
import Testing

/// `MIDIFile.diagnose` lists every problem, not only the first: it goes on after an error in a
/// track at the next chunk, and words each problem with its byte offset.
@Suite("diagnosis")
struct DiagnosisTests {
  /// A format 1 file of four tracks: a tempo track (its chunk at byte 14), a note-on whose
  /// velocity is a status byte (at 33), an undefined status byte F4 followed by a data byte
  /// (at 53), and a text event longer than what is left in its chunk (at 74), which a byte
  /// that is no chunk follows (so the track is not one cut short: its length is wrong).
  static let fourTracks = SMFBytes.file(
    format: 1,
    [
      SMFBytes.track([0x00, 0xFF, 0x51, 0x03, 0x07, 0xA1, 0x20] + SMFBytes.endOfTrack),
      SMFBytes.track([0x00, 0x90, 0x3C, 0x64, 0x60, 0x90, 0x3E, 0x90] + SMFBytes.endOfTrack),
      SMFBytes.track([0x00, 0x90, 0x3C, 0x64, 0x60, 0x3C, 0x00, 0x00, 0xF4, 0x3C, 0x00, 0x2F, 0x00]),
      SMFBytes.track([0x00, 0xC0, 0x05, 0x00, 0xFF, 0x01, 0x40, 0x41]),
      [0x00],
    ])

  @Test("an error in one track does not hide the errors of the next ones")
  func everyTrackChecked() {
    let diagnosis = MIDIFile.diagnose(Self.fourTracks)
    #expect(diagnosis.file == nil)
    #expect(diagnosis.trackChunkCount == 4)
    #expect(
      diagnosis.problems == [
        SMFProblem(.dataByteOutOfRange(message: "note-on", byte: 0x90), offset: 48, track: 1),
        SMFProblem(.unexpectedStatusByte(0xF4), offset: 69, track: 2),
        SMFProblem(
          .declaredLengthPastEnd(what: "meta event 0x01", declared: 64, available: 1), offset: 89, track: 3),
      ])
    #expect(
      diagnosis.problems.map(\.description) == [
        "byte 48, track 1: note-on has a data byte 0x90 (expected 0x00–0x7F)",
        "byte 69, track 2: status byte 0xF4 cannot appear in a track "
          + "(expected a channel message, F0, F7 or FF)",
        "byte 89, track 3: meta event 0x01 declares 64 bytes but only 1 are left",
      ])
  }

  @Test("the first error diagnosed is the one the reader throws")
  func firstErrorIsTheReaders() throws {
    #expect(throws: SMFError(.dataByteOutOfRange(message: "note-on", byte: 0x90), offset: 48, track: 1)) {
      try MIDIFile.read(Self.fourTracks)
    }
  }

  @Test("a readable file gives exactly the reader's warnings")
  func readableFile() throws {
    let bytes = SMFBytes.file(
      format: 0, trackCount: 3,
      [SMFBytes.track([0x00, 0x90, 0x3C, 0x64, 0x60, 0x80, 0x3C, 0x40])] + [[0xDE, 0xAD]])
    let result = try MIDIFile.read(bytes)
    let diagnosis = MIDIFile.diagnose(bytes)
    #expect(diagnosis.file == result.file)
    #expect(diagnosis.problems == result.warnings)
    #expect(diagnosis.problems.count == 3)
  }

  @Test("a bad header is reported and the tracks are still checked")
  func badHeader() {
    var bytes = Self.fourTracks
    bytes[9] = 7  // format 7
    let diagnosis = MIDIFile.diagnose(bytes)
    #expect(diagnosis.problems.first == SMFProblem(.unsupportedFormat(7), offset: 8))
    #expect(diagnosis.errors.count == 4)
    #expect(diagnosis.trackChunkCount == 4)
  }

  @Test("after a track with a wrong length, the next MTrk is found")
  func resynchronisesOnMTrk() {
    let broken = SMFBytes.track([0x00, 0x90, 0x3C, 0xFF, 0x00, 0x00], length: 3)  // ends inside a note
    let good = SMFBytes.track(BaseFiles.note(60) + SMFBytes.endOfTrack)
    let bad = SMFBytes.track([0x00, 0xF9, 0x00] + SMFBytes.endOfTrack)
    let diagnosis = MIDIFile.diagnose(SMFBytes.file([broken, good, bad]))
    #expect(diagnosis.trackChunkCount == 3)
    #expect(diagnosis.errors.map(\.track) == [0, 2])
  }

  @Test("not a MIDI file: one error that says what the file starts with")
  func notMIDI() {
    let png = MIDIFile.diagnose(HostileBytes.png)
    #expect(
      png.problems.map(\.description) == [
        #"byte 0: not a MIDI file (starts with "\x89PNG", expected "MThd")"#
      ])
    let empty = MIDIFile.diagnose([])
    #expect(
      empty.problems.map(\.message) == [
        #"not a MIDI file (fewer than 4 bytes, expected "MThd")"#
      ])
  }

  @Test("many broken tracks: the work stays linear and the rest is reported as not checked")
  func budget() {
    // Each track declares 2 bytes and ends inside an event (channel pressure without its data
    // byte); what follows reads on as (delta-time, data byte) pairs with running status, through
    // the next chunks' headers and to the end of the file, without End of Track: each failed
    // track could re-read the whole file.
    var chunks: [[UInt8]] = []
    for _ in 0..<3000 {
      chunks.append(
        Array("MTrk".utf8) + SMFBytes.be32(2) + [0x00, 0xD0] + Array(repeating: 0x01, count: 301))
    }
    let bytes = SMFBytes.file(chunks)
    let diagnosis = MIDIFile.diagnose(bytes)
    // The work counted, not timed: the failed tracks re-read at most the budget (4 times the
    // file plus 1 MiB) and one more track's worth, and the rest is reported as not checked.
    #expect(diagnosis.bytesScanned > bytes.count)
    #expect(diagnosis.bytesScanned <= 4 * bytes.count + (1 << 20) + 2 * bytes.count)
    #expect(diagnosis.errors.isEmpty == false)
    #expect(
      diagnosis.problems.contains {
        if case .notChecked = $0.kind { return true }
        return false
      })
  }

  @Test("every problem kind has one sentence of its own; the line names its byte offset and track")
  func sentences() {
    let errors: [SMFProblem.Kind] = [
      .unexpectedEnd(expected: "a delta-time"), .notAMIDIFile(found: nil), .headerTooShort(length: 2),
      .unsupportedFormat(3), .invalidDivision(0), .variableLengthQuantityTooLong,
      .declaredLengthPastEnd(what: "SysEx event", declared: 9, available: 2),
      .missingRunningStatus(dataByte: 0x3C),
      .dataByteOutOfRange(message: "note-on", byte: 0x90), .unexpectedStatusByte(0xF4), .riffWithoutMIDIData,
      .fileTooLarge(size: 9, limit: 2), .notChecked(count: 10),
    ]
    let warnings: [SMFProblem.Kind] = [
      .missingEndOfTrack, .bytesAfterEndOfTrack(count: 2), .trackLengthPastEnd(declared: 9, available: 2),
      .trackLengthTooShort(declared: 2, actual: 9), .trackLengthTooLong(declared: 9, actual: 2),
      .trailingBytes(count: 2), .riffWrapper, .headerLonger(length: 8),
      .trackCountMismatch(declared: 2, found: 1),
      .format0WithManyTracks(count: 2), .runningStatusAfterMetaOrSysEx, .unknownChunk(ChunkType("XFIH")),
      .systemMessagesSkipped(first: 0xF8, count: 1, bytes: 1),
      .eventCutShort(expected: "a delta-time", droppedBytes: 1, tracks: 1),
    ]
    #expect(errors.allSatisfy { $0.severity == .error })
    #expect(warnings.allSatisfy { $0.severity == .warning })
    let messages = (errors + warnings).map(\.message)
    #expect(Set(messages).count == messages.count, "two kinds share a sentence")
    for kind in errors + warnings {
      let problem = SMFProblem(kind, offset: 4242, track: 3)
      #expect(problem.description == "byte 4242, track 3: \(kind.message)")
      #expect(SMFProblem(kind, offset: 4242).description == "byte 4242: \(kind.message)")
      #expect(problem.isError == (kind.severity == .error))
      #expect(problem.isStrict == false)
    }
    let strict = SMFWarning(.missingEndOfTrack, offset: 4242, track: 3).strict
    #expect(strict.isError && strict.isStrict)
    #expect(
      strict.description
        == "byte 4242, track 3: track has no End of Track event (one was added at its last tick) (strict mode)"
    )
  }
}

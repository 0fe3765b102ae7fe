import SMF
import TestSupport
import Testing

/// A file the reader must refuse, with the error it must give.
///
/// The comments in the fixtures give the file offset of each line's first byte.
struct ErrorFixture: Sendable, CustomTestStringConvertible {
  var name: String
  var bytes: [UInt8]
  var error: SMFError
  var options = ReadOptions.tolerant

  var testDescription: String { name }
}

extension SMFError {
  /// The error with its human wording (`expected:` and `what:`) blanked, so that tests compare
  /// the structured values — kind, numbers, offset, track — and not the sentences.
  var withoutWording: SMFError {
    let kind: Kind =
      switch kind {
      case .unexpectedEnd: .unexpectedEnd(expected: "")
      case .declaredLengthPastEnd(_, let declared, let available):
        .declaredLengthPastEnd(what: "", declared: declared, available: available)
      default: kind
      }
    return SMFError(kind, offset: offset, track: track)
  }
}

/// A track holding `events` as the last chunk of a format 0 file: its first event is at 22.
private func oneTrack(_ events: [UInt8]) -> [UInt8] {
  SMFBytes.file(format: 0, SMFBytes.track(events))
}

extension ErrorFixture {
  static let all: [ErrorFixture] = [
    ErrorFixture(
      name: "empty file", bytes: [],
      error: SMFError(.notAMIDIFile(found: nil), offset: 0)),
    ErrorFixture(
      name: "text file", bytes: Array("Hello, world\n".utf8),
      error: SMFError(.notAMIDIFile(found: ChunkType("Hell")), offset: 0)),
    ErrorFixture(
      name: "truncated header",
      bytes: [
        0x4D, 0x54, 0x68, 0x64,  // 0: "MThd"
        0x00, 0x00, 0x00, 0x06,  // 4: length 6
        0x00, 0x01,  //             8: format 1
        0x00,  //                  10: half a track count
      ],
      error: SMFError(.unexpectedEnd(expected: ""), offset: 10)),
    ErrorFixture(
      name: "header chunk too short",
      bytes: [
        0x4D, 0x54, 0x68, 0x64,  // 0: "MThd"
        0x00, 0x00, 0x00, 0x05,  // 4: length 5
        0x00, 0x00, 0x00, 0x01, 0x00,
      ],
      error: SMFError(.headerTooShort(length: 5), offset: 4)),
    ErrorFixture(
      name: "header longer than the file",
      bytes: [
        0x4D, 0x54, 0x68, 0x64,  // 0: "MThd"
        0x00, 0x00, 0x01, 0x00,  // 4: length 256
        0x00, 0x00, 0x00, 0x00, 0x00, 0x60,  // 8: format 0, 0 tracks, 96
      ],
      error: SMFError(.declaredLengthPastEnd(what: "", declared: 250, available: 0), offset: 14)),
    ErrorFixture(
      name: "format 3", bytes: SMFBytes.file(format: 3),
      error: SMFError(.unsupportedFormat(3), offset: 8)),
    ErrorFixture(
      name: "format 0xFFFF", bytes: SMFBytes.file(format: 0xFFFF),
      error: SMFError(.unsupportedFormat(0xFFFF), offset: 8)),
    ErrorFixture(
      name: "zero ticks per quarter note", bytes: SMFBytes.file(division: 0),
      error: SMFError(.invalidDivision(0), offset: 12)),
    ErrorFixture(
      name: "SMPTE -23 frames per second", bytes: SMFBytes.file(division: 0xE928),
      error: SMFError(.invalidDivision(0xE928), offset: 12)),
    ErrorFixture(
      name: "SMPTE zero ticks per frame", bytes: SMFBytes.file(division: 0xE700),
      error: SMFError(.invalidDivision(0xE700), offset: 12)),
    ErrorFixture(
      name: "5-byte VLQ delta-time",
      bytes: oneTrack([
        0x81, 0x80, 0x80, 0x80, 0x00,  // 22: five bytes
        0x90, 0x3C, 0x64,
      ]),
      error: SMFError(.variableLengthQuantityTooLong, offset: 22, track: 0)),
    ErrorFixture(
      name: "5-byte VLQ meta length",
      bytes: oneTrack([
        0x00, 0xFF, 0x01,  //          22: text event
        0x80, 0x80, 0x80, 0x80, 0x01,  // 25: its length in five bytes
        0x41,
      ]),
      error: SMFError(.variableLengthQuantityTooLong, offset: 25, track: 0)),
    ErrorFixture(
      name: "running status at the start of a track",
      bytes: oneTrack([
        0x00, 0x3C, 0x64,  // 22: data byte 3C where a status byte is needed
        0x00, 0xFF, 0x2F, 0x00,
      ]),
      error: SMFError(.missingRunningStatus(dataByte: 0x3C), offset: 23, track: 0)),
    ErrorFixture(
      name: "running status after SysEx at the start of a track",
      bytes: oneTrack([
        0x00, 0xF0, 0x01, 0xF7,  // 22: SysEx
        0x00, 0x3C, 0x64,  //       26: data byte 3C, no status ever seen
        0x00, 0xFF, 0x2F, 0x00,
      ]),
      error: SMFError(.missingRunningStatus(dataByte: 0x3C), offset: 27, track: 0)),
    ErrorFixture(
      name: "second data byte 0x80 or more",
      bytes: oneTrack([
        0x00, 0x90, 0x3C, 0xC0,  // 22: note-on C4, velocity byte C0
        0x00, 0xFF, 0x2F, 0x00,
      ]),
      error: SMFError(.dataByteOutOfRange(message: "note-on", byte: 0xC0), offset: 25, track: 0)),
    ErrorFixture(
      name: "first data byte 0x80 or more",
      bytes: oneTrack([
        0x00, 0xC5, 0x80,  // 22: program change, program byte 80
        0x00, 0xFF, 0x2F, 0x00,
      ]),
      error: SMFError(
        .dataByteOutOfRange(message: "program change", byte: 0x80), offset: 24, track: 0)),
    ErrorFixture(
      name: "an error in the second track names track 1",
      bytes: SMFBytes.file(
        SMFBytes.track([0x00, 0xFF, 0x2F, 0x00]),  // 14: track 0
        SMFBytes.track([
          0x00, 0xF4,  //       34: undefined status byte F4 at 35
          0x00, 0x3C, 0x64,  // 36: a data byte: F4 cancelled running status
          0x00, 0xFF, 0x2F, 0x00,
        ])),
      error: SMFError(.unexpectedStatusByte(0xF4), offset: 35, track: 1)),
    ErrorFixture(
      name: "an undefined status byte followed by what does not parse is the error",
      bytes: oneTrack([
        0x00, 0x90, 0x3C, 0x64,  // 22: note-on
        0x00, 0xFD,  //             26: undefined status byte FD at 27
        0x00, 0x90, 0x3C, 0xC0,  // 28: a note-on whose velocity is a status byte
      ]),
      error: SMFError(.unexpectedStatusByte(0xFD), offset: 27, track: 0)),
    ErrorFixture(
      name: "a data byte right after tune request (F6): no running status in effect",
      bytes: oneTrack([
        0x00, 0x90, 0x3C, 0x64,  // 22: note-on, running status 90
        0x00, 0xF6,  //             26: tune request cancels it
        0x60, 0x3C, 0x00,  //       28: data byte 3C at 29
        0x00, 0xFF, 0x2F, 0x00,
      ]),
      error: SMFError(.missingRunningStatus(dataByte: 0x3C), offset: 29, track: 0)),
    ErrorFixture(
      name: "a system message whose data byte is a status byte",
      bytes: oneTrack([
        0x00, 0xF2, 0x01,  // 22: song position pointer with one data byte,
        0x90, 0x3C, 0x64,  // 25: then a status byte where its second should be
        0x00, 0xFF, 0x2F, 0x00,
      ]),
      error: SMFError(.dataByteOutOfRange(message: "song position pointer", byte: 0x90), offset: 25, track: 0)
    ),
    ErrorFixture(
      name: "RIFF with another form type",
      bytes: Array("RIFF".utf8) + [4, 0, 0, 0] + Array("WAVE".utf8),
      error: SMFError(.riffWithoutMIDIData, offset: 8)),
    ErrorFixture(
      name: "RIFF RMID without a data chunk",
      bytes: Array("RIFF".utf8) + [16, 0, 0, 0]  // 0: RIFF, 16 bytes
        + Array("RMID".utf8)  //                     8
        + Array("LIST".utf8) + [4, 0, 0, 0]  //     12: LIST, 4 bytes
        + Array("INFO".utf8),  //                   20; the RIFF ends at 24
      error: SMFError(.riffWithoutMIDIData, offset: 24)),
    ErrorFixture(
      name: "RIFF RMID whose data chunk is no MIDI file",
      bytes: Array("RIFF".utf8) + [16, 0, 0, 0] + Array("RMID".utf8)
        + Array("data".utf8) + [4, 0, 0, 0]  // 12: data, 4 bytes
        + Array("JUNK".utf8),  //               20
      error: SMFError(.notAMIDIFile(found: ChunkType("JUNK")), offset: 20)),
    ErrorFixture(
      name: "larger than the caller's limit",
      bytes: SMFBytes.file(SMFBytes.track([0x00, 0xFF, 0x2F, 0x00])),
      error: SMFError(.fileTooLarge(size: 26, limit: 25), offset: 0),
      options: ReadOptions(maximumFileSize: 25)),
  ]
}

@Suite("Reading errors")
struct ReaderErrorTests {
  @Test("each broken file gives its error, offset and track", arguments: ErrorFixture.all)
  func refuses(_ fixture: ErrorFixture) {
    #expect {
      try MIDIFile.read(fixture.bytes, options: fixture.options)
    } throws: { error in
      (error as? SMFError)?.withoutWording == fixture.error
    }
    // Strict reading refuses it too (possibly earlier, at a problem tolerant reading passes).
    let strict = ReadOptions(strict: true, maximumFileSize: fixture.options.maximumFileSize)
    #expect(throws: SMFError.self) { try MIDIFile.read(fixture.bytes, options: strict) }
  }

  @Test("every error prints one line with its offset and track")
  func description() {
    let error = SMFError(.missingRunningStatus(dataByte: 0x3C), offset: 23, track: 2)
    #expect(error.description.hasPrefix("byte 23, track 2: "))
    #expect(error.description.contains("0x3C"))
    #expect(!error.description.contains("\n"))
    let header = SMFError(.unsupportedFormat(3), offset: 8)
    #expect(header.description.hasPrefix("byte 8: "))
  }
}

extension SMFError.Kind {
  /// A sentence for a person that names the byte offset where the problem is.
  func sentence(at offset: Int) -> String {
    // Exhaustive: a kind added later does not compile until it has its sentence.
    switch self {
    case .unexpectedEnd(let expected):
      return "the data ends at byte \(offset) (expected \(expected))"
    case .notAMIDIFile(let found):
      guard let found else {
        return "not a MIDI file: it has fewer than 4 bytes (expected \"MThd\" at byte \(offset))"
      }
      return "not a MIDI file: it starts with \"\(found)\" (expected \"MThd\" at byte \(offset))"
    case .headerTooShort(let length):
      return "the header's length at byte \(offset) is \(length) (expected at least 6)"
    case .unsupportedFormat(let format):
      return "the header's format at byte \(offset) is \(format) (expected 0, 1 or 2)"
    case .invalidDivision(let division):
      return "the header's division at byte \(offset) is 0x\(hex(division, width: 4)) "
        + "(expected ticks per quarter note 1–32767, or SMPTE -24, -25, -29 or -30 frames "
        + "with ticks per frame > 0)"
    case .variableLengthQuantityTooLong:
      return "the variable-length quantity at byte \(offset) runs past 4 bytes "
        + "(expected bit 7 clear in its 4th byte)"
    case .declaredLengthPastEnd(let what, let declared, let available):
      return "\(what) declares \(declared) bytes of data at byte \(offset) "
        + "but only \(available) are left"
    case .missingRunningStatus(let byte):
      return "data byte 0x\(hex(byte)) at byte \(offset) where a status byte was expected "
        + "(no running status in effect)"
    case .dataByteOutOfRange(let message, let byte):
      return "\(message) has a data byte 0x\(hex(byte)) at byte \(offset) (expected 0x00–0x7F)"
    case .unexpectedStatusByte(let byte):
      return "status byte 0x\(hex(byte)) at byte \(offset) cannot appear in a track "
        + "(expected a channel message, F0, F7 or FF)"
    case .riffWithoutMIDIData:
      return "the RIFF file has no RMID \"data\" chunk holding a MIDI file (looked up to byte \(offset))"
    case .fileTooLarge(let size, let limit):
      return "the file is \(size) bytes, more than the limit of \(limit) bytes"
    case .strict(let warning):
      return warning.sentence(at: offset) + " (strict mode)"
    }
  }
}

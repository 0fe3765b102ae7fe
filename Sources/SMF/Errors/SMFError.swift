/// Why a Standard MIDI File could not be read, and where.
///
/// Carries the byte offset and the track index as fields; ``description`` renders them as one
/// line such as `byte 1042, track 3: note-on has a data byte 0x90 (expected 0x00–0x7F)`.
public struct SMFError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Hashable, Sendable {
    /// The file ended (or a chunk ended) in the middle of something.
    case unexpectedEnd(expected: String)
    /// The file does not start with `MThd` (nor with an RMID wrapper around one).
    case notAMIDIFile(found: ChunkType?)
    /// The header chunk declares fewer than 6 bytes.
    case headerTooShort(length: Int)
    /// The header's format is not 0, 1 or 2.
    case unsupportedFormat(UInt16)
    /// The header's division is zero ticks per quarter note, an unknown SMPTE rate or zero
    /// ticks per frame.
    case invalidDivision(UInt16)
    /// A variable-length quantity has more than four bytes.
    case variableLengthQuantityTooLong
    /// A length in the file claims more bytes than there are.
    case declaredLengthPastEnd(what: String, declared: Int, available: Int)
    /// A data byte where a status byte was needed, with no running status in effect.
    case missingRunningStatus(dataByte: UInt8)
    /// A channel message has a data byte of `0x80` or more.
    case dataByteOutOfRange(message: String, byte: UInt8)
    /// A status byte that has no meaning in a track (`F1`–`F6`, `F8`–`FE`).
    case unexpectedStatusByte(UInt8)
    /// A RIFF file that holds no `data` chunk with a Standard MIDI File.
    case riffWithoutMIDIData
    /// A file larger than the limit the caller set.
    case fileTooLarge(size: Int, limit: Int)
    /// A tolerated problem, turned into an error by strict reading.
    case strict(SMFWarning.Kind)
  }

  /// What went wrong.
  public let kind: Kind
  /// The byte offset in the file where it went wrong.
  public let offset: Int
  /// The 0-based index of the track chunk being read, or `nil` outside any track.
  public let track: Int?

  /// Creates an error.
  public init(_ kind: Kind, offset: Int, track: Int? = nil) {
    self.kind = kind
    self.offset = offset
    self.track = track
  }

  /// One line: where, then what was expected.
  public var description: String {
    var place = "byte \(offset)"
    if let track { place += ", track \(track)" }
    return "\(place): \(kind.message)"
  }
}

extension SMFError.Kind {
  /// A short human sentence for this kind, without the location.
  public var message: String {
    switch self {
    case .unexpectedEnd(let expected):
      return "the data ends early (expected \(expected))"
    case .notAMIDIFile(let found):
      if let found { return "not a MIDI file (starts with \"\(found)\", expected \"MThd\")" }
      return "not a MIDI file (fewer than 4 bytes, expected \"MThd\")"
    case .headerTooShort(let length):
      return "the header chunk declares \(length) bytes (expected at least 6)"
    case .unsupportedFormat(let format):
      return "format \(format) is not a Standard MIDI File format (expected 0, 1 or 2)"
    case .invalidDivision(let division):
      return "division 0x\(hex(division, width: 4)) is invalid "
        + "(expected ticks per quarter note > 0, or SMPTE -24, -25, -29 or -30 frames "
        + "with ticks per frame > 0)"
    case .variableLengthQuantityTooLong:
      return "a variable-length quantity runs past 4 bytes"
    case .declaredLengthPastEnd(let what, let declared, let available):
      return "\(what) declares \(declared) bytes but only \(available) are left"
    case .missingRunningStatus(let byte):
      return "data byte 0x\(hex(byte)) where a status byte was expected (no running status)"
    case .dataByteOutOfRange(let message, let byte):
      return "\(message) has a data byte 0x\(hex(byte)) (expected 0x00–0x7F)"
    case .unexpectedStatusByte(let byte):
      return "status byte 0x\(hex(byte)) cannot appear in a track "
        + "(expected a channel message, F0, F7 or FF)"
    case .riffWithoutMIDIData:
      return "RIFF file without an RMID \"data\" chunk holding a MIDI file"
    case .fileTooLarge(let size, let limit):
      return "file is \(size) bytes, more than the limit of \(limit) bytes"
    case .strict(let warning):
      return "\(warning.message) (strict mode)"
    }
  }
}

/// Upper-case hexadecimal of an integer, padded with zeros to `width` digits.
func hex(_ value: some BinaryInteger, width: Int = 2) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, width - digits.count)) + digits
}

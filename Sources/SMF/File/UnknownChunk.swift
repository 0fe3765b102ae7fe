/// A chunk of a type other than `MThd` and `MTrk`, kept as bytes so that it survives a round
/// trip. The SMF specification: "Your programs should expect alien chunks and treat them as if
/// they weren't there."
public struct UnknownChunk: Hashable, Sendable {
  /// The chunk's four-character type.
  public var type: ChunkType
  /// The chunk's data, without type and length.
  public var data: [UInt8]
  /// How many track chunks come before this chunk in the file (where the writer puts it back).
  public var tracksBefore: Int

  /// Creates an unknown chunk.
  public init(type: ChunkType, data: [UInt8], tracksBefore: Int) {
    self.type = type
    self.data = data
    self.tracksBefore = tracksBefore
  }
}

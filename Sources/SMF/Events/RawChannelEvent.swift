/// A channel message and its tick as raw fields: what the reader hands a ``TrackEventSink`` in
/// batches (``TrackEventSink/appendChannels(_:)``), so that no event value is built per message
/// and the sink pays for a call, and its storage checks, once a batch rather than once a
/// message. 16 bytes.
@frozen
public struct RawChannelEvent: Sendable, Equatable {
  /// The tick, from the track's start.
  public var tick: Int
  /// The status byte, `80`–`EF`.
  public var status: UInt8
  /// The first data byte, below `80`.
  public var data1: UInt8
  /// The second data byte, below `80`; 0 for one-byte messages (`Cn`, `Dn`).
  public var data2: UInt8

  /// A message the caller has checked (status `80`–`EF`, data bytes below `80`).
  @inlinable
  public init(tick: Int, status: UInt8, _ data1: UInt8, _ data2: UInt8) {
    self.tick = tick
    self.status = status
    self.data1 = data1
    self.data2 = data2
  }

  /// How many messages the reader hands over at most in one batch.
  public static let batchSize = 256
}

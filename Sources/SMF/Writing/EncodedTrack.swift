/// A track's events written as the body of an `MTrk` chunk while the reader reads them, as
/// ``MIDIFileWriter`` writes a ``Track`` with running status: a copy of a file that never holds
/// its events (``MIDIFile/rewrite(_:options:)``).
struct EncodedTrack: TrackEventSink {
  private(set) var writer: ByteWriter
  private(set) var lastTick = 0
  private var currentStatus: UInt8 = 0

  init(capacity: Int) {
    // The reader reserves an event per 3 bytes: about the track's bytes.
    writer = ByteWriter(capacity: capacity &* 3)
  }

  mutating func appendChannel(tick: Int, status: UInt8, _ data1: UInt8, _ data2: UInt8) {
    writer.writeVariableLengthQuantity(max(0, tick - lastTick))
    lastTick = max(lastTick, tick)
    if status != currentStatus { writer.writeUInt8(status) }
    currentStatus = status
    writer.writeUInt8(data1)
    if status & 0xE0 != 0xC0 { writer.writeUInt8(data2) }
  }

  mutating func appendData(tick: Int, status: UInt8, type: UInt8, _ data: ArraySlice<UInt8>) {
    writer.writeVariableLengthQuantity(max(0, tick - lastTick))
    lastTick = max(lastTick, tick)
    writer.writeUInt8(status)
    if status == 0xFF { writer.writeUInt8(type) }
    writer.writeVariableLengthQuantity(data.count)
    writer.writeBytes(data)
    currentStatus = 0
  }
}

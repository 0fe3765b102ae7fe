/// The body of an `MTrk` chunk, encoded as its events arrive (a ``TrackEventSink``): what
/// ``MIDIFileWriter`` writes for every track, and what lets a caller write a track it makes
/// event by event (a piano roll's notes) or copies while reading (``MIDIFile/rewrite(_:options:)``)
/// without ever holding the track's events.
///
/// Events arrive in tick order (an event before the one before it is written at that one's
/// tick). Every End of Track is held back: the track ends with one, at the latest End of
/// Track's tick or after the last event, with the last End of Track's data (`FF 2F 01 00`
/// survives).
public struct EncodedTrack: TrackEventSink {
  /// The encoded events, without the End of Track (``finished()`` adds it).
  private var writer: ByteWriter
  /// The tick of the last event written.
  public private(set) var lastTick = 0
  private var endTick = 0
  private var endData: [UInt8] = []
  private var currentStatus: UInt8 = 0
  private let runningStatus: Bool

  /// An empty track body with room for about `capacity` events.
  public init(capacity: Int) {
    self.init(capacity: capacity, runningStatus: true)
  }

  /// An empty track body with room for about `capacity` events.
  /// - Parameter runningStatus: Leave out repeated status bytes of channel messages (the
  ///   status is written again after every meta or SysEx event, as the specification asks).
  public init(capacity: Int, runningStatus: Bool) {
    // About 3 bytes an event.
    writer = ByteWriter(capacity: min(capacity, Int.max / 3) * 3)
    self.runningStatus = runningStatus
  }

  /// Encodes a channel message (status `80`–`EF`, data bytes below `80`).
  public mutating func appendChannel(tick: Int, status: UInt8, _ data1: UInt8, _ data2: UInt8) {
    withUnsafePointer(to: RawChannelEvent(tick: tick, status: status, data1, data2)) {
      appendChannels(UnsafeBufferPointer(start: $0, count: 1))
    }
  }

  /// Encodes a batch of channel messages as ``appendChannel(tick:status:_:_:)`` encodes each,
  /// straight into the storage (one check of it for the batch).
  public mutating func appendChannels(_ events: UnsafeBufferPointer<RawChannelEvent>) {
    var lastTick = self.lastTick
    var currentStatus = self.currentStatus
    let runningStatus = self.runningStatus
    writer.write(atMost: events.count * (ByteWriter.variableLengthQuantityMaximumCount + 3)) { start in
      var next = start
      for event in events {
        next = ByteWriter.writeVariableLengthQuantity(to: next, max(0, event.tick - lastTick))
        lastTick = max(lastTick, event.tick)
        if !runningStatus || event.status != currentStatus {
          next.pointee = event.status
          next += 1
        }
        currentStatus = event.status
        next.pointee = event.data1
        next += 1
        if event.status & 0xE0 != 0xC0 {
          next.pointee = event.data2
          next += 1
        }
      }
      return next - start
    }
    self.lastTick = lastTick
    self.currentStatus = currentStatus
  }

  /// Encodes a meta (`FF`) or SysEx (`F0`/`F7`) event; holds an End of Track back.
  public mutating func appendData(tick: Int, status: UInt8, type: UInt8, _ data: ArraySlice<UInt8>) {
    if status == 0xFF && type == MetaEvent.Kind.endOfTrack.rawValue {
      endTick = max(endTick, tick)
      endData = Array(data)
      return
    }
    writer.writeVariableLengthQuantity(max(0, tick - lastTick))
    lastTick = max(lastTick, tick)
    writer.writeUInt8(status)
    if status == 0xFF { writer.writeUInt8(type) }
    writer.writeVariableLengthQuantity(data.count)
    writer.writeBytes(data)
    currentStatus = 0
  }

  /// The chunk's body: the events, then the End of Track.
  public consuming func finished() -> [UInt8] {
    writer.writeVariableLengthQuantity(max(0, endTick - lastTick))
    writer.writeBytes([0xFF, 0x2F])
    writer.writeVariableLengthQuantity(endData.count)
    writer.writeBytes(endData)
    return writer.bytes
  }
}

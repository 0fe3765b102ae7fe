extension MIDIFile {
  /// The file as Standard MIDI File bytes.
  ///
  /// Writes the header (with the number of tracks actually present), every track and every
  /// unknown chunk in its place. Each track ends with one End of Track, at the tick of the
  /// track's own End of Track event when it has one (and with that event's data, if any).
  /// - Parameter runningStatus: Leave out repeated status bytes of channel messages (the
  ///   status is written again after every meta or SysEx event, as the specification asks).
  /// - Complexity: O(*n*) in the number of events (O(*n* log *n*) for a track whose events
  ///   are out of tick order, which is sorted first, keeping the order of equal ticks).
  public func serialized(runningStatus: Bool = true) -> [UInt8] {
    var writer = ByteWriter(capacity: 14 + eventCount * 4)
    writer.writeBytes(ChunkType.header.bytes)
    writer.writeUInt32(6)
    writer.writeUInt16(format.rawValue)
    writer.writeUInt16(UInt16(clamping: tracks.count))
    writer.writeUInt16(division.rawValue)
    var chunks = unknownChunks.sorted { $0.tracksBefore < $1.tracksBefore }[...]
    for (index, track) in tracks.enumerated() {
      while let chunk = chunks.first, chunk.tracksBefore <= index {
        writer.writeUnknownChunk(chunk)
        chunks.removeFirst()
      }
      writer.writeTrack(track, runningStatus: runningStatus)
    }
    for chunk in chunks { writer.writeUnknownChunk(chunk) }
    return writer.bytes
  }
}

extension ByteWriter {
  /// Appends an unknown chunk as it was read.
  mutating func writeUnknownChunk(_ chunk: UnknownChunk) {
    writeBytes(chunk.type.bytes)
    writeUInt32(UInt32(clamping: chunk.data.count))
    writeBytes(chunk.data)
  }

  /// Appends an `MTrk` chunk.
  mutating func writeTrack(_ track: Track, runningStatus: Bool) {
    writeBytes(ChunkType.track.bytes)
    let lengthOffset = count
    writeUInt32(0)
    let start = count
    let events = track.events
    let sorted = events.isSortedByTick
    let ordered: [TrackEvent] =
      sorted
      ? events
      : events.enumerated().sorted { ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset) }
        .map(\.element)
    var lastTick = 0
    var endTick = 0
    // The data of the track's End of Track (normally none), kept so that `FF 2F 01 00` survives.
    var endData: [UInt8] = []
    var currentStatus: UInt8 = 0
    for item in ordered {
      if item.event.isEndOfTrack {
        endTick = max(endTick, item.tick)
        endData = item.event.metaEvent?.data ?? []
        continue
      }
      writeVariableLengthQuantity(max(0, item.tick - lastTick))
      lastTick = max(lastTick, item.tick)
      switch item.event {
      case .channel(let message):
        let status = message.status
        if !runningStatus || status != currentStatus { writeUInt8(status) }
        currentStatus = status
        writeUInt8(message.data1)
        if message.kind.dataByteCount == 2 { writeUInt8(message.data2) }
      case .meta(let meta):
        writeUInt8(0xFF)
        writeUInt8(meta.type)
        writeVariableLengthQuantity(meta.data.count)
        writeBytes(meta.data)
        currentStatus = 0
      case .sysEx(let sysEx):
        writeUInt8(sysEx.kind.rawValue)
        writeVariableLengthQuantity(sysEx.data.count)
        writeBytes(sysEx.data)
        currentStatus = 0
      }
    }
    writeVariableLengthQuantity(max(0, endTick - lastTick))
    writeBytes([0xFF, 0x2F])
    writeVariableLengthQuantity(endData.count)
    writeBytes(endData)
    setUInt32(UInt32(clamping: count - start), at: lengthOffset)
  }
}

extension Array where Element == TrackEvent {
  /// Whether no event's tick is below the one before it.
  var isSortedByTick: Bool {
    var previous = Int.min
    for item in self {
      if item.tick < previous { return false }
      previous = item.tick
    }
    return true
  }
}

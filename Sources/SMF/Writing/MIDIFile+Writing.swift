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
    var writer = MIDIFileWriter(
      format: format, division: division, trackCount: tracks.count, unknownChunks: unknownChunks,
      runningStatus: runningStatus, capacity: 14 + eventCount * 4)
    for track in tracks { writer.append(track) }
    return writer.finish()
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
    let records = events.records
    let order: [Int]? =
      events.isSortedByTick
      ? nil : records.indices.sorted { (records[$0].tick, $0) < (records[$1].tick, $1) }
    var lastTick = 0
    var endTick = 0
    // The data of the track's End of Track (normally none), kept so that `FF 2F 01 00` survives.
    var endData: Range<Int> = 0..<0
    var currentStatus: UInt8 = 0
    for position in records.indices {
      let record = records[order?[position] ?? position]
      let tick = Int(record.tick)
      let status = record.status
      if status == 0xFF && record.data1 == MetaEvent.Kind.endOfTrack.rawValue {
        endTick = max(endTick, tick)
        endData = events.dataRange(of: record)
        continue
      }
      writeVariableLengthQuantity(max(0, tick - lastTick))
      lastTick = max(lastTick, tick)
      if status < 0xF0 {
        if !runningStatus || status != currentStatus { writeUInt8(status) }
        currentStatus = status
        writeUInt8(record.data1)
        if status & 0xE0 != 0xC0 { writeUInt8(record.data2) }
        continue
      }
      writeUInt8(status)
      if status == 0xFF { writeUInt8(record.data1) }
      let data = events.dataRange(of: record)
      writeVariableLengthQuantity(data.count)
      writeBytes(events.payloads[data])
      currentStatus = 0
    }
    writeVariableLengthQuantity(max(0, endTick - lastTick))
    writeBytes([0xFF, 0x2F])
    writeVariableLengthQuantity(endData.count)
    writeBytes(events.payloads[endData])
    setUInt32(UInt32(clamping: count - start), at: lengthOffset)
  }
}

extension TrackEvents {
  /// Whether no event's tick is below the one before it.
  var isSortedByTick: Bool {
    var previous = Int64.min
    for record in records {
      if record.tick < previous { return false }
      previous = record.tick
    }
    return true
  }
}

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

/// Reads the events of one track chunk.
///
/// The SMF specification: `<Track Chunk> = <chunk type "MTrk"> <length> <MTrk event>+` and
/// `<MTrk event> = <delta-time> <event>`, where an event is a MIDI channel message (with
/// running status), a SysEx event (`F0`/`F7 <length> <bytes>`) or a meta event
/// (`FF <type> <length> <bytes>`).
///
/// Tolerated, with a warning: a chunk length past the file's end (read to the end), events
/// running past the declared length (read on to End of Track), a declared length that runs
/// over the next `MTrk` (ended at End of Track), bytes after End of Track (skipped), no End of
/// Track (one is added), running status after meta or SysEx.
struct TrackParser {
  /// The track's bytes start at `reader.offset`; `reader.end` is the end of the file.
  let file: ByteReader
  let index: Int
  let declaredLength: Int
  let strict: Bool
  /// Where the next chunk starts, once parsed.
  private(set) var chunkEnd = 0
  private(set) var warnings: [SMFWarning] = []
  /// The bytes the event loop went over, counting each pass (a measure of the work done).
  private(set) var scannedBytes = 0

  init(reader: ByteReader, index: Int, declaredLength: Int, strict: Bool) {
    var file = reader
    file.track = index
    self.file = file
    self.index = index
    self.declaredLength = declaredLength
    self.strict = strict
  }

  mutating func warn(_ kind: SMFWarning.Kind, at offset: Int) throws(SMFError) {
    let warning = SMFWarning(kind, offset: offset, track: index)
    if strict { throw warning.strict }
    warnings.append(warning)
  }

  mutating func parse() throws(SMFError) -> Track {
    Track(events: try parseEvents(into: TrackEvents.self))
  }

  /// Reads the track's events into a sink of the given type (a ``TrackEvents`` to keep them,
  /// or one that only counts and summarizes).
  mutating func parseEvents<Sink: TrackEventSink>(into _: Sink.Type) throws(SMFError) -> Sink {
    let start = file.offset
    let available = file.end - start
    var declaredEnd = start + declaredLength
    if declaredLength > available {
      try warn(.trackLengthPastEnd(declared: declaredLength, available: available), at: start - 4)
      declaredEnd = file.end
    }
    var events = EventParser<Sink>(reader: file, end: declaredEnd)
    var failure: SMFError?
    do { try events.parse() } catch { failure = error }
    scannedBytes += events.offset - start

    // Events that run past a too-short declared length: read on to End of Track, if the bytes
    // after the declared end are not the next chunk.
    if !events.foundEndOfTrack && declaredEnd < file.end && !nextChunkFollows(at: declaredEnd) {
      // A tentative parse: its error matters only if it finds no End of Track either.
      // Storage for as many events as the declared length holds, not the rest of the file:
      // a file of many short-declared tracks would otherwise keep a file's worth per track.
      var extended = EventParser<Sink>(reader: file, end: file.end, sizeHint: declaredEnd - start)
      let extendedParsed: Bool
      do {
        try extended.parse()
        extendedParsed = true
      } catch {
        extendedParsed = false
      }
      scannedBytes += extended.offset - start
      if extendedParsed, extended.foundEndOfTrack {
        try warn(
          .trackLengthTooShort(declared: declaredLength, actual: extended.offset - start),
          at: start - 4)
        return try finish(extended, chunkEnd: extended.offset)
      }
    }
    if let failure { throw failure }
    if events.foundEndOfTrack, events.offset < declaredEnd {
      // A declared length that runs over the next track: end this one at its End of Track.
      var probe = file
      probe.offset = events.offset
      if probe.peekChunkType() == .track {
        try warn(
          .trackLengthTooLong(declared: declaredLength, actual: events.offset - start), at: start - 4)
        // Parsed again over its true length, so that its storage is in proportion to it.
        var exact = EventParser<Sink>(reader: file, end: events.offset)
        scannedBytes += events.offset - start
        try exact.parse()
        return try finish(exact, chunkEnd: events.offset)
      }
      try warn(.bytesAfterEndOfTrack(count: declaredEnd - events.offset), at: events.offset)
    }
    return try finish(events, chunkEnd: declaredEnd)
  }

  /// Whether a plausible chunk header (`MTrk`, or four printable bytes) starts at `offset`.
  private func nextChunkFollows(at offset: Int) -> Bool {
    var probe = file
    probe.offset = offset
    guard let type = probe.peekChunkType() else { return false }
    return type == .track || type.isPrintable
  }

  private mutating func finish<Sink: TrackEventSink>(_ parsed: EventParser<Sink>, chunkEnd: Int)
    throws(SMFError) -> Sink
  {
    self.chunkEnd = chunkEnd
    for offset in parsed.runningStatusAfterMetaOffsets {
      try warn(.runningStatusAfterMetaOrSysEx, at: offset)
    }
    var events = parsed.events
    if !parsed.foundEndOfTrack {
      try warn(.missingEndOfTrack, at: chunkEnd)
      events.appendData(tick: events.lastTick, status: 0xFF, type: MetaEvent.Kind.endOfTrack.rawValue, [])
    }
    return events
  }
}

/// The event loop of one track: the hot path of reading a file.
///
/// No per-event allocation: each event becomes one record of ``TrackEvents``, and meta and
/// SysEx data are copied once into its one data buffer, after their length is checked against
/// the bytes left. Channel messages, nearly all of a file, are read without a call and handed
/// to the sink in batches of raw fields (``RawChannelEvent``; measured in `make bench`).
struct EventParser<Sink: TrackEventSink> {
  private var reader: ByteReader
  private(set) var events: Sink
  private(set) var foundEndOfTrack = false
  private(set) var runningStatusAfterMetaOffsets: [Int] = []
  private let sizeHint: Int

  /// - Parameter sizeHint: At most how many bytes of events to reserve storage for.
  init(reader: ByteReader, end: Int, sizeHint: Int = .max) {
    self.reader = reader
    self.reader.end = end
    self.sizeHint = sizeHint
    // Room for as many events as the bytes hold at 3 bytes an event (a note with running
    // status), so that most tracks never regrow: bounded by the bytes really there.
    self.events = Sink(capacity: min(end - reader.offset, sizeHint) / 3 + 1)
  }

  /// The offset after the last byte parsed.
  var offset: Int { reader.offset }

  mutating func parse() throws(SMFError) {
    // The loop keeps the cursor, the end, the tick and the events in locals and calls out only
    // for what is rare: a delta-time of more than one byte, meta and SysEx events, errors. Each
    // error is the one the ByteReader method would throw, at the same offset.
    let bytes = reader.bytes
    let end = reader.end
    var offset = reader.offset
    var output = Sink(capacity: 0)
    swap(&output, &events)
    // Channel messages go to the sink in batches (raw fields; see RawChannelEvent), handed over
    // before each meta or SysEx event and at the end, so that the sink sees the file's order.
    let batch = UnsafeMutablePointer<RawChannelEvent>.allocate(capacity: RawChannelEvent.batchSize)
    var batchCount = 0
    func handOver() {
      output.appendChannels(UnsafeBufferPointer(start: batch, count: batchCount))
      batchCount = 0
    }
    defer {
      if batchCount > 0 { handOver() }
      batch.deallocate()
      reader.offset = offset
      swap(&output, &events)
    }
    var tick = 0
    var runningStatus: UInt8 = 0
    var afterMetaOrSysEx = false
    while offset < end {
      if bytes[offset] < 0x80 {  // a one-byte delta-time, by far the most common
        tick &+= Int(bytes[offset])
        offset &+= 1
      } else {
        reader.offset = offset
        tick &+= try reader.readVariableLengthQuantity("a delta-time")
        offset = reader.offset
      }
      let eventOffset = offset
      guard offset < end else { throw unexpectedEnd("an event after its delta-time", at: offset) }
      var status = bytes[offset]
      offset &+= 1
      var data1: UInt8
      if status < 0x80 {
        guard runningStatus != 0 else {
          throw reader.error(.missingRunningStatus(dataByte: status), at: eventOffset)
        }
        if afterMetaOrSysEx {
          runningStatusAfterMetaOffsets.append(eventOffset)
          afterMetaOrSysEx = false
        }
        data1 = status
        status = runningStatus
      } else if status < 0xF0 {
        runningStatus = status
        afterMetaOrSysEx = false
        guard offset < end else { throw unexpectedEnd("the data byte of a channel message", at: offset) }
        data1 = bytes[offset]
        offset &+= 1
        guard data1 < 0x80 else { throw dataByteError(status, data1, at: offset - 1) }
      } else {
        if batchCount > 0 { handOver() }
        reader.offset = offset
        try parseNonChannelEvent(status: status, tick: tick, at: eventOffset, into: &output)
        offset = reader.offset
        afterMetaOrSysEx = true
        if foundEndOfTrack { return }
        continue
      }
      var data2: UInt8 = 0
      if status & 0xE0 != 0xC0 {  // every kind but program change (Cn) and channel pressure (Dn)
        guard offset < end else {
          throw unexpectedEnd("the second data byte of a channel message", at: offset)
        }
        data2 = bytes[offset]
        offset &+= 1
        guard data2 < 0x80 else { throw dataByteError(status, data2, at: offset - 1) }
      }
      (batch + batchCount).initialize(to: RawChannelEvent(tick: tick, status: status, data1, data2))
      batchCount &+= 1
      if batchCount == RawChannelEvent.batchSize { handOver() }
    }
  }

  /// The error ``ByteReader/readUInt8(_:)`` throws when no byte is left.
  private func unexpectedEnd(_ expected: String, at offset: Int) -> SMFError {
    reader.error(.unexpectedEnd(expected: expected), at: offset)
  }

  /// Reads a meta or SysEx event whose status byte is just behind the reader's cursor.
  private mutating func parseNonChannelEvent(
    status: UInt8, tick: Int, at eventOffset: Int, into output: inout Sink
  ) throws(SMFError) {
    switch status {
    case 0xFF:
      let type = try reader.readUInt8("the type of a meta event")
      let length = try reader.readVariableLengthQuantity("the length of a meta event")
      let range = try reader.readRange(length, "meta event 0x\(hex(type))")
      if type == MetaEvent.Kind.endOfTrack.rawValue { foundEndOfTrack = true }
      output.appendData(tick: tick, status: 0xFF, type: type, reader.bytes[range])
    case 0xF0, 0xF7:
      let length = try reader.readVariableLengthQuantity("the length of a SysEx event")
      let range = try reader.readRange(length, "SysEx event")
      output.appendData(tick: tick, status: status, type: 0, reader.bytes[range])
    default:
      throw reader.error(.unexpectedStatusByte(status), at: eventOffset)
    }
  }

  private func dataByteError(_ status: UInt8, _ byte: UInt8, at offset: Int) -> SMFError {
    let kind = ChannelMessage.Kind(rawValue: status & 0xF0)!
    return reader.error(.dataByteOutOfRange(message: kind.name, byte: byte), at: offset)
  }
}

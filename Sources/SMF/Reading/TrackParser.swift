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
/// Track (one is added), running status after meta or SysEx, system common and real-time
/// messages between events (skipped, see ``SystemMessage``), a track or file that ends inside
/// an event (the events before it kept, the track ended there).
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
    try warn(SMFWarning(kind, offset: offset, track: index))
  }

  /// Records a tolerated problem, or throws it in strict mode.
  mutating func warn(_ warning: SMFWarning) throws(SMFError) {
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
    let pastEnd = declaredLength > available
    if pastEnd { declaredEnd = file.end }
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
    if let failure {
      // The track (or the file) ends inside an event: keep the events before it. Only where
      // the bytes that hold the track end: at the file's end, or where the next chunk starts
      // (else the declared length is wrong, not the track cut).
      guard let expected = Self.cutShort(failure),
        declaredEnd == file.end || nextChunkFollows(at: declaredEnd)
      else { throw failure }
      // A length past the file's end is what a file cut short declares: the cut says it all.
      let cut = SMFWarning(
        .eventCutShort(expected: expected, droppedBytes: declaredEnd - events.lastEventStart, tracks: 1),
        offset: events.lastEventStart, track: index)
      return try finish(events, chunkEnd: declaredEnd, cut: cut)
    }
    try warnPastEnd(pastEnd, available: available, start: start)
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

  /// Warns of a declared length past the file's end (read to the end), when it is.
  private mutating func warnPastEnd(_ pastEnd: Bool, available: Int, start: Int) throws(SMFError) {
    guard pastEnd else { return }
    try warn(.trackLengthPastEnd(declared: declaredLength, available: available), at: start - 4)
  }

  /// What the event loop expected when its bytes ended inside an event, or `nil` for an error
  /// of another kind: the data ends early, or a meta or SysEx event declares more bytes than
  /// are left.
  static func cutShort(_ error: SMFError) -> String? {
    switch error.kind {
    case .unexpectedEnd(let expected): expected
    case .declaredLengthPastEnd(let what, let declared, let available):
      "the \(declared) byte(s) of \(what), \(available) left"
    default: nil
    }
  }

  /// Whether a plausible chunk header (`MTrk`, or four printable bytes) starts at `offset`.
  private func nextChunkFollows(at offset: Int) -> Bool {
    var probe = file
    probe.offset = offset
    guard let type = probe.peekChunkType() else { return false }
    return type == .track || type.isPrintable
  }

  /// Sets where the next chunk starts and warns of what the loop tolerated, in order: the
  /// system messages skipped, running status after meta or SysEx, then a cut event (when
  /// `cut` is given) or a missing End of Track. Adds the End of Track, if the track has none.
  private mutating func finish<Sink: TrackEventSink>(
    _ parsed: EventParser<Sink>, chunkEnd: Int, cut: SMFWarning? = nil
  ) throws(SMFError) -> Sink {
    self.chunkEnd = chunkEnd
    if let skipped = parsed.skipped.warning(track: index) { try warn(skipped) }
    for offset in parsed.runningStatusAfterMetaOffsets {
      try warn(.runningStatusAfterMetaOrSysEx, at: offset)
    }
    var events = parsed.events
    if let cut {
      try warn(cut)
    } else if !parsed.foundEndOfTrack {
      try warn(.missingEndOfTrack, at: chunkEnd)
    }
    if !parsed.foundEndOfTrack {
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
  /// The system messages skipped.
  private(set) var skipped = SkippedSystemMessages()
  /// Where the last event the loop started on begins (its delta-time): after an error, the
  /// incomplete event.
  private(set) var lastEventStart = 0
  private let sizeHint: Int

  /// - Parameter sizeHint: At most how many bytes of events to reserve storage for.
  init(reader: ByteReader, end: Int, sizeHint: Int = .max) {
    self.reader = reader
    self.lastEventStart = reader.offset
    self.reader.end = end
    self.sizeHint = sizeHint
    // Room for as many events as the bytes hold at 3 bytes an event (a note with running
    // status), so that most tracks never regrow: bounded by the bytes really there.
    self.events = Sink(capacity: min(end - reader.offset, sizeHint) / 3 + 1, track: reader.track ?? 0)
  }

  /// The offset after the last byte parsed.
  var offset: Int { reader.offset }

  /// The end of the bytes the loop reads.
  var end: Int { reader.end }

  mutating func parse() throws(SMFError) {
    // The loop keeps the cursor, the end, the tick and the events in locals and calls out only
    // for what is rare: a delta-time of more than one byte, meta and SysEx events, system
    // messages, errors. Each error is the one the ByteReader method would throw, at the same
    // offset.
    let bytes = reader.bytes
    let end = reader.end
    var offset = reader.offset
    var eventStart = offset
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
      lastEventStart = eventStart
      swap(&output, &events)
    }
    var tick = 0
    // A channel status (80–EF), a system common status whose data bytes the peers read as
    // repeats of it (F1–F3), or 0: none in effect.
    var runningStatus: UInt8 = 0
    var afterMetaOrSysEx = false
    // An undefined status byte is skipped only when the event after it parses: where that
    // event starts, and where the byte is.
    var afterUndefined = -1
    var undefinedOffset = -1
    // Where the first system message skipped since the last event kept is (-1: none), and the
    // tick of that event: skipping joins delta-times, which must still fit one delta-time.
    var skippedOffset = -1
    var keptTick = 0
    func checkSkippedTime() throws(SMFError) {
      if skippedOffset >= 0 {
        guard tick &- keptTick <= 0x0FFF_FFFF else {
          throw reader.error(.skippedTimeTooLong(ticks: tick &- keptTick), at: skippedOffset)
        }
        skippedOffset = -1
      }
      keptTick = tick
    }
    do throws(SMFError) {
      while offset < end {
        eventStart = offset
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
          if runningStatus >= 0xF0 {  // data bytes after a system common message
            try skipSystemMessage(runningStatus, at: eventOffset, repeated: true, offset: &offset)
            if skippedOffset < 0 { skippedOffset = eventOffset }
            continue
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
        } else if SystemMessage.contains(status) {
          try skipSystemMessage(status, at: eventOffset, repeated: false, offset: &offset)
          if skippedOffset < 0 { skippedOffset = eventOffset }
          if !SystemMessage.keepsRunningStatus(status) {
            runningStatus = SystemMessage.dataByteCount(status) > 0 ? status : 0
          }
          if SystemMessage.isUndefined(status) {
            undefinedOffset = eventOffset
            afterUndefined = offset
          }
          continue
        } else {
          if batchCount > 0 { handOver() }
          try checkSkippedTime()
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
        if skippedOffset >= 0 { try checkSkippedTime() } else { keptTick = tick }
        (batch + batchCount).initialize(to: RawChannelEvent(tick: tick, status: status, data1, data2))
        batchCount &+= 1
        if batchCount == RawChannelEvent.batchSize { handOver() }
      }
    } catch {
      // What follows an undefined status byte does not parse: the byte is the error.
      if eventStart == afterUndefined {
        throw reader.error(.unexpectedStatusByte(bytes[undefinedOffset]), at: undefinedOffset)
      }
      throw error
    }
  }

  /// Skips a system common or real-time message (``SystemMessage``) whose status byte is at
  /// `eventOffset`, with the data bytes MIDI 1.0 gives it, from `offset` on.
  /// - Parameter repeated: The message is a data byte read under a system common message's
  ///   running status, as mido and symusic read it: its first data byte is the one at
  ///   `eventOffset`, already behind `offset`.
  private mutating func skipSystemMessage(
    _ status: UInt8, at eventOffset: Int, repeated: Bool, offset: inout Int
  )
    throws(SMFError)
  {
    let count = SystemMessage.dataByteCount(status) - (repeated ? 1 : 0)
    for _ in 0..<max(count, 0) {
      guard offset < reader.end else {
        throw unexpectedEnd("a data byte of system message 0x\(hex(status))", at: offset)
      }
      let byte = reader.bytes[offset]
      guard byte < 0x80 else {
        throw reader.error(
          .dataByteOutOfRange(message: SystemMessage.name(of: status), byte: byte), at: offset)
      }
      offset += 1
    }
    skipped.record(status, at: eventOffset, byteCount: offset - eventOffset)
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

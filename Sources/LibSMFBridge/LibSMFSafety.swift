#if LibSMF
  import SMF

  /// Decides whether a file can be handed to libsmf 1.3 without endangering the process.
  ///
  /// libsmf 1.3 as Debian builds it (assertions on) aborts the process on any `F7` event, on a
  /// track without End of Track, on running status after SysEx and on a tick past 2^31 − 1;
  /// after running status following a meta event, or a meta event of 128 bytes or more (it
  /// reads only the first byte of the length), it reads the rest of the track out of step and
  /// can meet any of those; it reads past the buffer of a tempo event shorter than 3 bytes; and
  /// once a track fails it works on freed memory. It does not read format 2 files, SMPTE
  /// division or a file without tracks.
  ///
  /// So a file is handed over only when the Swift reader accepted it without a single warning
  /// and its bytes, walked again here independently of the parsed model, have exactly the
  /// layout libsmf reads safely: an `MThd` chunk of 6 bytes, then exactly the declared number of
  /// `MTrk` chunks and nothing else, each ending in End of Track at the chunk's last byte.
  enum LibSMFSafety {
    /// The largest tick libsmf 1.3 can hold (its `time_pulses` is a C `int`).
    static let maximumTick = Int(Int32.max)

    /// Why the file must not be handed to libsmf, or `nil` when it is safe to.
    /// - Parameters:
    ///   - bytes: The file.
    ///   - result: What the Swift reader made of `bytes`; its event counts are checked against
    ///     the bytes, so a result read from other bytes is refused.
    static func refusalReason(bytes: [UInt8], result: ReadResult) -> String? {
      if let warning = result.warnings.first {
        let others = result.warnings.count > 1 ? " (and \(result.warnings.count - 1) more)" : ""
        return "the Swift reader tolerated a problem\(others), and libsmf 1.3 is handed only "
          + "files read without warnings: \(warning)"
      }
      guard bytes.count <= Int(Int32.max) else {
        return "the file has \(bytes.count) bytes, more than libsmf 1.3 can address (2^31 - 1)"
      }
      let file = result.file
      if file.format == .independentTracks {
        return "libsmf 1.3 does not read format 2 files"
      }
      if case .smpte = file.division {
        return "libsmf 1.3 does not read files with SMPTE division"
      }
      if file.tracks.isEmpty {
        return "libsmf 1.3 does not read a file without tracks"
      }
      do {
        return try scanChunks(bytes: bytes, file: file)
      } catch {
        return "the bytes do not read as the Swift reader's result says (\(error))"
      }
    }

    /// Walks the chunks: `MThd` of 6 bytes, then one `MTrk` per track of `file`, then the end.
    private static func scanChunks(bytes: [UInt8], file: MIDIFile) throws(SMFError) -> String? {
      var reader = ByteReader(bytes)
      guard try reader.readChunkType() == .header, try reader.readUInt32("the header length") == 6
      else {
        return "the file does not start with an MThd chunk of 6 bytes"
      }
      try reader.skip(2, "the header's format")
      let declaredTracks = Int(try reader.readUInt16("the header's track count"))
      try reader.skip(2, "the header's division")
      guard declaredTracks == file.tracks.count else {
        return "the header declares \(declaredTracks) track(s) but the file holds \(file.tracks.count)"
      }
      for (index, track) in file.tracks.enumerated() {
        let chunkStart = reader.offset
        guard try reader.readChunkType() == .track else {
          return "byte \(chunkStart): expected the MTrk chunk of track \(index)"
        }
        let length = Int(try reader.readUInt32("a track length"))
        guard length <= reader.remaining else {
          return "byte \(chunkStart), track \(index): the chunk declares \(length) bytes "
            + "but only \(reader.remaining) are left"
        }
        var events = ByteReader(bytes, start: reader.offset, end: reader.offset + length)
        events.track = index
        if let reason = try scanTrack(&events, index: index, expectedEvents: track.events.count) {
          return reason
        }
        reader.offset += length
      }
      guard reader.isAtEnd else {
        return "byte \(reader.offset): \(reader.remaining) byte(s) after the last track chunk"
      }
      return nil
    }

    /// Walks the events of one track chunk the way libsmf 1.3 does, stopping at the first
    /// trait it cannot survive.
    private static func scanTrack(_ events: inout ByteReader, index: Int, expectedEvents: Int)
      throws(SMFError) -> String?
    {
      var tick = 0
      var count = 0
      // libsmf's running status is the status byte of the previous event, whatever it was.
      var previousStatus: UInt8 = 0
      var endOfTrack = false
      while !events.isAtEnd && !endOfTrack {
        tick += try events.readVariableLengthQuantity("a delta-time")
        let offset = events.offset
        let place = "byte \(offset), track \(index)"
        guard tick <= maximumTick else {
          return "\(place): tick \(tick) is past 2^31 - 1, where libsmf 1.3's tick overflows "
            + "and it aborts"
        }
        var status = try events.readUInt8("a status byte")
        count += 1
        var dataBytesRead = 0
        if status < 0x80 {
          guard (0x80...0xEF).contains(previousStatus) else {
            return "\(place): running status after a meta or SysEx event (libsmf 1.3 takes the "
              + "meta or SysEx status for it and misreads the track or aborts)"
          }
          status = previousStatus
          dataBytesRead = 1
        }
        switch status {
        case 0x80...0xEF:
          let dataBytes = status & 0xE0 == 0xC0 ? 1 : 2
          try events.skip(dataBytes - dataBytesRead, "a channel message")
        case 0xFF:
          let type = try events.readUInt8("a meta event type")
          let length = try events.readUInt8("a meta event length")
          guard length < 0x80 else {
            return "\(place): a meta event (type 0x\(hexBytes([type]))) with a length of 128 bytes or "
              + "more (libsmf 1.3 reads only the first byte of the length and loses its place)"
          }
          if type == 0x51 && length < 3 {
            return "\(place): a tempo event of \(length) byte(s) (libsmf 1.3 reads 3 and so "
              + "reads past its buffer)"
          }
          try events.skip(Int(length), "a meta event")
          if type == 0x2F {
            endOfTrack = true
            guard events.isAtEnd else {
              return "byte \(events.offset), track \(index): bytes after End of Track"
            }
          }
        case 0xF0:
          let length = try events.readVariableLengthQuantity("a SysEx length")
          try events.skip(length, "a SysEx event")
        case 0xF7:
          return "\(place): an F7 SysEx packet (libsmf 1.3 aborts on any F7 event)"
        default:
          return "\(place): status byte 0x\(hexBytes([status])) (libsmf 1.3 reads it differently)"
        }
        previousStatus = status
      }
      guard endOfTrack else {
        return "track \(index) has no End of Track event (libsmf 1.3 aborts)"
      }
      guard count == expectedEvents else {
        return "track \(index): the bytes hold \(count) events but the Swift reader's result has "
          + "\(expectedEvents); the result was not read from these bytes"
      }
      return nil
    }
  }
#endif

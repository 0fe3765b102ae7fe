import SMF

/// muspy 0.5's reading of a MIDI file (`muspy.read_midi(path)`: mido, "fifo", default
/// arguments), as a ``MuspyMusic``.
extension MuspyMusic {
  /// Reads a MIDI file as muspy does.
  ///
  /// A file the SMF reader reads without a warning reads the same in mido, event for event, so
  /// it is read by the SMF reader's fast path (``MIDIFile/readTracks(_:options:into:eachTrack:)``)
  /// into ``MuspyTrackBuilder``s; any other file (a warning, an error, a header track count
  /// mido reads as negative) is read by ``MidoReader``, mido's own reading, byte for byte.
  /// - Throws: ``MuspyRefusal``: what muspy raises (format 2, a division below 1, and whatever
  ///   mido raises while reading).
  public init(bytes: [UInt8]) throws(MuspyRefusal) {
    try self.init(bytes: bytes, fastPath: true)
  }

  /// Reads a MIDI file with mido's reading only (the tests hold the fast path to it).
  init(midoReading bytes: [UInt8]) throws(MuspyRefusal) {
    try self.init(bytes: bytes, fastPath: false)
  }

  private init(bytes: [UInt8], fastPath: Bool) throws(MuspyRefusal) {
    var collected = Collected()
    let header: MidoReader.Header
    if fastPath, let fast = Self.readFast(bytes, into: &collected) {
      header = fast
    } else {
      collected = Collected()
      var reader = MidoReader(bytes: bytes)
      header = try reader.read { builder throws(MuspyRefusal) in
        builder.finish()
        collected.append(&builder)
      }
    }
    if header.format == 2 { throw MuspyRefusal("MIDIError", "Type 2 MIDI file is not supported.") }
    if header.division < 1 { throw MuspyRefusal("MIDIError", "`ticks_per_beat` must be positive.") }
    if let refusal = collected.refusal { throw refusal }
    self.init(
      resolution: header.division, notes: collected.notes, tracks: collected.tracks,
      tempos: collected.tempos, timeSignatures: collected.timeSignatures)
  }

  /// What the MTrks gave, in order.
  private struct Collected {
    var notes: [Note] = []
    var tracks: [Track] = []
    var tempos: [(time: Int, qpm: Double)] = []
    var timeSignatures: [TimeSignature] = []
    var refusal: MuspyRefusal?

    mutating func append(_ builder: inout MuspyTrackBuilder) {
      if refusal == nil { refusal = builder.refusal }
      notes.append(contentsOf: builder.notes)
      tracks.append(contentsOf: builder.tracks)
      tempos.append(contentsOf: builder.tempos)
      timeSignatures.append(contentsOf: builder.timeSignatures)
    }
  }

  /// The fast path: the SMF reader, when it reads the file without a warning and mido would
  /// read the same header; `nil` otherwise.
  private static func readFast(_ bytes: [UInt8], into collected: inout Collected) -> MidoReader.Header? {
    guard bytes.count >= 14, bytes[0..<4].elementsEqual("MThd".utf8), bytes[10] < 0x80 else { return nil }
    let outline: FileOutline
    do {
      outline = try MIDIFile.readTracks(bytes, into: MuspyTrackBuilder.self) { _, builder in
        builder.finish()
        collected.append(&builder)
      }
    } catch {
      return nil
    }
    guard outline.warnings.isEmpty else { return nil }
    let division = Int(Int16(bitPattern: UInt16(bytes[12]) << 8 | UInt16(bytes[13])))
    return MidoReader.Header(
      format: Int(outline.format.rawValue), trackCount: outline.trackCount, division: division)
  }
}

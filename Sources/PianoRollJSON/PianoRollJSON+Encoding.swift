import JSON
import PianoRoll
import SMF

extension PianoRollJSON {
  /// The song as piano-roll JSON (UTF-8): the ``Profile/full`` profile one note or event a
  /// line, the ``Profile/compact`` one notes and events as rows, without derived fields and
  /// padding.
  ///
  /// Each track lists its notes in tick order and its other events in writing order (see
  /// ``Song/midiFile()``), so that JSON → .mid → JSON gives the same bytes.
  /// - Complexity: O(*n* log *m*) for *n* notes and events and *m* meter and tempo changes.
  public static func encode(_ song: Song, profile: Profile = .full) -> [UInt8] {
    let estimate = 512 + song.tracks.reduce(0) { $0 + $1.notes.count * 330 + $1.events.count * 80 }
    return JSONWriter.bytes(initialCapacity: profile == .full ? estimate : estimate / 5) { out in
      write(song, profile: profile, to: &out)
    }
  }

  /// Writes the song as piano-roll JSON to `sink`, one buffer of 64 KiB at a time: the whole
  /// document is never held in memory.
  /// - Throws: the first error of `sink`; nothing more is written after it.
  public static func encode<E: Error>(
    _ song: Song, profile: Profile = .full, to sink: (UnsafeRawBufferPointer) throws(E) -> Void
  ) throws(E) {
    try JSONWriter.stream(to: sink) { out in write(song, profile: profile, to: &out) }
  }

  /// Writes the song as piano-roll JSON with `out` (stopping early when `out` stops).
  public static func write(_ song: Song, profile: Profile = .full, to out: inout JSONWriter) {
    let timeline = song.makeTimeline()
    writeDocument(
      format: song.format, division: song.division, timeline: timeline, profile: profile, to: &out
    ) { (out: inout JSONWriter) in
      for (index, track) in song.tracks.enumerated() {
        guard !out.isStopped else { break }
        writeTrackEntry(track, index: index, timeline, profile: profile, to: &out)
      }
      return song.unknownChunks
    }
  }

  /// Writes a document: its header and summaries, then `tracks` writes the entries of
  /// `"tracks"` (``writeTrackEntry(_:index:_:profile:to:)`` each) and returns the unknown chunks,
  /// which come last.
  static func writeDocument<E: Error>(
    format: Format, division: Division, timeline: Timeline, profile: Profile, to out: inout JSONWriter,
    tracks: (inout JSONWriter) throws(E) -> [UnknownChunk]
  ) throws(E) {
    let full = profile == .full
    let squeezed = out.squeezesLiterals
    out.squeezesLiterals = !full
    defer { out.squeezesLiterals = squeezed }
    out.raw("{\n  \"midiroll\": ", integer: version)
    out.raw(full ? ",\n  \"profile\": \"full\"" : ",\n  \"profile\": \"compact\"")
    out.raw(",\n  \"format\": ", integer: Int(format.rawValue))
    writeDivision(division, style: .document, to: &out)
    if full { writeSummaries(timeline, style: .document, to: &out) }
    out.raw(",\n  \"tracks\": [")
    let trackStart = out.byteCount
    let unknownChunks = try tracks(&out)
    guard !out.isStopped else { return }
    out.raw(out.byteCount == trackStart ? "]" : "\n  ]")
    if !unknownChunks.isEmpty {
      out.raw(",\n  \"unknownChunks\": [")
      for (index, chunk) in unknownChunks.enumerated() {
        out.raw(index == 0 ? "\n    {\"type\": " : ",\n    {\"type\": ")
        out.rawString(chunk.type.description)
        out.raw(", \"tracksBefore\": ", integer: chunk.tracksBefore)
        out.raw(", \"hex\": ")
        out.rawHexString(chunk.data)
        out.raw("}")
      }
      out.raw("\n  ]")
    }
    out.raw(full ? "\n}\n" : "}\n")
  }

  /// Writes entry `index` of `"tracks"` (with a comma before it unless it is the first).
  static func writeTrackEntry(
    _ track: SongTrack, index: Int, _ timeline: Timeline, profile: Profile, to out: inout JSONWriter
  ) {
    let squeezed = out.squeezesLiterals
    out.squeezesLiterals = profile != .full
    defer { out.squeezesLiterals = squeezed }
    out.raw(index == 0 ? "\n    {" : ",\n    {")
    writeTrack(track, timeline, full: profile == .full, to: &out)
    out.raw("\n    }")
  }

  /// A key signature's `"sharps"`, `"minor"` and `"name"`, each after a comma: the same in the
  /// summary and in a track's event.
  static func writeKeyFields(
    sharps: Int, isMinor: Bool, name: String, full: Bool = true, to out: inout JSONWriter
  ) {
    out.raw(", \"sharps\": ", integer: sharps)
    out.raw(", \"minor\": ")
    out.rawBool(isMinor)
    guard full else { return }
    out.raw(", \"name\": ", string: name)
  }

  private static func writeTrack(
    _ track: SongTrack, _ timeline: Timeline, full: Bool, to out: inout JSONWriter
  ) {
    let ranks = track.tickOrders
    guard full else {
      writeTrackRows(track, to: &out)
      return
    }
    out.raw("\n      \"name\": ")
    if let name = track.name { out.rawString(name) } else { out.raw("null") }
    out.raw(",\n      \"notes\": [")
    let meters = timeline.timeSignatures
    let tempos = timeline.tempos
    for (index, noteIndex) in track.noteIndicesInTickOrder().enumerated() {
      let note = track.notes[noteIndex].writable
      out.raw(index == 0 ? "\n        {\"pitch\": " : ",\n        {\"pitch\": ")
      out.rawInteger(Int(note.pitch))
      out.raw(", \"name\": \"")
      writeNoteName(note.pitch, to: &out)
      out.raw("\", \"velocity\": ", integer: Int(note.velocity))
      out.raw(", \"offVelocity\": ", integer: Int(note.offVelocity))
      out.raw(", \"channel\": ", integer: Int(note.channel))
      out.raw(", \"tick\": ", integer: note.tick)
      out.raw(", \"durationTicks\": ", integer: note.durationTicks)
      let start = meters.position(atTick: note.tick)
      out.raw(", \"position\": ")
      writePosition(start, to: &out)
      out.raw(", \"duration\": ")
      writePosition(meters.duration(from: start, to: meters.position(atTick: note.endTick)), to: &out)
      out.raw(", \"seconds\": ")
      writeSeconds(tempos, from: 0, to: note.tick, to: &out)
      out.raw(", \"durationSeconds\": ")
      writeSeconds(tempos, from: note.tick, to: note.endTick, to: &out)
      switch note.end {
      case .noteOff: break
      case .noteOnWithVelocityZero: out.raw(", \"end\": \"noteOnVelocity0\"")
      case .endOfTrack: out.raw(", \"end\": \"endOfTrack\"")
      }
      if !ranks.isEmpty {
        if let rank = ranks.rank(of: .noteOn(noteIndex), atTick: note.tick) {
          out.raw(", \"onOrder\": ", integer: rank)
        }
        if let rank = ranks.rank(of: .noteOff(noteIndex), atTick: note.endTick) {
          out.raw(", \"offOrder\": ", integer: rank)
        }
      }
      out.raw("}")
    }
    out.raw(track.notes.isEmpty ? "],\n      \"events\": [" : "\n      ],\n      \"events\": [")
    for (index, eventIndex) in track.eventIndicesInWritingOrder().enumerated() {
      out.raw(index == 0 ? "\n        {\"tick\": " : ",\n        {\"tick\": ")
      let item = track.events[eventIndex]
      out.rawInteger(item.tick)
      writeEvent(item.event, to: &out)
      if let rank = ranks.rank(of: .event(eventIndex), atTick: item.tick) {
        out.raw(", \"order\": ", integer: rank)
      }
      out.raw("}")
    }
    out.raw(track.events.isEmpty ? "]" : "\n      ]")
  }

  /// Writes the seconds between two ticks, exactly rounded to 9 decimals (nanoseconds): a
  /// fixed form that reads back to the same tick for any tempo above 1000 µs a quarter note.
  static func writeSeconds(_ tempos: TempoMap, from start: Int, to end: Int, to out: inout JSONWriter) {
    let exact =
      start == 0 ? tempos.exactSeconds(atTick: end) : tempos.exactSeconds(fromTick: start, toTick: end)
    if let exact {
      out.rawDecimal(numerator: exact.numerator, denominator: exact.denominator)
    } else {
      out.rawDecimal(tempos.seconds(fromTick: start, toTick: end))
    }
  }

  static func writePosition(_ position: Position, to out: inout JSONWriter) {
    out.raw("{\"bar\": ", integer: position.bar)
    out.raw(", \"beat\": ", integer: position.beat)
    out.raw(", \"subbeat\": ", integer: position.subbeat)
    out.raw(", \"cent\": ", integer: position.cent)
    out.raw("}")
  }

  /// Writes `C4`, `F#3`, `C-1` without building a `String`.
  private static func writeNoteName(_ pitch: UInt8, to out: inout JSONWriter) {
    let pitchClass = Int(pitch % 12)
    out.rawByte(namesLetters[pitchClass])
    if sharps[pitchClass] { out.rawByte(UInt8(ascii: "#")) }
    out.rawInteger(Int(pitch / 12) - 1)
  }

  private static let namesLetters: [UInt8] = Array("CCDDEFFGGAAB".utf8)
  private static let sharps = [false, true, false, true, false, false, true, false, true, false, true, false]
}

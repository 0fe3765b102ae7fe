import SMF

extension PianoRollJSON {
  /// The song as piano-roll JSON (UTF-8), one note or event a line.
  ///
  /// Each track lists its notes in tick order and its other events in writing order (see
  /// ``Song/midiFile()``), so that JSON → .mid → JSON gives the same bytes.
  /// - Complexity: O(*n* log *m*) for *n* notes and events and *m* meter and tempo changes.
  public static func encode(_ song: Song) -> [UInt8] {
    let timeline = song.timeline
    let estimate = 512 + song.tracks.reduce(0) { $0 + $1.notes.count * 330 + $1.events.count * 80 }
    var out = JSONOutput(capacity: estimate)
    out.raw("{\n  \"midiroll\": ")
    out.int(version)
    out.raw(",\n  \"format\": ")
    out.int(Int(song.format.rawValue))
    switch song.division {
    case .ticksPerQuarter(let ticks):
      out.raw(",\n  \"ticksPerBeat\": ")
      out.int(ticks)
    case .smpte(let framesPerSecond, let ticksPerFrame):
      out.raw(",\n  \"smpte\": {\"framesPerSecond\": ")
      out.int(framesPerSecond)
      out.raw(", \"ticksPerFrame\": ")
      out.int(ticksPerFrame)
      out.raw("}")
    }
    writeSummaries(timeline, to: &out)
    out.raw(",\n  \"tracks\": [")
    for (index, track) in song.tracks.enumerated() {
      out.raw(index == 0 ? "\n    {" : ",\n    {")
      writeTrack(track, timeline, to: &out)
      out.raw("\n    }")
    }
    out.raw(song.tracks.isEmpty ? "]" : "\n  ]")
    if !song.unknownChunks.isEmpty {
      out.raw(",\n  \"unknownChunks\": [")
      for (index, chunk) in song.unknownChunks.enumerated() {
        out.raw(index == 0 ? "\n    {\"type\": " : ",\n    {\"type\": ")
        out.string(chunk.type.description)
        out.raw(", \"tracksBefore\": ")
        out.int(chunk.tracksBefore)
        out.raw(", \"hex\": ")
        out.hexString(chunk.data)
        out.raw("}")
      }
      out.raw("\n  ]")
    }
    out.raw("\n}\n")
    return out.bytes()
  }

  private static func writeSummaries(_ timeline: Timeline, to out: inout JSONOutput) {
    out.raw(",\n  \"tempos\": [")
    for (index, tempo) in timeline.tempos.changes.enumerated() {
      out.raw(index == 0 ? "\n    {\"tick\": " : ",\n    {\"tick\": ")
      out.int(tempo.tick)
      out.raw(", \"microsecondsPerBeat\": ")
      out.int(tempo.microsecondsPerQuarter)
      out.raw(", \"bpm\": ")
      out.decimal(numerator: 60_000_000, denominator: tempo.microsecondsPerQuarter)
      out.raw(", \"position\": ")
      writePosition(timeline.position(atTick: tempo.tick), to: &out)
      out.raw(", \"seconds\": ")
      writeSeconds(timeline.tempos, from: 0, to: tempo.tick, to: &out)
      out.raw("}")
    }
    out.raw("\n  ],\n  \"timeSignatures\": [")
    for (index, change) in timeline.timeSignatures.changes.enumerated() {
      out.raw(index == 0 ? "\n    {\"tick\": " : ",\n    {\"tick\": ")
      out.int(change.tick)
      out.raw(", \"bar\": ")
      out.int(change.bar)
      out.raw(", \"numerator\": ")
      out.int(change.numerator)
      out.raw(", \"denominator\": ")
      out.int(change.denominator)
      out.raw("}")
    }
    out.raw("\n  ],\n  \"keySignatures\": [")
    for (index, key) in timeline.keySignatures.enumerated() {
      out.raw(index == 0 ? "\n    {\"tick\": " : ",\n    {\"tick\": ")
      out.int(key.tick)
      writeKeyFields(sharps: key.sharps, isMinor: key.isMinor, name: key.name, to: &out)
      out.raw(", \"position\": ")
      writePosition(timeline.position(atTick: key.tick), to: &out)
      out.raw("}")
    }
    out.raw(timeline.keySignatures.isEmpty ? "]" : "\n  ]")
  }

  /// A key signature's `"sharps"`, `"minor"` and `"name"`, each after a comma: the same in the
  /// summary and in a track's event.
  static func writeKeyFields(sharps: Int, isMinor: Bool, name: String, to out: inout JSONOutput) {
    out.raw(", \"sharps\": ")
    out.int(sharps)
    out.raw(", \"minor\": ")
    out.bool(isMinor)
    out.raw(", \"name\": ")
    out.string(name)
  }

  private static func writeTrack(_ track: SongTrack, _ timeline: Timeline, to out: inout JSONOutput) {
    out.raw("\n      \"name\": ")
    if let name = track.name { out.string(name) } else { out.raw("null") }
    out.raw(",\n      \"notes\": [")
    let meters = timeline.timeSignatures
    let tempos = timeline.tempos
    for (index, noteIndex) in track.noteIndicesInTickOrder().enumerated() {
      let note = track.notes[noteIndex]
      out.raw(index == 0 ? "\n        {\"pitch\": " : ",\n        {\"pitch\": ")
      out.int(Int(note.pitch))
      out.raw(", \"name\": \"")
      writeNoteName(note.pitch, to: &out)
      out.raw("\", \"velocity\": ")
      out.int(Int(note.velocity))
      out.raw(", \"offVelocity\": ")
      out.int(Int(note.offVelocity))
      out.raw(", \"channel\": ")
      out.int(Int(note.channel))
      out.raw(", \"tick\": ")
      out.int(note.tick)
      out.raw(", \"durationTicks\": ")
      out.int(note.durationTicks)
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
      out.raw("}")
    }
    out.raw(track.notes.isEmpty ? "],\n      \"events\": [" : "\n      ],\n      \"events\": [")
    for (index, eventIndex) in track.eventIndicesInWritingOrder().enumerated() {
      out.raw(index == 0 ? "\n        {\"tick\": " : ",\n        {\"tick\": ")
      let item = track.events[eventIndex]
      out.int(item.tick)
      writeEvent(item.event, to: &out)
      out.raw("}")
    }
    out.raw(track.events.isEmpty ? "]" : "\n      ]")
  }

  /// Writes the seconds between two ticks, exactly rounded to 9 decimals (nanoseconds): a
  /// fixed form that reads back to the same tick for any tempo above 1000 µs a quarter note.
  static func writeSeconds(_ tempos: TempoMap, from start: Int, to end: Int, to out: inout JSONOutput) {
    let exact =
      start == 0 ? tempos.exactSeconds(atTick: end) : tempos.exactSeconds(fromTick: start, toTick: end)
    if let exact {
      out.decimal(numerator: exact.numerator, denominator: exact.denominator)
    } else {
      out.decimal(tempos.seconds(fromTick: start, toTick: end))
    }
  }

  static func writePosition(_ position: Position, to out: inout JSONOutput) {
    out.raw("{\"bar\": ")
    out.int(position.bar)
    out.raw(", \"beat\": ")
    out.int(position.beat)
    out.raw(", \"subbeat\": ")
    out.int(position.subbeat)
    out.raw(", \"cent\": ")
    out.int(position.cent)
    out.raw("}")
  }

  /// Writes `C4`, `F#3`, `C-1` without building a `String`.
  private static func writeNoteName(_ pitch: UInt8, to out: inout JSONOutput) {
    let pitchClass = Int(pitch % 12)
    out.byte(namesLetters[pitchClass])
    if sharps[pitchClass] { out.byte(UInt8(ascii: "#")) }
    out.int(Int(pitch / 12) - 1)
  }

  private static let namesLetters: [UInt8] = Array("CCDDEFFGGAAB".utf8)
  private static let sharps = [false, true, false, true, false, false, true, false, true, false, true, false]
}

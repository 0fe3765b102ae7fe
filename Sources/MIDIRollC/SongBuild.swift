import CMIDIRoll
import PianoRoll
import SMF

/// Builds a song from notes and maps (see `include/midiroll.h`).
@_cdecl("midiroll_song_build")
public func midirollSongBuild(
  _ parts: UnsafePointer<midiroll_song_parts>?, _ song: UnsafeMutablePointer<OpaquePointer?>?,
  _ error: UnsafeMutablePointer<midiroll_error>?
) -> Int32 {
  reportingErrors(error) { () throws(ABIError) in
    let call = "midiroll_song_build"
    guard let song else { throw ABIError(usage: "\(call): the song's pointer is NULL") }
    song.pointee = nil
    guard let parts else { throw ABIError(usage: "\(call): the parts are NULL") }
    let built = try SongParts(parts.pointee, in: call).song()
    song.pointee = SongHandle.retained(try SongHandle(song: built, warnings: [], name: nil))
  }
}

/// The caller's parts of a song, read and checked.
struct SongParts {
  let ticksPerQuarter: Int
  let notes: [Note]
  let tempos: [(tick: Int, event: MetaEvent)]
  let meters: [(tick: Int, event: MetaEvent)]
  let keys: [(tick: Int, event: MetaEvent)]
  let trackCount: Int
  let programs: [Int]
  let names: [String?]

  /// Reads every list.
  /// - Throws: ``ABIError`` (`MIDIROLL_USAGE`) naming the list, the row and the column of a
  ///   value out of its range, or a required column that is NULL.
  init(_ parts: midiroll_song_parts, in call: String) throws(ABIError) {
    func refuse(_ text: String) -> ABIError { ABIError(usage: "\(call): \(text)") }
    guard (1...32767).contains(parts.ticks_per_quarter) else {
      throw refuse("ticks_per_quarter \(parts.ticks_per_quarter) is not 1-32767")
    }
    ticksPerQuarter = Int(parts.ticks_per_quarter)
    for (name, count) in [
      ("notes", parts.note_count), ("tempos", parts.tempo_count),
      ("time_signatures", parts.time_signature_count), ("key_signatures", parts.key_signature_count),
      ("tracks", parts.track_count),
    ] where count < 0 {
      throw refuse("\(count) \(name)")
    }
    func required(_ column: midiroll_column, _ list: String, _ name: String, count: Int64) throws(ABIError)
      -> midiroll_column
    {
      guard column.isRequested || count == 0 else { throw refuse("\(list): the \(name) column is NULL") }
      return column
    }
    func value<T: BinaryInteger & BitwiseCopyable>(
      _ column: midiroll_column, _ row: Int, _: T.Type, default fallback: Int = 0, _ list: String,
      _ name: String,
      in range: ClosedRange<Int>
    ) throws(ABIError) -> Int {
      guard column.isRequested else { return fallback }
      let raw = column.load(T.self, at: row)
      guard let value = Int(exactly: raw), range.contains(value) else {
        throw refuse("\(list) row \(row): \(name) \(raw) is not \(range.lowerBound)-\(range.upperBound)")
      }
      return value
    }

    let columns = parts.notes
    let tick = try required(columns.tick, "notes", "tick", count: parts.note_count)
    let duration = try required(columns.duration, "notes", "duration", count: parts.note_count)
    let pitch = try required(columns.pitch, "notes", "pitch", count: parts.note_count)
    let velocity = try required(columns.velocity, "notes", "velocity", count: parts.note_count)
    var notes: [Note] = []
    notes.reserveCapacity(Int(parts.note_count))
    var highestTrack = -1
    let ticks = 0...Int(Int64.max / 2)
    for row in 0..<Int(parts.note_count) {
      let track = try value(
        columns.track, row, UInt16.self, "notes", "track", in: 0...(SongHandle.maximumTracks - 1))
      highestTrack = max(highestTrack, track)
      notes.append(
        Note(
          pitch: UInt8(try value(pitch, row, UInt8.self, "notes", "pitch", in: 0...127)),
          velocity: UInt8(try value(velocity, row, UInt8.self, "notes", "velocity", in: 1...127)),
          offVelocity: UInt8(
            try value(columns.off_velocity, row, UInt8.self, "notes", "off_velocity", in: 0...127)),
          channel: UInt8(try value(columns.channel, row, UInt8.self, "notes", "channel", in: 0...15)),
          track: track, tick: try value(tick, row, Int64.self, "notes", "tick", in: ticks),
          durationTicks: try value(duration, row, Int64.self, "notes", "duration", in: ticks)))
    }
    self.notes = notes

    var tempos: [(tick: Int, event: MetaEvent)] = []
    let tempoTick = try required(parts.tempos.tick, "tempos", "tick", count: parts.tempo_count)
    let bpm = try required(
      parts.tempos.quarters_per_minute, "tempos", "quarters_per_minute", count: parts.tempo_count)
    for row in 0..<Int(parts.tempo_count) {
      let quarters = bpm.load(Double.self, at: row)
      guard quarters.isFinite, quarters > 60_000_000 / 16_777_215, quarters <= 60_000_000 else {
        throw refuse("tempos row \(row): quarters_per_minute \(quarters) is not a tempo (3.58-60000000)")
      }
      tempos.append(
        (
          try value(tempoTick, row, Int64.self, "tempos", "tick", in: ticks),
          MetaEvent.tempo(microsecondsPerQuarter: Int((60_000_000 / quarters).rounded()))
        ))
    }
    self.tempos = tempos

    var meters: [(tick: Int, event: MetaEvent)] = []
    let meterColumns = parts.time_signatures
    let count = parts.time_signature_count
    let meterTick = try required(meterColumns.tick, "time_signatures", "tick", count: count)
    let numerator = try required(meterColumns.numerator, "time_signatures", "numerator", count: count)
    let denominator = try required(meterColumns.denominator, "time_signatures", "denominator", count: count)
    for row in 0..<Int(count) {
      let below = try value(denominator, row, Int32.self, "time_signatures", "denominator", in: 1...128)
      guard below & (below - 1) == 0 else {
        throw refuse("time_signatures row \(row): denominator \(below) is not a power of two")
      }
      meters.append(
        (
          try value(meterTick, row, Int64.self, "time_signatures", "tick", in: ticks),
          MetaEvent.timeSignature(
            numerator: try value(numerator, row, Int32.self, "time_signatures", "numerator", in: 1...255),
            denominator: below)
        ))
    }
    self.meters = meters

    var keys: [(tick: Int, event: MetaEvent)] = []
    let keyColumns = parts.key_signatures
    let keyTick = try required(keyColumns.tick, "key_signatures", "tick", count: parts.key_signature_count)
    let sharps = try required(keyColumns.sharps, "key_signatures", "sharps", count: parts.key_signature_count)
    for row in 0..<Int(parts.key_signature_count) {
      keys.append(
        (
          try value(keyTick, row, Int64.self, "key_signatures", "tick", in: ticks),
          MetaEvent.keySignature(
            sharps: try value(sharps, row, Int32.self, "key_signatures", "sharps", in: -7...7),
            isMinor: try value(keyColumns.minor, row, UInt8.self, "key_signatures", "minor", in: 0...1) == 1)
        ))
    }
    self.keys = keys

    trackCount = max(Int(parts.track_count), highestTrack + 1, 1)
    guard trackCount <= SongHandle.maximumTracks else { throw refuse("\(trackCount) tracks") }
    var programs = [Int](repeating: -1, count: trackCount)
    var names = [String?](repeating: nil, count: trackCount)
    var start = 0
    for row in 0..<Int(parts.track_count) {
      programs[row] = try value(
        parts.tracks.program, row, Int32.self, default: -1, "tracks", "program", in: -1...127)
      guard parts.tracks.name_end.isRequested, let text = parts.names else { continue }
      let end = try value(
        parts.tracks.name_end, row, Int64.self, "tracks", "name_end", in: start...Int(Int32.max))
      let bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(text) + start, count: end - start)
      if end > start { names[row] = String(decoding: bytes, as: UTF8.self) }
      start = end
    }
    self.programs = programs
    self.names = names
  }

  /// The song the parts make.
  func song() -> Song {
    var notesOfTrack = [[Note]](repeating: [], count: trackCount)
    for note in notes { notesOfTrack[note.track].append(note) }
    var tracks: [SongTrack] = []
    for (index, var notes) in notesOfTrack.enumerated() {
      if !zip(notes, notes.dropFirst()).allSatisfy({ $0.tick <= $1.tick }) {
        notes = notes.indices.sorted { (notes[$0].tick, $0) < (notes[$1].tick, $1) }.map { notes[$0] }
      }
      var items: [(tick: Int, event: MIDIEvent)] = []
      if let name = names[index] { items.append((0, .meta(.text(.trackName, name)))) }
      if index == 0 { items += (tempos + meters + keys).map { ($0.tick, .meta($0.event)) } }
      if programs[index] >= 0 {
        for channel in Set(notes.map(\.channel)).sorted() {
          items.append(
            (0, .channel(ChannelMessage(.programChange, channel: channel, UInt8(programs[index])))))
        }
      }
      let order = items.indices.sorted { (items[$0].tick, $0) < (items[$1].tick, $1) }
      var events = TrackEvents()
      for position in order { events.append(TrackEvent(tick: items[position].tick, items[position].event)) }
      let end = max(notes.reduce(0) { max($0, $1.endTick) }, items.map(\.tick).max() ?? 0)
      events.append(TrackEvent(tick: end, .meta(.endOfTrack)))
      tracks.append(SongTrack(notes: notes, events: events))
    }
    return Song(
      format: trackCount == 1 ? .singleTrack : .multipleTracks, division: .ticksPerQuarter(ticksPerQuarter),
      tracks: tracks)
  }
}

extension midiroll_column {
  /// The value in row `row` of a requested column (any alignment).
  @inline(__always)
  func load<T: BitwiseCopyable>(_: T.Type, at row: Int) -> T {
    UnsafeRawPointer(data.unsafelyUnwrapped).loadUnaligned(fromByteOffset: row &* Int(stride), as: T.self)
  }
}

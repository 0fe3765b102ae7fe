import PianoRoll
import PianoRollJSON
import SMF

/// The laws of the piano-roll model for every file the SMF reader accepts, however odd its
/// meters, tempos and notes: `midiroll convert x.mid x.json` must never crash either.
///
/// - ``PianoRoll/Song/init(file:)`` keeps every event: writing the song back as a file gives
///   the same events per track at the same ticks (the order within a tick may change);
/// - the song's piano-roll JSON (with positions and seconds of every note and meter) reads
///   back, with the same events per track at the same ticks (`.mid → JSON → .mid`), and
///   writing that again gives the same bytes.
public enum SongLaws {
  /// Checks the laws on a file that was read; returns the first one broken.
  public static func check(_ file: MIDIFile) -> LawViolation? {
    let song = Song(file: file)
    let written = song.midiFile()
    if let difference = eventDifference(file, written) {
      return LawViolation("a song written back keeps every event at its tick", difference)
    }
    let json = PianoRollJSON.encode(song)
    let decoded: Song
    do {
      decoded = try PianoRollJSON.decode(json)
    } catch {
      return LawViolation("a song's JSON reads back", "\(error)")
    }
    // Lossless: the same events per track at the same ticks (JSON puts the events of a tick
    // in the order docs/DESIGN.md gives, so the order within a tick may change).
    if let difference = eventDifference(written, decoded.midiFile()) {
      return LawViolation("a song's JSON keeps every event at its tick", difference)
    }
    guard decoded.format == song.format, decoded.division == song.division,
      decoded.unknownChunks == song.unknownChunks
    else {
      return LawViolation("a song's JSON keeps the header and unknown chunks", difference(song, decoded))
    }
    guard PianoRollJSON.encode(decoded) == json else {
      return LawViolation("writing a song's JSON is a fixed point", "the second JSON differs")
    }
    return nil
  }

  /// Where two files differ in their tracks' events per tick, or `nil` when every track holds
  /// the same events at the same ticks (in any order within a tick).
  /// - Parameter endOfTrack: Compare End of Track events too (a song read from JSON may have
  ///   none; the writer adds one).
  public static func eventDifference(_ a: MIDIFile, _ b: MIDIFile, endOfTrack: Bool = true) -> String? {
    guard a.tracks.count == b.tracks.count else { return "\(a.tracks.count) → \(b.tracks.count) tracks" }
    for (index, (before, after)) in zip(a.tracks, b.tracks).enumerated() {
      let left = eventsPerTick(before, endOfTrack: endOfTrack)
      let right = eventsPerTick(after, endOfTrack: endOfTrack)
      guard left != right else { continue }
      if left.count != right.count { return "track \(index): \(left.count) → \(right.count) events" }
      for (x, y) in zip(left, right) where x != y { return "track \(index): \(x) → \(y)" }
    }
    return nil
  }

  /// A track's events as sorted `tick bytes` lines: the same for two tracks that hold the
  /// same events at the same ticks, in any order within a tick.
  static func eventsPerTick(_ track: Track, endOfTrack: Bool = true) -> [String] {
    track.events.filter { endOfTrack || !$0.event.isEndOfTrack }.map { "\($0.tick) \($0.event.bytes)" }
      .sorted()
  }

  /// The first place two songs differ, for a person.
  static func difference(_ a: Song, _ b: Song) -> String {
    if a.format != b.format { return "format \(a.format) → \(b.format)" }
    if a.division != b.division { return "division \(a.division) → \(b.division)" }
    if a.unknownChunks != b.unknownChunks { return "unknown chunks differ" }
    if a.tracks.count != b.tracks.count { return "\(a.tracks.count) → \(b.tracks.count) tracks" }
    for (index, (x, y)) in zip(a.tracks, b.tracks).enumerated() where x != y {
      if x.notes != y.notes {
        for (n, (p, q)) in zip(x.notes, y.notes).enumerated() where p != q {
          return "track \(index), note \(n): \(p) → \(q)"
        }
        return "track \(index): \(x.notes.count) → \(y.notes.count) notes"
      }
      for (n, (p, q)) in zip(x.events, y.events).enumerated() where p != q {
        return "track \(index), event \(n): \(p) → \(q)"
      }
      return "track \(index): \(x.events.count) → \(y.events.count) events"
    }
    return "the songs differ"
  }
}

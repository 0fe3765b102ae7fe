import PianoRoll
import PianoRollJSON
import SMF

/// The law of piano-roll JSON as an editing format: a document's notes edited the way a script
/// edits them — deleted, inserted (a row, or an object with only `tick`, `durationTicks`,
/// `pitch`, `velocity` and `channel`), permuted, moved (`tick` changed), a track's notes
/// emptied, an event deleted — with every order hint left as it was, reads back (never
/// refused) with exactly the notes the document states; and written as a `.mid`, reads back
/// with those notes whenever MIDI can say them (whenever the canonical order within a tick
/// gives them: the order hints never change a note).
public enum JSONEditLaws {
  /// One edit of a document's notes or events.
  public enum Edit: CaseIterable, Sendable {
    case deleteNote, deleteNotes, insertNote, permuteNotes, moveNote, emptyNotes, deleteEvent
  }

  /// Checks the law on `song`, in both profiles, for the edit and the choices `seed` picks.
  public static func check(_ song: Song, seed: UInt64) -> LawViolation? {
    for profile in [PianoRollJSON.Profile.full, .compact] {
      var random = Random(seed: seed &+ (profile == .full ? 0 : 0x9E37_79B9))
      let edit = Edit.allCases[random.next(below: Edit.allCases.count)]
      if let violation = check(song, profile: profile, edit: edit, random: &random) { return violation }
    }
    return nil
  }

  /// Checks the law for one edit in one profile.
  public static func check(
    _ song: Song, profile: PianoRollJSON.Profile, edit: Edit, random: inout Random
  ) -> LawViolation? {
    guard !song.tracks.isEmpty,
      case .object(var document) = try? parse(PianoRollJSON.encode(song, profile: profile)),
      case .array(var tracks) = document["tracks"]
    else { return nil }
    let trackIndex = random.next(below: tracks.count)
    guard case .object(var track) = tracks[trackIndex] else { return nil }
    var notes: [JSONValue] = []
    if case .array(let values) = track["notes"] { notes = values }
    var events: [JSONValue] = []
    if case .array(let values) = track["events"] { events = values }
    let endTick = song.endTick

    switch edit {
    case .deleteNote:
      guard !notes.isEmpty else { return nil }
      notes.remove(at: random.next(below: notes.count))
    case .deleteNotes:
      for _ in 0..<min(10, notes.count) { notes.remove(at: random.next(below: notes.count)) }
    case .insertNote:
      let tick = random.next(below: endTick + 1)
      let values = [
        tick, random.next(below: 961), random.next(below: 128), 1 + random.next(below: 127),
        random.next(below: 16),
      ]
      let inserted: JSONValue
      if profile == .compact {
        inserted = .array((values + [0]).map { .integer($0) })
      } else {
        let names = ["tick", "durationTicks", "pitch", "velocity", "channel"]
        inserted = .object(
          JSONObject(members: zip(names, values).map { JSONMember(name: $0, value: .integer($1)) }))
      }
      notes.insert(inserted, at: random.next(below: notes.count + 1))
    case .permuteNotes:
      guard notes.count > 1 else { return nil }
      for index in stride(from: notes.count - 1, to: 0, by: -1) {
        notes.swapAt(index, random.next(below: index + 1))
      }
    case .moveNote:
      guard !notes.isEmpty else { return nil }
      let index = random.next(below: notes.count)
      let tick = random.next(below: endTick + 1)
      switch notes[index] {
      case .array(var row) where !row.isEmpty:
        row[0] = .integer(tick)
        notes[index] = .array(row)
      case .object(var object):
        object.set("tick", .integer(tick))
        notes[index] = .object(object)
      default: return nil
      }
    case .emptyNotes:
      notes = []
    case .deleteEvent:
      guard !events.isEmpty else { return nil }
      events.remove(at: random.next(below: events.count))
    }
    track.set("notes", .array(notes))
    if !events.isEmpty || track["events"] != nil { track.set("events", .array(events)) }
    tracks[trackIndex] = .object(track)
    document.set("tracks", .array(tracks))
    let edited = serialize(.object(document))

    let what = "\(edit) in the \(profile) profile, track \(trackIndex)"
    guard let stated = NoteKey.keys(of: notes) else { return nil }
    let decoded: Song
    do {
      decoded = try PianoRollJSON.decode(edited, options: PianoRollJSON.DecodeOptions(prefer: .ticks))
    } catch {
      return LawViolation("an edited document reads back", "\(what): \(error)")
    }
    guard decoded.tracks.indices.contains(trackIndex) else {
      return LawViolation("an edited document keeps its tracks", what)
    }
    if NoteKey.keys(of: decoded.tracks[trackIndex].notes) != stated {
      return LawViolation("an edited document reads with exactly the notes it states", what)
    }
    // Written as .mid: the notes stated, whenever the canonical order gives them.
    var canonical = decoded
    for index in canonical.tracks.indices { canonical.tracks[index].tickOrders = [] }
    guard let viaCanonical = try? Song(bytes: canonical.serialized()),
      let viaHints = try? Song(bytes: decoded.serialized()),
      viaHints.tracks.count == decoded.tracks.count
    else {
      return LawViolation("an edited document written as .mid reads back", what)
    }
    for index in decoded.tracks.indices {
      let expected = NoteKey.keys(of: decoded.tracks[index].notes)
      guard NoteKey.keys(of: viaCanonical.tracks[index].notes) == expected else { continue }
      if NoteKey.keys(of: viaHints.tracks[index].notes) != expected {
        return LawViolation(
          "an edited document written as .mid reads back with exactly its notes (order hints change none)",
          "\(what): track \(index)")
      }
    }
    return nil
  }

  /// A note as a `.mid` can say it: where it starts and ends, what it plays, its off velocity
  /// and whether a note-on of velocity 0 ends it (a note ended at the End of Track reads as
  /// one ended by a note-off of velocity 0).
  struct NoteKey: Hashable, Comparable {
    var values: [Int]

    static func < (a: NoteKey, b: NoteKey) -> Bool { a.values.lexicographicallyPrecedes(b.values) }

    init(tick: Int, duration: Int, pitch: Int, velocity: Int, channel: Int, off: Int) {
      // off: the note-off velocity, −1 for a note-on of velocity 0, −2 for the End of Track.
      values = [tick, duration, pitch, velocity, channel, max(off, -1)]
    }

    /// The sorted keys of notes.
    static func keys(of notes: [Note]) -> [NoteKey] {
      notes.map { note in
        NoteKey(
          tick: note.tick, duration: note.durationTicks, pitch: Int(note.pitch), velocity: Int(note.velocity),
          channel: Int(note.channel),
          off: note.end == .noteOnWithVelocityZero ? -1 : note.end == .endOfTrack ? 0 : Int(note.offVelocity))
      }.sorted()
    }

    /// The sorted keys of the notes of a document (rows or objects with `tick` and
    /// `durationTicks`), or `nil` for one this law does not read.
    static func keys(of values: [JSONValue]) -> [NoteKey]? {
      var keys: [NoteKey] = []
      for value in values {
        switch value {
        case .array(let row):
          let numbers = row.compactMap { if case .integer(let number) = $0 { number } else { nil } }
          guard numbers.count == 6 else { return nil }
          keys.append(
            NoteKey(
              tick: numbers[0], duration: numbers[1], pitch: numbers[2], velocity: numbers[3],
              channel: numbers[4],
              off: numbers[5] == -2 ? 0 : numbers[5]))
        case .object(let object):
          func int(_ name: String) -> Int? {
            if case .integer(let number) = object[name] { number } else { nil }
          }
          guard let tick = int("tick"), let duration = int("durationTicks"), let pitch = int("pitch") else {
            return nil
          }
          var off = int("offVelocity") ?? 0
          if case .string(let end) = object["end"], end != "noteOff" {
            off = end == "noteOnVelocity0" ? -1 : 0
          }
          keys.append(
            NoteKey(
              tick: tick, duration: duration, pitch: pitch, velocity: int("velocity") ?? 100,
              channel: int("channel") ?? 0, off: off))
        default: return nil
        }
      }
      return keys.sorted()
    }
  }

  /// A small deterministic generator (SplitMix64).
  public struct Random {
    var state: UInt64

    /// A generator seeded with `seed`.
    public init(seed: UInt64) { state = seed }

    /// A number in `0..<bound` (0 when `bound` is not positive).
    public mutating func next(below bound: Int) -> Int {
      guard bound > 0 else { return 0 }
      state &+= 0x9E37_79B9_7F4A_7C15
      var value = state
      value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
      value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
      value ^= value >> 31
      return Int(value % UInt64(bound))
    }
  }

  /// A whole document as a value.
  static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
    try JSONReader.read(bytes) { (reader: inout JSONReader) throws(JSONError) -> JSONValue in
      try reader.beginDocument()
      let value = try reader.readValue()
      try reader.finishDocument()
      return value
    }
  }

  /// A value as JSON text.
  static func serialize(_ value: JSONValue) -> [UInt8] {
    JSONWriter.bytes { writer in writer.value(value) }
  }
}

extension JSONObject {
  /// Sets the member `name` (adding it at the end when absent).
  mutating func set(_ name: String, _ value: JSONValue) {
    if let index = members.firstIndex(where: { $0.name == name }) {
      members[index].value = value
    } else {
      members.append(JSONMember(name: name, value: value))
    }
  }
}

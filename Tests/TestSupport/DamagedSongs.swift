/// Fixtures this project makes for the damage real files carry: system common and real-time
/// messages between a track's events (a sequencer that recorded its clock), and files cut
/// inside their last event (a download cut short).
///
/// Every fixture is the same small song (``events``) with one kind of damage, so that the notes
/// a player hears are known: the song's ``notes``, or those that ended before a cut.
public enum DamagedSongs {
  /// One fixture: what was done to the song, and the file.
  public struct Fixture: Sendable, CustomStringConvertible {
    /// What was done to the song, for test names.
    public var name: String
    /// The file's bytes.
    public var bytes: [UInt8]
    /// The notes a player hears, as (start tick, end tick, key), sorted.
    public var notes: [Note]
    /// The offset of the first damaged byte: the first system message's status byte, or the
    /// delta-time of the event the file is cut inside.
    public var damageOffset: Int
    /// Whether a system message stands right before an event written with running status,
    /// where the peers read the data bytes after it as repeats of the system message (see
    /// `docs/DESIGN.md`, the SMF reading rules).
    public var beforeRunningStatus = false

    /// The fixture's name.
    public var description: String { name }
  }

  /// A note: where it starts and ends, in ticks, and its key.
  public struct Note: Hashable, Sendable, Comparable, Decodable, CustomStringConvertible {
    /// The tick of its note-on.
    public var start: Int
    /// The tick of its note-off.
    public var end: Int
    /// Its key number.
    public var key: Int

    /// Creates a note.
    public init(start: Int, end: Int, key: Int) {
      self.start = start
      self.end = end
      self.key = key
    }

    /// Orders notes by start, end, then key.
    public static func < (a: Note, b: Note) -> Bool { (a.start, a.end, a.key) < (b.start, b.end, b.key) }
    /// `key@start–end`.
    public var description: String { "\(key)@\(start)–\(end)" }
  }

  /// The song's events, delta-time first, in one track of a format 0 file at 96 ticks per
  /// quarter note: four notes, the second pair written with running status.
  public static let events: [[UInt8]] = [
    [0x00, 0xFF, 0x03, 0x04] + Array("Song".utf8),  // 0: track name
    [0x00, 0xC0, 0x00],  //                          1: program change
    [0x00, 0x90, 0x3C, 0x64],  //                    2: C4 on        (tick 0)
    [0x60, 0x80, 0x3C, 0x40],  //                    3: C4 off       (96)
    [0x00, 0x90, 0x3E, 0x64],  //                    4: D4 on        (96)
    [0x60, 0x3E, 0x00],  //                          5: D4 off, running status (192)
    [0x00, 0x40, 0x64],  //                          6: E4 on, running status  (192)
    [0x60, 0x40, 0x00],  //                          7: E4 off, running status (288)
    [0x00, 0x90, 0x43, 0x64],  //                    8: G4 on        (288)
    [0x60, 0x80, 0x43, 0x40],  //                    9: G4 off       (384)
    [0x00, 0xFF, 0x01, 0x03] + Array("end".utf8),  // 10: text
    [0x00, 0xFF, 0x2F, 0x00],  //                   11: End of Track
  ]

  /// The song's notes.
  public static let notes = [
    Note(start: 0, end: 96, key: 60), Note(start: 96, end: 192, key: 62), Note(start: 192, end: 288, key: 64),
    Note(start: 288, end: 384, key: 67),
  ]

  /// The index in ``events`` of each note's note-off.
  public static let noteEndEvents = [3, 5, 7, 9]

  /// Where the damage goes: before the event of this index.
  public enum Position: String, CaseIterable, Sendable {
    /// Before the first note-on.
    case beforeFirstNote
    /// Between C4's note-on and its note-off.
    case betweenOnAndOff
    /// Right after D4's note-off, written with running status, before E4's note-on, also
    /// written with running status.
    case afterRunningStatus
    /// After the last note, before End of Track.
    case atEnd

    /// The index of the event the damage goes before.
    public var eventIndex: Int {
      switch self {
      case .beforeFirstNote: 2
      case .betweenOnAndOff: 3
      case .afterRunningStatus: 6
      case .atEnd: 11
      }
    }
  }

  /// The system common and real-time status bytes, `F1`–`F6` and `F8`–`FE`.
  public static let systemStatusBytes: [UInt8] = Array(0xF1...0xF6) + Array(0xF8...0xFE)

  /// A system message as MIDI 1.0 defines it: its status byte and its data bytes (`F1`: 1,
  /// `F2`: 2, `F3`: 1, the others none).
  public static func message(_ status: UInt8) -> [UInt8] {
    switch status {
    case 0xF1: [0xF1, 0x25]  // quarter frame: piece 2, value 5
    case 0xF2: [0xF2, 0x10, 0x01]  // song position 144
    case 0xF3: [0xF3, 0x07]  // song 7
    default: [status]
    }
  }

  /// The song as a file, with `messages` inserted before the events of the given indices: each
  /// takes the delta-time of the event it goes before (which then gets 0), so that every tick
  /// of the song stays as it was.
  public static func song(inserting messages: [Int: [[UInt8]]] = [:], events: [[UInt8]] = events) -> [UInt8] {
    var track: [UInt8] = []
    for (index, event) in events.enumerated() {
      var event = event
      if let inserted = messages[index], !inserted.isEmpty {
        track += [event[0]] + inserted[0]
        for message in inserted.dropFirst() { track += [0x00] + message }
        event[0] = 0x00
      }
      track += event
    }
    return SMFBytes.file(format: 0, SMFBytes.track(track))
  }

  /// Where the song's track data starts in a file made by ``song(inserting:events:)``.
  public static let trackDataStart = 22

  /// Each system status byte at each ``Position`` where the song still means what it meant:
  /// the notes are the song's. (A system common message right before a running-status event
  /// is in ``systemCommonBeforeRunningStatus``.)
  public static var singleMessages: [Fixture] {
    var fixtures: [Fixture] = []
    for status in systemStatusBytes {
      for position in Position.allCases {
        if position == .afterRunningStatus && !SystemMessageRule.keepsRunningStatus(status) { continue }
        fixtures.append(
          Fixture(
            name: "0x\(hex(status)) \(position.rawValue)",
            bytes: song(inserting: [position.eventIndex: [message(status)]]), notes: notes,
            damageOffset: offset(ofEvent: position.eventIndex) + 1,
            beforeRunningStatus: position == .afterRunningStatus))
      }
    }
    return fixtures
  }

  /// A system common message (`F1`–`F6`) right before an event written with running status:
  /// it cancels running status, so the data bytes after it have no status. mido and symusic
  /// read them as repeats of the system message (F1–F3); the notes are theirs, not the song's
  /// (``Fixture/notes`` is empty: the tests compare with the peers).
  public static var systemCommonBeforeRunningStatus: [Fixture] {
    systemStatusBytes.filter { !SystemMessageRule.keepsRunningStatus($0) }.map { status in
      let index = Position.afterRunningStatus.eventIndex
      return Fixture(
        name: "0x\(hex(status)) afterRunningStatus", bytes: song(inserting: [index: [message(status)]]),
        notes: [], damageOffset: offset(ofEvent: index) + 1, beforeRunningStatus: true)
    }
  }

  /// Several system messages in one file.
  public static var combinations: [Fixture] {
    let every = systemStatusBytes.map(message)
    let defined = systemStatusBytes.filter { ![0xF4, 0xF5, 0xF9, 0xFD].contains($0) }.map(message)
    let clock = Dictionary(uniqueKeysWithValues: (1..<events.count).map { ($0, [[UInt8(0xF8)]]) })
    let realTime: [[UInt8]] = [[0xF8], [0xFE], [0xFA], [0xFC], [0xFB]]
    let start = offset(ofEvent: Position.beforeFirstNote.eventIndex) + 1
    return [
      Fixture(
        name: "every system status byte in a row before the first note",
        bytes: song(inserting: [2: every]), notes: notes, damageOffset: start),
      Fixture(
        name: "every defined system message in a row before the first note",
        bytes: song(inserting: [2: defined]), notes: notes, damageOffset: start),
      Fixture(
        name: "a timing clock before every event", bytes: song(inserting: clock), notes: notes,
        damageOffset: offset(ofEvent: 1) + 1, beforeRunningStatus: true),
      Fixture(
        name: "real-time messages between running-status events, and at every position",
        bytes: song(inserting: [2: realTime, 3: realTime, 6: realTime, 7: realTime, 11: realTime]),
        notes: notes,
        damageOffset: start, beforeRunningStatus: true),
    ]
  }

  /// The song cut at every byte inside its last `eventCount` events (the cut leaves at least
  /// one byte of the event, and not all of it); the track's length still says the whole track.
  /// The notes are those that ended before the cut.
  public static func cuts(insideLast eventCount: Int = 3) -> [Fixture] {
    let whole = song()
    var fixtures: [Fixture] = []
    for index in events.count - eventCount..<events.count {
      let start = offset(ofEvent: index)
      for length in 1..<events[index].count {
        let heard = zip(notes, noteEndEvents).filter { $0.1 < index }.map(\.0)
        fixtures.append(
          Fixture(
            name: "cut after \(length) of the \(events[index].count) bytes of event \(index)",
            bytes: Array(whole[..<(start + length)]), notes: heard, damageOffset: start))
      }
    }
    return fixtures
  }

  /// The offset in ``song(inserting:events:)``'s undamaged file of an event's delta-time.
  public static func offset(ofEvent index: Int) -> Int {
    trackDataStart + events[..<index].reduce(0) { $0 + $1.count }
  }

  /// Upper-case hexadecimal, two digits.
  static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
  }
}

/// The running-status rule the fixtures are built for (the reader's, in `docs/DESIGN.md`):
/// real-time bytes (`F8`–`FE`) leave running status as it was; system common ones cancel it.
public enum SystemMessageRule {
  /// Whether a message with this status byte leaves running status as it was.
  public static func keepsRunningStatus(_ status: UInt8) -> Bool { status >= 0xF8 }
}

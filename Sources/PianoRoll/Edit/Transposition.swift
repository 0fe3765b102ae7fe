import SMF

/// Moves a song's notes up or down by semitones, with its key signatures.
///
/// - Drum notes (MIDI channel 10, channel index 9) stay where they are unless
///   ``transposesDrums``: their pitches are instruments.
/// - A note pushed past 0…127 is handled by ``outOfRange``: dropped, clamped to 0 or 127, or
///   the whole transposition refused (``EditError/outOfRange(semitones:count:examples:)``,
///   naming how many and which) before anything changes.
/// - Polyphonic key pressure and note-offs that ended no note carry a key too: they move with
///   the notes of their channel, and follow the same policy.
/// - Key-signature meta events move with the notes (unless the transposition is a whole
///   number of octaves), spelled with at most 6 sharps or 5 flats (`C major + 1` is
///   `Db major`). A song whose only notes are drums keeps its keys.
/// - Clamped notes that now overlap a note of their pitch and channel are cut, as
///   ``KeyFilter`` snapping does (``TransposeReport/collisions``).
public struct Transposition: Hashable, Sendable {
  /// What happens to a note pushed past 0…127.
  public enum OutOfRange: String, Hashable, Sendable, CaseIterable {
    /// Remove it (and report how many).
    case drop
    /// Keep it at 0 or 127.
    case clamp
    /// Refuse the transposition.
    case fail
  }

  /// Semitones up (positive) or down (negative).
  public var semitones: Int
  /// Transpose drum notes (channel 10) too.
  public var transposesDrums: Bool
  /// What happens to notes pushed past 0…127.
  public var outOfRange: OutOfRange

  /// Creates a transposition.
  public init(semitones: Int, transposesDrums: Bool = false, outOfRange: OutOfRange = .fail) {
    self.semitones = semitones
    self.transposesDrums = transposesDrums
    self.outOfRange = outOfRange
  }

  /// How many notes the error message names at most.
  static let exampleCount = 5

  /// Transposes a song in place.
  /// - Returns: How many notes moved, were dropped or clamped.
  /// - Throws: ``EditError/outOfRange(semitones:count:examples:)`` with ``OutOfRange/fail``,
  ///   leaving the song as it was.
  /// - Complexity: O(*n*) in the number of notes and events (O(*n* log *n*) when clamping).
  @discardableResult
  public func transpose(_ song: inout Song) throws(EditError) -> TransposeReport {
    var report = TransposeReport(semitones: semitones, outOfRange: outOfRange)
    if outOfRange == .fail {
      var examples: [String] = []
      var count = 0
      for (index, track) in song.tracks.enumerated() {
        track.notes.withUnsafeBufferPointer { notes in
          for note in notes where moves(channel: note.channel) && target(note.pitch) == nil {
            count += 1
            if examples.count < Self.exampleCount {
              examples.append("\(note.name) (\(note.pitch)) at tick \(note.tick) in track \(index)")
            }
          }
        }
        for index in track.events.indices {
          guard let (status, key, _) = track.events.channelBytes(at: index), Self.carriesKey(status: status),
            moves(channel: status & 0x0F), target(key) == nil
          else { continue }
          let item = track.events[index]
          guard let message = item.event.channelMessage else { continue }
          count += 1
          if examples.count < Self.exampleCount {
            examples.append(
              "a \(message.kind.name) of key \(message.data1) at tick \(item.tick) in track \(index)")
          }
        }
      }
      if count > 0 { throw EditError.outOfRange(semitones: semitones, count: count, examples: examples) }
    }
    guard semitones != 0 else {
      report.notes = song.noteCount
      return report
    }
    // Pitches and keys move, nothing moves in time: a track keeps the order it is written in
    // unless something was dropped or clamped onto another note.
    let writingOrders = song.tracks.map(\.writingOrder)
    var keepsTiming = Array(repeating: true, count: song.tracks.count)
    var movesAnyNote = false
    for index in song.tracks.indices {
      let (moved, keptTiming) = transpose(&song.tracks[index], report: &report)
      movesAnyNote = moved || movesAnyNote
      keepsTiming[index] = keptTiming
    }
    if movesAnyNote && semitones % 12 != 0 {
      for index in song.tracks.indices { moveKeySignatures(&song.tracks[index].events, report: &report) }
    }
    for index in song.tracks.indices where keepsTiming[index] {
      song.tracks[index].writingOrder = writingOrders[index]
    }
    return report
  }

  /// Whether notes of a channel move.
  func moves(channel: UInt8) -> Bool { transposesDrums || channel != KeyFilter.drumChannel }

  /// The pitch `pitch` moves to, or `nil` when it leaves 0…127.
  func target(_ pitch: UInt8) -> UInt8? {
    let (moved, overflow) = Int(pitch).addingReportingOverflow(semitones)
    if overflow { return nil }
    return (0...127).contains(moved) ? UInt8(moved) : nil
  }

  /// Transposes one track in place; returns whether any note moved, and whether every note and
  /// event kept its place in time (nothing dropped, no clamped note shortened another). Notes
  /// and key-carrying events are changed where they are; only what is dropped makes the lists
  /// again.
  private func transpose(_ track: inout SongTrack, report: inout TransposeReport) -> (
    moved: Bool, keptTiming: Bool
  ) {
    var dropped: [Int] = []
    var clamped: [Bool] = []  // made at the first note clamped
    var moved = 0
    var drumNotesKept = 0
    let transposesDrums = self.transposesDrums
    let semitones = self.semitones
    track.notes.withUnsafeMutableBufferPointer { notes in
      for index in notes.indices {
        let note = notes[index]
        guard transposesDrums || note.channel != KeyFilter.drumChannel else {
          drumNotesKept += 1
          continue
        }
        let pitch = Int(note.pitch) &+ semitones  // wraps only for |semitones| near Int.max: far outside
        if pitch >= 0 && pitch <= 127 {
          notes[index].pitch = UInt8(truncatingIfNeeded: pitch)
        } else if outOfRange == .clamp {
          notes[index].pitch = semitones > 0 ? 127 : 0
          report.clamped += 1
          if clamped.isEmpty { clamped = Array(repeating: false, count: notes.count) }
          clamped[index] = true
        } else {
          report.dropped += 1
          dropped.append(index)
          continue
        }
        moved += 1
      }
    }
    report.notes += track.notes.count
    report.moved += moved
    report.drumNotesKept += drumNotesKept
    if !dropped.isEmpty {
      var kept: [Note] = []
      kept.reserveCapacity(track.notes.count - dropped.count)
      var next = 0
      for (index, note) in track.notes.enumerated() {
        if next < dropped.count && dropped[next] == index {
          next += 1
          continue
        }
        kept.append(note)
      }
      track.notes = kept
    }
    var collisions = 0
    if !clamped.isEmpty { collisions = NoteOverlaps.resolve(&track.notes, changed: clamped) }
    report.collisions += collisions
    var droppedEvents: [Int] = []
    for index in track.events.indices {
      guard let (status, key, _) = track.events.channelBytes(at: index), Self.carriesKey(status: status),
        moves(channel: status & 0x0F)
      else { continue }
      if let moved = target(key) {
        track.events.setChannelData1(moved, at: index)
      } else if outOfRange == .clamp {
        track.events.setChannelData1(semitones > 0 ? 127 : 0, at: index)
      } else {
        droppedEvents.append(index)
        continue
      }
      report.eventsMoved += 1
    }
    if !droppedEvents.isEmpty {
      var kept = TrackEvents()
      kept.reserveCapacity(track.events.count - droppedEvents.count)
      var next = 0
      for (index, item) in track.events.enumerated() {
        if next < droppedEvents.count && droppedEvents[next] == index {
          next += 1
          continue
        }
        kept.append(item)
      }
      track.events = kept
    }
    // Tick orders name notes and events by index.
    if !dropped.isEmpty || !droppedEvents.isEmpty { track.tickOrders = [] }
    return (moved > 0, dropped.isEmpty && droppedEvents.isEmpty && collisions == 0)
  }

  /// Whether a channel message's status names a key: polyphonic key pressure, or a note
  /// message kept as an event (a note-off that ended no note).
  static func carriesKey(status: UInt8) -> Bool {
    let kind = status & 0xF0
    return kind == ChannelMessage.Kind.polyPressure.rawValue || kind == ChannelMessage.Kind.noteOff.rawValue
      || kind == ChannelMessage.Kind.noteOn.rawValue
  }

  /// Moves every key signature by ``semitones``.
  private func moveKeySignatures(_ events: inout TrackEvents, report: inout TransposeReport) {
    for index in events.indices where events.metaType(at: index) == 0x59 {
      guard case .meta(let meta) = events[index].event, meta.kind == .keySignature,
        let key = meta.keySignature
      else { continue }
      events[index].event = .meta(
        .keySignature(sharps: Self.sharps(key.sharps, transposedBy: semitones), isMinor: key.isMinor))
      report.keySignaturesMoved += 1
    }
  }

  /// The sharps (positive) or flats (negative) of a key moved by `semitones`: each semitone up
  /// adds 7 sharps, modulo 12, spelled within -5…6 (a whole number of octaves keeps the key as
  /// it was written).
  public static func sharps(_ sharps: Int, transposedBy semitones: Int) -> Int {
    if semitones % 12 == 0 { return sharps }
    let value = (sharps + 7 * (semitones % 12)).flooredDivision(by: 12).remainder  // 0…11
    return value > 6 ? value - 12 : value
  }
}

extension Song {
  /// Transposes the song's notes and keys (see ``Transposition``).
  /// - Returns: How many notes moved, were dropped or clamped.
  /// - Throws: ``EditError/outOfRange(semitones:count:examples:)`` when notes leave 0…127 and
  ///   the policy is ``Transposition/OutOfRange/fail`` (the song is then unchanged).
  @discardableResult
  public mutating func transpose(with transposition: Transposition) throws(EditError) -> TransposeReport {
    try transposition.transpose(&self)
  }
}

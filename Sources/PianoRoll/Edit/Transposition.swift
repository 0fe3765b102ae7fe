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
        for note in track.notes where moves(channel: note.channel) && target(note.pitch) == nil {
          count += 1
          if examples.count < Self.exampleCount {
            examples.append("\(note.name) (\(note.pitch)) at tick \(note.tick) in track \(index)")
          }
        }
        for item in track.events {
          guard let message = item.event.channelMessage, Self.carriesKey(message),
            moves(channel: message.channel), target(message.data1) == nil
          else { continue }
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
    var movesAnyNote = false
    for index in song.tracks.indices {
      movesAnyNote = transpose(&song.tracks[index], report: &report) || movesAnyNote
    }
    if movesAnyNote && semitones % 12 != 0 {
      for index in song.tracks.indices { moveKeySignatures(&song.tracks[index].events, report: &report) }
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

  /// Whether a channel message names a key: polyphonic key pressure, or a note message kept
  /// as an event (a note-off that ended no note).
  static func carriesKey(_ message: ChannelMessage) -> Bool {
    message.kind == .polyPressure || message.kind == .noteOff || message.kind == .noteOn
  }

  /// Transposes one track; returns whether any note moved.
  private func transpose(_ track: inout SongTrack, report: inout TransposeReport) -> Bool {
    var notes: [Note] = []
    var clamped: [Bool] = []
    notes.reserveCapacity(track.notes.count)
    var movedAny = false
    var droppedAny = false
    for var note in track.notes {
      report.notes += 1
      guard moves(channel: note.channel) else {
        report.drumNotesKept += 1
        notes.append(note)
        clamped.append(false)
        continue
      }
      if let pitch = target(note.pitch) {
        note.pitch = pitch
        clamped.append(false)
      } else if outOfRange == .clamp {
        note.pitch = semitones > 0 ? 127 : 0
        report.clamped += 1
        clamped.append(true)
      } else {
        report.dropped += 1
        droppedAny = true
        continue
      }
      report.moved += 1
      movedAny = true
      notes.append(note)
    }
    if report.clamped > 0 { report.collisions += NoteOverlaps.resolve(&notes, changed: clamped) }
    track.notes = notes
    var events = TrackEvents()
    events.reserveCapacity(track.events.count)
    for var item in track.events {
      if let message = item.event.channelMessage, Self.carriesKey(message), moves(channel: message.channel) {
        var moved = message
        if let key = target(message.data1) {
          moved.data1 = key
        } else if outOfRange == .clamp {
          moved.data1 = semitones > 0 ? 127 : 0
        } else {
          droppedAny = true
          continue
        }
        item.event = .channel(moved)
        report.eventsMoved += 1
      }
      events.append(item)
    }
    track.events = events
    if droppedAny { track.tickOrders = [] }  // they name notes and events by index
    return movedAny
  }

  /// Moves every key signature by ``semitones``.
  private func moveKeySignatures(_ events: inout TrackEvents, report: inout TransposeReport) {
    for index in events.indices {
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

/// Keeps a song's notes within a key set: drops the notes outside, or snaps them to the
/// nearest allowed pitch.
///
/// Drum notes (MIDI channel 10, channel index 9) are left alone unless ``filtersDrums``: their
/// pitches are instruments, not notes of a scale. Snapping keeps every note (and its timing);
/// when a snapped note overlaps another note of its new pitch and channel, the earlier one is
/// cut to end where the later one starts, as ``Quantizer`` does (counted in
/// ``KeyFilterReport/collisions``). Non-note events are never touched.
public struct KeyFilter: Hashable, Sendable {
  /// What happens to a note outside the keys.
  public enum Mode: Hashable, Sendable {
    /// Remove it.
    case drop
    /// Move it to the nearest allowed pitch in this direction.
    case snap(SnapDirection)
  }

  /// The channel index of drums in General MIDI: 9 (MIDI channel 10).
  public static let drumChannel: UInt8 = 9

  /// The allowed pitches.
  public var keys: KeySet
  /// Drop or snap.
  public var mode: Mode
  /// Filter drum notes (channel 10) too.
  public var filtersDrums: Bool

  /// Creates a filter.
  public init(keys: KeySet, mode: Mode = .drop, filtersDrums: Bool = false) {
    self.keys = keys
    self.mode = mode
    self.filtersDrums = filtersDrums
  }

  /// Filters a song in place.
  /// - Returns: How many notes were dropped or snapped.
  /// - Complexity: O(*n*) to drop, O(*n* log *n*) to snap, in the number of notes.
  @discardableResult
  public func filter(_ song: inout Song) -> KeyFilterReport {
    var report = KeyFilterReport(keys: keys.label, snaps: mode != .drop)
    // The pitch each of the 128 pitches becomes (nil: dropped), computed once.
    let targets: [Int?] = (0...127).map { pitch in
      switch mode {
      case .drop: keys.contains(pitch) ? pitch : nil
      case .snap(let direction): keys.snap(pitch, direction)
      }
    }
    for index in song.tracks.indices {
      var notes: [Note] = []
      var changed: [Bool] = []
      notes.reserveCapacity(song.tracks[index].notes.count)
      for var note in song.tracks[index].notes {
        report.notes += 1
        if note.channel == Self.drumChannel && !filtersDrums {
          report.drumNotesKept += 1
          notes.append(note)
          changed.append(false)
          continue
        }
        guard let target = targets[Int(note.pitch)] else {
          report.dropped += 1
          continue
        }
        changed.append(target != Int(note.pitch))
        if target != Int(note.pitch) {
          report.snapped += 1
          note.pitch = UInt8(target)
        }
        notes.append(note)
      }
      if report.snaps { report.collisions += NoteOverlaps.resolve(&notes, changed: changed) }
      song.tracks[index].notes = notes
    }
    return report
  }
}

extension Song {
  /// Filters the song's notes to a key set (see ``KeyFilter``).
  /// - Returns: How many notes were dropped or snapped.
  @discardableResult
  public mutating func filter(with filter: KeyFilter) -> KeyFilterReport {
    filter.filter(&self)
  }
}

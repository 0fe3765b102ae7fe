#if LibSMF
  import SMF

  /// Compares what the Swift reader and libsmf read from the same file, event by event.
  ///
  /// Only representation is normalised: libsmf keeps an `F0` SysEx message as `F0` and its data
  /// without the file's length, where ``SMF/MIDIEvent/bytes`` keeps the length. Channel
  /// messages (a note-on with velocity 0 stays one in both readers), meta events (with their
  /// length byte) and End of Track compare byte for byte, each at its absolute tick.
  public enum ReaderComparison {
    /// Every difference between the two readers, track by track.
    /// - Parameters:
    ///   - swift: The file as the Swift reader read it.
    ///   - libsmf: The same file as libsmf read it (``LibSMFReader/events(of:acceptedAs:)``).
    ///   - limitPerTrack: How many differing events to list per track; the rest of a track's
    ///     are counted in one ``ReaderDifference/moreDifferences(track:count:)``.
    /// - Returns: No element when both readers agree.
    /// - Complexity: O(*n*) in the number of events.
    public static func compare(swift: MIDIFile, libsmf: [[LibSMFEvent]], limitPerTrack: Int = 10)
      -> [ReaderDifference]
    {
      var differences: [ReaderDifference] = []
      if swift.tracks.count != libsmf.count {
        differences.append(.trackCount(swift: swift.tracks.count, libsmf: libsmf.count))
      }
      for (index, (track, other)) in zip(swift.tracks, libsmf).enumerated() {
        var found = 0
        for position in 0..<max(track.events.count, other.count) {
          let mine = position < track.events.count ? libsmfForm(of: track.events[position]) : nil
          let theirs = position < other.count ? other[position] : nil
          guard mine != theirs else { continue }
          found += 1
          if found <= limitPerTrack {
            differences.append(.event(track: index, index: position, swift: mine, libsmf: theirs))
          }
        }
        if found > limitPerTrack {
          differences.append(.moreDifferences(track: index, count: found - limitPerTrack))
        }
      }
      return differences
    }

    /// An event of the Swift reader in libsmf's representation.
    ///
    /// An `F0` SysEx message loses its length (libsmf keeps the bytes as sent on the wire); an
    /// `F7` packet, never handed to libsmf, would be its data alone; everything else is
    /// ``SMF/MIDIEvent/bytes``.
    public static func libsmfForm(of event: TrackEvent) -> LibSMFEvent {
      switch event.event {
      case .sysEx(let sysEx) where sysEx.kind == .start:
        return LibSMFEvent(tick: event.tick, bytes: [0xF0] + sysEx.data)
      case .sysEx(let sysEx):
        return LibSMFEvent(tick: event.tick, bytes: sysEx.data)
      default:
        return LibSMFEvent(tick: event.tick, bytes: event.event.bytes)
      }
    }
  }

  /// One way the Swift reader and libsmf disagree about a file.
  ///
  /// Track and event indices count from 0, as in ``SMF/SMFError``.
  public enum ReaderDifference: Hashable, Sendable, CustomStringConvertible {
    /// The readers found different numbers of tracks.
    case trackCount(swift: Int, libsmf: Int)
    /// The event at this index of this track differs, or one reader has no event there.
    /// Both sides are in libsmf's representation (``ReaderComparison/libsmfForm(of:)``).
    case event(track: Int, index: Int, swift: LibSMFEvent?, libsmf: LibSMFEvent?)
    /// More events of this track differ than were listed.
    case moreDifferences(track: Int, count: Int)

    /// One line, e.g. `track 2, event 17: Swift reader has 90 3C 64 at tick 480, libsmf has
    /// 90 3C 00 at tick 480`.
    public var description: String {
      switch self {
      case .trackCount(let swift, let libsmf):
        return "file: Swift reader has \(swift) track(s), libsmf has \(libsmf)"
      case .event(let track, let index, let swift, let libsmf):
        let mine = swift.map { "has \($0)" } ?? "has no event"
        let theirs = libsmf.map { "has \($0)" } ?? "has no event"
        return "track \(track), event \(index): Swift reader \(mine), libsmf \(theirs)"
      case .moreDifferences(let track, let count):
        return "track \(track): \(count) more event(s) differ"
      }
    }
  }
#endif

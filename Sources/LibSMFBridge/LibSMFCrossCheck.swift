#if LibSMF
  import SMF

  /// Reads a file with libsmf and compares it with the Swift reader's result, in one call
  /// (what `midiroll check` runs).
  public enum LibSMFCrossCheck {
    /// The largest file `midiroll check` hands to libsmf: libsmf holds about 100 bytes per
    /// event (an `smf_event_t` and its buffer), so a larger file would take many times the
    /// file's size in memory.
    public static let maximumFileSize = 4_000_000

    /// What the cross-check found.
    public enum Outcome: Hashable, Sendable, CustomStringConvertible {
      /// Both readers read the same events; the count of events in all tracks.
      case agree(events: Int)
      /// The readers disagree; see each difference's description.
      case differ([ReaderDifference])
      /// The file was not handed to libsmf: it has a trait libsmf cannot survive or read.
      case refused(reason: String)
      /// libsmf was handed the file and failed to load it.
      case failed(String)

      /// One line for a person (for `.differ`, the count; print each difference after it).
      public var description: String {
        switch self {
        case .agree(let events):
          return "libsmf agrees with the Swift reader (\(events) events)"
        case .differ(let differences):
          return "libsmf disagrees with the Swift reader (\(differences.count) difference(s))"
        case .refused(let reason):
          return "libsmf not run: \(reason)"
        case .failed(let message):
          return "libsmf failed: \(message)"
        }
      }
    }

    /// Reads `bytes` with libsmf when that is safe and compares the events with `result`.
    /// - Parameters:
    ///   - bytes: The file.
    ///   - result: What `MIDIFile.read(bytes)` returned.
    ///   - limitPerTrack: How many differing events to list per track.
    public static func run(bytes: [UInt8], result: ReadResult, limitPerTrack: Int = 10) -> Outcome {
      let reading: LibSMFReading
      do {
        reading = try LibSMFReader.read(bytes, acceptedAs: result)
      } catch {
        switch error {
        case .unsafeForLibSMF(let reason):
          return .refused(reason: reason)
        case .loadFailed:
          return .failed(error.description)
        }
      }
      let differences = ReaderComparison.compare(
        swift: result.file, libsmf: reading.tracks, limitPerTrack: limitPerTrack)
      return differences.isEmpty ? .agree(events: reading.eventCount) : .differ(differences)
    }
  }
#endif

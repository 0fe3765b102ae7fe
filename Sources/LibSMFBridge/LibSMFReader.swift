#if LibSMF
  import CSMF
  import Foundation
  import SMF

  /// libsmf 1.3 (Debian `libsmf-dev`) as a second reader, independent of the Swift one.
  ///
  /// It is handed only files the Swift reader accepted and that have none of the traits libsmf
  /// cannot survive (see ``refusalReason(for:acceptedAs:)``); everything else is refused with
  /// a reason, so libsmf never stands between a file and the process. libsmf's glib log output
  /// is captured into the result or the error, never printed. Calls are serialised: libsmf and
  /// the log handler it reports through are process-wide state.
  ///
  /// glib still aborts after a message of a level made fatal by the environment (for example
  /// `G_DEBUG=fatal-criticals`); libsmf logs criticals for files it reads fine, so do not set
  /// that for a process that uses this reader.
  public enum LibSMFReader {
    /// The version the loaded libsmf reports, e.g. `1.3`.
    public static var version: String { String(cString: smf_get_version()) }

    /// The libsmf version whose failure modes and allocations this bridge was checked against;
    /// another version is refused rather than trusted.
    public static let checkedVersion = "1.3"

    /// Why `bytes` will not be handed to libsmf, or `nil` when they will.
    ///
    /// Refused: any warning of the Swift reader (missing End of Track, running status after
    /// meta or SysEx, track lengths, unknown chunks, …); any `F7` SysEx packet; a meta event of
    /// 128 bytes or more; a tempo event shorter than 3 bytes; a tick past 2^31 − 1; format 2,
    /// SMPTE division, no tracks; a `result` whose events do not match the bytes; and every
    /// file when the loaded libsmf is not version ``checkedVersion``.
    /// - Parameters:
    ///   - bytes: The file.
    ///   - result: What `MIDIFile.read(bytes)` returned.
    /// - Complexity: O(*n*) in the number of bytes.
    public static func refusalReason(for bytes: [UInt8], acceptedAs result: ReadResult) -> String? {
      guard version == checkedVersion else {
        return "the loaded libsmf is version \(version), not \(checkedVersion), the one whose "
          + "crashes this bridge knows how to avoid"
      }
      return LibSMFSafety.refusalReason(bytes: bytes, result: result)
    }

    /// The events of every track as libsmf reads them.
    /// - Parameters:
    ///   - bytes: The file.
    ///   - result: What `MIDIFile.read(bytes)` returned for the same bytes.
    /// - Returns: One array per track, in file order, each ending with End of Track.
    /// - Throws: ``LibSMFError/unsafeForLibSMF(reason:)`` without calling libsmf when the file
    ///   has a trait it cannot survive; ``LibSMFError/loadFailed(messages:)`` when libsmf
    ///   returns no file.
    public static func events(of bytes: [UInt8], acceptedAs result: ReadResult) throws(LibSMFError)
      -> [[LibSMFEvent]]
    {
      try read(bytes, acceptedAs: result).tracks
    }

    /// The events of every track as libsmf reads them, with what libsmf logged on the way.
    /// - Throws: As ``events(of:acceptedAs:)``.
    public static func read(_ bytes: [UInt8], acceptedAs result: ReadResult) throws(LibSMFError)
      -> LibSMFReading
    {
      if let reason = refusalReason(for: bytes, acceptedAs: result) {
        throw .unsafeForLibSMF(reason: reason)
      }
      return try load(bytes)
    }

    /// Hands `bytes` to `smf_load_from_memory` under the lock, with glib's log captured.
    private static func load(_ bytes: [UInt8]) throws(LibSMFError) -> LibSMFReading {
      libsmfLock.lock()
      defer { libsmfLock.unlock() }
      let log = LogCapture()
      let handler = g_log_set_handler(
        LogCapture.domain, csmf_all_log_levels(),
        { _, level, message, capture in
          guard let capture, let message else { return }
          Unmanaged<LogCapture>.fromOpaque(capture).takeUnretainedValue()
            .record(level: level, message: String(cString: message))
        }, Unmanaged.passUnretained(log).toOpaque())
      defer { g_log_remove_handler(LogCapture.domain, handler) }
      let loaded = withExtendedLifetime(log) {
        bytes.withUnsafeBytes { buffer in
          smf_load_from_memory(buffer.baseAddress, Int32(buffer.count))
        }
      }
      guard let smf = loaded else { throw .loadFailed(messages: log.messages) }
      defer { csmf_free_loaded(smf) }
      return LibSMFReading(tracks: tracks(of: smf), messages: log.messages)
    }

    /// Copies the events out of a loaded file.
    private static func tracks(of smf: UnsafeMutablePointer<smf_t>) -> [[LibSMFEvent]] {
      let trackCount = Int(smf.pointee.number_of_tracks)
      var tracks: [[LibSMFEvent]] = []
      tracks.reserveCapacity(trackCount)
      for number in 0..<trackCount {
        guard let track = smf_get_track_by_number(smf, Int32(number + 1)) else { continue }
        let eventCount = Int(track.pointee.number_of_events)
        var events: [LibSMFEvent] = []
        events.reserveCapacity(eventCount)
        for eventNumber in 0..<eventCount {
          guard let event = smf_track_get_event_by_number(track, Int32(eventNumber + 1)) else {
            continue
          }
          let buffer = UnsafeBufferPointer(
            start: event.pointee.midi_buffer, count: Int(max(0, event.pointee.midi_buffer_length)))
          events.append(LibSMFEvent(tick: Int(event.pointee.time_pulses), bytes: Array(buffer)))
        }
        tracks.append(events)
      }
      return tracks
    }
  }

  /// What libsmf read: the events of every track and the messages it logged.
  public struct LibSMFReading: Hashable, Sendable {
    /// One array per track, in file order, each ending with End of Track.
    public var tracks: [[LibSMFEvent]]
    /// What libsmf logged through glib while reading (warnings and criticals), in order.
    public var messages: [String]

    /// Creates a reading.
    public init(tracks: [[LibSMFEvent]], messages: [String]) {
      self.tracks = tracks
      self.messages = messages
    }

    /// The number of events in all tracks.
    public var eventCount: Int { tracks.reduce(0) { $0 + $1.count } }
  }

  /// Serialises every use of libsmf and of its glib log handler.
  private let libsmfLock = NSLock()

  /// Collects libsmf's glib log messages during one load (only ever touched under the lock).
  private final class LogCapture {
    /// The glib log domain libsmf logs to.
    static let domain = "libsmf"

    /// The messages so far, each prefixed with its level.
    private(set) var messages: [String] = []

    /// Keeps a message of level message or more severe; drops info and debug chatter.
    func record(level: GLogLevelFlags, message: String) {
      let levels: [(GLogLevelFlags, String)] = [
        (G_LOG_LEVEL_ERROR, "error"), (G_LOG_LEVEL_CRITICAL, "critical"),
        (G_LOG_LEVEL_WARNING, "warning"), (G_LOG_LEVEL_MESSAGE, "message"),
      ]
      guard let name = levels.first(where: { level.rawValue & $0.0.rawValue != 0 })?.1 else { return }
      messages.append("\(name): \(message)")
    }
  }
#endif

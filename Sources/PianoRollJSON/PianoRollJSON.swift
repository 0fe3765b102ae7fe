@_exported import JSON
import PianoRoll

/// Piano-roll JSON, version 1: one object per MIDI file (docs/DESIGN.md, "Piano-roll JSON").
///
/// ```json
/// {"midiroll": 1, "profile": "full", "format": 1, "ticksPerBeat": 480,
///  "tempos": [...], "timeSignatures": [...], "keySignatures": [...],
///  "tracks": [{"name": "Piano", "notes": [...], "events": [...]}]}
/// ```
///
/// - ``encode(_:profile:)`` writes a song (``encode(_:profile:to:)`` streams it to a sink);
///   names always come in the same order and numbers in one form, so equal songs give equal
///   bytes. The ``Profile/compact`` profile leaves out what is derived and the padding, and
///   writes notes and events as rows (arrays).
/// - ``decode(_:options:)`` reads one (``decode(source:options:)`` from a file descriptor or
///   pipe as it arrives), written by ``encode(_:profile:)`` or by hand: `tick` wins where
///   present; a note with only `position` (or only `seconds`) is placed from it; unknown names
///   are ignored; a wrong type or a missing required name throws ``PianoRollJSONError`` with
///   the JSON path, e.g. `tracks[2].notes[17].pitch`.
///
/// `notes` and `events` of every track are the truth: `.mid → JSON → .mid` gives the same
/// events per track at the same ticks, and in the same order within a tick (`onOrder`,
/// `offOrder` and `order`, or in the compact profile the tracks' `onOrders`, `offOrders` and
/// `eventOrders`, record it where the canonical order would differ). The top-level
/// `tempos`, `timeSignatures` and `keySignatures` are summaries (with the defaults 120 BPM and
/// 4/4 when the file has none); reading uses a summary only when no track has an event of its
/// kind, so nothing is doubled. The schema is `Schemas/midiroll-pianoroll-v1.schema.json`.
public enum PianoRollJSON {
  /// The version this package writes and reads: the value of `"midiroll"`.
  public static let version = 1

  /// The most bytes of full-profile JSON one byte of a Standard MIDI File can become: 160.
  ///
  /// The worst case is a note that costs 3 bytes of the file (delta-time 0, key and velocity
  /// under running status, ended by the End of Track without a note-off) and becomes a JSON
  /// line of at most 480 bytes (every number at its widest: 15-digit ticks, bars and seconds
  /// after a run of the longest delta-times). Text and hex grow less: 12 bytes a byte at most
  /// (a track name of control characters, written as `\u00XX` twice). Checked by
  /// `JSONLimitTests`.
  public static let worstCaseBytesPerMIDIByte = 160

  /// The default largest JSON input: 64 MiB (the default largest `.mid`) ×
  /// ``worstCaseBytesPerMIDIByte`` = 10 GiB, so every JSON midiroll writes from a `.mid` it
  /// accepts reads back. Reading streams, so memory follows the song, not the text; the limit
  /// is only a guard against endless input.
  public static let defaultMaximumInputBytes = (64 << 20) * worstCaseBytesPerMIDIByte

  /// How ``PianoRollJSON/decode(_:options:)`` reads.
  public struct DecodeOptions: Sendable, Hashable {
    /// Which of a note's places wins when its `tick` and its `position` (or `seconds`) say
    /// different places (`--prefer ticks|positions` on the command line).
    public enum Preference: String, Sendable, Hashable, CaseIterable {
      /// The tick wins; the position and seconds given next to it are ignored (derived
      /// fields left stale by an edit of `tick`).
      case ticks
      /// The position (else the seconds) places the note, keeping its length in ticks (for
      /// positions edited by hand).
      case positions
    }

    /// Which place wins where a note's `tick` and `position` or `seconds` disagree; `nil` (the
    /// default) refuses the note, naming both and `--prefer`.
    public var prefer: Preference?
    /// The longest input accepted, in bytes (default ``PianoRollJSON/defaultMaximumInputBytes``).
    public var maximumInputBytes: Int

    /// Whether a note's position (else its seconds) wins over its tick: `prefer == .positions`.
    public var positionWins: Bool {
      get { prefer == .positions }
      set { prefer = newValue ? .positions : nil }
    }

    /// Options with the given values.
    public init(prefer: Preference? = nil, maximumInputBytes: Int = PianoRollJSON.defaultMaximumInputBytes) {
      self.prefer = prefer
      self.maximumInputBytes = maximumInputBytes
    }

    /// Options where the position wins over the tick, or neither does (``prefer`` `nil`).
    public init(positionWins: Bool, maximumInputBytes: Int = PianoRollJSON.defaultMaximumInputBytes) {
      self.init(prefer: positionWins ? .positions : nil, maximumInputBytes: maximumInputBytes)
    }
  }
}

/// Why piano-roll JSON could not be read, and where (a ``JSONError``).
public typealias PianoRollJSONError = JSONError

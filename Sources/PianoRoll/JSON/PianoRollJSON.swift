/// Piano-roll JSON, version 1: one object per MIDI file (docs/DESIGN.md, "Piano-roll JSON").
///
/// ```json
/// {"midiroll": 1, "format": 1, "ticksPerBeat": 480,
///  "tempos": [...], "timeSignatures": [...], "keySignatures": [...],
///  "tracks": [{"name": "Piano", "notes": [...], "events": [...]}]}
/// ```
///
/// - ``encode(_:)`` writes a song; names always come in the same order and numbers in one
///   form, so equal songs give equal bytes.
/// - ``decode(_:)`` reads one, written by ``encode(_:)`` or by hand: `tick` wins where present;
///   a note with only `position` (or only `seconds`) is placed from it; unknown names are
///   ignored; a wrong type or a missing required name throws ``PianoRollJSONError`` with the
///   JSON path, e.g. `tracks[2].notes[17].pitch`.
///
/// `notes` and `events` of every track are the truth: `.mid → JSON → .mid` gives the same
/// events per track at the same ticks. The top-level `tempos`, `timeSignatures` and
/// `keySignatures` are summaries (with the defaults 120 BPM and 4/4 when the file has none);
/// reading uses a summary only when no track has an event of its kind, so nothing is doubled.
/// The schema is `Schemas/midiroll-pianoroll-v1.schema.json`.
public enum PianoRollJSON {
  /// The version this package writes and reads: the value of `"midiroll"`.
  public static let version = 1
}

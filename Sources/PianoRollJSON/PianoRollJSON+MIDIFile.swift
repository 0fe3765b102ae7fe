import JSON
import PianoRoll
import SMF

extension PianoRollJSON {
  /// Writes a Standard MIDI File as piano-roll JSON to `sink`, one track at a time: each
  /// track is paired into notes as it is read (``TrackEventSink``), written, and dropped, so
  /// that memory holds the file's bytes and one track's notes — never the whole song, nor the
  /// whole document (it goes out one buffer of 64 KiB at a time).
  ///
  /// Gives the same bytes as `encode(Song(bytes: bytes, options: options), profile: profile)`.
  /// - Parameters:
  ///   - summary: The file's summary (``MIDIFile/summarize(_:options:)`` with the same options):
  ///     its timeline events place every note before the tracks are read.
  ///   - sink: Takes each buffer as it fills (a failing sink records its failure and drops
  ///     what follows).
  /// - Throws: ``SMFError`` if the file does not read (it read for its summary, so only if the
  ///   bytes are not the ones summarized); what was written by then is incomplete.
  public static func encode(
    midiFile bytes: [UInt8], summary: MIDIFileSummary, options: ReadOptions = .tolerant,
    profile: Profile = .full,
    to sink: (UnsafeRawBufferPointer) -> Void
  ) throws(SMFError) {
    let timeline = Timeline(division: summary.division, tracks: summary.tracks.map(\.timelineEvents))
    var failure: SMFError?
    JSONWriter.stream(to: sink) { (out: inout JSONWriter) in
      do throws(SMFError) {
        try writeDocument(
          format: summary.format, division: summary.division, timeline: timeline, profile: profile, to: &out
        ) { (out: inout JSONWriter) throws(SMFError) -> [UnknownChunk] in
          let outline = try MIDIFile.readTracks(bytes, options: options, into: NotePairing.self) {
            index, pairing in
            guard !out.isStopped else { return }
            writeTrackEntry(pairing.finish(track: index), index: index, timeline, profile: profile, to: &out)
          }
          return outline.unknownChunks
        }
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }
}

import PianoRoll
import PianoRollJSON
import SMF

/// The laws the piano-roll JSON reader keeps for every input, hostile or not.
///
/// - every input decodes to a song or gives a typed error; a syntax error's offset lies in
///   the input, with a line and column from 1; read from a stream a few bytes at a time, it
///   gives the same song or the same error; read into a .mid one track at a time, the same
///   file, the same error, or a refusal to (then it is read whole);
/// - a song decoded from any JSON writes JSON that reads back with the same events per track
///   at the same ticks, and writing that again gives the same bytes; the compact profile reads
///   back to the same song as the full one;
/// - the song written as a Standard MIDI File reads back with no warning and every event at
///   its tick; after that one trip through .mid (which makes End of Track explicit),
///   JSON → .mid → JSON gives the same bytes;
/// - the song's JSON edited as a script edits it reads back with exactly the notes it states
///   (``JSONEditLaws``).
public enum JSONLaws {
  /// Checks every law on one input; returns the first one broken.
  public static func check(_ bytes: [UInt8]) -> LawViolation? {
    if let violation = checkStreamed(bytes) { return violation }
    if let violation = checkTrackStream(bytes) { return violation }
    let song: Song
    do {
      song = try PianoRollJSON.decode(bytes)
    } catch {
      if let offset = error.offset, !(0...bytes.count).contains(offset) {
        return LawViolation("an error's offset lies in the input", "\(error) for \(bytes.count) bytes")
      }
      if (error.line ?? 1) < 1 || (error.column ?? 1) < 1 {
        return LawViolation("lines and columns count from 1", "\(error)")
      }
      return nil
    }
    let json = PianoRollJSON.encode(song)
    let again: Song
    do {
      again = try PianoRollJSON.decode(json)
    } catch {
      return LawViolation("JSON written from a decoded song reads back", "\(error)")
    }
    if let difference = SongLaws.eventDifference(song.midiFile(), again.midiFile()) {
      return LawViolation("JSON written from a decoded song keeps every event at its tick", difference)
    }
    guard again.format == song.format, again.division == song.division,
      again.unknownChunks == song.unknownChunks
    else {
      return LawViolation(
        "JSON written from a decoded song keeps its header", SongLaws.difference(song, again))
    }
    guard PianoRollJSON.encode(again) == json else {
      return LawViolation("writing JSON is a fixed point", "the second JSON differs")
    }
    do {
      let compact = try PianoRollJSON.decode(PianoRollJSON.encode(again, profile: .compact))
      guard compact == again else {
        return LawViolation(
          "compact JSON reads back to the song full JSON gives", SongLaws.difference(again, compact))
      }
    } catch {
      return LawViolation("compact JSON written from a decoded song reads back", "\(error)")
    }
    // Edited as a script edits it, it reads back with exactly the notes it states.
    if let violation = JSONEditLaws.check(song, seed: seed(of: bytes)) { return violation }
    // JSON → .mid: every event kept, a file that reads without warnings.
    let file: MIDIFile
    switch readBack(song.serialized()) {
    case .failure(let violation): return violation
    case .success(let read): file = read
    }
    if let difference = SongLaws.eventDifference(song.midiFile(), file, endOfTrack: false) {
      return LawViolation("a decoded song written as .mid keeps every event at its tick", difference)
    }
    // After one trip through .mid (which makes End of Track explicit), JSON → .mid → JSON
    // gives the same bytes.
    let viaMIDI = PianoRollJSON.encode(Song(file: file))
    let again2: Song
    do {
      again2 = try PianoRollJSON.decode(viaMIDI)
    } catch {
      return LawViolation("JSON written from a .mid file reads back", "\(error)")
    }
    switch readBack(again2.serialized()) {
    case .failure(let violation): return violation
    case .success(let read):
      guard PianoRollJSON.encode(Song(file: read)) == viaMIDI else {
        return LawViolation(
          "JSON → .mid → JSON gives the same bytes", SongLaws.difference(again2, Song(file: read)))
      }
    }
    return nil
  }

  /// The input read from a stream that gives it a few bytes at a time (1 to 7, by its length)
  /// gives what reading it whole gives: the same song, or the same error at the same place.
  static func checkStreamed(_ bytes: [UInt8]) -> LawViolation? {
    let source = JSONByteSource.bytes(bytes, pieceSize: 1 + bytes.count % 7)
    let whole = Result { () throws(JSONError) in try PianoRollJSON.decode(bytes) }
    let streamed = Result { () throws(JSONError) in try PianoRollJSON.decode(source: source) }
    switch (whole, streamed) {
    case (.success(let a), .success(let b)) where a == b: return nil
    case (.failure(let a), .failure(let b)) where a == b: return nil
    default:
      return LawViolation(
        "reading from a stream gives what reading the bytes whole gives",
        "whole: \(whole), streamed: \(streamed)")
    }
  }

  /// JSON → .mid one track at a time (`PianoRollJSON.midiFile(decoding:)`) gives the bytes of
  /// the song read whole, or the same error, or `nil` (read it whole) — never anything else.
  static func checkTrackStream(_ bytes: [UInt8]) -> LawViolation? {
    let whole = Result { () throws(JSONError) in try PianoRollJSON.decode(bytes).serialized() }
    let streamed = Result { () throws(JSONError) in try PianoRollJSON.midiFile(decoding: .bytes(bytes)) }
    switch (whole, streamed) {
    case (_, .success(nil)): return nil
    case (.success(let a), .success(let b?)) where a == b: return nil
    case (.failure(let a), .failure(let b)) where a == b: return nil
    default:
      return LawViolation(
        "JSON to .mid a track at a time gives what reading the song whole gives, or says it cannot",
        "whole: \(whole), a track at a time: \(streamed)")
    }
  }

  /// A number that the input's bytes choose (FNV-1a), to pick an edit and its notes.
  static func seed(of bytes: [UInt8]) -> UInt64 {
    bytes.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
  }

  /// Reads a song written as .mid; any warning but those that describe the file is a violation.
  static func readBack(_ bytes: [UInt8]) -> Result<MIDIFile, LawViolation> {
    let result: ReadResult
    do {
      result = try MIDIFile.read(bytes)
    } catch {
      return .failure(LawViolation("a decoded song written as .mid reads back", "\(error)"))
    }
    let expected: Set<String> = ["unknownChunk", "format0WithManyTracks", "trackCountMismatch"]
    let unexpected = result.warnings.filter { !expected.contains(caseName($0.kind)) }
    guard unexpected.isEmpty else {
      return .failure(
        LawViolation("a decoded song written as .mid reads back without warnings", "\(unexpected)"))
    }
    return .success(result.file)
  }

  /// The name of a warning's case, without its values.
  static func caseName(_ kind: SMFWarning.Kind) -> String {
    String(describing: kind).prefix { $0 != "(" }.description
  }
}

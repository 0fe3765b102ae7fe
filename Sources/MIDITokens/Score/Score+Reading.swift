import SMF

extension Score {
  /// Reads a Standard MIDI File as symusic 0.6 reads it (`symusic.Score(path)`): the same
  /// tracks, notes, controls, pedals, pitch bends and global events, in the same order
  /// (``ScoreTrackReader`` has symusic's rules).
  ///
  /// midiroll's reader reads the file first, its events handed over in raw batches. Where the
  /// file has something symusic's parser reads otherwise (``ScoreReadingDivergence``), or
  /// midiroll refuses it, the file is read again as symusic reads it, byte for byte
  /// (``SymusicMIDIParser``), so that the tokens are MidiTok's for every file MidiTok reads.
  /// A file symusic refuses and midiroll reads is taken as midiroll reads it.
  ///
  /// - Throws: ``TokensError`` for a file neither reads, or one in SMPTE time (symusic counts
  ///   ticks per quarter only).
  public init(midiBytes bytes: [UInt8], options: ReadOptions = .tolerant) throws(TokensError) {
    self = try Score.reading(midiBytes: bytes, options: options).score
  }

  /// A file's score (``init(midiBytes:options:)``) with what midiroll's reader tolerated and
  /// the number of note-ons (velocity above 0) it met.
  public static func reading(midiBytes bytes: [UInt8], options: ReadOptions = .tolerant) throws(TokensError)
    -> ScoreReading
  {
    let fast: Result<ScoreReading, TokensError>
    var divergence: ScoreReadingDivergence?
    do throws(TokensError) {
      let read = try Score.readFast(bytes, options: options)
      divergence = read.divergence
      fast = .success(read.reading)
    } catch {
      fast = .failure(error)
    }
    if case .success(let reading) = fast, divergence == nil { return reading }
    if case .failure(let error) = fast {
      if case .smpteDivision = error.kind { throw error }
      // A problem strict reading refuses stays refused.
      if case .unreadableMIDI(let problem) = error.kind, problem.isStrict { throw error }
    }
    switch SymusicMIDIParser.read(bytes) {
    case .success(let score):
      let read = try? fast.get()
      return ScoreReading(
        score: score, warnings: read?.warnings ?? [], noteOnCount: read?.noteOnCount ?? score.noteCount)
    case .failure(let failure):
      var reading = try fast.get()
      switch failure {
      case .refused(let reason): reading.symusicRefusal = TokensError(.symusicRefuses(reason))
      case .undefined: reading.symusicRefusal = TokensError(.symusicRefuses("it would read outside the file"))
      }
      return reading
    }
  }

  /// midiroll's reading into symusic's tracks, and the first thing symusic reads otherwise.
  static func readFast(_ bytes: [UInt8], options: ReadOptions) throws(TokensError) -> (
    reading: ScoreReading, divergence: ScoreReadingDivergence?
  ) {
    var score = Score(ticksPerQuarter: 0)
    var divergence: ScoreReadingDivergence?
    var sawSysEx = false
    var noteOns = 0
    let declared = Score.declaredTrackCount(bytes)
    let outline: FileOutline
    do {
      outline = try MIDIFile.readTracks(bytes, options: options, into: ScoreTrackReader.self) {
        index, reader in
        // minimidi reads as many track chunks as the header declares, no more.
        noteOns += reader.noteOnCount
        guard declared.map({ index < $0 }) ?? true else { return }
        reader.finish(into: &score)
        divergence = divergence ?? reader.divergence
        sawSysEx = sawSysEx || reader.sawSysEx
      }
    } catch {
      throw TokensError(.unreadableMIDI(error))
    }
    guard case .ticksPerQuarter(let ticksPerQuarter) = outline.division else {
      throw TokensError(.smpteDivision)
    }
    divergence = divergence ?? Score.divergence(in: outline.warnings, sawSysEx: sawSysEx)
    score.ticksPerQuarter = Int(ticksPerQuarter)
    score.sortGlobalLists()
    return (ScoreReading(score: score, warnings: outline.warnings, noteOnCount: noteOns), divergence)
  }

  /// The track count of the header (`MThd`, at the start or inside an RMID wrapper), when it
  /// can be found.
  static func declaredTrackCount(_ bytes: [UInt8]) -> Int? {
    var start = 0
    if bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8) {
      // RMID: the header follows the `data` chunk's header, 20 bytes in for usual files.
      guard
        let found = (0..<(bytes.count - 4)).first(where: { bytes[$0..<($0 + 4)].elementsEqual("MThd".utf8) })
      else { return nil }
      start = found
    }
    guard bytes.count >= start + 12 else { return nil }
    return Int(bytes[start + 10]) << 8 | Int(bytes[start + 11])
  }

  /// The first tolerated problem in `warnings` that symusic reads otherwise.
  static func divergence(in warnings: [SMFWarning], sawSysEx: Bool) -> ScoreReadingDivergence? {
    let kinds = warnings.map(\.kind)
    let cutShort = kinds.contains { kind in
      if case .missingEndOfTrack = kind { return true }
      if case .eventCutShort = kind { return true }
      return false
    }
    var missingTracks = false
    for kind in kinds {
      if case .trackCountMismatch(let declared, let found) = kind, found < declared { missingTracks = true }
    }
    for kind in kinds {
      switch kind {
      case .trackLengthTooShort, .trackLengthTooLong, .eventCutShort:
        return .trackLength
      case .trackLengthPastEnd where cutShort:
        return .trackLength
      case .runningStatusAfterMetaOrSysEx where sawSysEx:
        return .runningStatusAfterSysEx
      case .systemMessagesSkipped:
        return .systemMessages
      case .trailingBytes where missingTracks:
        return .missingTracks
      default:
        continue
      }
    }
    return nil
  }
}

extension Score {
  /// Reads a file with the port of symusic's own parser alone (``SymusicMIDIParser``), the
  /// reading ``init(midiBytes:options:)`` falls back on.
  /// - Throws: ``TokensError`` when symusic raises for the file, or would read outside it.
  public static func symusicParsing(_ bytes: [UInt8]) throws(TokensError) -> Score {
    switch SymusicMIDIParser.read(bytes) {
    case .success(let score): return score
    case .failure(.refused(let reason)): throw TokensError(.symusicRefuses(reason))
    case .failure(.undefined): throw TokensError(.symusicRefuses("it would read outside the file"))
    }
  }

  /// Sorts the global lists by time as symusic sorts them (`pdqsort_branchless`), after the
  /// track chunks are read.
  mutating func sortGlobalLists() {
    PatternDefeatingSort.sort(&timeSignatures) { $0.time < $1.time }
    PatternDefeatingSort.sort(&keySignatures) { $0.time < $1.time }
    PatternDefeatingSort.sort(&tempos) { $0.time < $1.time }
    markerTimes.sort()
  }
}

/// A file read into a score, with what midiroll's reader tolerated on the way.
public struct ScoreReading: Sendable {
  /// The score, as symusic reads it.
  public var score: Score
  /// The problems midiroll's reader tolerated, in order.
  public var warnings: [SMFWarning]
  /// The note-ons with a velocity above 0 (what midiroll counts as a file's notes).
  public var noteOnCount: Int
  /// Why symusic refuses the file, which midiroll reads anyway; `nil` when symusic reads it
  /// (MidiTok's training skips a file symusic refuses).
  public var symusicRefusal: TokensError?

  /// A reading.
  public init(score: Score, warnings: [SMFWarning], noteOnCount: Int, symusicRefusal: TokensError? = nil) {
    self.score = score
    self.warnings = warnings
    self.noteOnCount = noteOnCount
    self.symusicRefusal = symusicRefusal
  }
}

extension Score {
  /// The number of notes of all tracks.
  public var noteCount: Int { tracks.reduce(0) { $0 + $1.notes.count } }
}

import SMF

/// The laws the SMF reader keeps for every input, hostile or not.
///
/// Besides "no crash, no hang, no huge allocation" (which the sanitizers and the fuzzer's
/// limits watch), every input either reads or gives a typed error, and:
/// - an error's offset lies inside the input;
/// - a file that reads has one End of Track, last, in every track, and ticks never decrease;
/// - the file read holds memory in proportion to the input (``footprint(of:)`` at most
///   ``footprintPerByte`` times the input's size, plus a little per track);
/// - rewriting a file that reads gives bytes that read back to the same file, with no warning
///   but those that describe the file itself (unknown chunks, format 0 with many tracks), with
///   or without running status, and rewriting that again gives the same bytes;
/// - strict reading accepts exactly the files tolerant reading accepts without a warning;
/// - the tolerant reading of a file cut anywhere inside its last event (or the one before) has
///   every event of the whole file before that event, so every note that ended before the cut,
///   then End of Track, with one warning more: the cut, at the event;
/// - the size limit refuses exactly the inputs larger than it;
/// - ``MIDIFile/diagnose(_:maximumFileSize:)`` lists exactly the warnings of a file that reads,
///   and for one that does not, the error the reader throws.
public enum SMFLaws {
  /// Checks every law on one input.
  /// - Returns: The first law broken, or `nil`.
  public static func check(_ bytes: [UInt8]) -> LawViolation? {
    do {
      try checkAll(bytes)
      return nil
    } catch {
      return error
    }
  }

  /// Checks every law on one input; throws the first one broken.
  public static func checkAll(_ bytes: [UInt8]) throws(LawViolation) {
    switch read(bytes) {
    case .success(let result): try checkAccepted(bytes, result)
    case .failure(let error): try checkRefused(bytes, error)
    }
  }

  /// Reads without throwing: the file and its warnings, or the error.
  public static func read(_ bytes: [UInt8], _ options: ReadOptions = .tolerant) -> Result<
    ReadResult, SMFError
  > {
    do {
      return .success(try MIDIFile.read(bytes, options: options))
    } catch {
      return .failure(error)
    }
  }

  private static func checkRefused(_ bytes: [UInt8], _ error: SMFError) throws(LawViolation) {
    guard (0...bytes.count).contains(error.offset), (error.track ?? 0) >= 0 else {
      throw LawViolation("an error's offset lies in the input", "\(error) for \(bytes.count) bytes")
    }
    guard error.isError, !error.isStrict else {
      throw LawViolation("tolerant reading throws only errors, never a strict one", "\(error)")
    }
    if case .success = read(bytes, .strict) {
      throw LawViolation(
        "strict reading refuses what tolerant reading refuses", "accepted; tolerant: \(error)")
    }
    let diagnosis = MIDIFile.diagnose(bytes)
    guard diagnosis.file == nil, diagnosis.problems.contains(error) else {
      throw LawViolation(
        "diagnosis lists the reader's error",
        "reader: \(error); diagnosis: \(diagnosis.problems.map(\.description))")
    }
  }

  private static func checkAccepted(_ bytes: [UInt8], _ result: ReadResult) throws(LawViolation) {
    let file = result.file
    for (index, track) in file.tracks.enumerated() {
      let endCount = track.events.count { $0.event.isEndOfTrack }
      guard endCount == 1, track.events.last?.event.isEndOfTrack == true else {
        throw LawViolation("every track ends with one End of Track", "track \(index): \(endCount)")
      }
      guard zip(track.events, track.events.dropFirst()).allSatisfy({ $0.tick <= $1.tick }) else {
        throw LawViolation("ticks never decrease", "track \(index)")
      }
    }
    let footprint = footprint(of: file)
    let bound = footprintPerByte * bytes.count + 512 * file.tracks.count + 4096
    guard footprint <= bound else {
      throw LawViolation(
        "memory in proportion to the input",
        "\(bytes.count) bytes read into \(footprint) bytes of storage (bound \(bound))")
    }
    for warning in result.warnings where !(0...bytes.count).contains(warning.offset) || warning.isError {
      throw LawViolation(
        "a warning is tolerated and its offset lies in the input", "\(warning) for \(bytes.count) bytes")
    }

    let rewritten = file.serialized()
    try checkReadsBack(rewritten, file, "rewritten with running status")
    try checkReadsBack(file.serialized(runningStatus: false), file, "rewritten without running status")
    try checkCuts(file)
    if case .success(let reread) = read(rewritten), reread.file.serialized() != rewritten {
      throw LawViolation("rewriting is a fixed point", "the second rewrite differs from the first")
    }

    switch read(bytes, .strict) {
    case .success(let strict):
      guard result.warnings.isEmpty, strict.file == file else {
        throw LawViolation(
          "strict reading refuses every file with a warning", "accepted with \(result.warnings)")
      }
    case .failure(let error):
      guard error.isStrict, result.warnings.contains(where: { sameProblem($0, error) }) else {
        throw LawViolation(
          "strict reading refuses only for a warning tolerant reading gives",
          "strict: \(error); tolerant warnings: \(result.warnings)")
      }
    }

    if !bytes.isEmpty {
      switch read(bytes, ReadOptions(maximumFileSize: bytes.count - 1)) {
      case .success:
        throw LawViolation("the size limit refuses larger inputs", "\(bytes.count) bytes accepted")
      case .failure(let error):
        guard case .fileTooLarge = error.kind else {
          throw LawViolation("the size limit refuses larger inputs first", "\(error)")
        }
      }
    }

    let diagnosis = MIDIFile.diagnose(bytes)
    guard diagnosis.file == file, diagnosis.problems == result.warnings else {
      throw LawViolation(
        "diagnosis of a readable file lists its warnings",
        "warnings: \(result.warnings); diagnosis: \(diagnosis.problems)")
    }
  }

  /// The law of round trips: `bytes`, written from `file`, read back to `file`.
  private static func checkReadsBack(_ bytes: [UInt8], _ file: MIDIFile, _ how: String)
    throws(LawViolation)
  {
    let reread: ReadResult
    switch read(bytes) {
    case .success(let result): reread = result
    case .failure(let error): throw LawViolation("a file \(how) reads back", "\(error)")
    }
    guard reread.file == file else {
      throw LawViolation("a file \(how) reads back equal", difference(file, reread.file))
    }
    let unexpected = reread.warnings.filter { warning in
      switch warning.kind {
      case .unknownChunk, .format0WithManyTracks: return false
      // The header cannot count more than 65535 tracks.
      case .trackCountMismatch: return file.tracks.count <= 0xFFFF
      default: return true
      }
    }
    guard unexpected.isEmpty else {
      throw LawViolation("a file \(how) reads back without warnings", "\(unexpected)")
    }
  }

  /// Whether a warning is the one strict reading threw: the same kind at the same place. The
  /// kinds that come once per file count the whole file's in tolerant reading, and only the
  /// first track's in strict reading, which stops there.
  static func sameProblem(_ warning: SMFWarning, _ error: SMFError) -> Bool {
    switch (warning.kind, error.kind) {
    case (.systemMessagesSkipped, .systemMessagesSkipped), (.eventCutShort, .eventCutShort):
      return warning.offset == error.offset && warning.track == error.track
    default:
      return warning.kind == error.kind
    }
  }

  /// The law of files cut short: the file written without running status, cut at up to 8
  /// places inside each of its last two events, reads with every event before the cut one,
  /// then End of Track at the last one's tick, and the cut as its one more warning.
  private static func checkCuts(_ file: MIDIFile) throws(LawViolation) {
    // Only when the last track is the file's last chunk, and the header can count the tracks.
    guard let last = file.tracks.last, file.tracks.count <= 0xFFFF,
      file.unknownChunks.allSatisfy({ $0.tracksBefore < file.tracks.count })
    else { return }
    let bytes = file.serialized(runningStatus: false)
    guard case .success(let whole) = read(bytes) else { return }  // checkReadsBack threw already
    var lengths: [Int] = []
    var tick = 0
    for item in last.events {
      lengths.append(encodedLength(item.event, delta: item.tick - tick))
      tick = item.tick
    }
    var end = bytes.count
    for index in stride(from: last.events.count - 1, through: max(0, last.events.count - 2), by: -1) {
      let start = end - lengths[index]
      let inside = start + 1..<end
      let step = max(1, inside.count / 8)
      for cut in stride(from: inside.lowerBound, to: inside.upperBound, by: step) {
        let result: ReadResult
        switch read(Array(bytes[..<cut])) {
        case .success(let read): result = read
        case .failure(let error):
          throw LawViolation(
            "a file cut inside its last event reads", "cut at \(cut) of \(bytes.count): \(error)")
        }
        let kept = Array(last.events[..<index])
        let expected = kept + [TrackEvent(tick: kept.last?.tick ?? 0, .meta(.endOfTrack))]
        guard result.file.tracks.dropLast() == file.tracks.dropLast(),
          result.file.tracks.last.map({ Array($0.events) }) == expected
        else {
          throw LawViolation(
            "a file cut inside its last event keeps every event before it", "cut at \(cut) of \(bytes.count)")
        }
        let cuts = result.warnings.filter { if case .eventCutShort = $0.kind { true } else { false } }
        guard cuts.count == 1, cuts[0].offset == start, cuts[0].track == file.tracks.count - 1,
          result.warnings.filter({ $0 != cuts[0] }) == whole.warnings
        else {
          throw LawViolation(
            "a file cut inside its last event warns of the cut, at the event",
            "cut at \(cut), event at \(start): \(result.warnings)")
        }
      }
      end = start
    }
  }

  /// The bytes an event takes, written without running status after a delta-time of `delta`.
  static func encodedLength(_ event: MIDIEvent, delta: Int) -> Int {
    func vlqLength(_ value: Int) -> Int { value < 1 << 7 ? 1 : value < 1 << 14 ? 2 : value < 1 << 21 ? 3 : 4 }
    let body =
      switch event {
      case .channel(let message): 1 + message.kind.dataByteCount
      case .meta(let meta): 2 + vlqLength(meta.data.count) + meta.data.count
      case .sysEx(let sysEx): 1 + vlqLength(sysEx.data.count) + sysEx.data.count
      }
    return vlqLength(delta) + body
  }

  /// The most bytes of storage a file read may hold per byte of input.
  ///
  /// An event takes at least 2 bytes of input (a delta-time and a running-status data byte)
  /// and 32 bytes of storage; with an array's growth it may hold twice that, and a meta or
  /// SysEx event (at least 3 bytes) holds its own array.
  public static let footprintPerByte = 48

  /// The bytes of storage a file holds: its arrays' capacities (not counts) times their
  /// elements' strides, so a reservation kept far beyond what was read shows.
  public static func footprint(of file: MIDIFile) -> Int {
    var total = file.tracks.capacity * MemoryLayout<Track>.stride
    for track in file.tracks {
      total += 32 + track.events.capacity * MemoryLayout<TrackEvent>.stride
      for item in track.events {
        switch item.event {
        case .channel: break
        case .meta(let meta): total += 32 + meta.data.capacity
        case .sysEx(let sysEx): total += 32 + sysEx.data.capacity
        }
      }
    }
    for chunk in file.unknownChunks { total += 32 + chunk.data.capacity }
    return total
  }

  /// The first place two files differ, for a person.
  static func difference(_ a: MIDIFile, _ b: MIDIFile) -> String {
    if a.format != b.format { return "format \(a.format) ≠ \(b.format)" }
    if a.division != b.division { return "division \(a.division) ≠ \(b.division)" }
    if a.unknownChunks != b.unknownChunks { return "unknown chunks differ" }
    if a.tracks.count != b.tracks.count { return "\(a.tracks.count) ≠ \(b.tracks.count) tracks" }
    for (index, (x, y)) in zip(a.tracks, b.tracks).enumerated() where x != y {
      if x.events.count != y.events.count {
        return "track \(index): \(x.events.count) ≠ \(y.events.count) events"
      }
      for (n, (e, f)) in zip(x.events, y.events).enumerated() where e != f {
        return "track \(index), event \(n): \(e) ≠ \(f)"
      }
    }
    return "the files differ"
  }
}

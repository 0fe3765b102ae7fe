extension MIDIFile {
  /// Reads a file tolerantly and lists every problem in it, not only the first error.
  ///
  /// A readable file gives exactly the reader's warnings. In a file that cannot be read, an
  /// error inside a track is recorded and reading goes on at the next chunk: the chunk's
  /// declared end when a chunk starts there, else the next `MTrk` after the error. A bad
  /// format or division in the header is recorded and the tracks are still checked.
  /// - Parameters:
  ///   - maximumFileSize: Refuse larger inputs with one error (`nil`: no limit).
  ///   - keepingFile: Keep the file that was read in ``SMFDiagnosis/result``; without it, no
  ///     event is kept and the memory stays in proportion to the number of tracks.
  /// - Complexity: O(*n*) in the number of bytes. Resynchronising after errors stops (with one
  ///   more error) once the tracks re-read past their errors add up to 4 times the file.
  public static func diagnose(_ bytes: [UInt8], maximumFileSize: Int? = nil, keepingFile: Bool = true)
    -> SMFDiagnosis
  {
    if let limit = maximumFileSize, bytes.count > limit {
      return SMFDiagnosis(
        problems: [SMFProblem(.fileTooLarge(size: bytes.count, limit: limit), offset: 0)],
        result: nil, format: nil, trackChunkCount: 0, eventCount: 0)
    }
    do {
      guard keepingFile else {
        let summary = try summarize(bytes)
        return SMFDiagnosis(
          problems: summary.warnings, result: nil, format: summary.format,
          trackChunkCount: summary.tracks.count, eventCount: summary.tracks.reduce(0) { $0 + $1.eventCount },
          isReadable: true)
      }
      let result = try read(bytes)
      return SMFDiagnosis(
        problems: result.warnings, result: result, format: result.file.format,
        trackChunkCount: result.file.tracks.count, eventCount: result.file.eventCount)
    } catch {
      var diagnoser = Diagnoser(bytes: bytes)
      diagnoser.run()
      return SMFDiagnosis(
        problems: diagnoser.problems, result: nil, format: diagnoser.format,
        trackChunkCount: diagnoser.trackIndex, eventCount: diagnoser.eventCount,
        bytesScanned: diagnoser.bytesScanned)
    }
  }
}

import SMF

#if LibSMF
  import LibSMFBridge
#endif

/// What `midiroll check` prints about one file: every problem with its byte offset, one line
/// each, a summary, and (with the `LibSMF` trait) what libsmf makes of the file.
struct CheckReport: Sendable {
  /// The lines to print, each starting with the file's name.
  var lines: [String]
  /// How many problems were found (errors, warnings and differences from libsmf).
  var problemCount: Int

  /// Diagnoses `bytes` and words the result for a person.
  /// - Parameters:
  ///   - name: The file's name as the user gave it; starts every line.
  ///   - maximumFileSize: Refuse larger inputs (`nil`: no limit).
  ///   - crossCheck: Compare with libsmf when the `LibSMF` trait is on.
  init(bytes: [UInt8], name: String, maximumFileSize: Int? = nil, crossCheck: Bool = true) {
    var keepsFile = false
    #if LibSMF
      keepsFile = crossCheck && bytes.count <= LibSMFCrossCheck.maximumFileSize
    #endif
    let diagnosis = MIDIFile.diagnose(bytes, maximumFileSize: maximumFileSize, keepingFile: keepsFile)
    lines = diagnosis.problems.map { problem in
      "\(name): \(problem.isError ? "error" : "warning"): \(problem)\(Self.consequence(of: problem))"
    }
    problemCount = diagnosis.problems.count
    let errors = diagnosis.errors.count
    let warnings = diagnosis.warnings.count
    if diagnosis.isReadable, let format = diagnosis.format {
      lines.append(
        "\(name): format \(format.rawValue), \(diagnosis.trackChunkCount) track(s), "
          + "\(diagnosis.eventCount) events, \(warnings) warning(s)")
    } else {
      var summary = "\(name): cannot be read: \(errors) error(s), \(warnings) warning(s)"
      if let format = diagnosis.format {
        summary +=
          " (format \(format.rawValue), \(diagnosis.trackChunkCount) track chunk(s), "
          + "\(diagnosis.eventCount) events in the readable ones)"
      }
      lines.append(summary)
    }
    if crossCheck { self.crossCheck(bytes: bytes, result: diagnosis.result, name: name) }
  }

  /// What the reader does about a problem, when the message does not say.
  static func consequence(of problem: SMFProblem) -> String {
    guard problem.isError, let track = problem.track else { return "" }
    return "; the rest of track \(track) was skipped"
  }

  /// Appends what libsmf makes of the file; each difference counts as a problem.
  private mutating func crossCheck(bytes: [UInt8], result: ReadResult?, name: String) {
    #if LibSMF
      guard let result else {
        lines.append(
          "\(name): libsmf: not compared: "
            + (bytes.count > LibSMFCrossCheck.maximumFileSize
              ? "the file is larger than \(LibSMFCrossCheck.maximumFileSize) bytes "
                + "(libsmf would hold about 100 bytes per event)"
              : "the Swift reader cannot read the file"))
        return
      }
      // Only a file the Swift reader accepted gets here, with its warnings, as LibSMFCrossCheck
      // requires; it refuses by itself whatever libsmf 1.3 cannot survive (any warning, F7…).
      switch LibSMFCrossCheck.run(bytes: bytes, result: result) {
      case .agree(let events):
        lines.append("\(name): libsmf agrees (\(events) events)")
      case .differ(let differences):
        lines.append("\(name): libsmf differs from the Swift reader in \(differences.count) place(s):")
        lines += differences.map { "\(name): libsmf: \($0)" }
        problemCount += differences.count
      case .refused(let reason):
        lines.append("\(name): libsmf: not compared: \(reason)")
      case .failed(let message):
        lines.append("\(name): libsmf: could not read the file: \(message)")
      }
    #endif
  }
}

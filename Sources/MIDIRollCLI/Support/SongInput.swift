import SMF

/// A song read from a `.mid` or piano-roll JSON input, with the problems tolerated on the way.
public struct SongInput: Sendable {
  /// The path it was read from (`-` for standard input).
  public var path: String
  /// The bytes as read.
  public var bytes: [UInt8]
  /// The file.
  public var file: MIDIFile
  /// Problems the reader tolerated, one line each, without the path.
  public var warnings: [String]

  /// Reads and decodes an input.
  /// - Throws: ``CLIError`` (bad input) naming the file and the byte offset or JSON path.
  public init(path: String, options: InputOptions) throws(CLIError) {
    let kind = try SongFileKind.resolve(path, explicit: options.from, role: "input")
    let bytes = try FileIO.read(path, maximumSize: options.maxFileSize)
    self.path = path
    self.bytes = bytes
    switch kind {
    case .mid:
      do {
        let result = try MIDIFile.read(bytes, options: options.readOptions)
        file = result.file
        warnings = result.warnings.map(\.description)
      } catch {
        throw CLIError(.badInput, file: path, error.description)
      }
    case .json:
      throw CLIError(.badInput, file: path, "piano-roll JSON input is not supported yet")
    }
  }

  /// Prints the warnings to standard error, each prefixed by the path, unless `quiet`.
  public func printWarnings(quiet: Bool) {
    guard !quiet else { return }
    for warning in warnings { Diagnostics.printError("midiroll: warning: \(path): \(warning)") }
  }
}

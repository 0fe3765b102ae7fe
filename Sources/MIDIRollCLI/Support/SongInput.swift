import PianoRoll
import SMF

/// A song read from a `.mid` or piano-roll JSON input, with the problems tolerated on the way.
///
/// It keeps the form it was read in, and turns into the other only when asked: a `.mid`
/// rewritten as `.mid` never becomes a piano-roll ``Song``; a transform or a JSON output does.
public struct SongInput: Sendable {
  /// The form the song is held in now.
  private enum Content: Sendable {
    case file(MIDIFile)
    case song(Song)
  }

  /// The path it was read from (`-` for standard input).
  public var path: String
  /// Problems the reader tolerated, one line each, without the path.
  public var warnings: [String]
  private var content: Content

  /// Reads an input from disk (or standard input) and decodes it.
  /// - Throws: ``CLIError`` (bad input) naming the file and the byte offset or JSON path.
  public init(path: String, options: InputOptions) throws(CLIError) {
    let kind = try SongFileKind.resolve(path, explicit: options.from, role: "input")
    if kind == .json {
      // Streamed from the file: memory follows the song, not the text. The limit lets every
      // JSON written from a .mid within --max-file-size read back.
      let limit = options.maxFileSize.multipliedReportingOverflow(by: PianoRollJSON.worstCaseBytesPerMIDIByte)
      let decodeOptions = PianoRollJSON.DecodeOptions(
        maximumInputBytes: limit.overflow ? Int.max : limit.partialValue)
      let name = path
      let song = try FileIO.withInput(path) { (descriptor) throws(CLIError) -> Song in
        do throws(PianoRollJSONError) {
          return try PianoRollJSON.decode(fileDescriptor: descriptor, options: decodeOptions)
        } catch {
          throw CLIError(.badInput, file: name, error.description, offset: error.offset)
        }
      }
      self.init(path: path, song: song)
      return
    }
    let bytes = try FileIO.read(path, maximumSize: options.maxFileSize)
    try self.init(bytes: bytes, kind: kind, path: path, readOptions: options.readOptions)
  }

  /// A song read from JSON, without warnings.
  private init(path: String, song: Song) {
    self.path = path
    warnings = []
    content = .song(song)
  }

  /// Decodes bytes already read.
  /// - Parameters:
  ///   - path: Named in errors and warnings.
  /// - Throws: ``CLIError`` (bad input) naming the file and the byte offset or JSON path.
  public init(bytes: [UInt8], kind: SongFileKind, path: String, readOptions: ReadOptions) throws(CLIError) {
    self.path = path
    switch kind {
    case .mid:
      do {
        let result = try MIDIFile.read(bytes, options: readOptions)
        content = .file(result.file)
        warnings = result.warnings.map(\.description)
      } catch {
        throw CLIError(.badInput, file: path, error.description, offset: error.offset)
      }
    case .json:
      do {
        content = .song(try PianoRollJSON.decode(bytes))
        warnings = []
      } catch {
        throw CLIError(.badInput, file: path, error.description, offset: error.offset)
      }
    }
  }

  /// The song as a Standard MIDI File.
  public var file: MIDIFile {
    switch content {
    case .file(let file): file
    case .song(let song): song.midiFile()
    }
  }

  /// The song as a piano roll.
  public var song: Song {
    switch content {
    case .file(let file): Song(file: file)
    case .song(let song): song
    }
  }

  /// The number of notes (note-ons with a velocity above 0).
  public var noteCount: Int {
    switch content {
    case .file(let file):
      file.tracks.reduce(0) { count, track in
        count + track.events.reduce(0) { $0 + ($1.event.channelMessage?.isNoteStart == true ? 1 : 0) }
      }
    case .song(let song): song.noteCount
    }
  }

  /// Changes the song as a piano roll (quantizing, filtering, …).
  public mutating func transform<E: Error>(_ body: (inout Song) throws(E) -> Void) throws(E) {
    var song = self.song
    try body(&song)
    content = .song(song)
  }

  /// The song encoded as `kind`.
  /// - Throws: ``CLIError`` when the song cannot be written in that form.
  public func encoded(as kind: SongFileKind, profile: PianoRollJSON.Profile = .full) throws(CLIError)
    -> [UInt8]
  {
    switch kind {
    case .mid:
      return file.serialized()
    case .json:
      return PianoRollJSON.encode(song, profile: profile)
    }
  }

  /// Writes the song as `kind` to `path` (see ``FileIO/write(to:inputs:force:_:)``); JSON is
  /// streamed as it is written, never held whole.
  public func write(
    as kind: SongFileKind, profile: PianoRollJSON.Profile = .full, to path: String, inputs: [String],
    force: Bool
  ) throws(CLIError) {
    switch kind {
    case .mid:
      try FileIO.write(file.serialized(), to: path, inputs: inputs, force: force)
    case .json:
      let song = self.song
      try FileIO.write(to: path, inputs: inputs, force: force) { (sink) throws(CLIError) in
        try PianoRollJSON.encode(song, profile: profile, to: sink)
      }
    }
  }

  /// Prints the warnings to standard error, each prefixed by the path, unless `quiet`.
  public func printWarnings(quiet: Bool) {
    guard !quiet else { return }
    for warning in warnings { Diagnostics.printError("midiroll: warning: \(path): \(warning)") }
  }
}

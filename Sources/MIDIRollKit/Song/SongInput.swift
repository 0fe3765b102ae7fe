import NPZ
import PianoRoll
import SMF

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A song read from a `.mid` or piano-roll JSON input, with the problems tolerated on the way.
///
/// It keeps the form it was read in, and builds the other only when asked: a `.mid` is checked
/// in one pass that keeps no events (``summary``), rewritten as `.mid` event by event as it is
/// read, and paired into a piano-roll ``Song`` one track at a time only for a transform or a
/// JSON or `.npz` output — never held as a whole `MIDIFile` beside the song.
public struct SongInput: Sendable {
  /// The form the song is held in now.
  private enum Content: Sendable {
    /// The bytes of a Standard MIDI File that reads with ``readOptions``, and what it holds.
    case midi(bytes: [UInt8], summary: MIDIFileSummary)
    case song(Song)
  }

  /// The path it was read from (`-` for standard input).
  public var path: String
  /// Problems the reader tolerated, one line each, without the path.
  public var warnings: [String]
  /// How a `.mid` input is read.
  private let readOptions: ReadOptions
  private var content: Content

  /// Reads an input from disk (or standard input for `-`) and decodes it.
  /// - Parameters:
  ///   - kind: How to decode it; `nil` lets the extension say, or the first bytes (`MThd`/`RIFF`
  ///     or `{`) for standard input and names without an extension.
  ///   - maximumSize: Refuse larger inputs.
  ///   - prefer: For JSON, which wins where a note's tick and position disagree (`--prefer`).
  /// - Throws: ``KitError``: (usage) for an extension that names no song kind (`.txt`), (bad
  ///   input) naming the file and the byte offset or JSON path, or saying that the first bytes
  ///   do not tell the kind.
  public init(
    path: String, kind: SongFileKind?, maximumSize: Int, readOptions: ReadOptions,
    prefer: PianoRollJSON.DecodeOptions.Preference? = nil
  ) throws(KitError) {
    let named = kind ?? SongFileKind(path: path)
    if named == nil && path != "-" && SongFileKind.hasExtension(path) {
      _ = try SongFileKind.resolve(path, explicit: nil, role: "input")  // an extension that is no song's
    }
    if named == .json {
      try self.init(streamingJSONFrom: path, midiLimit: maximumSize, readOptions: readOptions, prefer: prefer)
      return
    }
    let bytes = try FileIO.read(path, maximumSize: maximumSize)
    guard let kind = named ?? SongFileKind(sniffing: bytes) else {
      let source =
        path == "-" ? "standard input" : "the file (it has no extension)"
      throw KitError(
        .badInput, file: path,
        "cannot tell which kind of song this is: \(source) begins with neither MThd or RIFF (a MIDI "
          + "file) nor { (piano-roll JSON); say which with --from mid|json")
    }
    try self.init(bytes: bytes, kind: kind, path: path, readOptions: readOptions, prefer: prefer)
  }

  /// Reads piano-roll JSON straight from the file (or standard input), so that memory follows
  /// the song, not the text. The limit lets every JSON written from a `.mid` within
  /// `midiLimit` read back (``PianoRollJSON/worstCaseBytesPerMIDIByte``).
  /// - Throws: ``KitError`` (bad input) naming the file and the JSON path.
  private init(
    streamingJSONFrom path: String, midiLimit: Int, readOptions: ReadOptions,
    prefer: PianoRollJSON.DecodeOptions.Preference?
  ) throws(KitError) {
    let options = Self.jsonOptions(midiLimit: midiLimit, prefer: prefer)
    let song = try FileIO.withInput(path) { (descriptor) throws(KitError) -> Song in
      do throws(PianoRollJSONError) {
        return try PianoRollJSON.decode(fileDescriptor: descriptor, options: options)
      } catch {
        throw KitError(.badInput, file: path, error.description, offset: error.offset)
      }
    }
    self.path = path
    self.readOptions = readOptions
    warnings = []
    content = .song(song)
  }

  /// How JSON is read when a `.mid` may have `midiLimit` bytes: every JSON written from such
  /// a file reads back (``PianoRollJSON/worstCaseBytesPerMIDIByte``).
  private static func jsonOptions(midiLimit: Int, prefer: PianoRollJSON.DecodeOptions.Preference?)
    -> PianoRollJSON.DecodeOptions
  {
    let limit = midiLimit.multipliedReportingOverflow(by: PianoRollJSON.worstCaseBytesPerMIDIByte)
    return PianoRollJSON.DecodeOptions(
      prefer: prefer, maximumInputBytes: limit.overflow ? Int.max : limit.partialValue)
  }

  /// Writes a piano-roll JSON file (by name: a regular file) as a Standard MIDI File into
  /// `sink`, one track at a time (``PianoRollJSON/midiFile(decoding:options:)``), so that
  /// memory holds the file being made and one track; where that cannot give what reading the
  /// song whole gives, the file is read again whole. What `convert x.json y.mid` does.
  /// - Throws: ``KitError`` (bad input) naming the file and the JSON path.
  public static func writeMIDI(
    fromJSONFile path: String, midiLimit: Int, prefer: PianoRollJSON.DecodeOptions.Preference? = nil,
    to sink: OutputSink
  ) throws(KitError) {
    let options = jsonOptions(midiLimit: midiLimit, prefer: prefer)
    func reading<T>(_ body: () throws(PianoRollJSONError) -> T) throws(KitError) -> T {
      do throws(PianoRollJSONError) { return try body() } catch {
        throw KitError(.badInput, file: path, error.description, offset: error.offset)
      }
    }
    let bytes = try FileIO.withInput(path) { (descriptor) throws(KitError) -> [UInt8] in
      if path != "-" {  // a regular file, which can be read again
        let streamed = try reading { () throws(PianoRollJSONError) in
          try PianoRollJSON.midiFile(decoding: .fileDescriptor(descriptor), options: options)
        }
        if let streamed { return streamed }
        guard lseek(descriptor, 0, SEEK_SET) == 0 else {
          throw KitError(.badInput, file: path, "cannot read the file again from its start")
        }
      }
      return try reading { () throws(PianoRollJSONError) in
        try PianoRollJSON.decode(fileDescriptor: descriptor, options: options).serialized()
      }
    }
    sink.write(bytes)
  }

  /// Decodes bytes already read.
  /// - Parameters:
  ///   - path: Named in errors and warnings.
  ///   - prefer: For JSON, which wins where a note's tick and position disagree (`--prefer`).
  /// - Throws: ``KitError`` (bad input) naming the file and the byte offset or JSON path.
  public init(
    bytes: [UInt8], kind: SongFileKind, path: String, readOptions: ReadOptions,
    prefer: PianoRollJSON.DecodeOptions.Preference? = nil
  ) throws(KitError) {
    self.path = path
    self.readOptions = readOptions
    switch kind {
    case .mid:
      do {
        let summary = try MIDIFile.summarize(bytes, options: readOptions)
        content = .midi(bytes: bytes, summary: summary)
        warnings = summary.warnings.map(\.description)
      } catch {
        throw KitError(.badInput, file: path, error.description, offset: error.offset)
      }
    case .json:
      do {
        content = .song(try PianoRollJSON.decode(bytes, options: PianoRollJSON.DecodeOptions(prefer: prefer)))
        warnings = []
      } catch {
        throw KitError(.badInput, file: path, error.description, offset: error.offset)
      }
    case .npz, .wav:
      throw KitError(.badInput, file: path, ".\(kind) is an output format; midiroll reads .mid and .json")
    }
  }

  /// What the song holds (format, tracks, notes, meters, tempos, keys), without its events.
  public var summary: MIDIFileSummary {
    switch content {
    case .midi(_, let summary): summary
    case .song(let song): MIDIFileSummary(file: song.midiFile())
    }
  }

  /// The song as a piano roll (a `.mid` input is paired one track at a time).
  /// - Throws: ``KitError`` (bad input) only if the file no longer reads as it did.
  public func song() throws(KitError) -> Song {
    switch content {
    case .midi(let bytes, _):
      do {
        return try Song(bytes: bytes, options: readOptions)
      } catch {
        throw KitError(.badInput, file: path, error.description, offset: error.offset)
      }
    case .song(let song): return song
    }
  }

  /// The number of notes (note-ons with a velocity above 0).
  public var noteCount: Int {
    switch content {
    case .midi(_, let summary): summary.noteCount
    case .song(let song): song.noteCount
    }
  }

  /// Changes the song as a piano roll (quantizing, filtering, …).
  /// - Throws: What `body` throws, or ``KitError`` if a `.mid` no longer reads as it did.
  public mutating func transform(_ body: (inout Song) throws(KitError) -> Void) throws(KitError) {
    var song = try self.song()
    try body(&song)
    content = .song(song)
  }

  /// Writes the song encoded as `kind` into `sink` (the output a ``FileIO`` write gives).
  /// - Throws: ``KitError`` when the song cannot be written in that form.
  public func write(as kind: SongFileKind, options: EncodingOptions = EncodingOptions(), to sink: OutputSink)
    throws(KitError)
  {
    if kind == .json {
      // Streamed through the sink's bounded buffer: the document is never held whole, and a
      // `.mid` is paired and written one track at a time, never held as a whole song.
      switch content {
      case .midi(let bytes, let summary):
        do {
          try PianoRollJSON.encode(
            midiFile: bytes, summary: summary, options: readOptions, profile: options.jsonProfile
          ) { sink.write($0) }
        } catch {
          throw KitError(.badInput, file: path, error.description, offset: error.offset)
        }
      case .song(let song):
        PianoRollJSON.encode(song, profile: options.jsonProfile) { sink.write($0) }
      }
      return
    }
    sink.write(try encoded(as: kind, options: options))
  }

  /// The song encoded as `kind`.
  /// - Throws: ``KitError`` when the song cannot be written in that form.
  public func encoded(as kind: SongFileKind, options: EncodingOptions = EncodingOptions()) throws(KitError)
    -> [UInt8]
  {
    switch (kind, content) {
    case (.mid, .midi(let bytes, _)):
      do {
        return try MIDIFile.rewrite(bytes, options: readOptions).bytes
      } catch {
        throw KitError(.badInput, file: path, error.description, offset: error.offset)
      }
    case (.mid, .song(let song)):
      return song.serialized()
    case (.json, _):
      return PianoRollJSON.encode(try song(), profile: options.jsonProfile)
    case (.npz, _):
      return try NPZOutput.encode(try song(), options: options.npz, path: path)
    case (.wav, _):
      guard let render = options.wav else {
        throw KitError(
          .usage, file: path, "no synthesizer for .wav output (midiroll batch --to wav prepares one)")
      }
      return try render(try song())
    }
  }
}

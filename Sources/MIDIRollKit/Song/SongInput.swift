import MIDIRollFiles
import PianoRoll
import SMF

/// A song read from an input in any readable format (``SongFormats``), with the problems
/// tolerated on the way.
///
/// It keeps the form it was read in, and builds the other only when asked: a `.mid` is checked
/// in one pass that keeps no events (``summary``), rewritten as `.mid` event by event as it is
/// read, and paired into a piano-roll ``Song`` one track at a time only for a transform or an
/// output that needs notes — never held as a whole `MIDIFile` beside the song.
public struct SongInput: Sendable {
  /// The form the song is held in now.
  enum Content: Sendable {
    /// The bytes of a Standard MIDI File that reads with ``readOptions``, and what it holds.
    case midi(bytes: [UInt8], summary: MIDIFileSummary)
    /// A piano roll.
    case song(Song)
  }

  /// The path it was read from (`-` for standard input).
  public var path: String
  /// Problems the reader tolerated, one line each, without the path.
  public var warnings: [String]
  /// How a `.mid` input is read.
  let readOptions: ReadOptions
  /// The song, as bytes or as a piano roll.
  private(set) var content: Content

  /// An input held as `content` (for the decoders).
  init(path: String, content: Content, warnings: [String] = [], readOptions: ReadOptions) {
    self.path = path
    self.content = content
    self.warnings = warnings
    self.readOptions = readOptions
  }

  /// A song already made, as an input named `path` (a song built in code, a test's song).
  public init(song: Song, path: String, readOptions: ReadOptions = ReadOptions()) {
    self.init(path: path, content: .song(song), readOptions: readOptions)
  }

  /// Reads an input from disk (or standard input for `-`) and decodes it with its format's
  /// decoder, streaming where the format streams (piano-roll JSON).
  /// - Parameters:
  ///   - kind: How to decode it; `nil` lets the extension say, or the first bytes (`MThd`/`RIFF`
  ///     or `{`) for standard input and names without an extension.
  ///   - options: How it is read (the `.mid` reader's options, the size limit, what wins in
  ///     JSON where a note's tick and position disagree).
  /// - Throws: ``KitError``: (usage) for an extension that names no readable kind (`.txt`),
  ///   (bad input) naming the file and the byte offset or JSON path, or saying that the first
  ///   bytes do not tell the kind.
  public init(path: String, kind: SongFileKind?, options: DecodingOptions) throws(KitError) {
    let named = kind ?? SongFileKind(path: path)
    if named == nil && path != "-" && SongFileKind.hasExtension(path) {
      _ = try SongFileKind.resolve(path, explicit: nil, role: .input, allowed: SongFormats.readable)
    }
    if let named {
      let decoder = try SongFormats.decoder(for: named, path: path)
      do throws(KitError) {
        if let streamed = try decoder.decode(fileAt: path, options: options) {
          self = streamed
          return
        }
      } catch {
        throw Self.withKindHint(error, bytes: FileIO.prefix(of: path, count: 16), kind: named)
      }
    }
    let bytes = try FileIO.read(path, maximumSize: options.maximumSize)
    guard let kind = named ?? SongFileKind(sniffing: bytes) else {
      let source = path == "-" ? "standard input" : "the file (it has no extension)"
      throw KitError(
        .badInput, file: path,
        "cannot tell which kind of song this is: \(source) begins with neither MThd or RIFF (a MIDI "
          + "file) nor { (piano-roll JSON)", hints: [.nameInputKind])
    }
    try self.init(bytes: bytes, kind: kind, path: path, options: options)
  }

  /// Decodes bytes already read.
  /// - Parameters:
  ///   - path: Named in errors and warnings.
  /// - Throws: ``KitError`` (bad input) naming the file and the byte offset or JSON path.
  public init(bytes: [UInt8], kind: SongFileKind, path: String, options: DecodingOptions = DecodingOptions())
    throws(KitError)
  {
    do throws(KitError) {
      self = try SongFormats.decoder(for: kind, path: path).decode(bytes, path: path, options: options)
    } catch {
      throw Self.withKindHint(error, bytes: bytes, kind: kind)
    }
  }

  /// Adds a hint when a `.mid` input is really JSON (or the other way round); none when the
  /// kind read already takes the extension the hint would give (MidiTok tokens are `.json`).
  static func withKindHint(_ error: KitError, bytes: [UInt8], kind: SongFileKind) -> KitError {
    guard error.kind == .badInput, let seen = SongFileKind(sniffing: bytes), seen != kind,
      SongFormats.format(kind)?.extensions.contains(seen.rawValue) != true
    else {
      return error
    }
    switch seen {
    case .json: return error.appending("; it looks like JSON (rename it to .json)")
    case .mid: return error.appending("; it looks like a MIDI file (rename it to .mid)")
    default: return error
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
}

extension SongInput {
  /// The song as `.mid` bytes: the file's own for a `.mid` input, else the `.mid` midiroll writes.
  package var midiBytes: [UInt8] {
    switch content {
    case .midi(let bytes, _): bytes
    case .song(let song): song.serialized()
    }
  }
}

import NPZ
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

  /// Reads an input from disk (or standard input for `-`) and decodes it.
  /// - Parameters:
  ///   - kind: How to decode it; `nil` lets the extension say, or the first bytes (`MThd`/`RIFF`
  ///     or `{`) for standard input and names without an extension.
  ///   - maximumSize: Refuse larger inputs.
  /// - Throws: ``KitError``: (usage) for an extension that names no song kind (`.txt`), (bad
  ///   input) naming the file and the byte offset or JSON path, or saying that the first bytes
  ///   do not tell the kind.
  public init(path: String, kind: SongFileKind?, maximumSize: Int, readOptions: ReadOptions) throws(KitError) {
    let named = kind ?? SongFileKind(path: path)
    if named == nil && path != "-" && SongFileKind.hasExtension(path) {
      _ = try SongFileKind.resolve(path, explicit: nil, role: "input")  // an extension that is no song's
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
    try self.init(bytes: bytes, kind: kind, path: path, readOptions: readOptions)
  }

  /// Decodes bytes already read.
  /// - Parameters:
  ///   - path: Named in errors and warnings.
  /// - Throws: ``KitError`` (bad input) naming the file and the byte offset or JSON path.
  public init(bytes: [UInt8], kind: SongFileKind, path: String, readOptions: ReadOptions) throws(KitError) {
    self.path = path
    switch kind {
    case .mid:
      do {
        let result = try MIDIFile.read(bytes, options: readOptions)
        content = .file(result.file)
        warnings = result.warnings.map(\.description)
      } catch {
        throw KitError(.badInput, file: path, error.description, offset: error.offset)
      }
    case .json:
      do {
        content = .song(try PianoRollJSON.decode(bytes))
        warnings = []
      } catch {
        throw KitError(.badInput, file: path, error.description, offset: error.offset)
      }
    case .npz:
      throw KitError(.badInput, file: path, ".npz is an output format; midiroll reads .mid and .json")
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

  /// Writes the song encoded as `kind` into `sink` (the output a ``FileIO`` write gives).
  /// - Throws: ``KitError`` when the song cannot be written in that form.
  public func write(as kind: SongFileKind, npz: NPZOptions = NPZOptions(), to sink: OutputSink) throws(KitError) {
    sink.write(try encoded(as: kind, npz: npz))
  }

  /// The song encoded as `kind`.
  /// - Throws: ``KitError`` when the song cannot be written in that form.
  public func encoded(as kind: SongFileKind, npz: NPZOptions = NPZOptions()) throws(KitError) -> [UInt8] {
    switch kind {
    case .mid:
      return file.serialized()
    case .json:
      return PianoRollJSON.encode(song)
    case .npz:
      return try NPZOutput.encode(song, options: npz, path: path)
    }
  }
}

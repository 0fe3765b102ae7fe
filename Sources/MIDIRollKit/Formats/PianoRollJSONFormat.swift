import MIDIRollFiles
import PianoRoll
import PianoRollJSON
import SMF

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Piano-roll JSON, both profiles: read straight from the file descriptor (memory follows the
/// song, not the text) and written through the sink's bounded buffer.
public enum PianoRollJSONFormat {
  /// The format's description.
  public static let format = SongFormat(
    kind: .json, title: "piano-roll JSON", extensions: ["json"],
    sniff: { bytes in
      bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) } == UInt8(ascii: "{")
    },
    decoder: Decoder(), makeEncoder: { options in Encoder(profile: options.jsonProfile) })

  /// How JSON is read when a `.mid` may have `midiLimit` bytes: every JSON written from such
  /// a file reads back (``PianoRollJSON/worstCaseBytesPerMIDIByte``).
  static func decodeOptions(_ options: DecodingOptions) -> PianoRollJSON.DecodeOptions {
    let limit = options.maximumSize.multipliedReportingOverflow(by: PianoRollJSON.worstCaseBytesPerMIDIByte)
    return PianoRollJSON.DecodeOptions(
      prefer: options.prefer, maximumInputBytes: limit.overflow ? Int.max : limit.partialValue)
  }

  /// Runs `body`, turning a JSON error into the kit's, naming `path`; a document over the limit
  /// is said to be over the size limit the user set (`options.maximumSize`), not over the
  /// JSON limit derived from it.
  static func reading<T>(
    _ path: String, _ options: DecodingOptions, _ body: () throws(PianoRollJSONError) -> T
  )
    throws(KitError) -> T
  {
    do throws(PianoRollJSONError) { return try body() } catch {
      switch error.kind {
      case .tooLarge:
        throw KitError(
          .badInput, file: path,
          "piano-roll JSON of more than \(PianoRollJSON.worstCaseBytesPerMIDIByte) times the size limit of "
            + "\(options.maximumSize) bytes (the most JSON a .mid of that size becomes)",
          hints: [.raiseSizeLimit])
      case .conflict:
        throw KitError(
          .badInput, file: path, error.description, offset: error.offset, hints: [.chooseWhatWins])
      default:
        throw KitError(.badInput, file: path, error.description, offset: error.offset)
      }
    }
  }

  /// Reads whole documents from bytes, and streams them from files.
  struct Decoder: SongDecoder {
    func decode(_ bytes: [UInt8], path: String, options: DecodingOptions) throws(KitError) -> SongInput {
      let jsonOptions = decodeOptions(options)
      let song = try reading(path, options) { () throws(PianoRollJSONError) in
        try PianoRollJSON.decode(bytes, options: jsonOptions)
      }
      return SongInput(path: path, content: .song(song), readOptions: options.midi)
    }

    func decode(fileAt path: String, options: DecodingOptions) throws(KitError) -> SongInput? {
      let jsonOptions = decodeOptions(options)
      let song = try FileIO.withInput(path) { (descriptor) throws(KitError) -> Song in
        try reading(path, options) { () throws(PianoRollJSONError) in
          try PianoRollJSON.decode(fileDescriptor: descriptor, options: jsonOptions)
        }
      }
      return SongInput(path: path, content: .song(song), readOptions: options.midi)
    }
  }

  /// Streams the JSON of a song, or of an untouched `.mid` one track at a time.
  struct Encoder: SongEncoder {
    let profile: PianoRollJSON.Profile

    func write(_ input: SongInput, to sink: OutputSink) throws(KitError) -> [KitNotice] {
      switch input.content {
      case .midi(let bytes, let summary):
        // Paired and written one track at a time, never held as a whole song.
        do {
          try PianoRollJSON.encode(
            midiFile: bytes, summary: summary, options: input.readOptions, profile: profile
          ) { sink.write($0) }
        } catch {
          throw KitError(.badInput, file: input.path, error.description, offset: error.offset)
        }
      case .song(let song):
        PianoRollJSON.encode(song, profile: profile) { sink.write($0) }
      }
      return []
    }
  }

  /// Writes a piano-roll JSON file (by name: a regular file) as a Standard MIDI File into
  /// `sink`, one track at a time (``PianoRollJSON/midiFile(decoding:options:)``), so that
  /// memory holds the file being made and one track; where that cannot give what reading the
  /// song whole gives, the file is read again whole. What `JSON → .mid` with nothing to do
  /// between reading and writing is, in `convert` and `batch` alike (``SongPipeline``).
  /// - Returns: The number of notes written.
  /// - Throws: ``KitError`` (bad input) naming the file and the JSON path.
  static func writeMIDI(fromJSONFile path: String, options decoding: DecodingOptions, to sink: OutputSink)
    throws(KitError) -> Int
  {
    let options = decodeOptions(decoding)
    let bytes = try FileIO.withInput(path) { (descriptor) throws(KitError) -> [UInt8] in
      if path != "-" {  // a regular file, which can be read again
        let streamed = try reading(path, decoding) { () throws(PianoRollJSONError) in
          try PianoRollJSON.midiFile(decoding: .fileDescriptor(descriptor), options: options)
        }
        if let streamed { return streamed }
        guard lseek(descriptor, 0, SEEK_SET) == 0 else {
          throw KitError(.badInput, file: path, "cannot read the file again from its start")
        }
      }
      return try reading(path, decoding) { () throws(PianoRollJSONError) in
        try PianoRollJSON.decode(fileDescriptor: descriptor, options: options).serialized()
      }
    }
    sink.write(bytes)
    do {
      return try MIDIFile.summarize(bytes).noteCount
    } catch {
      return 0  // bytes midiroll has just written always read; a count of 0 is all that is lost
    }
  }
}

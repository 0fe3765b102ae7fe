import MIDIRollFiles
import PianoRoll
import SMF

/// Standard MIDI Files: read in one pass that keeps no events, written event by event (an
/// untouched `.mid`) or track by track (a piano roll).
public enum MIDIFormat {
  /// The format's description.
  public static let format = SongFormat(
    kind: .mid, title: "Standard MIDI File", extensions: ["mid", "midi", "kar", "rmi", "smf"],
    sniff: { $0.starts(with: Array("MThd".utf8)) || $0.starts(with: Array("RIFF".utf8)) },
    decoder: Decoder(), makeEncoder: { _ in Encoder() })

  /// Checks a `.mid` in one pass and keeps it as its bytes (``SongInput/summary``).
  struct Decoder: SongDecoder {
    func decode(_ bytes: [UInt8], path: String, options: DecodingOptions) throws(KitError) -> SongInput {
      do {
        let summary = try MIDIFile.summarize(bytes, options: options.midi)
        return SongInput(
          path: path, content: .midi(bytes: bytes, summary: summary),
          warnings: summary.warnings.map(\.description), readOptions: options.midi)
      } catch {
        throw KitError(.badInput, file: path, error.description, offset: error.offset)
      }
    }
  }

  /// Rewrites an untouched `.mid` event by event as it is read; writes a piano roll track by
  /// track.
  struct Encoder: SongEncoder {
    func write(_ input: SongInput, to sink: OutputSink) throws(KitError) -> [KitNotice] {
      switch input.content {
      case .midi(let bytes, _):
        do {
          sink.write(try MIDIFile.rewrite(bytes, options: input.readOptions).bytes)
        } catch {
          throw KitError(.badInput, file: input.path, error.description, offset: error.offset)
        }
      case .song(let song):
        sink.write(song.serialized())
      }
      return []
    }
  }
}

import MIDIRollFiles
import PianoRoll
import SongStatistics

/// The statistics (``SongStats``, in `SongStatistics`) of a song the kit reads: its `.mid`
/// bytes (the file's own, or those midiroll writes of piano-roll JSON) and its piano roll.
extension SongStats {
  /// The statistics of a song read by the kit.
  /// - Throws: ``KitError`` (bad input) only if a `.mid` no longer reads as it did.
  public init(_ input: SongInput) throws(KitError) {
    self.init(midiBytes: input.midiBytes, song: try input.song(), path: input.path)
  }

  /// The statistics of the bytes of a `.mid` (for callers outside the command line).
  /// - Throws: ``KitError`` (bad input) naming `path` and the byte offset when midiroll cannot
  ///   read them.
  public init(bytes: [UInt8], path: String, options: DecodingOptions = DecodingOptions()) throws(KitError) {
    try self.init(SongInput(bytes: bytes, kind: .mid, path: path, options: options))
  }
}

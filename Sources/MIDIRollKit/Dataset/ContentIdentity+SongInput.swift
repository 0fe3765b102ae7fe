import PianoRoll
import SongStatistics

extension ContentIdentity {
  /// The identity of a song read by the kit and its piano roll.
  public init(_ input: SongInput, song: Song) {
    self.init(midiBytes: input.midiBytes, song: song)
  }
}

extension SongInput {
  /// The song as `.mid` bytes: the file's own for a `.mid` input, else the `.mid` midiroll writes.
  var midiBytes: [UInt8] {
    switch content {
    case .midi(let bytes, _): bytes
    case .song(let song): song.serialized()
    }
  }
}

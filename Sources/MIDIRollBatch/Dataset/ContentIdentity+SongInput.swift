import MIDIRollKit
import PianoRoll
import SongStatistics

extension ContentIdentity {
  /// The identity of a song read by the kit and its piano roll.
  public init(_ input: SongInput, song: Song) {
    self.init(midiBytes: input.midiBytes, song: song)
  }
}

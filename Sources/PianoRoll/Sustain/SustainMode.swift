/// What the sustain pedal (controller 64) does to note durations.
public enum SustainMode: String, Hashable, Sendable, CaseIterable {
  /// Durations stay as the note-offs say.
  case ignore
  /// A note released while the pedal is down sounds on until the pedal lifts or the same pitch
  /// starts again on the channel (see ``Song/extendSustain()``).
  case extend
}

extension Note {
  /// The note as a Standard MIDI File (and piano-roll JSON) can hold it: the one place where a
  /// note edited out of MIDI's ranges is mended before it is written.
  ///
  /// Pitch, velocities and channel are clamped into 0…127 and 0…15, and a velocity of 0 becomes
  /// 1, since a note-on of velocity 0 would be read back as a note-off and the note would
  /// vanish. A note already in range is returned as it is, so writing never traps and what is
  /// written always reads back (``Song/serialized()``, `PianoRollJSON.encode(_:profile:)` (module PianoRollJSON)).
  public var writable: Note {
    guard pitch > 127 || velocity == 0 || velocity > 127 || offVelocity > 127 || channel > 15 else {
      return self
    }
    var note = self
    note.pitch = min(pitch, 127)
    note.velocity = max(1, min(velocity, 127))
    note.offVelocity = min(offVelocity, 127)
    note.channel = min(channel, 15)
    return note
  }
}

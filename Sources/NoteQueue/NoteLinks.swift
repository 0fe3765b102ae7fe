/// Where a reader keeps, in its record of each sounding note, the link to the next note of the
/// same key (a note index, or -1 for none): the queues of ``SoundingNotes`` take no memory per
/// note. midiroll's pairing keeps it in the note's length, which a sounding note does not have
/// yet; symusic's reading in a field of its pending note; muspy's beside the open note's onset.
///
/// A conforming type is usually a pointer to the notes (a loop's buffer) or a small struct
/// over them; the queue's code is specialized for it.
public protocol NoteLinks {
  /// The note after `note` in its queue, or -1.
  func next(after note: Int) -> Int
  /// Makes `next` the note after `note` in its queue (`note` was the newest of its key).
  mutating func link(_ note: Int, to next: Int)
}

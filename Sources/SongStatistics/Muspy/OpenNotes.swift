import NoteQueue

/// The onsets of the notes muspy's walk has open, each in a place linked to the next open note
/// of its key (``NoteLinks``, for ``SoundingNotes``); a closed note's place is taken again, so
/// memory follows the notes open at once.
struct OpenNotes: NoteLinks {
  private var onsets: [Int] = []
  /// The next open note of each place's key (-1 for none), or for a free place the next free.
  private var links: [Int32] = []
  /// The first free place, or -1.
  private var firstFree: Int32 = -1

  /// A place for an open note of `onset`, linked to none.
  mutating func add(onset: Int) -> Int {
    guard firstFree >= 0 else {
      onsets.append(onset)
      links.append(-1)
      return onsets.count - 1
    }
    let place = Int(firstFree)
    firstFree = links[place]
    onsets[place] = onset
    links[place] = -1
    return place
  }

  /// Frees the place of a note that closed (``SoundingNotes`` has read its link).
  /// - Returns: the note's onset.
  mutating func remove(_ place: Int) -> Int {
    links[place] = firstFree
    firstFree = Int32(place)
    return onsets[place]
  }

  @inline(__always)
  func next(after note: Int) -> Int { Int(links[note]) }

  @inline(__always)
  mutating func link(_ note: Int, to next: Int) { links[note] = Int32(next) }
}

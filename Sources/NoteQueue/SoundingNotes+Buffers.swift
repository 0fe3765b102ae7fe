extension SoundingNotes {
  /// The queue's storage seen through unsafe pointers, for a loop over a batch of events (from
  /// ``SoundingNotes/withBuffers(room:_:)``, valid only inside it): starting a note and ending
  /// one are a few loads and stores, no check of an array's owner or bounds.
  ///
  /// A loop that keeps it in a local (`var queue = buffers`, stored back after the loop) keeps
  /// its counts in registers.
  public struct Buffers {
    /// The place of each key's oldest note sounding (0: none).
    @usableFromInline let heads: UnsafeMutablePointer<UInt32>
    /// The place of each key's newest note sounding (0: none).
    @usableFromInline let tails: UnsafeMutablePointer<UInt32>
    /// The places: payloads and links.
    @usableFromInline let places: UnsafeMutablePointer<Place>
    /// The first free place (0: none).
    @usableFromInline var firstFree: UInt32
    /// The number of notes sounding (``count``).
    @usableFromInline var soundingCount: Int

    @inlinable
    init(
      heads: UnsafeMutablePointer<UInt32>, tails: UnsafeMutablePointer<UInt32>,
      places: UnsafeMutablePointer<Place>, firstFree: UInt32, count: Int
    ) {
      self.heads = heads
      self.tails = tails
      self.places = places
      self.firstFree = firstFree
      self.soundingCount = count
    }

    /// The number of notes sounding.
    @inlinable
    public var count: Int { soundingCount }

    /// Starts a note of `key`, after the notes of the key already sounding. There must be room
    /// (``SoundingNotes/withBuffers(room:_:)`` counts the notes a loop may start).
    @inlinable @inline(__always)
    public mutating func push(_ payload: Payload, key: Int) {
      let place = firstFree
      assert(place != 0, "no room for a note: withBuffers(room:) counts them")
      firstFree = places[Int(place)].next
      places[Int(place)] = Place(payload: payload, next: 0)
      let tail = tails[key]
      if tail != 0 { places[Int(tail)].next = place } else { heads[key] = place }
      tails[key] = place
      soundingCount &+= 1
    }

    /// Ends the oldest note sounding of `key`, if one is.
    /// - Returns: its payload, or `nil` when the key has no note sounding.
    @inlinable @inline(__always)
    public mutating func popFirst(key: Int) -> Payload? {
      let place = heads[key]
      guard place != 0 else { return nil }
      let next = places[Int(place)].next
      heads[key] = next
      if next == 0 { tails[key] = 0 }
      places[Int(place)].next = firstFree
      firstFree = place
      soundingCount &-= 1
      return places[Int(place)].payload
    }
  }
}

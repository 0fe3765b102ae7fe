extension SoundingNotes {
  /// The queues seen through unsafe pointers, for a loop over a batch of events (from
  /// ``SoundingNotes/withBuffers(_:)``, valid only inside it): starting a note and ending one
  /// are a few loads and stores, with no check of an array's owner or bounds.
  public struct Buffers {
    /// The oldest sounding note of each key (index + 1; 0: none), then the newest.
    @usableFromInline let heads: UnsafeMutablePointer<UInt32>
    /// The number of notes sounding.
    public var count: Int

    @inlinable
    init(heads: UnsafeMutablePointer<UInt32>, count: Int) {
      self.heads = heads
      self.count = count
    }

    /// The newest sounding note of each key (index + 1; 0: none).
    @inlinable
    var tails: UnsafeMutablePointer<UInt32> { heads + SoundingNotes.keyCount }

    /// Starts note `note` (below 2^32 - 1; its link in `links` says none) of `key`: it ends
    /// after the notes of the key already sounding.
    @inlinable @inline(__always)
    public mutating func push<Links: NoteLinks>(_ note: Int, key: Int, links: inout Links) {
      let tail = tails[key]
      if tail != 0 {
        links.link(Int(tail) &- 1, to: note)
      } else {
        heads[key] = UInt32(truncatingIfNeeded: note &+ 1)
      }
      tails[key] = UInt32(truncatingIfNeeded: note &+ 1)
      count &+= 1
    }

    /// Ends the oldest note sounding of `key`, if one is (its link is read before the caller
    /// reuses it).
    /// - Returns: its index, or `nil` when the key has no note sounding.
    @inlinable @inline(__always)
    public mutating func popFirst<Links: NoteLinks>(key: Int, links: Links) -> Int? {
      let head = heads[key]
      guard head != 0 else { return nil }
      let note = Int(head) &- 1
      let next = links.next(after: note)
      heads[key] = UInt32(truncatingIfNeeded: next &+ 1)
      if next < 0 { tails[key] = 0 }
      count &-= 1
      return note
    }
  }
}

/// The notes started and not yet ended, a first-in-first-out queue per key (a channel and a
/// pitch: ``key(channel:pitch:)``), each note known by a value its reader chooses (the note's
/// index in the reader's notes, or its onset).
///
/// The three readers (midiroll's pairing, symusic's and muspy's readings) share this queue and
/// keep their rules: which note a note-off ends is always the key's oldest (``popFirst(key:)``),
/// while what a note-off that ends none does (it gets `nil`), what becomes of a note still
/// sounding at the end (``removeAll(key:_:)``, ``removeAll(_:)``) and how time is kept are the
/// reader's.
///
/// Memory follows the notes sounding at once, not the notes read: a note's place is taken again
/// once it ends. The queues (a head and a tail per key) take 16 KB, allocated with the first
/// note. A hot loop works through ``Buffers`` (``withBuffers(room:_:)``): unsafe pointers, no
/// check per note.
public struct SoundingNotes<Payload: FixedWidthInteger> {
  /// The places of the queues' oldest notes, one per key, then of their newest (0: the key has
  /// no note sounding).
  @usableFromInline var queues: [UInt32] = []
  /// Place 0 (unused), then a place per note that is or was sounding: its payload and the next
  /// place of its queue, or of the free places.
  @usableFromInline var places: [Place] = []
  /// The first free place (0: none; ``withBuffers(room:_:)`` makes more).
  @usableFromInline var firstFree: UInt32 = 0
  /// The number of notes sounding (``count``).
  @usableFromInline var soundingCount = 0
  /// The number of keys.
  public let keyCount: Int

  /// One note's place: its payload and the next place of its queue or of the free places.
  @usableFromInline
  struct Place {
    @usableFromInline var payload: Payload
    @usableFromInline var next: UInt32

    @inlinable
    init(payload: Payload, next: UInt32) {
      self.payload = payload
      self.next = next
    }
  }

  /// No note sounding, with a queue for each of `keyCount` keys (a note's key is below it);
  /// nothing is allocated until the first note.
  @inlinable
  public init(keyCount: Int = 16 * 128) {
    precondition(keyCount > 0, "no keys")
    self.keyCount = keyCount
  }

  /// The key of a note of `pitch` (0–127) on `channel` (0–15): `channel << 7 | pitch`.
  @inlinable @inline(__always)
  public static func key(channel: UInt8, pitch: UInt8) -> Int {
    Int(channel & 0x0F) << 7 | Int(pitch & 0x7F)
  }

  /// The number of notes sounding.
  @inlinable
  public var count: Int { soundingCount }

  /// Whether no note is sounding.
  @inlinable
  public var isEmpty: Bool { count == 0 }

  /// Starts a note of `key`: it ends after the notes of the key already sounding.
  @inlinable
  public mutating func push(_ payload: Payload, key: Int) {
    withBuffers(room: 1) { $0.push(payload, key: key) }
  }

  /// Ends the oldest note sounding of `key`, if one is.
  /// - Returns: its payload, or `nil` when the key has no note sounding.
  @inlinable
  public mutating func popFirst(key: Int) -> Payload? {
    guard count > 0 else { return nil }
    return withBuffers(room: 0) { $0.popFirst(key: key) }
  }

  /// Ends every note sounding of `key`, oldest first, handing each to `body`.
  @inlinable
  public mutating func removeAll(key: Int, _ body: (Payload) throws -> Void) rethrows {
    while let payload = popFirst(key: key) { try body(payload) }
  }

  /// Ends every note sounding, key after key (each key's oldest first), handing each to `body`.
  @inlinable
  public mutating func removeAll(_ body: (Payload) throws -> Void) rethrows {
    guard count > 0 else { return }
    let keyCount = self.keyCount
    try withBuffers(room: 0) { buffers in
      for key in 0..<keyCount where buffers.count > 0 {
        while let payload = buffers.popFirst(key: key) { try body(payload) }
      }
    }
  }

  /// Runs `body` on the queue's buffers, with room for `room` more notes to start in it without
  /// growing: what a loop over a batch of events calls once.
  @inlinable
  public mutating func withBuffers<Result>(room: Int, _ body: (inout Buffers) throws -> Result) rethrows
    -> Result
  {
    if queues.isEmpty { queues = [UInt32](repeating: 0, count: 2 * keyCount) }
    if places.count - 1 - count < room { grow(room: room) }
    let keyCount = self.keyCount
    var firstFree = self.firstFree
    var count = self.soundingCount
    defer {
      self.firstFree = firstFree
      self.soundingCount = count
    }
    return try queues.withUnsafeMutableBufferPointer { queues in
      try places.withUnsafeMutableBufferPointer { places in
        var buffers = Buffers(
          heads: queues.baseAddress!, tails: queues.baseAddress! + keyCount, places: places.baseAddress!,
          firstFree: firstFree, count: count)
        defer {
          firstFree = buffers.firstFree
          count = buffers.soundingCount
        }
        return try body(&buffers)
      }
    }
  }

  /// Makes places for at least `room` more notes than are sounding, linked as free.
  @usableFromInline
  mutating func grow(room: Int) {
    if places.isEmpty { places.append(Place(payload: 0, next: 0)) }
    let needed = count + room + 1
    let grown = max(needed, 2 * places.count, 64)
    precondition(grown <= Int(UInt32.max), "more than 4 billion notes sounding")
    let first = places.count
    places.reserveCapacity(grown)
    for place in first..<grown {
      places.append(Place(payload: 0, next: place + 1 < grown ? UInt32(place + 1) : firstFree))
    }
    firstFree = UInt32(first)
  }
}

extension SoundingNotes: Sendable where Payload: Sendable {}
extension SoundingNotes.Place: Sendable where Payload: Sendable {}

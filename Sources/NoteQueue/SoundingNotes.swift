/// The notes started and not yet ended, a first-in-first-out queue per key (a channel and a
/// pitch: ``key(channel:pitch:)``), each note known by its index in the reader's notes.
///
/// The three readers (midiroll's pairing, symusic's and muspy's readings) share this queue and
/// keep their rules: a note-off always ends the key's oldest note (``popFirst(key:links:)``),
/// while what a note-off that ends none does (it gets `nil`), what becomes of a note still
/// sounding at the end (``removeAll(key:links:_:)``, ``removeAll(links:_:)``), what else a note
/// holds and how time is kept are the reader's.
///
/// The queues take 16 KB (a head and a tail per key, allocated with the first note); the link
/// from a sounding note to the next of its key lives in the reader's own record of the note
/// (``NoteLinks``), so the queue takes no memory per note. A hot loop works through ``Buffers``
/// (``withBuffers(_:)``): unsafe pointers, no check per note.
public struct SoundingNotes: Sendable {
  /// The oldest sounding note of each key, then the newest (note index + 1; 0: none).
  @usableFromInline var queues: [UInt32] = []
  /// The number of notes sounding (``count``).
  @usableFromInline var soundingCount = 0

  /// The number of keys: one per channel and pitch (a constant, so that a loop finds a key's
  /// tail at a fixed offset from its head).
  @inlinable
  public static var keyCount: Int { 16 * 128 }

  /// No note sounding; nothing is allocated until the first note.
  @inlinable
  public init() {}

  /// The key of a note of `pitch` (0–127) on `channel` (the low 4 bits): `channel << 7 | pitch`.
  @inlinable @inline(__always)
  public static func key(channel: UInt8, pitch: UInt8) -> Int {
    Int(channel & 0x0F) << 7 | Int(pitch)
  }

  /// The number of notes sounding.
  @inlinable
  public var count: Int { soundingCount }

  /// Whether no note is sounding.
  @inlinable
  public var isEmpty: Bool { soundingCount == 0 }

  /// Starts note `note` (its link in `links` says none) of `key`: it ends after the notes of the
  /// key already sounding.
  @inlinable
  public mutating func push<Links: NoteLinks>(_ note: Int, key: Int, links: inout Links) {
    withBuffers { $0.push(note, key: key, links: &links) }
  }

  /// Ends the oldest note sounding of `key`, if one is.
  /// - Returns: its index, or `nil` when the key has no note sounding.
  @inlinable
  public mutating func popFirst<Links: NoteLinks>(key: Int, links: Links) -> Int? {
    guard soundingCount > 0 else { return nil }
    return withBuffers { $0.popFirst(key: key, links: links) }
  }

  /// Ends every note sounding of `key`, oldest first, handing each to `body`.
  @inlinable
  public mutating func removeAll<Links: NoteLinks>(key: Int, links: Links, _ body: (Int) throws -> Void)
    rethrows
  {
    while let note = popFirst(key: key, links: links) { try body(note) }
  }

  /// Ends every note sounding, key after key (each key's oldest first), handing each to `body`.
  @inlinable
  public mutating func removeAll<Links: NoteLinks>(links: Links, _ body: (Int) throws -> Void) rethrows {
    guard soundingCount > 0 else { return }
    try withBuffers { buffers in
      for key in 0..<Self.keyCount where buffers.count > 0 {
        while let note = buffers.popFirst(key: key, links: links) { try body(note) }
      }
    }
  }

  /// Runs `body` on the queues' buffers: what a loop over a batch of events calls once.
  @inlinable
  public mutating func withBuffers<Result>(_ body: (inout Buffers) throws -> Result) rethrows -> Result {
    if queues.isEmpty { queues = [UInt32](repeating: 0, count: 2 * Self.keyCount) }
    var count = soundingCount
    defer { soundingCount = count }
    return try queues.withUnsafeMutableBufferPointer { queues in
      var buffers = Buffers(heads: queues.baseAddress!, count: count)
      defer { count = buffers.count }
      return try body(&buffers)
    }
  }
}

/// The order of a track's events, note-ons and note-offs as the Standard MIDI File it was read
/// from lists them, recorded while it is read (``NotePairing``): what ``Song/serialized()``
/// writes for the track, so that a song read and written back — or transposed, or with its
/// velocities changed, which move nothing in time — is written without merging and sorting its
/// events and notes again (`docs/DESIGN.md`, "Writing order").
///
/// It is the order ``SongTrack/inWritingOrder(_:)`` gives, tick orders applied: the file's
/// order. A track forgets it as soon as its notes, events or tick orders change
/// (``SongTrack/writingOrder``); the edits that move nothing in time keep it explicitly.
/// 4 bytes an item.
package struct WritingOrder: Hashable, Sendable {
  /// One value an item: ``event`` the next of ``SongTrack/events``, ``noteOn`` the next note's
  /// note-on (notes are in the order of their note-ons), and from ``firstNoteOff`` on the
  /// note-off of note `value - firstNoteOff`.
  package private(set) var items: [UInt32] = []
  /// How many items are events and note-ons: checked against the track before it is used.
  package private(set) var eventCount = 0
  package private(set) var noteCount = 0

  /// The next event of the track's events.
  package static let event: UInt32 = 0
  /// The next note's note-on.
  package static let noteOn: UInt32 = 1
  /// The note-off of note 0; of note *n*, `firstNoteOff + n`.
  package static let firstNoteOff: UInt32 = 2

  /// The most notes a writing order names.
  package static let maximumNoteCount = Int(UInt32.max - firstNoteOff)

  /// An empty order with room for about `capacity` items.
  package init(capacity: Int) {
    items.reserveCapacity(capacity)
  }

  /// Whether the order names exactly the track's events and notes (counted; the order is only
  /// kept where nothing else could have changed).
  package func describes(events: Int, notes: Int) -> Bool {
    eventCount == events && noteCount == notes
  }

  /// Appends `count` items, one for each message of a batch, written straight into the
  /// storage by `body`, which returns how many of them are events and how many note-ons.
  @inline(__always)
  package mutating func append(
    count: Int, _ body: (UnsafeMutablePointer<UInt32>) -> (events: Int, noteOns: Int)
  ) {
    let start = items.count
    items.append(contentsOf: repeatElement(Self.event, count: count))
    let added = items.withUnsafeMutableBufferPointer { body($0.baseAddress! + start) }
    eventCount += added.events
    noteCount += added.noteOns
  }

  /// Appends one event.
  package mutating func appendEvent() {
    items.append(Self.event)
    eventCount += 1
  }
}

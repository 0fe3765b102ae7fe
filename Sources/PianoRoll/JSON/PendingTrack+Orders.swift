import JSON
import SMF

/// The rank of a note-on, a note-off or an event within its tick, as read: from a note's
/// `onOrder` or `offOrder` or an event's `order`, or from an entry of the track's `onOrders`,
/// `offOrders` or `eventOrders`.
struct PendingOrder {
  /// The largest rank (and index in an order list) accepted.
  static let maximumRank = Int(Int32.max)

  /// The note-on or note-off of a note, or an event, by its index in the JSON's `notes` or
  /// `events`.
  var item: TickOrder.Item
  var rank: Int
  /// The index of the entry in its track-level list, or `nil` for a note's or event's field.
  var listEntry: Int?

  /// The track-level list that holds orders of this kind of item.
  var listName: String {
    switch item {
    case .noteOn: "onOrders"
    case .noteOff: "offOrders"
    case .event: "eventOrders"
    }
  }

  /// Where the order was given: `tracks[t].notes[i].onOrder`, or `tracks[t].onOrders[k]`.
  func path(track: Int) -> JSONPath {
    let trackPath = JSONPath([.name("tracks"), .index(track)])
    if let listEntry { return trackPath.appending(listName).appending(listEntry) }
    switch item {
    case .noteOn(let index): return trackPath.appending("notes").appending(index).appending("onOrder")
    case .noteOff(let index): return trackPath.appending("notes").appending(index).appending("offOrder")
    case .event(let index): return trackPath.appending("events").appending(index).appending("order")
    }
  }
}

extension PendingTrack {
  /// Reads `onOrders`, `offOrders` or `eventOrders`: an array of `[index, rank]` pairs.
  mutating func readOrders(_ reader: inout JSONReader, of list: String) throws(PianoRollJSONError) {
    try reader.beginArray()
    var entry = 0
    while try reader.nextElement() {
      let pairPath = reader.path
      let expected = "an [index, rank] pair of integers 0…\(PendingOrder.maximumRank)"
      guard try reader.peekKind() == .array else {
        throw PianoRollJSONError(
          .wrongType(expected: expected, found: try reader.describeValue()), path: pairPath)
      }
      try reader.beginArray()
      var pair: [Int] = []
      while try reader.nextElement() {
        guard pair.count < 2 else {
          throw PianoRollJSONError(
            .wrongType(expected: expected, found: "an array of more items"), path: pairPath)
        }
        pair.append(try PianoRollJSON.readInt(&reader, 0...PendingOrder.maximumRank))
      }
      guard pair.count == 2 else {
        throw PianoRollJSONError(
          .wrongType(
            expected: expected, found: "an array of \(pair.count) item\(pair.count == 1 ? "" : "s")"),
          path: pairPath)
      }
      let item: TickOrder.Item
      switch list {
      case "onOrders": item = .noteOn(pair[0])
      case "offOrders": item = .noteOff(pair[0])
      default: item = .event(pair[0])
      }
      orders.append(PendingOrder(item: item, rank: pair[1], listEntry: entry))
      entry += 1
    }
  }

  /// Refuses an order list entry whose index has no note or event, and an order given twice
  /// for the same item (as a field and in a list, or twice in a list).
  func checkOrders(track: Int) throws(PianoRollJSONError) {
    guard !orders.isEmpty else { return }
    var seen: Set<TickOrder.Item> = []
    for order in orders {
      let index: Int
      let what: String
      switch order.item {
      case .noteOn(let note), .noteOff(let note): (index, what) = (note, "notes")
      case .event(let event): (index, what) = (event, "events")
      }
      let available = what == "notes" ? notes.count : events.count
      guard index < available else {
        throw PianoRollJSONError(
          .outOfRange(
            value: "index \(index)",
            expected: available == 0
              ? "the index of one of the track's \(what), but it has none"
              : "the index of one of the track's \(available) \(what): 0…\(available - 1)"),
          path: order.path(track: track).appending(0))
      }
      guard seen.insert(order.item).inserted else {
        throw PianoRollJSONError(
          .conflict(
            "the rank of this item within its tick is given twice; give it once, either as a field of "
              + "the note or event or in \"\(order.listName)\""),
          path: order.path(track: track))
      }
    }
  }
}

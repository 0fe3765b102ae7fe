import JSON
import PianoRoll
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
}

extension PendingTrack {
  /// Reads `onOrders`, `offOrders` or `eventOrders`: an array of `[index, rank]` pairs.
  mutating func readOrders(_ reader: inout JSONReader, of list: String) throws(PianoRollJSONError) {
    try reader.beginArray()
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
      orders.append(PendingOrder(item: item, rank: pair[1]))
    }
  }
}

import SMF

/// Collects the items of one tick in file order and keeps a ``TickOrder`` for each tick whose
/// file order is not the order ``Song/midiFile()`` writes.
///
/// Made for the pairing's loop: ``withRoom(for:_:)`` hands over where recording stands (a
/// ``Cursor``, a few integers the loop keeps in registers) and the storage of the tick's items
/// with room for a whole batch, so that recording an item is a comparison and a store, with no
/// check of the storage.
struct TickOrderRecorder {
  private(set) var tickOrders = TickOrders()
  /// The current tick's items so far (`items[..<cursor.itemCount]`, packed as ``TickOrders``
  /// packs them), then room.
  private var items: [UInt64] = []
  private var cursor = Cursor()

  /// Where recording stands: the current tick and what is known of its items.
  struct Cursor {
    /// The current tick.
    var tick = Int.min
    /// How many items the current tick has so far.
    var itemCount = 0
    /// Where the last item goes when written (see ``add(_:rank:isEvent:items:)``).
    var lastKey = Int.min
    /// Whether the current tick's items so far are in the order they are written.
    var inWritingOrder = true

    /// Starts a new tick when `newTick` is not the current one (the current one's order
    /// goes to `orders` if it needs one).
    @inline(__always)
    mutating func move(to newTick: Int, items: UnsafeMutablePointer<UInt64>, orders: inout TickOrders) {
      guard newTick != tick else { return }
      if !inWritingOrder { keep(items, in: &orders) }
      tick = newTick
      itemCount = 0
      lastKey = Int.min
      inWritingOrder = true
    }

    /// Adds the next item of the current tick, packed (its index in the low 47 bits). The key
    /// is where the writer puts it: by rank, notes before events within a rank, then by index
    /// (notes are in start order).
    @inline(__always)
    mutating func add(_ packed: UInt64, rank: EventRank, isEvent: Bool, items: UnsafeMutablePointer<UInt64>) {
      let key =
        rank.rawValue << 48 | (isEvent ? 1 << 47 : 0) | Int(truncatingIfNeeded: packed & (1 << 47 - 1))
      if key <= lastKey { inWritingOrder = false }
      lastKey = key
      items[itemCount] = packed
      itemCount &+= 1
    }

    /// Keeps the current tick's order.
    @inline(never)
    func keep(_ items: UnsafeMutablePointer<UInt64>, in orders: inout TickOrders) {
      orders.append(tick: tick, packedItems: UnsafeBufferPointer(start: items, count: itemCount))
    }
  }

  /// Runs `body` with the cursor, the storage of the items, which has room for `count` more
  /// items (what `body` passes as `items` to the cursor's methods, at most `count` times), and
  /// the orders kept so far.
  mutating func withRoom<Result>(
    for count: Int,
    _ body: (inout Cursor, UnsafeMutablePointer<UInt64>, inout TickOrders) -> Result
  ) -> Result {
    let needed = cursor.itemCount + max(count, 1)  // at least one, so that the storage has an address
    if items.count < needed { items.append(contentsOf: repeatElement(0, count: needed - items.count)) }
    var storage: [UInt64] = []
    var orders = TickOrders()
    swap(&storage, &items)
    swap(&orders, &tickOrders)
    defer {
      swap(&storage, &items)
      swap(&orders, &tickOrders)
    }
    return storage.withUnsafeMutableBufferPointer { body(&cursor, $0.baseAddress!, &orders) }
  }

  /// Ends the last tick.
  package mutating func finish() {
    withRoom(for: 0) { cursor, items, orders in
      if !cursor.inWritingOrder { cursor.keep(items, in: &orders) }
      cursor = Cursor()
    }
  }
}

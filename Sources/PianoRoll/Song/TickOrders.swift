/// The ``TickOrder``s of a track in tick order, in a compact layout: a value-semantic
/// collection of ``TickOrder`` (made on access), held in three flat arrays — a tick and an end
/// per order, 8 bytes per item — with no allocation per order.
///
/// A file whose every tick is written in its own order (a drum track whose note-offs come in
/// reverse) has hundreds of thousands of them; as an array of ``TickOrder`` each would be an
/// array of its own.
public struct TickOrders: RandomAccessCollection, ExpressibleByArrayLiteral, Hashable, Sendable {
  /// Each order's tick.
  private var ticks: [Int64] = []
  /// Where each order's items end in ``items``.
  private var ends: [Int] = []
  /// Every order's items, packed (``pack(_:)``).
  private var items: [UInt64] = []

  /// No orders.
  public init() {}

  /// The given orders (which must be in tick order).
  public init(_ orders: some Sequence<TickOrder>) {
    for order in orders { append(order) }
  }

  /// The given orders (which must be in tick order).
  public init(arrayLiteral orders: TickOrder...) {
    self.init(orders)
  }

  /// Appends the order of a tick after the last one's.
  public mutating func append(_ order: TickOrder) {
    append(tick: order.tick, items: order.items)
  }

  /// Appends the order of a tick after the last one's, from its items.
  public mutating func append(tick: Int, items newItems: some Collection<TickOrder.Item>) {
    ticks.append(Int64(tick))
    for item in newItems { items.append(Self.pack(item)) }
    ends.append(items.count)
  }

  /// Appends the order of a tick after the last one's, from its items packed as ``pack(_:)``
  /// packs them.
  mutating func append(tick: Int, packedItems newItems: UnsafeBufferPointer<UInt64>) {
    ticks.append(Int64(tick))
    items.append(contentsOf: newItems)
    ends.append(items.count)
  }

  /// The first order's index, 0.
  public var startIndex: Int { 0 }
  /// One past the last order's index: the number of orders.
  public var endIndex: Int { ticks.count }

  /// The order at `position`.
  public subscript(position: Int) -> TickOrder {
    TickOrder(tick: Int(ticks[position]), items: itemRange(position).map { Self.unpack(items[$0]) })
  }

  /// Moves the order at `index` to `tick` (keeping the collection in tick order is the
  /// caller's part).
  public mutating func setTick(_ tick: Int, at index: Int) {
    ticks[index] = Int64(tick)
  }

  /// The tick of the order at `index`.
  package func tick(at index: Int) -> Int { Int(ticks[index]) }

  /// The index of the order of `tick`, if there is one (a binary search).
  public func index(ofTick tick: Int) -> Int? {
    var low = 0
    var high = ticks.count
    while low < high {
      let middle = (low + high) / 2
      if ticks[middle] < tick { low = middle + 1 } else { high = middle }
    }
    return low < ticks.count && ticks[low] == tick ? low : nil
  }

  /// The order of `tick`, if there is one.
  public func order(atTick tick: Int) -> TickOrder? {
    index(ofTick: tick).map { self[$0] }
  }

  /// The rank of `item` in the order of `tick`, if that tick has an order listing it
  /// (without making the order).
  public func rank(of item: TickOrder.Item, atTick tick: Int) -> Int? {
    guard let index = index(ofTick: tick) else { return nil }
    let packed = Self.pack(item)
    let range = itemRange(index)
    return range.firstIndex { items[$0] == packed }.map { $0 - range.lowerBound }
  }

  /// The items of the order at `index`, packed as ``pack(_:)`` packs them (nothing made).
  func packedItems(at index: Int) -> ArraySlice<UInt64> {
    items[itemRange(index)]
  }

  private func itemRange(_ index: Int) -> Range<Int> {
    (index == 0 ? 0 : ends[index - 1])..<ends[index]
  }

  /// An item in 8 bytes: its kind in the top two bits (``noteOffKind``, ``eventKind``; 0 for a
  /// note-on), its index below.
  static func pack(_ item: TickOrder.Item) -> UInt64 {
    switch item {
    case .noteOn(let index): UInt64(index)
    case .noteOff(let index): noteOffKind | UInt64(index)
    case .event(let index): eventKind | UInt64(index)
    }
  }

  /// The bits that mark a packed item as a note-off.
  static let noteOffKind: UInt64 = 1 << 62
  /// The bits that mark a packed item as an event.
  static let eventKind: UInt64 = 2 << 62

  private static func unpack(_ packed: UInt64) -> TickOrder.Item {
    let index = Int(packed & (1 << 62 - 1))
    switch packed >> 62 {
    case 0: return .noteOn(index)
    case 1: return .noteOff(index)
    default: return .event(index)
    }
  }
}

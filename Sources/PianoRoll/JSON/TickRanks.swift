/// The rank of each item at the ticks of a track's ``SongTrack/tickOrders``, for the
/// `"onOrder"`, `"offOrder"` and `"order"` of piano-roll JSON.
struct TickRanks {
  private struct Key: Hashable {
    var item: TickOrder.Item
    var tick: Int
  }
  private var ranks: [Key: Int] = [:]

  /// The ranks of a track, or `nil` when it has no tick orders (the usual case).
  init?(_ track: SongTrack) {
    guard !track.tickOrders.isEmpty else { return nil }
    for order in track.tickOrders {
      for (rank, item) in order.items.enumerated() { ranks[Key(item: item, tick: order.tick)] = rank }
    }
  }

  /// The rank of `item` among the items of its tick's order, if that tick has one listing it.
  func rank(of item: TickOrder.Item, at tick: Int) -> Int? {
    ranks[Key(item: item, tick: tick)]
  }
}

/// The rank of each item at the ticks of a track's ``SongTrack/tickOrders``, for the
/// `"onOrder"`, `"offOrder"` and `"order"` of piano-roll JSON: looked up in the tick orders
/// themselves (a binary search by tick), so that it takes no memory of its own.
struct TickRanks {
  private let track: SongTrack

  /// The ranks of a track, or `nil` when it has no tick orders (the usual case).
  init?(_ track: SongTrack) {
    guard !track.tickOrders.isEmpty else { return nil }
    self.track = track
  }

  /// The rank of `item` among the items of its tick's order, if that tick has one listing it.
  func rank(of item: TickOrder.Item, at tick: Int) -> Int? {
    track.tickOrders.rank(of: item, atTick: tick)
  }
}

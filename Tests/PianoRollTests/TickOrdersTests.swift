import PianoRoll
import Testing

/// ``TickOrders`` holds every order's items packed, and gives back exactly what was put in.
@Suite("Tick orders, packed")
struct TickOrdersTests {
  static let orders: [TickOrder] = [
    TickOrder(tick: 0, items: [.event(2), .noteOff(7), .noteOn(1 << 40)]),
    TickOrder(tick: 96, items: [.noteOn(0)]),
    TickOrder(tick: 97, items: [.noteOff(3), .noteOff(2), .noteOff(1), .event(0)]),
  ]

  @Test("every order and item comes back, in order")
  func roundTrip() {
    let packed = TickOrders(Self.orders)
    #expect(Array(packed) == Self.orders)
    #expect(packed.count == 3)
    #expect(packed == [Self.orders[0], Self.orders[1], Self.orders[2]])
    #expect(TickOrders().isEmpty)
  }

  @Test("a rank is found at its tick only, without making the order")
  func ranks() {
    let packed = TickOrders(Self.orders)
    #expect(packed.rank(of: .noteOff(1), atTick: 97) == 2)
    #expect(packed.rank(of: .event(0), atTick: 97) == 3)
    #expect(packed.rank(of: .noteOn(1 << 40), atTick: 0) == 2)
    #expect(packed.rank(of: .noteOn(1 << 40), atTick: 96) == nil)
    #expect(packed.rank(of: .noteOff(0), atTick: 96) == nil)  // a note-on of the same index is not it
    #expect(packed.rank(of: .event(2), atTick: 50) == nil)
    #expect(packed.order(atTick: 96) == Self.orders[1])
    #expect(packed.index(ofTick: 98) == nil)
  }

  @Test("moving an order's tick keeps its items")
  func setTick() {
    var packed = TickOrders(Self.orders)
    packed.setTick(480, at: 2)
    #expect(packed[2] == TickOrder(tick: 480, items: Self.orders[2].items))
    #expect(packed.rank(of: .noteOff(2), atTick: 480) == 1)
  }

  @Test("equal orders are equal values, whichever way they were built")
  func equality() {
    var appended = TickOrders()
    for order in Self.orders { appended.append(tick: order.tick, items: order.items) }
    #expect(appended == TickOrders(Self.orders))
    #expect(appended.hashValue == TickOrders(Self.orders).hashValue)
  }
}

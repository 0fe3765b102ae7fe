/// A set of integers kept in the order CPython 3.11 iterates a `set` built from a list of
/// them (`setobject.c`: open addressing over a table of 8, 32, … slots, linear probes of 9,
/// then perturbation; the table grows to 4 × the count when three fifths are filled; `hash(-1)`
/// is −2): MidiTok keeps `config.programs` in a set, and the order of its Program and Pedal
/// tokens is that set's.
public struct PythonIntSet: Hashable, Sendable, Sequence {
  /// The members, in iteration order.
  public private(set) var elements: [Int]
  private var members: Set<Int>

  /// The set `set(values)` makes, for values that are small integers (|value| < 2^61 − 1).
  public init(_ values: [Int]) {
    var table = [Int?](repeating: nil, count: 8)
    var used = 0
    for value in values where !(table.contains { $0 == value }) {
      Self.insert(value, into: &table)
      used += 1
      // fill * 5 >= mask * 3: the table is rebuilt with room for used * 4 (no deletions here).
      if used * 5 >= (table.count - 1) * 3 {
        var size = 8
        while size <= used * 4 { size <<= 1 }
        var grown = [Int?](repeating: nil, count: size)
        for case let member? in table { Self.insert(member, into: &grown) }
        table = grown
      }
    }
    elements = table.compactMap { $0 }
    members = Set(elements)
  }

  /// CPython's hash of a small integer.
  private static func hash(_ value: Int) -> Int { value == -1 ? -2 : value }

  /// `set_insert_clean`: the first empty slot of the probe sequence.
  private static func insert(_ value: Int, into table: inout [Int?]) {
    let mask = UInt(table.count - 1)
    var perturb = UInt(bitPattern: hash(value))
    var index = perturb & mask
    while true {
      if table[Int(index)] == nil {
        table[Int(index)] = value
        return
      }
      if index + 9 <= mask {
        for step in 1...9 where table[Int(index) + step] == nil {
          table[Int(index) + step] = value
          return
        }
      }
      perturb >>= 5
      index = (index &* 5 &+ 1 &+ perturb) & mask
    }
  }

  /// Whether `value` is a member.
  public func contains(_ value: Int) -> Bool { members.contains(value) }

  /// The number of members.
  public var count: Int { elements.count }

  /// Whether the set has no member.
  public var isEmpty: Bool { elements.isEmpty }

  /// The members in iteration order.
  public func makeIterator() -> IndexingIterator<[Int]> { elements.makeIterator() }
}

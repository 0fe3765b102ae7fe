/// A trie over Unicode scalars whose nodes can end a token: the vocabularies of the Unigram and
/// WordPiece models (longest and common-prefix matches), and the token-to-id lookup of every model.
struct ScalarTrie: Sendable {
  /// The root's node.
  static let root: Int32 = 0
  /// Child of (node, scalar), keyed `node << 32 | scalar`.
  private var edges = IntTable()
  /// Per node: the id of the token ending there, or −1.
  private(set) var ids: [Int32] = [-1]

  /// An empty trie.
  init() {}

  /// The child of `node` along `scalar`, or −1.
  @inline(__always)
  func child(_ node: Int32, _ scalar: UInt32) -> Int32 {
    guard let child = edges.value(for: UInt64(UInt32(bitPattern: node)) << 32 | UInt64(scalar)) else {
      return -1
    }
    return Int32(truncatingIfNeeded: child)
  }

  /// The node reached from `node` along `scalars`, or −1.
  func node<C: Collection>(from node: Int32 = root, along scalars: C) -> Int32 where C.Element == UInt32 {
    var current = node
    for scalar in scalars {
      current = child(current, scalar)
      if current < 0 { return -1 }
    }
    return current
  }

  /// The id of the token `scalars`, or `nil`.
  func id<C: Collection>(of scalars: C) -> Int32? where C.Element == UInt32 {
    let found = node(along: scalars)
    guard found >= 0, ids[Int(found)] >= 0 else { return nil }
    return ids[Int(found)]
  }

  /// Makes `scalars` a token with `id` (replacing the id it had, as a later entry of a
  /// vocabulary replaces an earlier one in Hugging Face's maps); returns the id it had.
  @discardableResult
  mutating func insert<C: Collection>(_ scalars: C, id: Int32) -> Int32? where C.Element == UInt32 {
    var current = Self.root
    for scalar in scalars {
      var next = child(current, scalar)
      if next < 0 {
        next = Int32(ids.count)
        ids.append(-1)
        edges.set(UInt64(next), for: UInt64(UInt32(bitPattern: current)) << 32 | UInt64(scalar))
      }
      current = next
    }
    let previous = ids[Int(current)]
    ids[Int(current)] = id
    return previous >= 0 ? previous : nil
  }
}

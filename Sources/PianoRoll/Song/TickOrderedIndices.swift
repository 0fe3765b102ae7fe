/// The indices of a track's notes or events in the order they are written: nothing stored
/// when that is already their order (the usual case: pairing keeps notes in start order), a
/// permutation otherwise — so that writing a track of millions of notes allocates nothing for it.
package struct TickOrderedIndices: RandomAccessCollection {
  /// The indices in writing order, or `nil` for `0..<count` as they are.
  private let permutation: [Int]?
  /// How many there are.
  package let count: Int

  /// `0..<count`, in order.
  init(identityOf count: Int) {
    permutation = nil
    self.count = count
  }

  /// The given order.
  init(_ permutation: [Int]) {
    self.permutation = permutation
    count = permutation.count
  }

  package var startIndex: Int { 0 }
  package var endIndex: Int { count }
  package subscript(position: Int) -> Int { permutation?[position] ?? position }
}

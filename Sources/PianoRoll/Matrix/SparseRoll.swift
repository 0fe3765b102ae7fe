/// One track's piano roll, steps × 128 pitches, in compressed sparse column form (as
/// `scipy.sparse.csc_matrix` holds it): column `j` is MIDI pitch `j`; its non-zero cells are
/// `rows[columnStarts[j]..<columnStarts[j + 1]]` (time steps, ascending) with `values` at the
/// same indices (velocities 1–127).
public struct SparseRoll: Hashable, Sendable {
  /// The number of time steps (rows).
  public let steps: Int
  /// 129 offsets into ``rows`` and ``values``; the last is their count.
  public let columnStarts: [Int32]
  /// The time step of each non-zero cell, column by column, ascending within a column.
  public let rows: [Int32]
  /// The velocity of each non-zero cell.
  public let values: [UInt8]

  /// Creates a roll from its parts.
  /// - Precondition: 129 column starts, ascending, the last equal to the cell count.
  public init(steps: Int, columnStarts: [Int32], rows: [Int32], values: [UInt8]) {
    precondition(
      columnStarts.count == 129 && Int(columnStarts[128]) == rows.count && rows.count == values.count)
    self.steps = steps
    self.columnStarts = columnStarts
    self.rows = rows
    self.values = values
  }

  /// The number of non-zero cells.
  public var cellCount: Int { rows.count }

  /// The velocity at a step and pitch, 0 when silent.
  /// - Complexity: O(log *n*) in the cells of the pitch's column.
  public func value(step: Int, pitch: Int) -> UInt8 {
    var low = Int(columnStarts[pitch])
    var high = Int(columnStarts[pitch + 1])
    while low < high {
      let middle = (low + high) / 2
      if Int(rows[middle]) < step { low = middle + 1 } else { high = middle }
    }
    return low < Int(columnStarts[pitch + 1]) && Int(rows[low]) == step ? values[low] : 0
  }
}

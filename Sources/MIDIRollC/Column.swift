import CMIDIRoll
import PianoRoll

extension midiroll_column {
  /// Whether the caller asked for this column.
  var isRequested: Bool { data != nil }

  /// Stores `value` in row `row` of a requested column (unaligned rows are fine: a packed
  /// structured array).
  @inline(__always)
  func store<T: BitwiseCopyable>(_ value: T, at row: Int) {
    data.unsafelyUnwrapped.storeBytes(of: value, toByteOffset: row &* Int(stride), as: T.self)
  }

  /// Stores `value(note)` of each note in the rows from `first` on, when the column is
  /// requested: one tight loop.
  @inline(__always)
  func fill<T: BitwiseCopyable>(
    _ notes: UnsafeBufferPointer<PianoRoll.Note>, from first: Int, _ value: (PianoRoll.Note) -> T
  ) {
    guard let data else { return }
    let step = Int(stride)
    var pointer = data + first &* step
    for note in notes {
      pointer.storeBytes(of: value(note), as: T.self)
      pointer += step
    }
  }

  /// Stores `value(row)` in each of `count` rows, when the column is requested.
  @inline(__always)
  func fill<T: BitwiseCopyable>(_ count: Int, _ value: (Int) -> T) {
    guard isRequested else { return }
    for row in 0..<count { store(value(row), at: row) }
  }
}

/// Checks that the caller's arrays hold `needed` rows.
/// - Throws: ``ABIError`` (`MIDIROLL_USAGE`) naming the call, for NULL columns or too few rows.
func checkRows(_ rows: Int64, needed: Int, columns: UnsafeRawPointer?, in call: String) throws(ABIError) {
  guard columns != nil else { throw ABIError(usage: "\(call): the columns are NULL") }
  guard rows >= needed else {
    throw ABIError(usage: "\(call): the arrays hold \(rows) rows, the song has \(needed)")
  }
}

/// Copies `bytes` to the caller's buffer (which holds at least as many).
func copyBytes(_ bytes: [UInt8], to buffer: UnsafeMutablePointer<CChar>) {
  bytes.withUnsafeBytes { source in
    guard let base = source.baseAddress else { return }
    UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: source.count)
  }
}

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

/// The one shape of every call that writes a song's rows into the caller's columns: finds the
/// song, checks the columns and that the arrays hold `rowCount(handle)` rows, then runs `write`,
/// and reports the outcome in the caller's error.
/// - Returns: `MIDIROLL_OK`, or `MIDIROLL_USAGE` for a NULL song or columns, too few rows, or
///   what `write` throws.
func writingRows<Columns>(
  of song: OpaquePointer?, into columns: UnsafePointer<Columns>?, rows: Int64,
  error: UnsafeMutablePointer<midiroll_error>?, call: String, rowCount: (SongHandle) -> Int,
  _ write: (SongHandle, Columns) throws(ABIError) -> Void
) -> Int32 {
  reportingErrors(error) { () throws(ABIError) in
    let handle = try SongHandle.of(song, in: call)
    guard let columns else { throw ABIError(usage: "\(call): the columns are NULL") }
    let needed = rowCount(handle)
    guard rows >= needed else {
      throw ABIError(usage: "\(call): the arrays hold \(rows) rows, the song has \(needed)")
    }
    try write(handle, columns.pointee)
  }
}

/// Copies `bytes` to the caller's buffer (which holds at least as many).
func copyBytes(_ bytes: [UInt8], to buffer: UnsafeMutablePointer<CChar>) {
  bytes.withUnsafeBytes { source in
    guard let base = source.baseAddress else { return }
    UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: source.count)
  }
}

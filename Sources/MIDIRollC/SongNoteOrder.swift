import CMIDIRoll
import PianoRoll

/// The notes' time order (see `include/midiroll.h`).
@_cdecl("midiroll_song_note_order")
public func midirollSongNoteOrder(
  _ song: OpaquePointer?, _ order: UnsafeMutablePointer<Int64>?, _ rows: Int64,
  _ error: UnsafeMutablePointer<midiroll_error>?
) -> Int32 {
  let call = "midiroll_song_note_order"
  return reportingErrors(error) { () throws(ABIError) in
    let handle = try SongHandle.of(song, in: call)
    guard let order else { throw ABIError(usage: "\(call): the order is NULL") }
    let needed = handle.song.noteCount
    guard rows >= needed else {
      throw ABIError(usage: "\(call): the array holds \(rows) rows, the song has \(needed)")
    }
    for (row, index) in handle.noteOrder().indices.enumerated() { order[row] = Int64(index) }
  }
}

/// The notes of a song in time order: a merge of its tracks, each already in start order.
struct NoteOrder {
  /// Row k: the track-order index of the k-th note to start.
  var indices: [Int]
  /// Index i: the time-order row of the note at track-order index i (the inverse of ``indices``).
  var rows: [Int]
}

extension SongHandle {
  /// The notes' time order: notes that start at one tick keep track order, then the order of
  /// their track. A merge of the tracks (each in start order): O(*n* log *t*) for *n* notes in
  /// *t* tracks, one track's notes at a time while no other track's next note comes first.
  func noteOrder() -> NoteOrder {
    let tracks = song.tracks
    var starts: [Int] = []  // track-order index of each track's first note
    var total = 0
    for track in tracks {
      starts.append(total)
      total += track.notes.count
    }
    var indices: [Int] = []
    indices.reserveCapacity(total)
    var next = [Int](repeating: 0, count: tracks.count)  // each track's next note
    var heap = TrackHeap()
    for (track, notes) in tracks.enumerated() where !notes.notes.isEmpty {
      heap.push((tick: notes.notes[0].tick, track: track))
    }
    while let (_, track) = heap.pop() {
      let notes = tracks[track].notes
      let limit = heap.top.map { ($0.tick, $0.track) }
      var index = next[track]
      // Take this track's notes while they come before the next of every other track.
      repeat {
        indices.append(starts[track] + index)
        index += 1
      } while index < notes.count && limit.map { (notes[index].tick, track) < $0 } ?? true
      next[track] = index
      if index < notes.count { heap.push((tick: notes[index].tick, track: track)) }
    }
    var rows = [Int](repeating: 0, count: total)
    for (row, index) in indices.enumerated() { rows[index] = row }
    return NoteOrder(indices: indices, rows: rows)
  }
}

/// A min-heap of each track's next note by (tick, track).
private struct TrackHeap {
  private var items: [(tick: Int, track: Int)] = []

  /// The least.
  var top: (tick: Int, track: Int)? { items.first }

  /// Adds an item.
  mutating func push(_ item: (tick: Int, track: Int)) {
    items.append(item)
    var child = items.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard Self.less(items[child], items[parent]) else { break }
      items.swapAt(child, parent)
      child = parent
    }
  }

  /// Removes and returns the least.
  mutating func pop() -> (tick: Int, track: Int)? {
    guard !items.isEmpty else { return nil }
    items.swapAt(0, items.count - 1)
    let least = items.removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1
      guard left < items.count else { break }
      let right = left + 1
      let child = right < items.count && Self.less(items[right], items[left]) ? right : left
      guard Self.less(items[child], items[parent]) else { break }
      items.swapAt(child, parent)
      parent = child
    }
    return least
  }

  private static func less(_ a: (tick: Int, track: Int), _ b: (tick: Int, track: Int)) -> Bool {
    (a.tick, a.track) < (b.tick, b.track)
  }
}

import JSON
import PianoRoll
import SMF

/// The compact profile's track: notes and events as rows, and the rare order within a tick
/// as track-level lists.
///
/// ```json
/// {"notes":[[0,480,60,90,0,0],[480,480,62,80,0,-1]],
///  "events":[[0,"trackName","Piano"],[480,"controlChange",0,64,127],[960,"endOfTrack"]],
///  "onOrders":[[1,0]],"offOrders":[[0,2]],"eventOrders":[[1,1]]}
/// ```
///
/// - A note row is always 6 integers, `[tick, durationTicks, pitch, velocity, channel, off]`:
///   `off` is the note-off's velocity 0–127 when the note ends with a note-off, −1 when it
///   ends with a note-on of velocity 0, −2 when it ends at the End of Track with no message.
/// - An event row is `[tick, "type", fields…]` (see ``PianoRollJSON/eventRows``).
/// - `onOrders`, `offOrders` and `eventOrders` (only when not empty) list `[index, rank]`: the
///   index of a note or event in this track's `notes` or `events`, and the rank of its
///   note-on, note-off or event within its tick (what a note object's `onOrder` and
///   `offOrder` and an event object's `order` say).
extension PianoRollJSON {
  /// The `off` of a note row for a note that ended with a note-on of velocity 0.
  static let offNoteOnVelocity0 = -1
  /// The `off` of a note row for a note that ended at the End of Track with no message.
  static let offEndOfTrack = -2

  /// Writes a track's `"notes"`, `"events"` and order lists as the compact profile does.
  static func writeTrackRows(_ track: SongTrack, to out: inout JSONWriter) {
    let ranks = track.tickOrders
    var onOrders: [(index: Int, rank: Int)] = []
    var offOrders: [(index: Int, rank: Int)] = []
    var eventOrders: [(index: Int, rank: Int)] = []
    out.raw("\"notes\":[")
    for (index, noteIndex) in track.noteIndicesInTickOrder().enumerated() {
      let note = track.notes[noteIndex].writable
      if index > 0 { out.rawByte(UInt8(ascii: ",")) }
      out.rawByte(UInt8(ascii: "["))
      out.rawInteger(note.tick)
      out.rawByte(UInt8(ascii: ","))
      out.rawInteger(note.durationTicks)
      out.rawByte(UInt8(ascii: ","))
      out.rawInteger(Int(note.pitch))
      out.rawByte(UInt8(ascii: ","))
      out.rawInteger(Int(note.velocity))
      out.rawByte(UInt8(ascii: ","))
      out.rawInteger(Int(note.channel))
      out.rawByte(UInt8(ascii: ","))
      switch note.end {
      case .noteOff: out.rawInteger(Int(note.offVelocity))
      case .noteOnWithVelocityZero: out.rawInteger(offNoteOnVelocity0)
      case .endOfTrack: out.rawInteger(offEndOfTrack)
      }
      out.rawByte(UInt8(ascii: "]"))
      if !ranks.isEmpty {
        if let rank = ranks.rank(of: .noteOn(noteIndex), atTick: note.tick) { onOrders.append((index, rank)) }
        if let rank = ranks.rank(of: .noteOff(noteIndex), atTick: note.endTick) {
          offOrders.append((index, rank))
        }
      }
    }
    out.raw("],\"events\":[")
    for (index, eventIndex) in track.eventIndicesInWritingOrder().enumerated() {
      let item = track.events[eventIndex]
      if index > 0 { out.rawByte(UInt8(ascii: ",")) }
      out.rawByte(UInt8(ascii: "["))
      out.rawInteger(item.tick)
      writeEventRow(item.event, to: &out)
      out.rawByte(UInt8(ascii: "]"))
      if let rank = ranks.rank(of: .event(eventIndex), atTick: item.tick) {
        eventOrders.append((index, rank))
      }
    }
    out.rawByte(UInt8(ascii: "]"))
    writeOrders(",\"onOrders\":[", onOrders, to: &out)
    writeOrders(",\"offOrders\":[", offOrders, to: &out)
    writeOrders(",\"eventOrders\":[", eventOrders, to: &out)
  }

  /// Writes `name` and the `[index, rank]` pairs, unless there are none.
  private static func writeOrders(
    _ name: StaticString, _ orders: [(index: Int, rank: Int)], to out: inout JSONWriter
  ) {
    guard !orders.isEmpty else { return }
    out.raw(name)
    for (position, order) in orders.enumerated() {
      if position > 0 { out.rawByte(UInt8(ascii: ",")) }
      out.rawByte(UInt8(ascii: "["))
      out.rawInteger(order.index)
      out.rawByte(UInt8(ascii: ","))
      out.rawInteger(order.rank)
      out.rawByte(UInt8(ascii: "]"))
    }
    out.rawByte(UInt8(ascii: "]"))
  }
}

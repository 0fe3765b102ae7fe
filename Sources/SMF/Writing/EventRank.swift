/// Where an event goes among the events of its tick, when a song is written (see
/// `Song.midiFile()` (module PianoRoll)).
@usableFromInline
package enum EventRank: Int {
  case meta, other, endingNoteOff, strayNoteOff, noteOn, instantNoteOff, endOfTrack

  /// The rank of an event.
  package init(_ event: MIDIEvent) {
    switch event {
    case .meta(let meta): self.init(status: 0xFF, data1: meta.type, data2: 0)
    case .sysEx(let sysEx): self.init(status: sysEx.kind.rawValue, data1: 0, data2: 0)
    case .channel(let message): self.init(status: message.status, data1: message.data1, data2: message.data2)
    }
  }

  /// The rank of an event from its status byte (`FF` meta, `F0`/`F7` SysEx, or a channel
  /// message's), its first data byte (a meta event's type) and its second.
  @inlinable
  package init(status: UInt8, data1: UInt8, data2: UInt8) {
    switch status {
    case 0xFF: self = data1 == MetaEvent.Kind.endOfTrack.rawValue ? .endOfTrack : .meta
    case 0xF0, 0xF7: self = .other
    default:
      let kind = status & 0xF0
      if kind == 0x80 || (kind == 0x90 && data2 == 0) {
        self = .strayNoteOff
      } else if kind == 0x90 {
        self = .noteOn
      } else {
        self = .other
      }
    }
  }
}

extension TrackEvents {
  /// The rank of the event at `index` among the events of its tick, without making the event.
  @inlinable
  package func rank(at index: Int) -> EventRank {
    let record = records[index]
    return EventRank(status: record.status, data1: record.data1, data2: record.data2)
  }
}

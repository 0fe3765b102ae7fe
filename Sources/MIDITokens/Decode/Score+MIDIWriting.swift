import SMF

extension Score {
  /// The Standard MIDI File symusic 0.6 writes for a score (`dump_midi`, `to_midi` in
  /// `src/io/midi.cpp`), message for message, so that a decoded song reads back (in symusic,
  /// in midiroll) as MidiTok's decoded song does: format 1; the time signatures, key
  /// signatures and tempos in the first track; per track its name, a program change at tick 0,
  /// its control changes and pitch bends (sorted by tick, stably), then its notes — note-offs
  /// before note-ons at one tick, a note of no length as a note-on then a note-off — on
  /// channel 10 for drums and otherwise the track's index among the 15 others.
  public func midiBytes() -> [UInt8] {
    let validChannels: [UInt8] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15]
    var global: [Message] = []
    for signature in timeSignatures {
      var power = 0
      while (1 << power) < signature.denominator { power += 1 }
      global.append(
        Message(
          time: signature.time, status: 0xFF, type: 0x58,
          data: [
            UInt8(truncatingIfNeeded: signature.numerator), UInt8(truncatingIfNeeded: power), 0x18, 0x08,
          ]))
    }
    for key in keySignatures {
      global.append(
        Message(
          time: key.time, status: 0xFF, type: 0x59,
          data: [UInt8(truncatingIfNeeded: key.key), UInt8(truncatingIfNeeded: key.tonality)]))
    }
    for tempo in tempos {
      let mspq = UInt32(truncatingIfNeeded: tempo.mspq)
      global.append(
        Message(
          time: tempo.time, status: 0xFF, type: 0x51,
          data: [
            UInt8(truncatingIfNeeded: mspq >> 16), UInt8(truncatingIfNeeded: mspq >> 8),
            UInt8(truncatingIfNeeded: mspq),
          ]))
    }
    var writer = MIDIFileWriter(
      format: .multipleTracks, division: .ticksPerQuarter(min(max(ticksPerQuarter, 1), 0x7FFF)), trackCount: 0
    )
    var pending: [Message]? = global
    for (index, track) in tracks.enumerated() {
      let channel = track.isDrum ? 9 : validChannels[index % 15]
      var messages = pending ?? []
      pending = nil
      if !track.name.isEmpty {
        messages.append(Message(time: 0, status: 0xFF, type: 0x03, data: Array(track.name.utf8)))
      }
      messages.append(
        Message(time: 0, status: 0xC0 | channel, data1: UInt8(truncatingIfNeeded: track.program), data2: 0))
      for control in track.controls {
        messages.append(
          Message(time: control.time, status: 0xB0 | channel, data1: control.number, data2: control.value))
      }
      for bend in track.pitchBends {
        let value = Int(bend.value) + 8192
        messages.append(
          Message(
            time: bend.time, status: 0xE0 | channel, data1: UInt8(truncatingIfNeeded: value & 0x7F),
            data2: UInt8(truncatingIfNeeded: (value >> 7) & 0x7F)))
      }
      messages = Self.stableSorted(messages)
      var notes = track.notes
      if zip(notes, notes.dropFirst()).contains(where: { $1.time < $0.time })
        || notes.first.map({ $0.time < 0 }) == true
      {
        PatternDefeatingSort.sort(&notes) { $0.time < $1.time }
      }
      var offs: [Message] = []
      var ons: [Message] = []
      offs.reserveCapacity(notes.count)
      ons.reserveCapacity(notes.count)
      for note in notes {
        let on = Message(time: note.time, status: 0x90 | channel, data1: note.pitch, data2: note.velocity)
        if note.duration > 0 {
          offs.append(
            Message(time: note.end, status: 0x80 | channel, data1: note.pitch, data2: note.velocity))
          ons.append(on)
        } else {
          offs.append(on)
          ons.append(
            Message(time: note.time, status: 0x80 | channel, data1: note.pitch, data2: note.velocity))
        }
      }
      offs = Self.stableSorted(offs)
      let noteMessages = Self.merged(offs, ons)
      writer.append(Self.encoded(Self.merged(messages, noteMessages)))
    }
    if let pending, !pending.isEmpty { writer.append(Self.encoded(Self.stableSorted(pending))) }
    return writer.finish()
  }

  /// A message of symusic's writer.
  private struct Message {
    var time: Int32
    var status: UInt8
    var type: UInt8 = 0
    var data: [UInt8] = []
    var data1: UInt8 = 0
    var data2: UInt8 = 0

    init(time: Int32, status: UInt8, type: UInt8, data: [UInt8]) {
      self.time = time
      self.status = status
      self.type = type
      self.data = data
    }

    init(time: Int32, status: UInt8, data1: UInt8, data2: UInt8) {
      self.time = time
      self.status = status
      self.data1 = data1
      self.data2 = data2
    }
  }

  private static func stableSorted(_ messages: [Message]) -> [Message] {
    messages.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(
      \.element)
  }

  /// A stable merge of two sorted runs (`timmerge`): at one tick, `first`'s messages first.
  private static func merged(_ first: [Message], _ second: [Message]) -> [Message] {
    var result: [Message] = []
    result.reserveCapacity(first.count + second.count)
    var i = 0
    var j = 0
    while i < first.count && j < second.count {
      if second[j].time < first[i].time {
        result.append(second[j])
        j += 1
      } else {
        result.append(first[i])
        i += 1
      }
    }
    result += first[i...]
    result += second[j...]
    return result
  }

  private static func encoded(_ messages: [Message]) -> EncodedTrack {
    var track = EncodedTrack(capacity: messages.count)
    for message in messages {
      let tick = max(0, Int(message.time))
      if message.status == 0xFF {
        track.appendData(tick: tick, status: 0xFF, type: message.type, message.data[...])
      } else {
        track.appendChannel(tick: tick, status: message.status, message.data1 & 0x7F, message.data2 & 0x7F)
      }
    }
    return track
  }
}

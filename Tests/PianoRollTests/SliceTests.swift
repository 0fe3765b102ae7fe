import PianoRoll
import SMF
import TestSupport
import Testing

@Suite("Slicing a song by bars and seconds")
struct SliceTests {
  /// What an event sets, as the test sees it (nil: a moment, not state).
  private static func stateKey(_ event: MIDIEvent) -> String? {
    switch event {
    case .meta(let meta):
      return [0x03, 0x51, 0x58, 0x59].contains(meta.type) ? "meta \(meta.type)" : nil
    case .channel(let message):
      switch message.kind {
      case .programChange: return "program \(message.channel)"
      case .controlChange: return "cc \(message.channel) \(message.data1)"
      case .pitchBend: return "bend \(message.channel)"
      default: return nil
      }
    case .sysEx: return nil
    }
  }

  /// The events a track of the slice should hold (End of Track left out), worked out from what
  /// the generator wrote: the last of each state before the cut (unless set again at the cut)
  /// at tick 0, then every event from the cut to the end, moved back by the cut.
  private static func expectedEvents(_ events: [TrackEvent], start: Int, end: Int) -> [TrackEvent] {
    var last: [String: TrackEvent] = [:]
    var atCut: Set<String> = []
    for item in events {
      guard let key = stateKey(item.event) else { continue }
      if item.tick < start { last[key] = item }
      if item.tick == start { atCut.insert(key) }
    }
    var expected = last.filter { !atCut.contains($0.key) }.values.map { TrackEvent(tick: 0, $0.event) }
    for item in events where item.tick >= start && item.tick < end {
      expected.append(TrackEvent(tick: item.tick - start, item.event))
    }
    return expected
  }

  @Test(
    "bars: the result starts with exactly the state in force at the cut, and every note keeps its offset",
    arguments: [1, 2, 3, 4])
  func bars(seed: UInt64) throws {
    let generated = EditSong.generate(seed: seed, ticksPerQuarter: seed % 2 == 0 ? 480 : 96)
    for (first, last) in [(4, 9), (0, 2), (7, 7), (10, 15)] {
      let start = generated.barStarts[first]
      let end = generated.barStarts[last + 1]
      var song = try generated.song()
      let report = try song.slice(with: SongSlice(.bars(BarRange(first: first, last: last))))
      #expect(report.startTick == start && report.endTick == end)

      var expectedNotes: [WrittenNote] = []
      for note in generated.notes {
        var moved = note
        if note.tick >= start && note.tick < end {
          moved.tick = note.tick - start
        } else if note.tick < start && note.end > start {
          moved.tick = 0
        } else {
          continue
        }
        moved.end = min(note.end, end) - start
        expectedNotes.append(moved)
      }
      #expect(WrittenNote.of(song) == expectedNotes.sorted(), "bars \(first)...\(last)")

      for (index, events) in generated.events.enumerated() {
        let sliced = song.tracks[index].events
        #expect(sliced.last == TrackEvent(tick: end - start, .meta(.endOfTrack)))
        #expect(
          eventMultiset(sliced.filter { !$0.event.isEndOfTrack })
            == eventMultiset(Self.expectedEvents(events, start: start, end: end)),
          "track \(index), bars \(first)...\(last)")
      }

      // The timeline of the result: meter, tempo and key in force at the cut, at bar 0.
      let original = try generated.song().makeTimeline()
      let timeline = song.makeTimeline()
      #expect(
        timeline.timeSignatures.changes.first?.timeSignature
          == original.timeSignatures.timeSignature(atTick: start))
      #expect(
        timeline.tempos.changes.first?.microsecondsPerQuarter
          == original.tempos.tempo(atTick: start).microsecondsPerQuarter)
      #expect(
        timeline.keySignature(atTick: 0).map { ($0.sharps, $0.isMinor) } ?? (99, false)
          == original.keySignature(atTick: start).map { ($0.sharps, $0.isMinor) } ?? (98, false))
      // Every bar of the slice is the bar it was, counted from 0.
      for bar in first...last {
        #expect(timeline.timeSignatures.startTick(ofBar: bar - first) == generated.barStarts[bar] - start)
      }
      // Written and read back, the slice is the same song.
      #expect(WrittenNote.of(try Song(bytes: song.serialized())) == WrittenNote.of(song))
    }
  }

  @Test("seconds: the cut is found through the tempo changes, and seconds restart at 0")
  func seconds() throws {
    // 120 BPM for four beats (2 s), then 60 BPM: 3 s is tick 2400, 5 s is tick 3360.
    let notes = (0..<12).map { Note(pitch: UInt8(60 + $0), tick: $0 * 480, durationTicks: 240) }
    var song = Song(
      division: .ticksPerQuarter(480),
      tracks: [
        SongTrack(
          notes: notes,
          events: [
            TrackEvent(tick: 0, .meta(.tempo(microsecondsPerQuarter: 500_000))),
            TrackEvent(tick: 1920, .meta(.tempo(microsecondsPerQuarter: 1_000_000))),
            TrackEvent(tick: 5760, .meta(.endOfTrack)),
          ])
      ])
    let report = try song.slice(with: SongSlice(.seconds(from: 3, to: 5)))
    #expect(report.startTick == 2400 && report.endTick == 3360)
    // Beats 5 (3 s) and 6 (4 s) start inside; beat 7 starts at 5 s, the end.
    let kept = song.allNotes.map { [Int($0.pitch), $0.tick, $0.durationTicks] }
    #expect(kept == [[65, 0, 240], [66, 480, 240]])
    let timeline = song.makeTimeline()
    #expect(timeline.tempos.changes.map(\.microsecondsPerQuarter) == [1_000_000])
    #expect(timeline.seconds(atTick: 0) == 0)
    #expect(timeline.seconds(atTick: 480) == 1)
  }

  @Test("notes across a cut: cut at both cuts, kept whole past the end, or dropped")
  func crossing() throws {
    // 4/4 at 480: bar 1 (0-based) is ticks 1920..<3840.
    let notes = [
      Note(pitch: 60, tick: 1800, durationTicks: 300),  // across the start
      Note(pitch: 62, tick: 2000, durationTicks: 2000),  // across the end
      Note(pitch: 64, tick: 2500, durationTicks: 100),  // inside
      Note(pitch: 65, tick: 100, durationTicks: 100),  // before
    ].sorted { $0.tick < $1.tick }
    let song = Song(tracks: [SongTrack(notes: notes, events: [TrackEvent(tick: 7680, .meta(.endOfTrack))])])
    let expected: [SongSlice.Crossing: [[Int]]] = [
      .cut: [[60, 0, 180], [62, 80, 1840], [64, 580, 100]],
      .keep: [[62, 80, 2000], [64, 580, 100]],
      .drop: [[64, 580, 100]],
    ]
    for (crossing, kept) in expected {
      var sliced = song
      try sliced.slice(with: SongSlice(.bars(BarRange(first: 1, last: 1)), crossing: crossing))
      #expect(sliced.allNotes.map { [Int($0.pitch), $0.tick, $0.durationTicks] } == kept, "\(crossing)")
      let endOfTrack = sliced.tracks[0].endOfTrackTick
      #expect(endOfTrack == (crossing == .keep ? 2080 : 1920))
    }
  }

  @Test("a slice after the song's end or an empty one is refused with the reason")
  func refusals() throws {
    var song = Song(
      tracks: [
        SongTrack(
          notes: [Note(pitch: 60, tick: 0, durationTicks: 1920)],
          events: [TrackEvent(tick: 3840, .meta(.endOfTrack))])
      ])
    #expect(throws: EditError.sliceAfterEnd(slice: "bars 3...4", songEnd: "it has 2 bars, 4 s")) {
      try song.slice(with: SongSlice(.bars(BarRange(first: 2, last: 3))))
    }
    #expect(throws: EditError.emptySlice("seconds 1...1")) {
      try song.slice(with: SongSlice(.seconds(from: 1, to: 1)))
    }
    // A slice running past the end keeps everything to the end.
    try song.slice(with: SongSlice(.bars(BarRange(first: 1, last: 9))))
    #expect(song.allNotes.isEmpty)
    #expect(song.tracks[0].endOfTrackTick == 1920)
  }

  @Test("bars are read 1-based as 5...12, 5..12, 5-12, 5... and 5, with the reason for what is not bars")
  func parsing() throws {
    #expect(try BarRange(parsing: "5...12") == BarRange(first: 4, last: 11))
    #expect(try BarRange(parsing: "5..12") == BarRange(first: 4, last: 11))
    #expect(try BarRange(parsing: "5-12") == BarRange(first: 4, last: 11))
    #expect(try BarRange(parsing: "1-4") == BarRange(first: 0, last: 3))
    #expect(try BarRange(parsing: "5...") == BarRange(first: 4))
    #expect(try BarRange(parsing: "...3") == BarRange(first: 0, last: 2))
    #expect(try BarRange(parsing: "7") == BarRange(first: 6, last: 6))
    #expect(throws: BarRangeError.backwards("9...2", first: 9, last: 2)) { try BarRange(parsing: "9...2") }
    #expect(throws: BarRangeError.notCountedFromOne("0...2", 0)) { try BarRange(parsing: "0...2") }
    #expect(throws: BarRangeError.notCountedFromOne("0-2", 0)) { try BarRange(parsing: "0-2") }
    #expect(throws: BarRangeError.notBars("a...b")) { try BarRange(parsing: "a...b") }
    #expect(throws: BarRangeError.notBars("...")) { try BarRange(parsing: "...") }
    #expect(
      BarRangeError.backwards("9...2", first: 9, last: 2).description
        == "'9...2' runs backwards: bar 9 comes after bar 2 (write 2...9)")
    #expect(
      BarRangeError.notCountedFromOne("0...2", 0).description
        == "'0...2': bars are counted from 1, so there is no bar 0 (the first bar is 1)")
  }
}

import PianoRoll
import SMF
import TestSupport
import Testing

@Suite("Transposing a song")
struct TransposeTests {
  @Test("every note but the drums moves by the semitones; drums move only when asked", arguments: [1, 2, 3])
  func movesNotes(seed: UInt64) throws {
    let generated = EditSong.generate(seed: seed)
    for semitones in [-7, 5] {
      for drums in [false, true] {
        var song = try generated.song()
        let report = try song.transpose(with: Transposition(semitones: semitones, transposesDrums: drums))
        let expected = generated.notes.map { note in
          var moved = note
          if drums || note.channel != 9 { moved.pitch = UInt8(Int(note.pitch) + semitones) }
          return moved
        }.sorted()
        #expect(WrittenNote.of(song) == expected)
        let drumCount = generated.notes.filter { $0.channel == 9 }.count
        #expect(report.drumNotesKept == (drums ? 0 : drumCount))
        #expect(report.moved == generated.notes.count - report.drumNotesKept)
        // Every other event stays as it was, apart from key signatures.
        let original = try generated.song()
        for (before, after) in zip(original.tracks, song.tracks) {
          let keyless = { (events: TrackEvents) in
            events.filter { $0.event.metaEvent?.kind != .keySignature }
          }
          #expect(keyless(before.events) == keyless(after.events))
        }
      }
    }
  }

  @Test("key signatures move with the notes, spelled with at most 6 sharps or 5 flats")
  func keySignatures() throws {
    // (sharps, minor, semitones) → sharps, worked out by hand from the circle of fifths.
    let cases: [(Int, Bool, Int, Int)] = [
      (0, false, 2, 2),  // C major → D major
      (1, false, 1, -4),  // G major → Ab major
      (0, true, 3, -3),  // A minor → C minor
      (-3, false, -1, 2),  // Eb major → D major
      (0, false, 6, 6),  // C major → F# major
      (0, false, 1, -5),  // C major → Db major
      (7, false, 12, 7),  // C# major an octave up stays C# major
      (2, true, -2, 0),  // B minor → A minor
    ]
    for (sharps, minor, semitones, expected) in cases {
      var song = Song(
        tracks: [
          SongTrack(
            notes: [Note(pitch: 60, tick: 0, durationTicks: 10)],
            events: [
              TrackEvent(tick: 0, .meta(.keySignature(sharps: sharps, isMinor: minor))),
              TrackEvent(tick: 10, .meta(.endOfTrack)),
            ])
        ])
      try song.transpose(with: Transposition(semitones: semitones))
      let key = song.makeTimeline().keySignatures.first
      #expect(key?.sharps == expected, "\(sharps) \(minor) + \(semitones)")
      #expect(key?.isMinor == minor)
    }
  }

  @Test("notes pushed past 127: fail names how many and which, drop removes them, clamp keeps them at 127")
  func outOfRange() throws {
    let generated = EditSong.generate(seed: 9, bars: 4, highNotes: true)
    let semitones = 12
    let outside = generated.notes.filter { $0.channel != 9 && Int($0.pitch) + semitones > 127 }
    #expect(!outside.isEmpty)
    var song = try generated.song()
    do {
      try song.transpose(with: Transposition(semitones: semitones))
      Issue.record("transposing past 127 should fail")
    } catch {
      guard case .outOfRange(let asked, let count, let examples) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(asked == semitones)
      #expect(count == outside.count)
      #expect(examples.count == min(5, outside.count))
      let first = try generated.song().allNotes.first { $0.channel != 9 && Int($0.pitch) + semitones > 127 }
      #expect(
        examples.first == first.map { "\($0.name) (\($0.pitch)) at tick \($0.tick) in track \($0.track)" })
      #expect(error.description.contains("pushes \(outside.count) notes past 0-127"))
    }
    #expect(song == (try generated.song()), "a refused transposition changes nothing")

    var dropped = try generated.song()
    let dropReport = try dropped.transpose(with: Transposition(semitones: semitones, outOfRange: .drop))
    let kept = generated.notes.filter { !outside.contains($0) }.map { note in
      var moved = note
      if note.channel != 9 { moved.pitch += UInt8(semitones) }
      return moved
    }.sorted()
    #expect(WrittenNote.of(dropped) == kept)
    #expect(dropReport.dropped == outside.count)
    #expect(dropReport.description.contains("\(outside.count) out of range dropped"))

    var clamped = try generated.song()
    let clampReport = try clamped.transpose(with: Transposition(semitones: semitones, outOfRange: .clamp))
    #expect(clampReport.clamped == outside.count)
    #expect(clamped.noteCount == generated.notes.count)
    let pitches = clamped.allNotes.filter { $0.channel != 9 }.map(\.pitch)
    #expect(pitches.filter { $0 == 127 }.count >= outside.count)
    // The song still writes and reads back with every note.
    #expect(try Song(bytes: clamped.serialized()).noteCount == clamped.noteCount)
  }

  @Test("transposing down past 0 is caught too; 0 semitones changes nothing")
  func downAndZero() throws {
    var song = Song(
      tracks: [
        SongTrack(
          notes: [Note(pitch: 3, tick: 0, durationTicks: 10), Note(pitch: 40, tick: 5, durationTicks: 10)],
          events: [TrackEvent(tick: 15, .meta(.endOfTrack))])
      ])
    let original = song
    #expect(throws: EditError.self) { try song.transpose(with: Transposition(semitones: -5)) }
    try song.transpose(with: Transposition(semitones: 0))
    #expect(song == original)
    try song.transpose(with: Transposition(semitones: -5, outOfRange: .clamp))
    #expect(song.allNotes.map(\.pitch) == [0, 35])
    // Any Int is a transposition: far past MIDI, every note leaves the range.
    var far = song
    try far.transpose(with: Transposition(semitones: Int.max, outOfRange: .drop))
    #expect(far.noteCount == 0)
    #expect(
      Transposition.sharps(1, transposedBy: Int.min) == Transposition.sharps(1, transposedBy: Int.min % 12))
  }
}

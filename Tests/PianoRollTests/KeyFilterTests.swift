import PianoRoll
import SMF
import TestSupport
import Testing

@Suite("Key sets and the key filter")
struct KeyFilterTests {
  @Test("pitch names: C4 is 60, sharps, flats, negative octaves, numbers")
  func pitchNames() {
    let cases: [(String, Int?)] = [
      ("C4", 60), ("c4", 60), ("F#3", 54), ("Bb2", 46), ("C-1", 0), ("G9", 127), ("G#9", nil), ("Cb4", 59),
      ("B#3", 60), ("A0", 21), ("60", 60), ("0", 0), ("127", 127), ("128", nil), ("H4", nil), ("C", nil),
      ("C4.5", nil), ("", nil), ("-1", nil), ("C−1", 0), ("E♭4", 63),
    ]
    for (text, pitch) in cases { #expect(Note.pitch(named: text) == pitch, "\(text)") }
    for pitch in 0...127 { #expect(Note.pitch(named: Note.name(ofPitch: pitch)) == pitch) }
    #expect(Note.pitchClass(named: "Cb") == 11)
    #expect(Note.pitchClass(named: "F#") == 6)
  }

  @Test("ranges, pitch lists and octaves are read as written")
  func parsing() throws {
    #expect(try KeySet(parsingRange: "36...84").pitches == Array(36...84))
    #expect(try KeySet(parsingRange: "C2...C6").pitches == Array(36...84))
    #expect(try KeySet(parsingRange: "C2..C6").pitches == Array(36...84))
    #expect(try KeySet(parsingRange: "60...60").pitches == [60])
    #expect(try KeySet(parsingRange: "36...84").label == "C2...C6")
    #expect(try KeySet(parsingPitches: "60,64,67").pitches == [60, 64, 67])
    #expect(try KeySet(parsingPitches: "C4, E4, G4").pitches == [60, 64, 67])
    #expect(try KeySet(parsingPitches: "67 60 64 60").pitches == [60, 64, 67])
    #expect(try KeySet.parseOctaves("2...6") == 2...6)
    #expect(try KeySet.parseOctaves("-1...9") == -1...9)
    #expect(try KeySet.parseOctaves("4") == 4...4)
    #expect(throws: KeyError.upsideDown("84...36")) { try KeySet(parsingRange: "84...36") }
    #expect(throws: KeyError.upsideDown("C6...C2")) { try KeySet(parsingRange: "C6...C2") }
    #expect(throws: KeyError.upsideDown("6...2")) { try KeySet.parseOctaves("6...2") }
    #expect(throws: KeyError.badRange("36-84")) { try KeySet(parsingRange: "36-84") }
    #expect(throws: KeyError.badRange("36...")) { try KeySet(parsingRange: "36...") }
    #expect(throws: KeyError.badPitch("200")) { try KeySet(parsingRange: "36...200") }
    #expect(throws: KeyError.badPitch("X4")) { try KeySet(parsingPitches: "60,X4") }
    #expect(throws: KeyError.empty(",")) { try KeySet(parsingPitches: ",") }
    #expect(throws: KeyError.badOctaves("2...10")) { try KeySet.parseOctaves("2...10") }
    #expect(throws: KeyError.badOctaves("two")) { try KeySet.parseOctaves("two") }
  }

  @Test("a scale over octaves 2...6 runs from C2 (36) through B6 (95)")
  func octaves() throws {
    let keys = KeySet(scale: try Scale(parsing: "C major"), octaves: 2...6)
    #expect(keys.pitches.first == 36 && keys.pitches.last == 95)
    #expect(keys.count == 5 * 7)
    #expect(keys.label == "C major (octaves 2...6)")
    #expect(
      KeySet(scale: try Scale(parsing: "C major"), octaves: 9...9).pitches == [120, 122, 124, 125, 127])
    #expect(KeySet(scale: try Scale(parsing: "D dorian")).label == "D dorian")
  }

  @Test("snapping: nearest with ties down, or forced up or down; never out of 0…127")
  func snapping() throws {
    let c = KeySet(scale: try Scale(parsing: "C major"))
    #expect(c.snap(61) == 60)  // C#: C and D are both a semitone away: down
    #expect(c.snap(61, .up) == 62)
    #expect(c.snap(66, .nearest) == 65)  // F#: F and G tie
    #expect(c.snap(66, .up) == 67)
    #expect(c.snap(60, .up) == 60)  // allowed pitches stay
    let range = KeySet(range: 36...84)
    #expect(range.snap(20) == 36 && range.snap(100) == 84)
    #expect(range.snap(100, .up) == 84)  // nothing above: the other way
    #expect(range.snap(20, .down) == 36)
    let top = KeySet(pitches: [127])
    #expect(top.snap(0, .down) == 127)
    let pentatonic = KeySet(scale: try Scale(parsing: "C pentatonic minor"))  // C Eb F G Bb
    #expect(pentatonic.snap(61) == 60 && pentatonic.snap(62) == 63 && pentatonic.snap(68) == 67)
    #expect(KeySet().snap(60) == nil)
  }

  /// A song of random notes on random channels (drums included) in two tracks.
  static func randomSong(seed: UInt64) -> Song {
    var random = SplitMix64(seed: seed)
    var tracks: [SongTrack] = []
    for track in 0..<2 {
      var notes: [Note] = []
      for _ in 0..<random.int(in: 50...200) {
        notes.append(
          Note(
            pitch: UInt8(random.int(in: 0...127)), channel: UInt8(random.pick([0, 1, 9, 9, 15])),
            track: track,
            tick: random.int(in: 0...20_000), durationTicks: random.int(in: 0...2000)))
      }
      notes.sort { $0.tick < $1.tick }
      tracks.append(SongTrack(notes: notes, events: [TrackEvent(tick: 25_000, .meta(.endOfTrack))]))
    }
    return Song(tracks: tracks)
  }

  static let scaleNames = ScaleType.all.map(\.name)

  @Test("snap keeps every note and moves none more than 6 semitones; drums untouched", arguments: scaleNames)
  func snapProperties(type: String) throws {
    for (seed, root) in zip(UInt64(1)...4, ["C", "F#", "Bb", "E"]) {
      let scale = try Scale(parsing: "\(root) \(type)")
      let original = Self.randomSong(seed: seed)
      for direction in SnapDirection.allCases {
        var song = original
        let report = song.filter(with: KeyFilter(keys: KeySet(scale: scale), mode: .snap(direction)))
        #expect(song.noteCount == original.noteCount)
        #expect(report.dropped == 0)
        let drums = original.allNotes.filter { $0.channel == 9 }
        #expect(report.drumNotesKept == drums.count)
        for (before, after) in zip(original.tracks.flatMap(\.notes), song.tracks.flatMap(\.notes)) {
          #expect(before.tick == after.tick && before.channel == after.channel)
          if before.channel == 9 {
            #expect(after.pitch == before.pitch && after.durationTicks == before.durationTicks)
            continue
          }
          #expect(scale.contains(pitch: Int(after.pitch)), "\(scale): \(before.pitch) → \(after.pitch)")
          #expect(abs(Int(after.pitch) - Int(before.pitch)) <= 6)
          if direction == .nearest {
            // No allowed pitch is nearer than the one chosen.
            let distance = abs(Int(after.pitch) - Int(before.pitch))
            #expect(
              !(0...127).contains { scale.contains(pitch: $0) && abs($0 - Int(before.pitch)) < distance })
          }
        }
        #expect(report.snapped == zip(original.allNotes, song.allNotes).count { $0.pitch != $1.pitch })
        // A snapped note never overlaps another note of its new pitch and channel.
        for (before, after) in zip(original.tracks, song.tracks) {
          let snapped = zip(before.notes, after.notes).map { $0.pitch != $1.pitch }
          let order = after.notes.indices.sorted {
            let (a, b) = (after.notes[$0], after.notes[$1])
            return (a.channel, a.pitch, a.tick, $0) < (b.channel, b.pitch, b.tick, $1)
          }
          for (i, j) in zip(order, order.dropFirst()) where snapped[i] || snapped[j] {
            let (a, b) = (after.notes[i], after.notes[j])
            if a.channel == b.channel && a.pitch == b.pitch { #expect(a.endTick <= b.tick) }
          }
        }
      }
    }
  }

  @Test("drop leaves only allowed pitches, says how many it dropped, and leaves drums alone")
  func drop() throws {
    let original = Self.randomSong(seed: 9)
    let keys = KeySet(scale: try Scale(parsing: "D dorian"), octaves: 2...6)
    var song = original
    let report = song.filter(with: KeyFilter(keys: keys))
    let drums = original.allNotes.filter { $0.channel == 9 }
    let kept = original.allNotes.filter { $0.channel != 9 && keys.contains(Int($0.pitch)) }
    #expect(song.allNotes.filter { $0.channel != 9 } == kept)
    #expect(song.allNotes.filter { $0.channel == 9 } == drums)
    #expect(report.dropped == original.noteCount - kept.count - drums.count)
    #expect(
      report.description.hasPrefix(
        "dropped \(report.dropped) notes of \(original.noteCount) outside D dorian (octaves 2...6)"))
    // --drums filter: drum notes are filtered too.
    var all = original
    all.filter(with: KeyFilter(keys: keys, filtersDrums: true))
    #expect(all.allNotes.allSatisfy { keys.contains(Int($0.pitch)) })
    // Non-note events are kept.
    #expect(song.tracks.map(\.events) == original.tracks.map(\.events))
  }

  @Test("a snapped note that lands on a sounding note of its pitch: the earlier is shortened, both kept")
  func snapCollisions() throws {
    // C4 from 0 to 960 and C#4 from 480: C# snaps down to C, so the first C ends at 480.
    var song = Song(tracks: [
      SongTrack(notes: [
        Note(pitch: 60, tick: 0, durationTicks: 960), Note(pitch: 61, tick: 480, durationTicks: 960),
        Note(pitch: 64, tick: 0, durationTicks: 5000), Note(pitch: 64, tick: 100, durationTicks: 50),
      ])
    ])
    let report = song.filter(
      with: KeyFilter(keys: KeySet(scale: try Scale(parsing: "C major")), mode: .snap(.nearest)))
    #expect(song.tracks[0].notes.map(\.pitch) == [60, 60, 64, 64])
    #expect(song.tracks[0].notes.map(\.durationTicks) == [480, 960, 5000, 50])  // the E4s were not snapped
    #expect(report.snapped == 1 && report.collisions == 1)
    #expect(report.description == "snapped 1 note of 4 to C major, 1 collision")
  }
}

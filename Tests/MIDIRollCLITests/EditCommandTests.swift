import Foundation
import PianoRoll
import PianoRollJSON
import SMF
import TestSupport
import Testing

/// A small song for the edit commands: 4/4 at 480 ticks per beat, 120 BPM then 60 BPM from bar 3,
/// G major then 3/4 and E minor from bar 3, a program change and volume before bar 3; a melody
/// on channel 1 (one note a beat, pitches 100…) and a kick on channel 10 at every bar.
enum EditCommandSong {
  /// The bars: 4/4, 4/4, then 3/4, 3/4.
  static let barStarts = [0, 1920, 3840, 5280, 6720]

  static func song() -> Song {
    var melody: [Note] = []
    var beat = 0
    var tick = 0
    while tick < barStarts[4] {
      melody.append(
        Note(
          pitch: UInt8(100 + beat % 20), velocity: UInt8(20 + beat * 3), track: 1, tick: tick,
          durationTicks: 240))
      beat += 1
      tick += 480
    }
    let kicks = barStarts.dropLast().map {
      Note(pitch: 36, velocity: 100, channel: 9, track: 2, tick: $0, durationTicks: 120)
    }
    let conductor = SongTrack(
      events: [
        TrackEvent(tick: 0, .meta(.timeSignature(numerator: 4, denominator: 4))),
        TrackEvent(tick: 0, .meta(.tempo(microsecondsPerQuarter: 500_000))),
        TrackEvent(tick: 0, .meta(.keySignature(sharps: 1, isMinor: false))),
        TrackEvent(tick: 3840, .meta(.timeSignature(numerator: 3, denominator: 4))),
        TrackEvent(tick: 3000, .meta(.tempo(microsecondsPerQuarter: 1_000_000))),
        TrackEvent(tick: 3000, .meta(.keySignature(sharps: 1, isMinor: true))),
        TrackEvent(tick: 6720, .meta(.endOfTrack)),
      ].sortedByTick())
    let player = SongTrack(
      notes: melody,
      events: [
        TrackEvent(tick: 0, .channel(.programChange(channel: 0, program: 5))),
        TrackEvent(tick: 1001, .channel(.programChange(channel: 0, program: 40))),
        TrackEvent(tick: 1203, .channel(.controlChange(channel: 0, controller: 7, value: 90))),
        TrackEvent(tick: 1300, .channel(.controlChange(channel: 0, controller: 64, value: 127))),
        TrackEvent(tick: 6720, .meta(.endOfTrack)),
      ])
    let drums = SongTrack(notes: kicks, events: [TrackEvent(tick: 6720, .meta(.endOfTrack))])
    return Song(tracks: [conductor, player, drums])
  }

  /// Writes the song to `folder/in.mid`.
  static func write(in folder: URL) throws -> URL {
    let url = folder.appendingPathComponent("in.mid")
    try Data(song().serialized()).write(to: url)
    return url
  }
}

extension [TrackEvent] {
  /// In tick order, keeping the order within a tick.
  fileprivate func sortedByTick() -> [TrackEvent] {
    enumerated().sorted { ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset) }.map(\.element)
  }
}

@Suite("midiroll transpose, slice, resample, merge, split and the edit options")
struct EditCommandTests {
  func read(_ url: URL) throws -> Song {
    let bytes = try [UInt8](Data(contentsOf: url))
    return url.pathExtension == "json" ? try PianoRollJSON.decode(bytes) : try Song(bytes: bytes)
  }

  @Test("transpose: the melody moves, the drums and their pitches stay, the key moves; the count is printed")
  func transpose() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try EditCommandSong.write(in: folder)
    let output = folder.appendingPathComponent("out.mid")
    let run = try runMIDIRoll(["transpose", input.path, output.path, "--semitones", "-2"])
    #expect(run.status == 0, "\(run.stderr)")
    let original = EditCommandSong.song()
    let song = try read(output)
    #expect(song.tracks[1].notes.map(\.pitch) == original.tracks[1].notes.map { $0.pitch - 2 })
    #expect(song.tracks[2].notes.map(\.pitch) == original.tracks[2].notes.map(\.pitch))
    #expect(song.makeTimeline().keySignatures.map(\.name) == ["F major", "D minor"])
    let melody = original.tracks[1].notes.count
    #expect(
      run.stderr
        == "transposed \(melody + 4) notes by -2 semitones: \(melody) moved, 4 drum notes kept, 2 key signatures moved\n"
    )

    let drums = try runMIDIRoll([
      "transpose", input.path, output.path, "--semitones", "1", "--drums", "transpose", "--force",
    ])
    #expect(drums.status == 0, "\(drums.stderr)")
    #expect(try read(output).tracks[2].notes.allSatisfy { $0.pitch == 37 })
  }

  @Test(
    "transpose past 127 fails with one line naming how many and which, and writes nothing; drop and clamp report"
  )
  func outOfRange() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try EditCommandSong.write(in: folder)
    let output = folder.appendingPathComponent("out.mid")
    let original = EditCommandSong.song()
    let outside = original.tracks[1].notes.filter { $0.pitch + 20 > 127 }
    #expect(outside.count > 5)
    let run = try runMIDIRoll(["transpose", input.path, output.path, "--semitones", "20"])
    #expect(run.status == 1)
    let examples = outside.prefix(5).map { "\($0.name) (\($0.pitch)) at tick \($0.tick) in track 1" }
    #expect(
      run.stderr
        == "midiroll: \(input.path): transposing by +20 semitones pushes \(outside.count) notes past 0-127: "
        + examples.joined(separator: ", ") + ", … (--out-of-range drop or clamp goes on without them)\n")
    #expect(!FileManager.default.fileExists(atPath: output.path))

    let drop = try runMIDIRoll([
      "transpose", input.path, output.path, "--semitones", "20", "--out-of-range", "drop",
    ])
    #expect(drop.status == 0)
    #expect(drop.stderr.contains(", \(outside.count) out of range dropped"))
    #expect(try read(output).noteCount == original.noteCount - outside.count)
    let clamp = try runMIDIRoll([
      "convert", input.path, output.path, "--transpose", "20", "--out-of-range", "clamp", "--force",
    ])
    #expect(clamp.status == 0)
    #expect(clamp.stderr.contains(", \(outside.count) out of range clamped"))
    #expect(try read(output).noteCount == original.noteCount)
  }

  @Test(
    ".mid → slice → JSON: positions start at bar 0, seconds at 0, with the meter, tempo, key and program in force"
  )
  func sliceToJSON() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try EditCommandSong.write(in: folder)
    let output = folder.appendingPathComponent("out.json")
    // Bars 3 and 4 (1-based): 3/4, 60 BPM and E minor from before the cut; program 40, volume 90, pedal down.
    let run = try runMIDIRoll(["slice", input.path, output.path, "--bars", "3-4"])
    #expect(run.status == 0, "\(run.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any])
    let meters = try #require(object["timeSignatures"] as? [[String: Any]])
    #expect(meters.first?["bar"] as? Int == 0 && meters.first?["tick"] as? Int == 0)
    #expect(meters.first?["numerator"] as? Int == 3)
    let tempos = try #require(object["tempos"] as? [[String: Any]])
    #expect(tempos.count == 1 && tempos.first?["microsecondsPerBeat"] as? Int == 1_000_000)
    let keys = try #require(object["keySignatures"] as? [[String: Any]])
    #expect(keys.first?["name"] as? String == "E minor" && keys.first?["tick"] as? Int == 0)
    let tracks = try #require(object["tracks"] as? [[String: Any]])
    let notes = try #require(tracks[1]["notes"] as? [[String: Any]])
    let first = try #require(notes.first)
    #expect(first["tick"] as? Int == 0)
    #expect(first["seconds"] as? Double == 0)
    let position = try #require(first["position"] as? [String: Int])
    #expect(position == ["bar": 0, "beat": 0, "subbeat": 0, "cent": 0])
    // Every melody note keeps its offset from the cut: one a beat, a second apart at 60 BPM.
    let original = EditCommandSong.song().tracks[1].notes.filter { (3840..<6720).contains($0.tick) }
    #expect(notes.compactMap { $0["tick"] as? Int } == original.map { $0.tick - 3840 })
    #expect(notes.compactMap { $0["seconds"] as? Double } == original.indices.map { Double($0) })
    let bars = notes.compactMap { ($0["position"] as? [String: Int])?["bar"] }
    #expect(bars == original.indices.map { $0 / 3 })
    let events = try #require(tracks[1]["events"] as? [[String: Any]])
    let atStart = events.filter { $0["tick"] as? Int == 0 }.compactMap { $0["type"] as? String }
    #expect(atStart == ["programChange", "controlChange", "controlChange"])
    #expect(
      run.stderr
        == "sliced bars 3...4 (ticks 3840..<6720): \(original.count + 2) of 18 notes kept, 5 events in force carried to the start\n"
    )
  }

  @Test("resample, velocity, merge and split through their subcommands and convert")
  func others() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try EditCommandSong.write(in: folder)
    let output = folder.appendingPathComponent("out.mid")
    let original = EditCommandSong.song()

    let resample = try runMIDIRoll(["resample", input.path, output.path, "--ticks-per-beat", "96"])
    #expect(resample.status == 0, "\(resample.stderr)")
    let resampled = try read(output)
    #expect(resampled.division == .ticksPerQuarter(96))
    #expect(resampled.tracks[1].notes.map(\.tick) == original.tracks[1].notes.map { $0.tick / 5 })
    // 1001 and 1203 are not multiples of 5 (480/96); every other tick is.
    #expect(resample.stderr.hasPrefix("resampled 480 to 96 ticks per beat: 2 of "))

    // 2 s is tick 1920 at 120 BPM; 60 BPM from tick 3000 (3.125 s) puts 4 s at tick 3420.
    let seconds = try runMIDIRoll(["slice", input.path, output.path, "--seconds", "2...4", "--force"])
    #expect(
      seconds.stderr
        == "sliced seconds 2...4 (ticks 1920..<3420): 5 of 18 notes kept, 1 cut, "
        + "6 events in force carried to the start\n")
    let secondsSong = try read(output)
    #expect(secondsSong.tracks[1].notes.map(\.tick) == [0, 480, 960, 1440])
    #expect(secondsSong.tracks[1].notes.last?.durationTicks == 60)

    // SMPTE time cannot be resampled to beats.
    let smpte = folder.appendingPathComponent("smpte.mid")
    let smpteSong = Song(
      division: .smpte(framesPerSecond: 25, ticksPerFrame: 40),
      tracks: [
        SongTrack(
          notes: [Note(pitch: 60, tick: 0, durationTicks: 100)],
          events: [TrackEvent(tick: 100, .meta(.endOfTrack))])
      ])
    try Data(smpteSong.serialized()).write(to: smpte)
    let refused = try runMIDIRoll(["resample", smpte.path, output.path, "--ticks-per-beat", "480", "--force"])
    #expect(refused.status == 1)
    #expect(
      refused.stderr
        == "midiroll: \(smpte.path): the song counts SMPTE time (25 frames per second, 40 ticks per frame), "
        + "not ticks per beat: it cannot be resampled to ticks per beat\n")

    let velocity = try runMIDIRoll([
      "convert", input.path, output.path, "--velocity-range", "40-110", "--force",
    ])
    #expect(velocity.status == 0, "\(velocity.stderr)")
    #expect(
      try read(output).allNotes.map(\.velocity)
        == original.allNotes.map { UInt8(40 + Int((Double($0.velocity - 1) * 70 / 126).rounded())) })

    let merge = try runMIDIRoll(["merge", input.path, output.path, "--force"])
    #expect(merge.status == 0)
    #expect(merge.stderr == "merge: 3 tracks became 1\n")
    let merged = try MIDIFile(bytes: [UInt8](Data(contentsOf: output)))
    #expect(merged.format == .singleTrack && merged.tracks.count == 1)

    let splitOutput = folder.appendingPathComponent("split.mid")
    let split = try runMIDIRoll(["split", output.path, splitOutput.path, "--by", "channel"])
    #expect(split.status == 0)
    let song = try read(splitOutput)
    #expect(song.tracks.count == 3)
    #expect(song.tracks[1].notes.count == original.tracks[1].notes.count)
    #expect(song.tracks[2].notes.allSatisfy { $0.channel == 9 })
  }

  @Test(
    "batch takes every edit option; bad values are usage errors before any file is read", .tags(.slow),
    .tiered)
  func batch() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let inputs = folder.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
    _ = try EditCommandSong.write(in: inputs)
    let outputs = folder.appendingPathComponent("out")
    let run = try runMIDIRoll([
      "batch", inputs.path, outputs.path, "--to", "json", "--bars", "1...2", "--transpose", "-12", "--drums",
      "transpose",
      "--ticks-per-beat", "960", "--velocity-set", "90", "--merge-tracks", "--quiet",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let song = try read(outputs.appendingPathComponent("in.json"))
    let original = EditCommandSong.song()
    #expect(song.tracks.count == 1)
    #expect(song.division == .ticksPerQuarter(960))
    let expected = original.allNotes.filter { $0.tick < 3840 }.map { [Int($0.pitch) - 12, $0.tick * 2, 90] }
    #expect(
      song.allNotes.map { [Int($0.pitch), $0.tick, Int($0.velocity)] }.sorted {
        $0.lexicographicallyPrecedes($1)
      }
        == expected.sorted { $0.lexicographicallyPrecedes($1) })

    // An edit the song does not allow fails that file, with the reason, not the run.
    let refused = try runMIDIRoll([
      "batch", inputs.path, folder.appendingPathComponent("refused").path, "--to", "mid", "--transpose", "20",
      "--quiet",
    ])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("transposing by +20 semitones pushes 6 notes past 0-127"))

    let missing = folder.appendingPathComponent("does-not-exist").path
    let cases: [([String], String)] = [
      (
        ["--bars", "0...2"],
        "midiroll: --bars '0...2': bars are counted from 1, so there is no bar 0 (the first bar is 1)\n"
      ),
      (
        ["--transpose", "x"],
        "midiroll: --transpose 'x': expected a whole number of semitones from -127 to 127\n"
      ),
      (["--out-of-range", "drop"], "midiroll: --out-of-range goes with --transpose\n"),
      (
        ["--seconds", "9...2"], "midiroll: --seconds '9...2': the end (2 s) must come after the start (9 s)\n"
      ),
      (["--crossing", "cut"], "midiroll: --crossing goes with --bars or --seconds\n"),
      (
        ["--ticks-per-beat", "0"], "midiroll: --ticks-per-beat '0': expected a whole number from 1 to 32767\n"
      ),
      (
        ["--velocity-scale", "80", "--velocity-set", "3"],
        "midiroll: give one of --velocity-scale and --velocity-set, not several\n"
      ),
      (
        ["--velocity-range", "110...40"],
        "midiroll: --velocity-range '110...40' is upside down: write the lower end first (40...110)\n"
      ),
      (
        ["--merge-tracks", "--split", "channel"],
        "midiroll: give one of --merge-tracks and --split, not both\n"
      ),
      (["--split", "track"], "midiroll: --split 'track': expected channel or program\n"),
      (["--drums", "transpose"], "midiroll: --drums transpose goes with --transpose\n"),
    ]
    for (options, message) in cases {
      let bad = try runMIDIRoll(["batch", missing, outputs.path, "--to", "mid"] + options)
      #expect(bad.status == 2, "\(options)")
      #expect(bad.stderr == message, "\(options)")
    }
  }
}

#if FluidSynth
  import Foundation
  import PianoRoll
  import SMF
  import TestSupport
  import Testing

  /// `midiroll render IN OUT.wav`: inputs of both kinds, the convert options, one-line errors.
  @Suite struct RenderAudioCommandTests {
    /// A fresh folder for one test's files.
    final class Folder {
      let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "midiroll-audio-\(UUID().uuidString)")
      init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
      deinit { try? FileManager.default.removeItem(at: url) }
      func path(_ name: String) -> String { url.appendingPathComponent(name).path }
      func write(_ song: Song, _ name: String) throws -> String {
        try Data(song.serialized()).write(to: url.appendingPathComponent(name))
        return path(name)
      }
      func bytes(_ name: String) throws -> Data { try Data(contentsOf: url.appendingPathComponent(name)) }
    }

    /// Renders with the test SoundFont; expects success.
    func render(_ arguments: [String]) throws {
      let run = try runMIDIRoll(["render"] + arguments + ["--soundfont", TestRenderer.soundFont])
      #expect(run.status == 0, "\(run.stderr)")
    }

    static func melody(offset: Int = 0, withCSharp: Bool = true) -> Song {
      var song = TestSong()
      song.note(60, tick: 0, ticks: 480)
      if withCSharp { song.note(61, tick: 480, ticks: 480) }
      song.note(64, tick: 960 + offset, ticks: 480)
      song.note(67, tick: 1440, ticks: 480)
      return song.song
    }

    @Test func aMIDIFileAndItsPianoRollJSONSoundTheSame() throws {
      let folder = try Folder()
      let mid = try folder.write(Self.melody(), "melody.mid")
      let json = folder.path("melody.json")
      #expect(try runMIDIRoll(["convert", mid, json]).status == 0)
      try render([mid, folder.path("from-mid.wav")])
      try render([json, folder.path("from-json.wav")])
      #expect(try folder.bytes("from-mid.wav") == folder.bytes("from-json.wav"))
    }

    @Test func quantizingBeforeRenderingSoundsLikeTheQuantizedFile() throws {
      let folder = try Folder()
      let loose = try folder.write(Self.melody(offset: 37), "loose.mid")
      let tight = try folder.write(Self.melody(), "tight.mid")
      try render([loose, folder.path("quantized.wav"), "--grid", "1/8"])
      try render([tight, folder.path("tight.wav")])
      try render([loose, folder.path("loose.wav")])
      #expect(try folder.bytes("quantized.wav") == folder.bytes("tight.wav"))
      #expect(try folder.bytes("loose.wav") != folder.bytes("tight.wav"))
    }

    @Test func aScaleKeepsOnlyItsNotes() throws {
      let folder = try Folder()
      let chromatic = try folder.write(Self.melody(), "chromatic.mid")
      let major = try folder.write(Self.melody(withCSharp: false), "major.mid")
      try render([chromatic, folder.path("filtered.wav"), "--scale", "C major"])
      try render([major, folder.path("major.wav")])
      #expect(try folder.bytes("filtered.wav") == folder.bytes("major.wav"))
    }

    @Test func badUsesAreOneLineErrorsWithTheirExitCodes() throws {
      let folder = try Folder()
      let mid = try folder.write(Self.melody(), "melody.mid")
      let out = folder.path("out.wav")
      let cases: [([String], Int32, String)] = [
        (["render", mid, out, "--soundfont", folder.path("missing.sf2")], 1, "cannot read the SoundFont"),
        (["render", mid, out, "--soundfont", mid], 1, "cannot load this SoundFont"),
        (["render", mid, out, "--zoom", "1/8"], 2, "--zoom is for .svg and .html output"),
        (["render", mid, folder.path("out.svg"), "--gain", "1"], 2, "--gain is for .wav output"),
        (["render", mid, out, "--sample-rate", "1000"], 2, "--sample-rate 1000"),
        (["render", mid, out, "--tail", "-1"], 2, "--tail"),
        (["render", mid, out, "--scale", "C nonsense"], 2, "--scale"),
        (["render", mid, out, "--strength", "50"], 2, "--strength needs a grid"),
        (["render", mid, folder.path("out.flac")], 2, "must be an .svg, .html or .wav file"),
      ]
      for (arguments, status, text) in cases {
        let run = try runMIDIRoll(arguments)
        #expect(run.status == status, "\(arguments): \(run.stderr)")
        #expect(run.stderr.contains(text), "\(arguments): \(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1 || status == 2, "\(run.stderr)")
      }
      #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func aBadSongIsBadInputAndWritesNothing() throws {
      let folder = try Folder()
      let bad = folder.path("bad.mid")
      try Data("MThd garbage".utf8).write(to: URL(fileURLWithPath: bad))
      let run = try runMIDIRoll([
        "render", bad, folder.path("out.wav"), "--soundfont", TestRenderer.soundFont,
      ])
      #expect(run.status == 1)
      #expect(run.stderr.hasPrefix("midiroll: \(bad)"))
      #expect(!FileManager.default.fileExists(atPath: folder.path("out.wav")))
    }
  }
#endif

#if FluidSynth
  import Foundation
  import PianoRoll
  import PianoRollJSON
  import TestSupport
  import Testing

  /// `batch --to wav`: every song of a folder rendered, after the same options as `convert`.
  @Suite struct BatchToWAVTests {
    @Test func everySongOfAFolderIsRenderedAsTheRenderCommandRendersIt() throws {
      let folder = try RenderAudioCommandTests.Folder()
      let inputs = folder.url.appendingPathComponent("in")
      try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
      let melody = RenderAudioCommandTests.melody(offset: 37)
      try Data(melody.serialized()).write(to: inputs.appendingPathComponent("a.mid"))
      try Data(PianoRollJSON.encode(melody)).write(to: inputs.appendingPathComponent("b.json"))
      let out = folder.path("out")
      let soundFont = ["--soundfont", TestRenderer.soundFont]
      let batch = try runMIDIRoll(
        ["batch", inputs.path, out, "--to", "wav", "--grid", "1/8", "-q"] + soundFont)
      #expect(batch.status == 0, "\(batch.stderr)")
      let single = try runMIDIRoll(
        ["render", inputs.appendingPathComponent("a.mid").path, folder.path("single.wav"), "--grid", "1/8"]
          + soundFont)
      #expect(single.status == 0, "\(single.stderr)")
      let a = try Data(contentsOf: URL(fileURLWithPath: out + "/a.wav"))
      let b = try Data(contentsOf: URL(fileURLWithPath: out + "/b.wav"))
      #expect(a == (try folder.bytes("single.wav")))
      #expect(a == b)
    }

    @Test func synthesisOptionsWithoutWAVAreBadUsage() throws {
      let folder = try RenderAudioCommandTests.Folder()
      let run = try runMIDIRoll(["batch", folder.url.path, folder.path("out"), "--to", "json", "--gain", "1"])
      #expect(run.status == 2)
      #expect(run.stderr.contains("--gain goes with --to wav"), "\(run.stderr)")
    }
  }
#endif

#if FluidSynth
  import AudioRender
  import Foundation
  import PianoRoll
  import TestSupport
  import Testing

  /// The same input and options give the same bytes: in one process and in two.
  @Suite struct RenderDeterminismTests {
    @Test func renderingASongTwiceGivesIdenticalBytes() throws {
      let (song, _, _) = RenderTimingTests.timedSong()
      let first = try TestRenderer.render(song)
      let second = try TestRenderer.render(song)
      #expect(first.wav == second.wav)
      #expect(first.wav.count > 44 + 4 * 44_100)
    }

    @Test(arguments: ["two-tracks-tempo-change.mid", "drum-pattern.mid"])
    func twoRunsOfTheCommandWriteIdenticalFiles(sample: String) throws {
      let input = RealFiles.packageRoot.appendingPathComponent("Samples/\(sample)").path
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "midiroll-wav-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      var outputs: [Data] = []
      for name in ["a.wav", "b.wav"] {
        let output = folder.appendingPathComponent(name).path
        let run = try runMIDIRoll([
          "render", input, output, "--soundfont", TestRenderer.soundFont, "--reverb",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        outputs.append(try Data(contentsOf: URL(fileURLWithPath: output)))
      }
      #expect(outputs[0] == outputs[1])
      #expect(outputs[0].count > 44 + 4 * 44_100)
    }
  }
#endif

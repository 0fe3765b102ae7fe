#if FluidSynth
  import AudioRender
  import PianoRoll
  import SMF
  import TestSupport
  import Testing

  /// What the synthesizer plays is what the messages say: pitch, program, pitch bend, drums.
  @Suite(.tags(.judge), .tiered, .requires(.python)) struct RenderSpectrumTests {
    @Test func aLoneA4HasItsSpectralPeakAt440Hertz() throws {
      var song = TestSong()
      song.note(69, tick: 0, ticks: 960)  // A4 on the default piano, 1 s
      let audio = try TestRenderer.render(song.song)
      let result = try WAVAnalysis.run(audio.wav, "print(json.dumps({'hz': peak_hz(0.05, 0.95)}))")
      let hz = try #require(result["hz"] as? Double)
      #expect(abs(hz - 440) <= 4.4, "peak at \(hz) Hz")
    }

    @Test func aPitchBendMovesThePeak() throws {
      var song = TestSong()
      song.message(.programChange(channel: 0, program: 80), tick: 0)
      song.message(.pitchBend(channel: 0, value: 8192 + 4096), tick: 0)  // +1 of the default 2 semitones
      song.note(69, tick: 0, ticks: 960)
      let audio = try TestRenderer.render(song.song)
      let result = try WAVAnalysis.run(audio.wav, "print(json.dumps({'hz': peak_hz(0.05, 0.95)}))")
      let hz = try #require(result["hz"] as? Double)
      let bent = 440 * 1.0594630943592953  // A#4
      #expect(abs(hz - bent) <= bent * 0.01, "peak at \(hz) Hz, expected \(bent)")
    }

    @Test func aProgramChangeAudiblyChangesTheSpectrum() throws {
      var song = TestSong()
      song.note(60, tick: 0, ticks: 960)  // piano, 0–1 s
      song.message(.programChange(channel: 0, program: 56), tick: 1920)  // trumpet
      song.note(60, tick: 1920, ticks: 960)  // 2–3 s
      song.message(.programChange(channel: 0, program: 0), tick: 3840)  // piano again
      song.note(60, tick: 3840, ticks: 960)  // 4–5 s
      let audio = try TestRenderer.render(song.song)
      let result = try WAVAnalysis.run(
        audio.wav,
        """
        print(json.dumps({'changed': similarity((0.05, 0.9), (2.05, 2.9)),
                          'same': similarity((0.05, 0.9), (4.05, 4.9))}))
        """)
      let changed = try #require(result["changed"] as? Double)
      let same = try #require(result["same"] as? Double)
      #expect(same > 0.99, "piano against piano: \(same)")
      #expect(changed < 0.8, "piano against trumpet: \(changed)")
    }

    @Test func channelTenPlaysDrums() throws {
      var song = TestSong()
      song.note(38, tick: 0, ticks: 480)  // D2 on the piano
      song.note(38, tick: 1920, ticks: 480, channel: 9)  // acoustic snare
      let audio = try TestRenderer.render(song.song)
      let result = try WAVAnalysis.run(
        audio.wav,
        """
        print(json.dumps({'similarity': similarity((0.0, 0.4), (2.0, 2.4)), 'drum': max_abs(2.0, 2.4)}))
        """)
      #expect((result["drum"] as? Double ?? 0) > 100)
      let similarity = try #require(result["similarity"] as? Double)
      #expect(similarity < 0.8, "piano D2 against the snare: \(similarity)")
    }
  }
#endif

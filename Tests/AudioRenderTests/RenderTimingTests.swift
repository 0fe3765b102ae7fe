#if FluidSynth
  import AudioRender
  import PianoRoll
  import SMF
  import TestSupport
  import Testing

  /// Every note starts at its time in seconds (through a tempo change), the rests are silent and
  /// the file is the WAV it says it is — measured with numpy on the rendered file.
  @Suite(.tags(.judge), .tiered, .requires(.python)) struct RenderTimingTests {
    /// Square-lead notes (program 80: no slow attack in the SoundFont's samples, so an onset is
    /// where the synthesizer starts the note), 120 BPM, then 75 BPM from 4.5 s.
    static func timedSong() -> (song: Song, onsets: [Double], ends: [Double]) {
      var song = TestSong()
      song.message(.programChange(channel: 0, program: 80), tick: 0)
      let ticks = [0, 1440, 2880, 4320, 5040, 5760, 6320]
      let pitches: [UInt8] = [60, 64, 67, 72, 62, 65, 69]
      for (tick, pitch) in zip(ticks, pitches) { song.note(pitch, tick: tick, ticks: 240) }
      song.tempo(bpm: 120, tick: 0)
      song.tempo(bpm: 75, tick: 4320)
      // By hand: 0.5 s a quarter until tick 4320 (4.5 s), then 0.8 s.
      let onsets = [0, 1.5, 3.0, 4.5, 5.7, 6.9, 4.5 + 2000.0 / 480 * 0.8]
      let ends = onsets.enumerated().map { $0.element + ($0.offset < 3 ? 0.25 : 0.4) }
      return (song.song, onsets, ends)
    }

    @Test func everyOnsetIsWithinTenMillisecondsOfItsTimeAcrossATempoChange() throws {
      let (song, onsets, _) = Self.timedSong()
      let audio = try TestRenderer.render(song)
      let result = try WAVAnalysis.run(
        audio.wav, "print(json.dumps({'onsets': [onset(t) for t in \(onsets)]}))")
      let found = try #require(result["onsets"] as? [Double])
      #expect(found.count == onsets.count)
      for (expected, measured) in zip(onsets, found) {
        #expect(abs(measured - expected) <= 0.010, "onset at \(measured) s, expected \(expected) s")
      }
    }

    @Test func theRestsAreSilent() throws {
      let (song, onsets, ends) = Self.timedSong()
      let audio = try TestRenderer.render(song)
      // From 0.6 s after a note's end (its release) to 1 ms before the next note: digital silence.
      let rests = zip(ends, onsets.dropFirst()).map { [$0 + 0.6, $1 - 0.001] }.filter { $0[0] < $0[1] }
      #expect(rests.count >= 4)
      let result = try WAVAnalysis.run(
        audio.wav,
        """
        print(json.dumps({'rests': [max_abs(a, b) for a, b in \(rests)],
                          'notes': [max_abs(t, t + 0.2) for t in \(onsets)]}))
        """)
      let restPeaks = try #require(result["rests"] as? [Double])
      #expect(restPeaks.allSatisfy { $0 == 0 }, "rest peaks \(restPeaks)")
      let notePeaks = try #require(result["notes"] as? [Double])
      #expect(notePeaks.allSatisfy { $0 > 100 }, "note peaks \(notePeaks)")
    }

    @Test func silenceBeforeTheFirstNoteAndAfterTheTail() throws {
      var song = TestSong()
      song.note(69, tick: 960, ticks: 480)  // 1.0 s to 1.5 s
      let audio = try TestRenderer.render(song.song, tail: 3)
      let result = try WAVAnalysis.run(
        audio.wav,
        "print(json.dumps({'head': max_abs(0, 0.999), 'end': max_abs(3.5, 4.5), 'note': max_abs(1.0, 1.5)}))")
      #expect(result["head"] as? Double == 0)
      #expect(result["end"] as? Double == 0)
      #expect((result["note"] as? Double ?? 0) > 100)
    }

    @Test func theFileIs16BitStereoAtTheSampleRateAndEndsTheTailAfterTheLastNote() throws {
      var song = TestSong()
      song.note(69, tick: 0, ticks: 481)  // ends at 0.5010416… s
      for rate in [44_100, 22_050] {
        let audio = try TestRenderer.render(song.song, sampleRate: rate, tail: 2)
        let lastFrame = Int((Double(481) / 960 * Double(rate)).rounded())
        #expect(audio.frames == lastFrame + 2 * rate)
        #expect(audio.wav.count == 44 + 4 * audio.frames)
        let result = try WAVAnalysis.run(
          audio.wav, "print(json.dumps({'rate': rate, 'frames': len(x), 'hz': peak_hz(0.05, 0.45)}))")
        #expect(result["rate"] as? Int == rate)
        #expect(result["frames"] as? Int == audio.frames)
        #expect(abs((result["hz"] as? Double ?? 0) - 440) <= 4.4)
      }
    }

    @Test func aSongLongerThanTheLimitIsRefusedBeforeRendering() throws {
      var song = TestSong()
      song.note(60, tick: 480 * 2 * 3_600, ticks: 480)  // an hour in
      let settings = SynthesisSettings(soundFont: TestRenderer.soundFont, maximumSeconds: 600)
      do {
        _ = try SongRenderer(settings: settings).render(song.song)
        Issue.record("an hour of audio was rendered past a 600 s limit")
      } catch {
        guard case .tooLong(let seconds, let limit) = error else {
          Issue.record("expected tooLong, got \(error)")
          return
        }
        #expect(seconds > 3_600 && limit == 600)
      }
      // A limit far beyond any song is no limit, not an overflow.
      var short = TestSong()
      short.note(60, tick: 0, ticks: 480)
      let unlimited = SynthesisSettings(soundFont: TestRenderer.soundFont, maximumSeconds: 1e300)
      #expect(try SongRenderer(settings: unlimited).render(short.song).frames == 22_050 + 88_200)
    }
  }
#endif

#if FluidSynth
  import AudioRender
  import PianoRoll
  import SMF
  import TestSupport
  import Testing

  /// Controllers reach the synthesizer at their time: volume, expression, pan, sustain.
  @Suite(.tags(.judge), .tiered, .requires(.python)) struct RenderControllerTests {
    @Test func volumeAndExpressionMakeNotesQuieter() throws {
      var song = TestSong()
      song.message(.programChange(channel: 0, program: 80), tick: 0)
      song.note(69, tick: 0, ticks: 480)  // full
      song.message(.controlChange(channel: 0, controller: 7, value: 30), tick: 1920)
      song.note(69, tick: 1920, ticks: 480)  // volume 30 (of 100)
      song.message(.controlChange(channel: 0, controller: 7, value: 100), tick: 3840)
      song.message(.controlChange(channel: 0, controller: 11, value: 30), tick: 3840)
      song.note(69, tick: 3840, ticks: 480)  // expression 30
      let audio = try TestRenderer.render(song.song)
      let result = try WAVAnalysis.run(
        audio.wav, "print(json.dumps({'levels': [rms(t + 0.05, t + 0.45) for t in (0, 2, 4)]}))")
      let levels = try #require(result["levels"] as? [Double])
      #expect(levels.count == 3 && levels[0] > 100)
      #expect(levels[1] < 0.3 * levels[0], "volume 30: \(levels)")
      #expect(levels[2] < 0.3 * levels[0], "expression 30: \(levels)")
    }

    @Test func panMovesANoteToOneSide() throws {
      var song = TestSong()
      song.message(.programChange(channel: 0, program: 80), tick: 0)
      song.message(.controlChange(channel: 0, controller: 10, value: 0), tick: 0)
      song.note(69, tick: 0, ticks: 480)  // hard left
      song.message(.controlChange(channel: 0, controller: 10, value: 127), tick: 1920)
      song.note(69, tick: 1920, ticks: 480)  // hard right
      let audio = try TestRenderer.render(song.song)
      let result = try WAVAnalysis.run(
        audio.wav,
        "print(json.dumps({'left': [rms(0.05, 0.45, 0), rms(0.05, 0.45, 1)], 'right': [rms(2.05, 2.45, 0), rms(2.05, 2.45, 1)]}))"
      )
      let left = try #require(result["left"] as? [Double])
      let right = try #require(result["right"] as? [Double])
      #expect(left[0] > 10 * left[1], "panned left: \(left)")
      #expect(right[1] > 10 * right[0], "panned right: \(right)")
    }

    @Test func theSustainPedalHoldsANotePastItsEnd() throws {
      func song(sustained: Bool) -> Song {
        var song = TestSong()
        if sustained { song.message(.controlChange(channel: 0, controller: 64, value: 127), tick: 0) }
        song.note(69, tick: 0, ticks: 240)  // 0.25 s
        if sustained { song.message(.controlChange(channel: 0, controller: 64, value: 0), tick: 1920) }
        return song.song
      }
      let script = "print(json.dumps({'after': rms(0.9, 1.4)}))"
      let held = try WAVAnalysis.run(TestRenderer.render(song(sustained: true)).wav, script)
      let released = try WAVAnalysis.run(TestRenderer.render(song(sustained: false)).wav, script)
      let heldLevel = try #require(held["after"] as? Double)
      let releasedLevel = try #require(released["after"] as? Double)
      #expect(heldLevel > 5, "sustained note at 0.9–1.4 s: \(heldLevel)")
      #expect(heldLevel > 10 * releasedLevel, "held \(heldLevel), released \(releasedLevel)")
    }
  }
#endif

import MIDITokens
import Testing

/// `AugmentationGrid`: MidiTok's `_create_offsets_tuples` order (worked by hand from its loops),
/// its tessitura filter with the `zip` pairing, the original once. (MidiTok itself judges the
/// variants on the real files: `python/tests/test_pack.py`.)
@Suite struct AugmentationGridTests {
  static func track(program: Int, pitches: [UInt8], drum: Bool = false) -> ScoreTrack {
    ScoreTrack(
      program: program, isDrum: drum,
      notes: pitches.enumerated().map {
        ScoreNote(time: Int32($0.offset * 10), duration: 10, pitch: $0.element, velocity: 64)
      })
  }

  static func offsets(_ grid: AugmentationGrid, _ score: Score) -> [[Int]] {
    grid.variants(of: score).variants.map { [$0.pitch, $0.velocity, $0.durationTicks] }
  }

  @Test func eachAxisAloneInTheOrderGivenTheOriginalFirstAndOnce() {
    var grid = AugmentationGrid()
    grid.pitchOffsets = [-2, 0, 2]
    grid.velocityOffsets = [0, 8]
    grid.durationOffsets = [0.25, 0]
    let score = Score(ticksPerQuarter: 96, tracks: [Self.track(program: 0, pitches: [60, 72])])
    #expect(
      Self.offsets(grid, score) == [[0, 0, 0], [-2, 0, 0], [2, 0, 0], [0, 8, 0], [0, 0, 24]])
  }

  @Test func everyCombinationAsMidiToksLoopsMakeThem() {
    var grid = AugmentationGrid()
    grid.pitchOffsets = [-2, 0, 2]
    grid.velocityOffsets = [-8, 8]
    grid.allCombinations = true
    let score = Score(ticksPerQuarter: 480, tracks: [Self.track(program: 0, pitches: [60, 72])])
    #expect(
      Self.offsets(grid, score) == [
        [0, 0, 0], [-2, 0, 0], [2, 0, 0], [0, -8, 0], [0, 8, 0], [-2, -8, 0], [-2, 8, 0], [2, -8, 0],
        [2, 8, 0],
      ])
  }

  @Test func pitchOffsetsOutOfTheTessituraAreLeftOutAndCounted() {
    var grid = AugmentationGrid()
    grid.pitchOffsets = [-2, 0, 2, 9]
    // Piano (21...108): 22 allows down to -1, 100 up to +8.
    let score = Score(
      ticksPerQuarter: 96,
      tracks: [
        Self.track(program: 0, pitches: [22, 100]), Self.track(program: 0, pitches: [0, 127], drum: true),
      ])
    let (variants, skipped) = grid.variants(of: score)
    #expect(variants.map(\.pitch) == [0, 2])
    #expect(skipped == 2)
  }

  @Test func anEmptyTrackShiftsTheProgramsAsMidiToksZipDoes() {
    var grid = AugmentationGrid()
    grid.pitchOffsets = [2, 12, 48, 49]
    // The glockenspiel track (9: 72...108) is empty; MidiTok pairs the piano's pitch 60 with it.
    let score = Score(
      ticksPerQuarter: 96,
      tracks: [Self.track(program: 9, pitches: []), Self.track(program: 0, pitches: [60])])
    #expect(grid.variants(of: score).variants.map(\.pitch) == [0, 12, 48])
  }

  @Test func durationsInBeatsBecomeRoundedTicksWithoutAOneTickMinimum() {
    var grid = AugmentationGrid()
    grid.durationOffsets = [-0.001, 0.0052, 0.015625]
    // 480 × 0.015625 = 7.5 → 8 (half to even); −0.48 → 0, the original again (left out).
    let score = Score(ticksPerQuarter: 480, tracks: [Self.track(program: 0, pitches: [60])])
    #expect(Self.offsets(grid, score) == [[0, 0, 0], [0, 0, 2], [0, 0, 8]])
    let minimum = grid.variants(of: score).variants[1].augmentation.minimumDuration
    #expect(minimum == 15)  // max(round(0.03125 × 480), 1)
  }
}

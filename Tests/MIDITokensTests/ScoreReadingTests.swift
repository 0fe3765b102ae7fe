import Foundation
import MIDITokens
import SMF
import TestSupport
import Testing

/// midiroll reads every file as symusic 0.6 does (the reading MidiTok tokenizes): the same
/// tracks, notes, controls, pedals, pitch bends, lyrics, tempos, meters, keys and markers, in
/// the same order — judged by symusic itself on the real files and the corpus.
@Suite(.tags(.judge), .tiered, .requires(.python)) struct ScoreReadingTests {
  static let script = """
    import json, sys, symusic
    out = []
    for path in sys.argv[1:]:
        try:
            s = symusic.Score(path)
        except Exception as e:
            out.append(None); continue
        out.append({
            'tpq': s.ticks_per_quarter,
            'ts': [[t.time, t.numerator, t.denominator] for t in s.time_signatures],
            'tempos': [[t.time, t.mspq] for t in s.tempos],
            'keys': [[k.time, k.key, k.tonality] for k in s.key_signatures],
            'markers': [m.time for m in s.markers],
            'tracks': [{'program': t.program, 'drum': t.is_drum,
                        'notes': [[n.time, n.duration, n.pitch, n.velocity] for n in t.notes],
                        'controls': [[c.time, c.number, c.value] for c in t.controls],
                        'bends': [[b.time, b.value] for b in t.pitch_bends],
                        'pedals': [[p.time, p.duration] for p in t.pedals],
                        'lyrics': [l.time for l in t.lyrics]} for t in s.tracks]})
    print(json.dumps(out))
    """

  struct Reading: Decodable {
    var tpq: Int
    var ts: [[Int]]
    var tempos: [[Int]]
    var keys: [[Int]]
    var markers: [Int]
    var tracks: [Track]
    struct Track: Decodable {
      var program: Int
      var drum: Bool
      var notes: [[Int]]
      var controls: [[Int]]
      var bends: [[Int]]
      var pedals: [[Int]]
      var lyrics: [Int]
    }
  }

  static func flat(_ score: Score) -> Reading {
    Reading(
      tpq: score.ticksPerQuarter,
      ts: score.timeSignatures.map { [Int($0.time), $0.numerator, $0.denominator] },
      tempos: score.tempos.map { [Int($0.time), Int($0.mspq)] },
      keys: score.keySignatures.map { [Int($0.time), $0.key, $0.tonality] },
      markers: score.markerTimes.map { Int($0) },
      tracks: score.tracks.map { track in
        Reading.Track(
          program: track.program, drum: track.isDrum,
          notes: track.notes.map { [Int($0.time), Int($0.duration), Int($0.pitch), Int($0.velocity)] },
          controls: track.controls.map { [Int($0.time), Int($0.number), Int($0.value)] },
          bends: track.pitchBends.map { [Int($0.time), Int($0.value)] },
          pedals: track.pedals.map { [Int($0.time), Int($0.duration)] },
          lyrics: track.lyricTimes.map { Int($0) })
      })
  }

  @Test func everyFileSymusicReadsIsReadAlike() throws {
    let files = TokenFiles.all
    try #require(files.count > 300, "the real files and the corpus are missing: run `make deps`")
    let result = try Python.run(script: Self.script, files)
    try #require(result.status == 0, "\(result.output.suffix(2000))")
    let line = try #require(result.output.split(separator: "\n").last)
    let readings = try JSONDecoder().decode([Reading?].self, from: Data(line.utf8))
    var compared = 0
    var refused: [String] = []
    for (path, reading) in zip(files, readings) {
      guard let reading else { continue }
      let bytes = try RealFiles.bytes(path)
      let score: Score
      do {
        score = try Score(midiBytes: bytes)
      } catch {
        refused.append("\(path): \(error)")
        continue
      }
      let mine = Self.flat(score)
      compared += 1
      let ported = try Score.symusicParsing(bytes)
      #expect(Self.flat(ported).tracks.map(\.notes) == reading.tracks.map(\.notes), "\(path): port")
      #expect(ported == score, "\(path): the port of symusic's parser reads otherwise")
      #expect(mine.tpq == reading.tpq, "\(path)")
      #expect(mine.ts == reading.ts, "\(path): time signatures")
      #expect(mine.tempos == reading.tempos, "\(path): tempos")
      #expect(mine.keys == reading.keys, "\(path): keys")
      #expect(mine.markers == reading.markers, "\(path): markers")
      #expect(mine.tracks.count == reading.tracks.count, "\(path): track count")
      for (index, (a, b)) in zip(mine.tracks, reading.tracks).enumerated() {
        #expect(a.program == b.program && a.drum == b.drum, "\(path) track \(index): program")
        #expect(a.notes == b.notes, "\(path) track \(index): notes")
        #expect(a.controls == b.controls, "\(path) track \(index): controls")
        #expect(a.bends == b.bends, "\(path) track \(index): bends")
        #expect(a.pedals == b.pedals, "\(path) track \(index): pedals")
        #expect(a.lyrics == b.lyrics, "\(path) track \(index): lyrics")
      }
    }
    print("compared \(compared) files; refused \(refused.count) that symusic reads:")
    for line in refused { print("  " + line) }
    #expect(refused.isEmpty)
    #expect(compared == readings.compactMap { $0 }.count)
  }
}

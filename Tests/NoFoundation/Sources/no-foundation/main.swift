import JSON
import PianoRoll
import PianoRollJSON
import SMF
import SongStatistics
import TokenizerModels

// Builds a song, writes and reads piano-roll JSON (whole and streamed), quantizes and
// serializes it, all without Foundation; exits 0 when every step gives what it should.
#if canImport(Glibc)
  import Glibc  // exit(3) only; the point is that Foundation is not needed
#elseif canImport(Darwin)
  import Darwin
#endif

var failures = 0
@MainActor func check(_ condition: Bool, _ what: String) {
  if !condition {
    print("no-foundation: FAILED: \(what)")
    failures += 1
  }
}

let file = MIDIFile(
  format: .singleTrack, division: .ticksPerQuarter(480),
  tracks: [
    Track(events: [
      TrackEvent(tick: 0, .meta(.tempo(microsecondsPerQuarter: 600_000))),
      TrackEvent(tick: 0, .meta(.timeSignature(numerator: 3, denominator: 4))),
      TrackEvent(tick: 7, .channel(.noteOn(channel: 0, key: 60, velocity: 100))),
      TrackEvent(tick: 470, .channel(.noteOff(channel: 0, key: 60, velocity: 0))),
      TrackEvent(tick: 960, .meta(.endOfTrack)),
    ])
  ])
let song = Song(file: file)
for profile in PianoRollJSON.Profile.allCases {
  let json = PianoRollJSON.encode(song, profile: profile)
  var streamed: [UInt8] = []
  PianoRollJSON.encode(song, profile: profile) { (chunk: UnsafeRawBufferPointer) in streamed += chunk }
  check(streamed == json, "\(profile): streamed JSON equals the whole")
  do {
    let decoded = try PianoRollJSON.decode(json)
    check(decoded.serialized() == file.serialized(), "\(profile): JSON → .mid gives the file back")
  } catch {
    check(false, "\(profile): \(error)")
  }
}
let report = JSONWriter.bytes { json in
  json.beginObject()
  json.name("notes")
  json.integer(song.noteCount)
  json.name("seconds")
  json.double(song.makeTimeline().seconds(atTick: 470))
  json.endObject()
}
check(String(decoding: report, as: UTF8.self).hasPrefix(#"{"notes":1,"seconds":0.5"#), "a report line")
var quantized = song
if let grid = Grid(noteValue: 16) { Quantizer(grid: grid).quantize(&quantized) }
check(quantized.tracks[0].notes[0].tick == 0, "quantized to the grid")
check(!quantized.serialized().isEmpty, "serialized")
// A trained BPE model as MidiTok saves it: "▁!\"" is learned, the bare "▁" is not merged.
let modelJSON = #"""
  {"version": "1.0", "truncation": null, "padding": null, "added_tokens": [], "normalizer": null,
   "pre_tokenizer": {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "always", "split": true},
   "post_processor": null, "decoder": null,
   "model": {"type": "BPE", "dropout": null, "unk_token": null, "continuing_subword_prefix": "",
     "end_of_word_suffix": "", "fuse_unk": false, "byte_fallback": false, "ignore_merges": false,
     "vocab": {"!": 0, "\"": 1, "▁": 2, "▁!": 3, "▁!\"": 4}, "merges": [["▁", "!"], ["▁!", "\""]]}}
  """#
do {
  let model = try TrainedTokenizerModel(
    modelJSON: Array(modelJSON.utf8), vocabBase: [("A_1", 0), ("B_1", 1)],
    vocabBaseByteToToken: [("!", "A_1"), ("\"", "B_1")])
  let ids = try model.encode(chunks: [[0, 1], [1]])
  check(ids == [4, 2, 1], "trained BPE ids: \(ids)")
  check(try model.decode(ids) == [0, 1, 1], "trained BPE ids decoded")
} catch {
  check(false, "trained BPE model: \(error)")
}
let stats = SongStats(midiBytes: file.serialized(), song: song, path: "song.mid")
check(
  stats.noteCount == 1 && stats.jsonLine.hasPrefix(#"{"path": "song.mid", "bytes": "#), "stats --json's line")
check(stats.jsonLine.contains(#""metrics": {"pitch_range": 0, "n_pitches_used": 1"#), "muspy's metrics")
if failures == 0 { print("no-foundation: ok") }
exit(failures == 0 ? 0 : 1)

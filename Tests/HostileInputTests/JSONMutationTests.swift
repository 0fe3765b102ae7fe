import FuzzLaws
import PianoRoll
import PianoRollJSON
import SMF
import TestSupport
import Testing

/// Hostile piano-roll JSON: the JSON of every base file cut, flipped and edited, plus inputs
/// that attack a JSON parser (deep nesting, huge numbers, bad UTF-8, duplicate names). Every
/// input gives a song or a typed error and keeps ``JSONLaws``.
@Suite("JSON mutation corpus", .tags(.corpus), .tiered)
struct JSONMutationTests {
  /// The JSON of every base file that reads.
  static let bases: [(name: String, bytes: [UInt8])] = BaseFiles.all.compactMap { base in
    guard let file = try? MIDIFile(bytes: base.bytes) else { return nil }
    return (base.name, PianoRollJSON.encode(Song(file: file)))
  }

  /// Inputs made for a JSON parser.
  static let attacks: [(name: String, bytes: [UInt8])] = {
    let header = #"{"midiroll": 1, "format": 1, "ticksPerBeat": 96, "tracks": "#
    var inputs: [(String, String)] = [
      ("empty", ""), ("null", "null"), ("number", "1e999999"), ("string", #""\ud800""#),
      ("200 arrays deep", String(repeating: "[", count: 200) + String(repeating: "]", count: 200)),
      ("100000 arrays deep", String(repeating: "[", count: 100_000)),
      ("100000 objects deep", String(repeating: #"{"a":"#, count: 100_000)),
      (
        "tracks 300 deep",
        header + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "}"
      ),
      ("huge tick", header + #"[{"notes": [{"pitch": 60, "tick": 1e300, "durationTicks": 1}]}]}"#),
      ("negative duration", header + #"[{"notes": [{"pitch": 60, "tick": 0, "durationTicks": -5}]}]}"#),
      (
        "bar past the end",
        header
          + #"[{"notes": [{"pitch": 60, "position": {"bar": 9223372036854775807, "beat": 0, "subbeat": 0, "cent": 0}, "durationTicks": 1}]}]}"#
      ),
      ("seconds NaN", header + #"[{"notes": [{"pitch": 60, "seconds": NaN, "durationSeconds": 1}]}]}"#),
      (
        "seconds huge", header + #"[{"notes": [{"pitch": 60, "seconds": 1e308, "durationSeconds": 1e308}]}]}"#
      ),
      (
        "tempo zero",
        #"{"midiroll": 1, "format": 0, "ticksPerBeat": 96, "tempos": [{"tick": 0, "bpm": 0}], "tracks": [{"notes": [{"pitch": 60, "seconds": 1, "durationSeconds": 1}]}]}"#
      ),
      (
        "meter 0/0",
        #"{"midiroll": 1, "format": 0, "ticksPerBeat": 96, "timeSignatures": [{"bar": 0, "numerator": 0, "denominator": 0}], "tracks": [{"notes": [{"pitch": 60, "position": {"bar": 2, "beat": 0, "subbeat": 0, "cent": 0}, "durationTicks": 1}]}]}"#
      ),
      (
        "meter 255/128",
        #"{"midiroll": 1, "format": 0, "ticksPerBeat": 1, "timeSignatures": [{"tick": 0, "numerator": 255, "denominator": 128}], "tracks": [{"notes": [{"pitch": 60, "position": {"bar": 1, "beat": 254, "subbeat": 3, "cent": 239}, "durationTicks": 1}]}]}"#
      ),
      (
        "duplicate names",
        #"{"midiroll": 1, "midiroll": 2, "format": 0, "format": 9, "ticksPerBeat": 96, "tracks": []}"#
      ),
      ("odd hex", header + #"[{"events": [{"tick": 0, "type": "sysEx", "hex": "F0F"}]}]}"#),
      (
        "hex of 200000 bytes",
        header + #"[{"events": [{"tick": 0, "type": "sysEx", "hex": ""#
          + String(repeating: "7F", count: 200_000) + #""}]}]}"#
      ),
      (
        "largest tick everywhere",
        #"{"midiroll": 1, "format": 0, "ticksPerBeat": 32767, "tracks": [{"events": [{"tick": 9007199254740991, "type": "timeSignature", "numerator": 255, "denominator": 32768}, {"tick": 9007199254740991, "type": "tempo", "microsecondsPerBeat": 1}], "notes": [{"pitch": 60, "position": {"bar": 1000000000, "beat": 1000000000, "subbeat": 0, "cent": 0}, "durationSeconds": 1e300}, {"pitch": 61, "tick": 9007199254740991, "durationTicks": 9007199254740991}]}]}"#
      ),
      (
        "ticks 2^28 apart",
        header
          + #"[{"events": [{"tick": 268435455, "type": "timeSignature", "numerator": 3, "denominator": 4}, {"tick": 536870910, "type": "tempo", "bpm": 7}], "notes": [{"pitch": 60, "position": {"bar": 2000, "beat": 1, "subbeat": 0, "cent": 0}, "durationTicks": 268435455}]}]}"#
      ),
      ("10000 tracks", header + "[" + Array(repeating: "{}", count: 10_000).joined(separator: ",") + "]}"),
    ]
    inputs.append(("bad UTF-8", ""))
    var result = inputs.map { ($0.0, Array($0.1.utf8)) }
    result[result.count - 1].1 =
      Array(#"{"midiroll": 1, "tracks": [{"name": ""#.utf8) + [0xC3, 0x28, 0xFF] + Array(#""}]}"#.utf8)
    return result
  }()

  /// Cuts, bit flips and byte edits of the bases' JSON, deterministic.
  static let mutations: [(name: String, bytes: [UInt8])] = {
    var random = SplitMix64(seed: MutationCorpus.seed &+ 0x4A53_4F4E)  // "JSON"
    var inputs: [(String, [UInt8])] = []
    let specials = Array("{}[],:\"\\-.eE0123456789tfn ".utf8)
    for number in 0..<3000 {
      let base = bases[Int.random(in: 0..<bases.count, using: &random)]
      var bytes = base.bytes
      switch number % 4 {
      case 0: bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random)))
      case 1:
        for _ in 0..<Int.random(in: 1...4, using: &random) {
          bytes[Int.random(in: 0..<bytes.count, using: &random)] ^=
            1 << UInt8.random(in: 0..<8, using: &random)
        }
      case 2:
        for _ in 0..<Int.random(in: 1...4, using: &random) {
          bytes[Int.random(in: 0..<bytes.count, using: &random)] = specials.randomElement(using: &random)!
        }
      default:
        // A number replaced by an extreme one.
        let extremes = ["-1", "1e308", "9223372036854775808", "0.0000001", "-0", "268435456", "128", "65536"]
        if let digit = bytes.indices.filter({ (0x30...0x39).contains(bytes[$0]) }).randomElement(
          using: &random)
        {
          bytes.replaceSubrange(digit...digit, with: Array(extremes.randomElement(using: &random)!.utf8))
        }
      }
      inputs.append(("\(base.name) JSON mutation #\(number)", bytes))
    }
    return inputs
  }()

  @Test("every input: a song or a typed error, keeping every JSON law")
  func corpus() {
    let inputs = Self.attacks + Self.mutations
    #expect(inputs.count > 3000)
    var broken: [String] = []
    var decoded = 0
    var slowest: (time: Duration, name: String) = (.zero, "")
    for (name, bytes) in inputs {
      // Decoding is what a user waits for: within a second of processor time. The laws
      // (several encodes, decodes and .mid round trips) are not timed.
      var song: Song?
      let time = threadTime { song = try? PianoRollJSON.decode(bytes) }
      if time > slowest.time { slowest = (time, name) }
      if time > .seconds(1) { broken.append("\(name): decoding took \(time)") }
      if song != nil { decoded += 1 }
      if let violation = JSONLaws.check(bytes) { broken.append("\(name): \(violation)") }
    }
    #expect(broken.isEmpty, "\(broken.count) input(s):\n\(broken.prefix(20).joined(separator: "\n"))")
    print(
      "JSON mutation corpus: \(inputs.count) inputs, \(decoded) decoded, slowest \(slowest.time) (\(slowest.name))"
    )
  }
}

import Foundation
import JSON
import MIDITokens
import TestSupport
import Testing

/// Decoding is MidiTok's on any sequence of ids, not only on its own: random sequences of
/// vocabulary ids (a model's bad output) decode to the song MidiTok's `decode` gives, and
/// where MidiTok raises, midiroll refuses (and where MidiTok's song has a velocity no MIDI
/// file holds).
@Suite(.tags(.judge), .tiered, .requires(.python)) struct RandomDecodeTests {
  static let script = """
    import json, sys, warnings, os
    warnings.filterwarnings("ignore")
    import miditok
    request = json.load(open(sys.argv[1]))
    tokenizer = getattr(miditok, request["tokenization"])(params=request["tokenizer"])
    def flat(s):
        return {
            'tpq': s.ticks_per_quarter,
            'ts': [[t.time, t.numerator, t.denominator] for t in s.time_signatures],
            'tempos': [[t.time, t.mspq] for t in s.tempos],
            'keys': [[k.time, k.key, k.tonality] for k in s.key_signatures],
            'tracks': [{'program': t.program, 'drum': t.is_drum,
                        'notes': [[n.time, n.duration, n.pitch, n.velocity] for n in t.notes],
                        'controls': [[c.time, c.number, c.value] for c in t.controls],
                        'bends': [[b.time, b.value] for b in t.pitch_bends],
                        'pedals': [[p.time, p.duration] for p in t.pedals]} for t in s.tracks]}
    out = []
    for ids in request["sequences"]:
        try:
            out.append({"decoded": flat(tokenizer.decode(ids))})
        except Exception as e:
            out.append({"error": repr(e)[:200]})
    print(json.dumps(out))
    """

  struct Answer: Decodable {
    var decoded: MidiTokJudge.DecodedScore?
    var error: String?
  }

  @Test(arguments: ["REMI", "TSD", "MIDILike", "Structured", "CPWord", "Octuple", "MuMIDI"])
  func randomSequencesDecodeAsMidiTokDecodes(tokenization: String) throws {
    let specs = TokenizerMatrix.specs(for: tokenization)
    let (folder, _) = try MidiTokJudge.run(specs, files: [])
    defer { try? FileManager.default.removeItem(at: folder) }
    var random = SplitMix64(seed: 0xDEC0DE)
    var compared = 0
    var bothRefuse = 0
    for spec in specs {
      let path = folder.appendingPathComponent("\(spec.name).json").path
      let tokenizer = try Tokenizer(file: TokenizerFile(bytes: RealFiles.bytes(path)))
      // For CPWord, Octuple and MuMIDI, each id of a token is drawn from its own vocabulary, a special
      // token (which makes MidiTok skip or raise on the whole token) one time in 16.
      let sizes = tokenizer.vocabularies.map { UInt64($0.count) }
      let width = sizes.count
      let specials = UInt64(tokenizer.config.specialTokens.count)
      func id(field: Int) -> Int {
        guard width > 1, sizes[field] > specials, random.next() % 16 != 0 else {
          return Int(random.next() % sizes[field])
        }
        return Int(specials + random.next() % (sizes[field] - specials))
      }
      // 300 sequences of 1 to 200 tokens; per track for tokenizers with a sequence per track.
      var sequences: [[[Int]]] = []
      for _ in 0..<300 {
        let tracks = tokenizer.oneTokenStream ? 1 : 1 + Int(random.next() % 3)
        sequences.append(
          (0..<tracks).map { _ in
            var ids = (0..<((1 + Int(random.next() % 200)) * width)).map { id(field: $0 % width) }
            // MuMIDI: a token that is not a note stops after the tempo (its Bar, Position and
            // Program tokens), three times in four, else after 1 to all the vocabularies' ids;
            // −1 for the rest. Half the sequences begin with a Program token.
            if tokenizer.tokenization.hasShortTokens {
              let main = tokenizer.vocabularies[0].tokens
              let programs = main.indices.filter { main[$0].hasPrefix("Program_") }
              if random.next() % 2 == 0, !programs.isEmpty {
                ids[0] = programs[Int(random.next() % UInt64(programs.count))]
              }
              let short = tokenizer.config.useTempos ? 4 : 3
              for start in stride(from: 0, to: ids.count, by: width)
              where !main[ids[start]].hasPrefix("Pitch") {
                let length =
                  random.next() % 4 != 0 ? min(short, width) : 1 + Int(random.next() % UInt64(width))
                for index in (start + length)..<(start + width) { ids[index] = -1 }
              }
            }
            return ids
          })
      }
      // MidiTok's nesting: a token is a list of ids when there are several vocabularies (a
      // MuMIDI token without its −1s).
      func nested(_ ids: [Int]) -> Any {
        width == 1
          ? ids
          : stride(from: 0, to: ids.count, by: width).map { Array(ids[$0..<($0 + width)].filter { $0 >= 0 }) }
      }
      let request: [String: Any] = [
        "tokenization": tokenization, "tokenizer": path,
        "sequences": sequences.map { tokenizer.oneTokenStream ? nested($0[0]) : ($0.map(nested) as Any) },
      ]
      let requestFile = folder.appendingPathComponent("random-\(spec.name).json")
      try JSONSerialization.data(withJSONObject: request).write(to: requestFile)
      let result = try Python.run(script: Self.script, [requestFile.path])
      try #require(result.status == 0, "\(result.output.suffix(2000))")
      let line = try #require(result.output.split(separator: "\n").last)
      let answers = try JSONDecoder().decode([Answer].self, from: Data(line.utf8))
      for (sequence, answer) in zip(sequences, answers) {
        let ids = TokenIDList(sequences: sequence, width: width)
        let ours: MidiTokJudge.DecodedScore
        do {
          ours = MidiTokJudge.DecodedScore(try tokenizer.decode(ids))
        } catch {
          // MIDI-Like takes the next token's value as a velocity: MidiTok's song then has a
          // velocity no MIDI file holds (written as a byte of 0x80 or more); midiroll refuses.
          let unwritable =
            answer.decoded?.tracks.contains { $0.notes.contains { !(0...127).contains($0[3]) } } ?? false
          if unwritable {
            bothRefuse += 1
          } else if answer.decoded != nil {
            Issue.record("\(spec.name) \(sequence): midiroll refuses (\(error)) but MidiTok decodes")
          } else {
            bothRefuse += 1
          }
          continue
        }
        guard let theirs = answer.decoded else {
          Issue.record(
            "\(spec.name) \(sequence): MidiTok raises (\(answer.error ?? "")) but midiroll decodes")
          continue
        }
        if ours != theirs {
          Issue.record("\(spec.name) \(sequence): \(ours.difference(from: theirs))")
        } else {
          compared += 1
        }
      }
    }
    print(
      "\(tokenization): \(compared) random sequences decoded as MidiTok decodes, \(bothRefuse) refused by both"
    )
  }
}

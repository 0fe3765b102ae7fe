import Foundation
import JSON
import MIDITokens
import TestSupport
import Testing

/// REMI, TSD, MIDI-Like, Structured, CPWord, Octuple, PerTok, MMM and MuMIDI under the configurations of ``TokenizerMatrix``: the
/// vocabulary is MidiTok's, and the ids of every real and corpus file MidiTok reads are its
/// own (where MidiTok raises on a file, midiroll refuses it too).
@Suite(.tags(.judge), .tiered, .requires(.python)) struct TokenizationMatrixTests {
  @Test(arguments: ["REMI", "TSD", "MIDILike", "Structured", "CPWord", "Octuple", "PerTok", "MMM", "MuMIDI"])
  func idsAreMidiToks(tokenization: String) throws {
    try Self.judge(TokenizerMatrix.specs(for: tokenization), files: TokenFiles.all)
  }

  static func judge(_ allSpecs: [MidiTokJudge.Spec], files: [String]) throws {
    // MIDIROLL_TOKENS_ONLY=name,name narrows a run to some configurations while debugging.
    let only = ProcessInfo.processInfo.environment["MIDIROLL_TOKENS_ONLY"].map {
      $0.split(separator: ",").map(String.init)
    }
    var specs = allSpecs.filter { only?.contains($0.name) ?? true }
    // MIDIROLL_JUDGE_SCALE=half (CI: .ci/run) judges each configuration on every other file,
    // the half alternating from one configuration to the next, so that every file meets half
    // of a tokenization's configurations; otherwise (make test) every configuration meets
    // every file.
    if ProcessInfo.processInfo.environment["MIDIROLL_JUDGE_SCALE"] == "half" {
      for index in specs.indices {
        specs[index].every = 2
        specs[index].offset = (index + specs[index].name.utf8.reduce(0) { $0 + Int($1) }) % 2
      }
    }
    guard !specs.isEmpty else { return }
    let (folder, answers) = try MidiTokJudge.run(specs, files: files)
    defer { try? FileManager.default.removeItem(at: folder) }
    var tokenizers: [String: Tokenizer] = [:]
    for spec in specs {
      let file = try TokenizerFile(
        bytes: RealFiles.bytes(folder.appendingPathComponent("\(spec.name).json").path))
      let tokenizer = try Tokenizer(file: file)
      let vocab = try JSONDecoder().decode(
        VocabularyAnswer.self,
        from: Data(contentsOf: folder.appendingPathComponent("\(spec.name).vocab.json")))
      #expect(
        vocab.vocabularies.map(\.count) == tokenizer.vocabularies.map(\.count),
        "\(spec.name): vocabulary size")
      for (index, vocabulary) in vocab.vocabularies.enumerated() where index < tokenizer.vocabularies.count {
        for (token, id) in vocabulary where tokenizer.vocabularies[index].id(token) != id {
          Issue.record(
            "\(spec.name): \(token) is \(String(describing: tokenizer.vocabularies[index].id(token))), not \(id)"
          )
          break
        }
      }
      tokenizers[spec.name] = tokenizer
    }
    var scores: [Int: Score] = [:]
    var equal: [String: Int] = [:]
    var failures: [String: Int] = [:]
    var decodedEqual: [String: Int] = [:]
    for answer in answers {
      let path = files[answer.file]
      guard let tokenizer = tokenizers[answer.tokenizer] else { continue }
      let mine: MidiTokJudge.IDs
      do {
        if scores[answer.file] == nil { scores[answer.file] = try Score(midiBytes: RealFiles.bytes(path)) }
        let tokens = try tokenizer.tokenize(scores[answer.file]!)
        mine = tokens.judgeIDs
      } catch {
        if answer.error == nil { Issue.record("\(answer.tokenizer) \(path): midiroll refuses (\(error))") }
        failures[answer.tokenizer, default: 0] += 1
        continue
      }
      guard let ids = answer.ids else {
        Issue.record(
          "\(answer.tokenizer) \(path): MidiTok fails (\(answer.error ?? "")) but midiroll tokenizes")
        continue
      }
      if mine == ids {
        equal[answer.tokenizer, default: 0] += 1
      } else {
        Issue.record("\(answer.tokenizer) \(path): ids differ \(firstDifference(mine, ids))")
      }
      // Decoding MidiTok's ids gives MidiTok's own decode.
      do {
        let list = try TokenIDList(json: ids.jsonValue, tokenizer: tokenizer)
        let decoded = try tokenizer.decode(list)
        if let theirs = answer.decoded {
          let ours = MidiTokJudge.DecodedScore(decoded)
          if ours == theirs {
            decodedEqual[answer.tokenizer, default: 0] += 1
          } else {
            Issue.record("\(answer.tokenizer) \(path): decoded song differs \(ours.difference(from: theirs))")
          }
        } else {
          Issue.record(
            "\(answer.tokenizer) \(path): MidiTok's decode raises (\(answer.decodeError ?? "")) but midiroll decodes"
          )
        }
      } catch {
        if answer.decoded != nil {
          Issue.record("\(answer.tokenizer) \(path): midiroll refuses to decode (\(error))")
        }
      }
    }
    for spec in specs {
      print(
        "\(spec.name): \(equal[spec.name] ?? 0) files with MidiTok's ids, \(failures[spec.name] ?? 0) that both refuse, "
          + "\(decodedEqual[spec.name] ?? 0) decoded as MidiTok decodes")
    }
  }

  /// MidiTok's vocabulary: one object, or a list for CPWord and Octuple.
  struct VocabularyAnswer: Decodable {
    var vocabularies: [[String: Int]]
    init(from decoder: Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let one = try? container.decode([String: Int].self) {
        vocabularies = [one]
      } else {
        vocabularies = try container.decode([[String: Int]].self)
      }
    }
  }

  static func firstDifference(_ a: MidiTokJudge.IDs, _ b: MidiTokJudge.IDs) -> String {
    guard a.perTrack == b.perTrack, a.sequences.count == b.sequences.count else {
      return "midiroll: \(a.sequences.count) sequences (per track: \(a.perTrack)); "
        + "MidiTok: \(b.sequences.count) (per track: \(b.perTrack))"
    }
    guard a.width == b.width else {
      return "ids per token: midiroll \(a.width ?? 0), MidiTok \(b.width ?? 0)"
    }
    for (number, (x, y)) in zip(a.sequences, b.sequences).enumerated() where x != y {
      let index = (0..<min(x.count, y.count)).first { x[$0] != y[$0] } ?? min(x.count, y.count)
      return
        "sequence \(number), at \(index) of \(x.count)/\(y.count): midiroll \(x[max(0, index - 3)..<min(x.count, index + 6)]) MidiTok \(y[max(0, index - 3)..<min(y.count, index + 6)])"
    }
    return "no difference"
  }
}

extension TokenSequences {
  /// The ids as the judge gives MidiTok's (``MidiTokJudge/IDs``).
  var judgeIDs: MidiTokJudge.IDs {
    let flat = isOneStream ? [sequences.first ?? []] : sequences
    return MidiTokJudge.IDs(
      sequences: flat.map { $0.map(Int.init) }, perTrack: !isOneStream,
      width: flat.allSatisfy(\.isEmpty) ? nil : width)
  }
}

extension MidiTokJudge.IDs {
  /// The ids as a JSON value, as a tokens file holds them: `{"ids": …}` nested as MidiTok
  /// nests them (a MuMIDI token without its −1s).
  var jsonValue: JSONValue {
    let width = self.width ?? 1
    func tokens(_ sequence: [Int]) -> JSONValue {
      if width == 1 { return .array(sequence.map { .integer($0) }) }
      return .array(
        stride(from: 0, to: sequence.count, by: width).map { start in
          .array(sequence[start..<min(start + width, sequence.count)].filter { $0 >= 0 }.map { .integer($0) })
        })
    }
    let ids = perTrack ? .array(sequences.map(tokens)) : tokens(sequences.first ?? [])
    return .object(JSONObject(members: [JSONMember(name: "ids", value: ids)]))
  }
}

extension MidiTokJudge.DecodedScore {
  init(_ score: Score) {
    self.init(
      tpq: score.ticksPerQuarter,
      ts: score.timeSignatures.map { [Int($0.time), $0.numerator, $0.denominator] },
      tempos: score.tempos.map { [Int($0.time), Int($0.mspq)] },
      keys: score.keySignatures.map { [Int($0.time), $0.key, $0.tonality] },
      tracks: score.tracks.map { track in
        Track(
          program: track.program, drum: track.isDrum,
          notes: track.notes.map { [Int($0.time), Int($0.duration), Int($0.pitch), Int($0.velocity)] },
          controls: track.controls.map { [Int($0.time), Int($0.number), Int($0.value)] },
          bends: track.pitchBends.map { [Int($0.time), Int($0.value)] },
          pedals: track.pedals.map { [Int($0.time), Int($0.duration)] })
      })
  }

  func difference(from other: Self) -> String {
    if tpq != other.tpq { return "tpq \(tpq) / \(other.tpq)" }
    if ts != other.ts { return "time signatures \(ts.prefix(4)) / \(other.ts.prefix(4))" }
    if tempos != other.tempos { return "tempos \(tempos.prefix(4)) / \(other.tempos.prefix(4))" }
    if keys != other.keys { return "keys \(keys.prefix(4)) / \(other.keys.prefix(4))" }
    if tracks.count != other.tracks.count { return "\(tracks.count) / \(other.tracks.count) tracks" }
    for (index, (a, b)) in zip(tracks, other.tracks).enumerated() where a != b {
      if a.program != b.program || a.drum != b.drum {
        return "track \(index) program \(a.program) / \(b.program)"
      }
      if a.notes != b.notes {
        let at = (0..<min(a.notes.count, b.notes.count)).first { a.notes[$0] != b.notes[$0] } ?? 0
        return
          "track \(index) notes at \(at) of \(a.notes.count)/\(b.notes.count): \(a.notes[at...].prefix(3)) / \(b.notes[at...].prefix(3))"
      }
      return "track \(index) controls, bends or pedals"
    }
    return "?"
  }
}

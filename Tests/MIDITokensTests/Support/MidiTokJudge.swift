import Foundation
import TestSupport

/// MidiTok 3.1 itself, run in the venv's Python: it saves tokenizer files for configurations,
/// and tokenizes files with them, so that the tests compare midiroll's ids with its own.
enum MidiTokJudge {
  /// A tokenizer to make: a name, MidiTok's class, and `TokenizerConfig` arguments as JSON; or
  /// a tokenizer file MidiTok saved (a trained one), loaded with `params=file`.
  struct Spec: Encodable {
    var name: String
    var tokenization: String
    var params: [String: JSONArgument]
    var file: String? = nil
    /// Judge only the files whose index is `offset` modulo `every` (``TokenizationMatrixTests``
    /// at `MIDIROLL_JUDGE_SCALE=half`); every file when `nil`.
    var every: Int? = nil
    var offset: Int? = nil
  }

  /// A JSON value of a `TokenizerConfig` argument.
  enum JSONArgument: Encodable, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByStringLiteral,
    ExpressibleByFloatLiteral
  {
    case bool(Bool), int(Int), double(Double), string(String), raw(String)
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(integerLiteral value: Int) { self = .int(value) }
    init(floatLiteral value: Double) { self = .double(value) }
    init(stringLiteral value: String) { self = .string(value) }
    func encode(to encoder: Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .bool(let value): try container.encode(value)
      case .int(let value): try container.encode(value)
      case .double(let value): try container.encode(value)
      case .string(let value): try container.encode(value)
      case .raw(let value): try container.encode(["__python__": value])
      }
    }
  }

  /// What MidiTok gave for one file: its ids (a list per sequence, a list per token for
  /// CPWord and Octuple), or the exception it raised.
  struct Answer: Decodable {
    var tokenizer: String
    var file: Int
    var ids: IDs?
    var error: String?
    /// MidiTok's `decode` of its own ids, or why it raised.
    var decoded: DecodedScore?
    var decodeError: String?
  }

  /// A score as MidiTok's `decode` returns it.
  struct DecodedScore: Decodable, Equatable {
    var tpq: Int
    var ts: [[Int]]
    var tempos: [[Int]]
    var keys: [[Int]]
    var tracks: [Track]
    struct Track: Decodable, Equatable {
      var program: Int
      var drum: Bool
      var notes: [[Int]]
      var controls: [[Int]]
      var bends: [[Int]]
      var pedals: [[Int]]
    }
  }

  /// MidiTok's ids for one file, flat: one list per sequence (the ids of a CPWord, Octuple or
  /// MuMIDI token in a row, −1 where a MuMIDI token is shorter than the vocabularies), whether they came as a list of sequences (a per-track tokenizer), and how
  /// many ids a token holds (`nil` when every sequence is empty). Flat, as ``TokenSequences``
  /// holds them: millions of ids decode and compare in moments, not one boxed value each.
  struct IDs: Decodable, Equatable {
    var sequences: [[Int]]
    var perTrack: Bool
    var width: Int?
  }

  static let script = """
    import json, sys, warnings, os
    warnings.filterwarnings("ignore")
    import miditok
    from miditok import TokenizerConfig
    from symusic import Score
    spec = json.load(open(sys.argv[1]))
    out = spec["out"]
    def python(value):
        if isinstance(value, dict) and "__python__" in value:
            return eval(value["__python__"])
        return value
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
    def flat_ids(result, tok):
        sequences = [seq.ids for seq in result] if isinstance(result, list) else [result.ids]
        width = None
        flat = []
        for ids in sequences:
            if ids and isinstance(ids[0], list):
                # MuMIDI's tokens may be shorter than its vocabularies: -1 for the ids they lack.
                width = len(tok.vocab)
                flat.append([i for token in ids for i in token + [-1] * (width - len(token))])
            else:
                if ids: width = 1
                flat.append(list(ids))
        return {"sequences": flat, "perTrack": isinstance(result, list), "width": width}
    tokenizers = []
    for t in spec["tokenizers"]:
        if t.get("file"):
            tok = getattr(miditok, t["tokenization"])(params=t["file"])
        else:
            params = {k: python(v) for k, v in t["params"].items()}
            tok = getattr(miditok, t["tokenization"])(TokenizerConfig(**params))
        tok.save(os.path.join(out, t["name"] + ".json"))
        with open(os.path.join(out, t["name"] + ".vocab.json"), "w") as f:
            json.dump(tok.vocab, f)
        tokenizers.append((t["name"], tok, t.get("every"), t.get("offset")))
    with open(os.path.join(out, "answers.jsonl"), "w") as answers:
        for index, path in enumerate(spec["files"]):
            try:
                score = Score(path)
            except Exception:
                continue
            for name, tok, every, offset in tokenizers:
                if every and index % every != offset:
                    continue
                try:
                    result = tok(score)
                    ids = [seq.ids for seq in result] if isinstance(result, list) else result.ids
                    answer = {"tokenizer": name, "file": index, "ids": flat_ids(result, tok)}
                    try:
                        answer["decoded"] = flat(tok.decode(ids))
                    except Exception as e:
                        answer["decodeError"] = repr(e)[:300]
                    answers.write(json.dumps(answer) + "\\n")
                except Exception as e:
                    answers.write(json.dumps({"tokenizer": name, "file": index, "error": repr(e)[:300]}) + "\\n")
    print("ok")
    """

  /// MidiTok could not be run.
  struct JudgeFailure: Error, CustomStringConvertible {
    var output: String
    var description: String { "MidiTok: " + output }
  }

  /// Saves the tokenizers in a new folder and tokenizes the files with each.
  /// - Returns: The folder (`NAME.json` tokenizer files, `NAME.vocab.json`) and the answers.
  static func run(_ specs: [Spec], files: [String]) throws -> (folder: URL, answers: [Answer]) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "midiroll-miditok-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    struct Request: Encodable {
      var out: String
      var tokenizers: [Spec]
      var files: [String]
    }
    let request = folder.appendingPathComponent("request.json")
    try JSONEncoder().encode(Request(out: folder.path, tokenizers: specs, files: files)).write(to: request)
    let result = try Python.run(script: script, [request.path])
    guard result.status == 0 else { throw JudgeFailure(output: String(result.output.suffix(3000))) }
    let text = try String(contentsOf: folder.appendingPathComponent("answers.jsonl"), encoding: .utf8)
    let decoder = JSONDecoder()
    let answers = try text.split(separator: "\n").map { try decoder.decode(Answer.self, from: Data($0.utf8)) }
    return (folder, answers)
  }
}

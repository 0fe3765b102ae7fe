import Foundation
import TestSupport
import Testing

/// `midiroll tokenize`, `detokenize` and `batch --to tokens` through the built binary, with
/// MidiTok 3.1 as the judge: the files MidiTok's `tokenize_dataset` writes are byte for byte
/// the ones midiroll writes, and MidiTok's own `decode` of the ids gives the notes of the
/// song `detokenize` writes.
@Suite("midiroll tokenize and detokenize", .tags(.judge), .tiered, .requires(.python))
struct TokensCommandTests {
  static let tokenizers = samplesFolder.appendingPathComponent("tokenizers")

  /// The real files and the samples, copied into one folder.
  static func songsFolder() throws -> URL {
    let folder = try makeTemporaryFolder()
    let songs = RealFiles.debianFiles + (try sampleFiles()).map(\.path)
    try #require(songs.count > 40, "the Debian MIDI files are missing: run `make deps`")
    for (index, path) in songs.enumerated() {
      let name = String(format: "%02d-", index) + URL(fileURLWithPath: path).lastPathComponent
      try FileManager.default.copyItem(atPath: path, toPath: folder.appendingPathComponent(name).path)
    }
    return folder
  }

  static let datasetScript = """
    import sys, warnings
    warnings.filterwarnings("ignore")
    from pathlib import Path
    import json, miditok
    tokenizer = getattr(miditok, json.load(open(sys.argv[1]))["tokenization"])(params=sys.argv[1])
    tokenizer.tokenize_dataset(Path(sys.argv[2]).resolve(), Path(sys.argv[3]), verbose=False, parallel_workers_size=1)
    """

  /// The samples' tokenizers: untrained (one vocabulary, compound, PerTok, MMM, MuMIDI), and
  /// trained (BPE, Unigram, WordPiece).
  static let sampleTokenizers = [
    "remi", "remi-plus", "cpword", "octuple", "pertok", "mmm", "mumidi", "remi-bpe", "remi-unigram",
    "remi-wordpiece",
  ]

  @Test(
    "batch --to tokens writes the files tokenize_dataset writes, tokens in each report line",
    arguments: sampleTokenizers)
  func batchMatchesTokenizeDataset(tokenizer name: String) throws {
    let songs = try Self.songsFolder()
    defer { try? FileManager.default.removeItem(at: songs) }
    let work = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: work) }
    let tokenizer = Self.tokenizers.appendingPathComponent("\(name).json").path
    let ours = work.appendingPathComponent("midiroll")
    let run = try runMIDIRoll([
      "batch", songs.path, ours.path, "--to", "tokens", "--tokenizer", tokenizer, "-q",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let theirs = work.appendingPathComponent("miditok")
    let python = try Python.run(script: Self.datasetScript, [tokenizer, songs.path, theirs.path])
    try #require(python.status == 0, "\(python.output)")
    let expected = try FileManager.default.contentsOfDirectory(atPath: theirs.path).filter {
      $0.hasSuffix(".json")
    }
    #expect(expected.count > 40)
    for name in expected {
      let mine = try Data(contentsOf: ours.appendingPathComponent(name))
      let reference = try Data(contentsOf: theirs.appendingPathComponent(name))
      #expect(mine == reference, "\(name): not the bytes tokenize_dataset writes")
    }
    let report = try String(contentsOf: ours.appendingPathComponent("midiroll-report.jsonl"), encoding: .utf8)
    let okLines = report.split(separator: "\n").filter { $0.contains("\"status\":\"ok\"") }
    #expect(okLines.count == expected.count)
    #expect(okLines.allSatisfy { $0.contains("\"tokens\":") })
  }

  static let decodeScript = """
    import sys, json, warnings, tempfile, os
    warnings.filterwarnings("ignore")
    import miditok, symusic
    scratch = os.path.join(tempfile.mkdtemp(), "decoded.mid")
    tokenizer = getattr(miditok, json.load(open(sys.argv[1]))["tokenization"])(params=sys.argv[1])
    def notes(score):
        return sorted((t.program, t.is_drum, n.time, n.duration, n.pitch, n.velocity)
                      for t in score.tracks for n in t.notes)
    bad = []
    for tokens, song in zip(sys.argv[2::2], sys.argv[3::2]):
        ids = json.load(open(tokens))["ids"]
        decoded = tokenizer.decode(ids)
        decoded.dump_midi(scratch)
        theirs = symusic.Score(scratch)
        ours = symusic.Score(song)
        if notes(theirs) != notes(ours) or [(t.time, t.mspq) for t in theirs.tempos] != [(t.time, t.mspq) for t in ours.tempos] \\
           or [(t.time, t.numerator, t.denominator) for t in theirs.time_signatures] != [(t.time, t.numerator, t.denominator) for t in ours.time_signatures]:
            bad.append(song)
    print(json.dumps(bad))
    """

  @Test("detokenize gives the notes, tempos and meters of MidiTok's decode", arguments: sampleTokenizers)
  func detokenizeMatchesDecode(tokenizer name: String) throws {
    let songs = try Self.songsFolder()
    defer { try? FileManager.default.removeItem(at: songs) }
    let work = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: work) }
    let tokenizer = Self.tokenizers.appendingPathComponent("\(name).json").path
    var pairs: [String] = []
    for song in try FileManager.default.contentsOfDirectory(atPath: songs.path).sorted() {
      let tokens = work.appendingPathComponent(song + ".json").path
      let back = work.appendingPathComponent(song + ".back.mid").path
      let tokenize = try runMIDIRoll([
        "tokenize", songs.appendingPathComponent(song).path, tokens, "--tokenizer", tokenizer,
      ])
      #expect(tokenize.status == 0, "\(tokenize.stderr)")
      let detokenize = try runMIDIRoll(["detokenize", tokens, back, "--tokenizer", tokenizer])
      #expect(detokenize.status == 0, "\(detokenize.stderr)")
      pairs += [tokens, back]
    }
    let python = try Python.run(script: Self.decodeScript, [tokenizer] + pairs)
    try #require(python.status == 0, "\(python.output)")
    let line = try #require(python.output.split(separator: "\n").last)
    #expect(line == "[]", "songs whose notes differ from MidiTok's decode: \(line)")
  }

  @Test("bad input: one line with the file and the JSON path, exit 1, nothing written")
  func badInput() throws {
    let work = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: work) }
    let song = try #require(try sampleFiles().first).path
    let remi = Self.tokenizers.appendingPathComponent("remi.json").path
    func write(_ text: String, _ name: String) throws -> String {
      let url = work.appendingPathComponent(name)
      try Data(text.utf8).write(to: url)
      return url.path
    }
    var written = 0
    func detokenize(_ ids: String, _ tokenizer: String) throws -> [String] {
      written += 1
      let tokens = try write("{\"ids\": \(ids)}", "compound-\(written).json")
      return ["detokenize", tokens, "o.mid", "--tokenizer", tokenizer]
    }
    let cpword = Self.tokenizers.appendingPathComponent("cpword.json").path
    let octuple = Self.tokenizers.appendingPathComponent("octuple.json").path
    let remiText = try String(contentsOfFile: remi, encoding: .utf8)
    let octupleWithoutBars = try String(contentsOfFile: octuple, encoding: .utf8)
      .replacingOccurrences(of: "\"max_bar_embedding\": 60", with: "\"max_bar_embedding\": null")
    let perTokText = try String(
      contentsOfFile: Self.tokenizers.appendingPathComponent("pertok.json").path, encoding: .utf8)
    let mmmText = try String(
      contentsOfFile: Self.tokenizers.appendingPathComponent("mmm.json").path, encoding: .utf8)
    let muMIDI = Self.tokenizers.appendingPathComponent("mumidi.json").path
    let muMIDIText = try String(contentsOfFile: muMIDI, encoding: .utf8)
    let bpe = Self.tokenizers.appendingPathComponent("remi-bpe.json").path
    let bpeText = try String(contentsOfFile: bpe, encoding: .utf8)
    let cases: [(arguments: [String], expected: String)] = [
      (["tokenize", song, "o.json", "--tokenizer", try write("[1, 2]", "list.json")], "(top level)"),
      (
        ["tokenize", song, "o.json", "--tokenizer", try write("{\"config\": {}}", "noname.json")],
        "tokenization"
      ),
      (
        [
          "tokenize", song, "o.json", "--tokenizer",
          try write(remiText.replacingOccurrences(of: "\"REMI\"", with: "\"BEAT\""), "beat.json"),
        ],
        "tokenization: \"BEAT\" is not supported"
      ),
      (
        [
          "tokenize", song, "o.json", "--tokenizer",
          try write(remiText.replacingOccurrences(of: "\"3.1.0\"", with: "\"4.0.0\""), "future.json"),
        ], "miditok_version"
      ),
      (
        [
          "tokenize", song, "o.json", "--tokenizer",
          try write(
            remiText.replacingOccurrences(of: "\"use_chords\"", with: "\"use_banjos\""), "field.json"),
        ], "config.use_banjos"
      ),
      (
        [
          "tokenize", song, "o.json", "--tokenizer",
          try write(
            remiText.replacingOccurrences(of: "\"num_velocities\": 32", with: "\"num_velocities\": \"32\""),
            "type.json"),
        ], "config.num_velocities"
      ),
      (
        ["detokenize", try write("{\"ids\": [[4, 100000]]}", "range.json"), "o.mid", "--tokenizer", remi],
        "ids[0][1]"
      ),
      (["detokenize", try write("{\"ids\": []}", "empty.json"), "o.mid", "--tokenizer", remi], "ids"),
      (
        ["detokenize", try write("{\"notes\": []}", "other.json"), "o.mid", "--tokenizer", remi],
        "missing \"ids\""
      ),
      (
        ["detokenize", try write("{\"ids\": [[4, \"x\"]]}", "text.json"), "o.mid", "--tokenizer", remi],
        "ids[0][1]"
      ),
      // CPWord (programs, tempos, time signatures: 8 ids a token) and Octuple (the same 8
      // fields): a token of the wrong width, an id outside its own vocabulary, a flat list.
      (try detokenize("[[5, 3, 4, 4, 4, 4, 4, 4], [5, 3, 4, 4, 4, 4, 4]]", cpword), "ids[1]: a token of 7"),
      (try detokenize("[[5, 3, 4, 4, 4, 4, 4, 4], [5, 3, 4, 40, 4, 4, 4, 4]]", cpword), "ids[1][3]"),
      (try detokenize("[[40, 4, 4, 10, 10, 4, 4, 4], [40, 4, 64, 10, 10, 4, 4, 4]]", octuple), "ids[1][2]"),
      (try detokenize("[40, 4, 4, 10, 10, 4, 4, 4]", octuple), "a list of tokens, each a list of ids"),
      // PerTok without a parameter its constructor reads (MidiTok's KeyError and ValueError).
      (
        [
          "tokenize", song, "o.json", "--tokenizer",
          try write(
            perTokText.replacingOccurrences(of: "\"max_microtiming_shift\": 0.125,", with: ""),
            "pertok-shift.json"),
        ],
        "config.additional_params: missing \"max_microtiming_shift\""
      ),
      (
        [
          "tokenize", song, "o.json", "--tokenizer",
          try write(
            perTokText.replacingOccurrences(of: "\"ticks_per_quarter\": 480,", with: ""), "pertok-tpq.json"),
        ],
        "config.additional_params: missing \"ticks_per_quarter\""
      ),
      // MMM without a base tokenizer, or with one it does not take (MidiTok's ValueErrors).
      (
        [
          "tokenize", song, "o.json", "--tokenizer",
          try write(
            mmmText.replacingOccurrences(of: "\"base_tokenizer\": \"REMI\"", with: ""), "mmm-none.json"),
        ],
        "config.additional_params: missing \"base_tokenizer\""
      ),
      (
        [
          "tokenize", song, "o.json", "--tokenizer",
          try write(
            mmmText.replacingOccurrences(
              of: "\"base_tokenizer\": \"REMI\"", with: "\"base_tokenizer\": \"Octuple\""),
            "mmm-octuple.json"),
        ],
        "config.additional_params.base_tokenizer: \"Octuple\""
      ),
      // An Octuple without a number of bars (MidiTok cannot make it).
      (
        ["tokenize", song, "o.json", "--tokenizer", try write(octupleWithoutBars, "octuple-bars.json")],
        "config.additional_params.max_bar_embedding: null is not supported"
      ),
      // A MuMIDI without a number of bars (MidiTok's `range(None)` raises), or with 0 (every
      // song clipped away); a MuMIDI token of no id, or of more ids than its 6 vocabularies.
      (
        [
          "tokenize", song, "o.json", "--tokenizer",
          try write(
            muMIDIText.replacingOccurrences(
              of: "\"max_bar_embedding\": 60", with: "\"max_bar_embedding\": null"),
            "mumidi-bars.json"),
        ],
        "config.additional_params.max_bar_embedding: null is not supported"
      ),
      (
        [
          "tokenize", song, "o.json", "--tokenizer",
          try write(
            muMIDIText.replacingOccurrences(
              of: "\"max_bar_embedding\": 60", with: "\"max_bar_embedding\": 0"),
            "mumidi-zero.json"),
        ],
        "config.additional_params.max_bar_embedding: 0 is not supported"
      ),
      (try detokenize("[[160, 4, 4, 4], []]", muMIDI), "ids[1]: a token of 0 ids"),
      (try detokenize("[[160, 4, 4, 4], [5, 4, 4, 4, 4, 4, 4]]", muMIDI), "ids[1]: a token of 7 ids"),
      // Trained: ids past the trained vocabulary; trained ids with an untrained tokenizer; a
      // model the tokenizers JSON names that MidiTok does not train.
      (
        [
          "detokenize", try write("{\"ids\": [[4, 900, 1000]]}", "trained.json"), "o.mid", "--tokenizer", bpe,
        ], "ids[0][2]"
      ),
      (
        [
          "detokenize", try write("{\"ids\": [[4]], \"ids_encoded\": [true]}", "encoded.json"), "o.mid",
          "--tokenizer", remi,
        ],
        "ids_encoded"
      ),
      (
        [
          "tokenize", song, "o.json", "--tokenizer",
          try write(
            bpeText.replacingOccurrences(
              of: #"\"type\":\"BPE\""#, with: #"\"type\":\"WordLevel\""#),
            "wordlevel.json"),
        ], "_model.model.type"
      ),
    ]
    for (arguments, expected) in cases {
      let output = work.appendingPathComponent(arguments[2]).path
      var run = arguments
      run[2] = output
      let result = try runMIDIRoll(run)
      #expect(result.status == 1, "\(arguments): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
      #expect(!result.stderr.contains("rename it"), "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
      #expect(!FileManager.default.fileExists(atPath: output), "\(arguments): an output was written")
    }
    let missing = try runMIDIRoll(["tokenize", song, work.appendingPathComponent("o.json").path])
    #expect(missing.status == 2 && missing.stderr.contains("--tokenizer"), "\(missing.stderr)")
  }
}

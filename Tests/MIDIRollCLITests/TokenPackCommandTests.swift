import Foundation
import MIDIRollKit
import TestSupport
import Testing

/// `midiroll batch --to tokens --pack`: every record of the pack is `tokenize --max-seq-len`'s
/// chunk of its source (the same Swift path), in input order, the manifest's counts whole; an
/// existing pack needs `--resume` (which adds nothing to a finished one) or `--force`. (MidiTok
/// judges the augmented variants, and random kills are resumed, in `python/tests/test_pack.py`.)
@Suite("midiroll batch --pack")
struct TokenPackCommandTests {
  static let tokenizer = samplesFolder.appendingPathComponent("tokenizers/remi.json").path

  /// Packs the samples; returns the folders and the pack folder.
  static func packSamples(_ words: [String] = []) throws -> (BatchFolders, URL) {
    let folders = try BatchFolders()
    for sample in try sampleFiles() {
      try folders.write([UInt8](try Data(contentsOf: sample)), at: sample.lastPathComponent)
    }
    let run = try runMIDIRoll(
      [
        "batch", folders.input.path, folders.output.path, "--to", "tokens", "--tokenizer", tokenizer,
        "--pack",
        "--quiet",
      ] + words)
    try #require(run.status == 0, "\(run.stderr)")
    return (folders, folders.output.appendingPathComponent("pack-1-of-1"))
  }

  static func bytes(_ folder: URL, _ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
  }

  @Test("every record is tokenize --max-seq-len's chunk of its source, in input order")
  func recordsAreTokenizesChunks() throws {
    let (folders, pack) = try Self.packSamples(["--max-seq-len", "128", "--bos", "--eos"])
    defer { folders.remove() }
    let manifest = try #require(
      try JSONSerialization.jsonObject(with: Data(Self.bytes(pack, "manifest.json"))) as? [String: Any])
    #expect(manifest["dtype"] as? String == "<u2" && manifest["complete"] as? Bool == true)
    let index = try Self.bytes(pack, "index.bin")
    let ids = try Self.bytes(pack, "ids.bin")
    let sequences = try #require(manifest["sequences"] as? Int)
    #expect(index.count == sequences * TokenPackRecord.byteCount)
    #expect(ids.count == (manifest["tokens"] as? Int ?? -1) * 2)
    let sources = String(decoding: try Self.bytes(pack, "sources.jsonl"), as: UTF8.self)
      .split(separator: "\n").map { String($0.dropFirst().dropLast()) }
    let samples = try sampleFiles().count
    #expect(sources == sources.sorted() && sources.count == samples)
    let records = index.withUnsafeBytes { raw in
      (0..<sequences).map { TokenPackRecord(raw, at: $0 * TokenPackRecord.byteCount) }
    }
    let report = try runMIDIRoll(["report", folders.output.path, "--json"])
    let summary = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout)) as? [String: Any])
    #expect(
      summary["sequences"] as? Int == sequences && summary["tokens"] as? Int == manifest["tokens"] as? Int)
    #expect(summary["truncations"] as? Int == 0 && summary["skippedVariants"] as? Int == 0)
    var next: UInt64 = 0
    for (source, name) in sources.enumerated() {
      let mine = records.filter { $0.source == UInt32(source) }
      let json = try TokenChunkCommandTests.chunks(
        folders.input.appendingPathComponent(name).path, tokenizer: "remi",
        ["--max-seq-len", "128", "--bos", "--eos"])
      let chunks = try #require(json["chunks"] as? [[String: Any]])
      let expected = try #require(json["ids"] as? [[Int]])
      try #require(mine.count == expected.count, "\(name)")
      for (record, (chunk, chunkIDs)) in zip(mine, zip(chunks, expected)) {
        #expect(record.offset == next, "\(name): records follow each other")
        next += UInt64(record.length)
        let got = (0..<Int(record.length)).map { token in
          Int(
            UInt16(ids[(Int(record.offset) + token) * 2]) | UInt16(ids[(Int(record.offset) + token) * 2 + 1])
              << 8)
        }
        #expect(got == chunkIDs, "\(name) chunk \(record.chunk)")
        #expect(Int(record.track) == (chunk["track"] as? Int ?? -1))
        #expect(Int(record.startTick) == chunk["start_tick"] as? Int)
        #expect(Int(record.endTick) == chunk["end_tick"] as? Int)
        #expect(record.pitchOffset == 0 && record.velocityOffset == 0 && record.durationOffset == 0)
      }
    }
  }

  @Test("an existing pack needs --resume, which adds nothing to a finished one, or --force")
  func existingPack() throws {
    let (folders, pack) = try Self.packSamples()
    defer { folders.remove() }
    let before = try Self.bytes(pack, "ids.bin") + Self.bytes(pack, "index.bin")
    let records = try Self.bytes(pack, "index.bin").count
    let base = [
      "batch", folders.input.path, folders.output.path, "--to", "tokens", "--tokenizer", Self.tokenizer,
      "--pack",
    ]
    let again = try runMIDIRoll(base)
    #expect(again.status == 2 && again.stderr.contains("--resume continues it"), "\(again.stderr)")
    let resumed = try runMIDIRoll(base + ["--resume"])
    #expect(resumed.status == 0 && resumed.stderr.contains("already done"), "\(resumed.stderr)")
    #expect(try Self.bytes(pack, "ids.bin") + Self.bytes(pack, "index.bin") == before)
    let other = try runMIDIRoll(base + ["--resume", "--augment", "pitch=2"])
    #expect(other.status == 2 && other.stderr.contains("other settings"), "\(other.stderr)")
    let augmented = try runMIDIRoll(base + ["--force", "--augment", "pitch=2"])
    #expect(augmented.status == 0, "\(augmented.stderr)")
    #expect(try Self.bytes(pack, "index.bin").count > records, "the variants add records")
  }

  @Test(
    "pack options are refused before any file is read",
    arguments: [
      (["--augment", "pitch=2"], "goes with --pack"),
      (["--pack", "--augment", "speed=2"], "pitch, velocity or duration"),
      (["--pack", "--augment", "velocity=200"], "-127 to 127"),
      (["--pack", "--stats"], "does not go with --pack"),
      (["--pack", "--augment-min-duration", "0.1"], "goes with --augment"),
    ])
  func refusals(words: [String], message: String) throws {
    let run = try runMIDIRoll(
      ["batch", "/nonexistent-input", "/tmp/never-written", "--to", "tokens", "--tokenizer", Self.tokenizer]
        + words)
    #expect(run.status == 2 && run.stderr.contains(message), "\(run.stderr)")
  }
}

import Foundation
import MIDIRollBatch
import TestSupport
import Testing

@Suite("midiroll batch --shard")
struct BatchShardTests {
  @Test("shards 1/3, 2/3 and 3/3 together take every input exactly once")
  func shardsCoverEveryInputOnce() throws {
    let folders = try BatchFolders()
    defer { folders.remove() }
    let samples = try sampleFiles().map { [UInt8](try Data(contentsOf: $0)) }
    var inputs: Set<String> = []
    for index in 0..<40 {
      let path = "set\(index % 4)/sub\(index % 3)/song\(index).mid"
      try folders.write(samples[index % samples.count], at: path)
      inputs.insert(path)
    }
    var taken: [String] = []
    for part in 1...3 {
      let run = try runMIDIRoll([
        "batch", folders.input.path, folders.output.path, "--to", "mid", "--shard", "\(part)/3", "-q",
      ])
      #expect(run.status == 0, "\(run.stderr)")
      let entries = try folders.reportEntries("midiroll-report-\(part)-of-3.jsonl")
      #expect(!entries.isEmpty, "shard \(part) took some inputs")
      #expect(entries.values.allSatisfy { $0["status"] as? String == "ok" })
      taken += entries.keys
    }
    #expect(taken.count == inputs.count, "no input was taken twice")
    #expect(Set(taken) == inputs, "every input was taken")
    for path in inputs {
      #expect(FileManager.default.fileExists(atPath: folders.output.appendingPathComponent(path).path))
    }
  }

  @Test("the split is a fixed hash of the relative path, the same on every machine")
  func fixedHash() {
    // FNV-1a 64 test vectors.
    #expect(Shard.fnv1a("") == 0xcbf2_9ce4_8422_2325)
    #expect(Shard.fnv1a("a") == 0xaf63_dc4c_8601_ec8c)
    #expect(Shard.fnv1a("foobar") == 0x8594_4171_f739_67e8)
    let shards = (1...5).map { Shard(index: $0, count: 5)! }
    for path in ["a.mid", "lmd/0/0a1b.mid", "x/y/z.kar"] {
      #expect(shards.filter { $0.contains(path) }.count == 1, "\(path) is in exactly one shard")
    }
  }

  @Test(
    "K/N parses for 1 ≤ K ≤ N only",
    arguments: ["1/1", "2/3", "8/8", "0/3", "4/3", "3", "a/b", "1/0", "-1/2"])
  func parsing(text: String) {
    let valid = ["1/1", "2/3", "8/8"]
    #expect((Shard(argument: text) != nil) == valid.contains(text), "\(text)")
  }
}

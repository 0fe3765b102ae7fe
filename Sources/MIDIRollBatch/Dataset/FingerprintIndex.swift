import Foundation
import SongStatistics

/// The content identities of a batch's inputs, recorded by the fingerprint pass in the output
/// folder, one JSON line an input: `{"input": "a/b.mid", "fingerprint": "…", "sha256": "…"}`, or
/// `{"input": "a/c.mid", "failed": "why"}` for an input that cannot be read (never grouped).
///
/// Each shard writes its own file (`midiroll-fingerprints.jsonl`, or
/// `midiroll-fingerprints-K-of-N.jsonl`), under the report's lock rules; a run reads every file
/// of the folder, so the identities recorded by any earlier run or shard, with any shard count,
/// are known to every later one. A line that cannot be read (cut by a killed run) is skipped.
/// The index describes the tree as it was read: after the inputs change, delete it.
struct FingerprintIndex: Sendable {
  /// What is known of one input.
  enum Entry: Sendable, Equatable {
    /// Its identity.
    case identity(ContentIdentity)
    /// Why it cannot be read (a failure, never a duplicate).
    case failed(String)
  }

  /// What is known, by input path relative to the input folder.
  var entries: [String: Entry] = [:]

  /// The index file a shard writes.
  static func path(outputFolder: String, shard: Shard) -> String {
    shard.count == 1
      ? outputFolder + "/midiroll-fingerprints.jsonl"
      : outputFolder + "/midiroll-fingerprints-\(shard.index)-of-\(shard.count).jsonl"
  }

  /// Reads every index file in `folder` (none: an empty index).
  static func read(folder: String) -> FingerprintIndex {
    var index = FingerprintIndex()
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let decoder = JSONDecoder()
    struct Line: Decodable {
      var input: String
      var fingerprint: String?
      var sha256: String?
      var failed: String?
    }
    for name in names.sorted() where name.hasPrefix("midiroll-fingerprints") && name.hasSuffix(".jsonl") {
      guard let data = FileManager.default.contents(atPath: folder + "/" + name) else { continue }
      for line in data.split(separator: 0x0A) {
        guard let parsed = try? decoder.decode(Line.self, from: line) else { continue }
        if let fingerprint = parsed.fingerprint, let sha256 = parsed.sha256 {
          index.entries[parsed.input] = .identity(ContentIdentity(byteHash: sha256, fingerprint: fingerprint))
        } else if let failed = parsed.failed {
          index.entries[parsed.input] = .failed(failed)
        }
      }
    }
    return index
  }

  /// The line of one input.
  static func line(input: String, _ entry: Entry) -> String {
    var line = JSONLine()
    line.add("input", input)
    switch entry {
    case .identity(let identity):
      line.add("fingerprint", identity.fingerprint)
      line.add("sha256", identity.byteHash)
    case .failed(let reason):
      line.add("failed", reason)
    }
    return line.text
  }
}

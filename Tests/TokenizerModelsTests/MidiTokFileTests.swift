import Foundation
import TestSupport
import Testing
import TokenizerModels

/// MidiTok 3.1 as the judge, on real files: the base ids of every bar of every sample and Debian
/// file, as MidiTok splits them, give MidiTok's trained ids, and those decode to MidiTok's base ids.
@Suite("MidiTok's trained ids on real files", .tags(.judge), .tiered, .requires(.python))
struct MidiTokFileTests {
  /// The samples and every Debian file.
  static let allFiles = RealFiles.samples + RealFiles.debianFiles
  /// The samples and every third Debian file, for the other settings (MidiTok takes a second a file).
  static let someFiles =
    RealFiles.samples + RealFiles.debianFiles.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)

  /// The three models MidiTok trains on every file; the other settings on some.
  static let cases: [(name: String, files: [String])] = SavedTokenizers.names.map { name in
    (name, SavedTokenizers.sampleNames.contains(name) ? allFiles : someFiles)
  }

  @Test("encode and decode equal MidiTok's", arguments: cases)
  func sameIDs(name: String, files inputs: [String]) throws {
    let folder = try SavedTokenizers.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("dump.json")
    let dump = try #require(
      try SavedTokenizers.judge(["dump", SavedTokenizers.path(name), output.path] + inputs, output: output)
        as? [String: Any])
    let model = try SavedTokenizers.model(name)
    #expect(model.vocabularySize == dump["vocabulary_size"] as? Int)
    #expect(model.baseVocabularySize == dump["base_size"] as? Int)
    let files = try #require(dump["files"] as? [[String: Any]])
    #expect(files.count == inputs.count)
    var compared = 0
    var trainedIDs = 0
    for file in files {
      let path = file["path"] as? String ?? "?"
      guard let sequences = file["sequences"] as? [[String: Any]] else {
        Issue.record("\(path): MidiTok could not read it: \(file["error"] ?? "")")
        continue
      }
      for (index, sequence) in sequences.enumerated() {
        let chunks = try #require(sequence["chunks"] as? [[Int]])
        let ids = try #require(sequence["ids"] as? [Int])
        let decoded = try #require(sequence["decoded"] as? [Int])
        let ours = try model.encode(chunks: chunks)
        #expect(ours == ids, "\(name): \(path), sequence \(index): encode")
        #expect(try model.decode(ids) == decoded, "\(name): \(path), sequence \(index): decode")
        compared += 1
        trainedIDs += ids.count
      }
    }
    #expect(compared > 0)
    print(
      "\(name): \(files.count) files, \(compared) sequences, \(trainedIDs) trained ids equal to MidiTok's")
  }
}

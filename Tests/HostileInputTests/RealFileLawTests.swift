import Foundation
import FuzzLaws
import SMF
import Testing

/// The fuzz targets' laws hold for every real file at hand: the samples, the Debian packages'
/// game music and the shared edge-case corpus (each skipped when absent).
@Suite("laws on real files")
struct RealFileLawTests {
  /// Every `.mid` file under the folders that exist, sorted.
  static let files: [String] = {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let folders = [
      repository.appendingPathComponent("Samples").path, "/usr/share/games/openttd/baseset/openmsx",
      "/usr/share/planetblupi/music",
      repository.appendingPathComponent("Tests/Fixtures/corpus").path,
    ]
    var files: [String] = []
    for folder in folders {
      guard let walker = FileManager.default.enumerator(atPath: folder) else { continue }
      while let name = walker.nextObject() as? String {
        if name.lowercased().hasSuffix(".mid") { files.append(folder + "/" + name) }
      }
    }
    return files.sorted()
  }()

  @Test("every real file keeps every law", .tags(.corpus), .tiered)
  func laws() throws {
    #expect(Self.files.count >= 6)
    for path in Self.files {
      guard let data = FileManager.default.contents(atPath: path) else { continue }
      if let violation = SMFLaws.check([UInt8](data)) { Issue.record("\(path): \(violation)") }
    }
  }
}

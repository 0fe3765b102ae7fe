import Foundation
import TestSupport

/// A fresh temporary folder, removed by the caller with `removeTemporaryFolder`.
func makeTemporaryFolder() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("midiroll-cli-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// The repository's Samples folder.
let samplesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples")

/// Every sample `.mid` file, sorted by name.
func sampleFiles() throws -> [URL] {
  try FileManager.default.contentsOfDirectory(at: samplesFolder, includingPropertiesForKeys: nil)
    .filter { $0.pathExtension == "mid" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
}

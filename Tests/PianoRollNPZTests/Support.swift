import Foundation
import TestSupport
import Testing

/// A new empty folder under the temporary directory.
func makeTemporaryFolder() throws -> URL {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "midiroll-npz-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}

/// The folder of the Python checks (`Tests/Fixtures/npz`).
let pythonChecks = RealFiles.packageRoot.appendingPathComponent("Tests/Fixtures/npz")

/// Runs one of the Python checks with arguments; its output, and whether it exited 0.
func runCheck(_ script: String, _ arguments: [String]) throws -> (ok: Bool, output: String) {
  let source = try String(contentsOf: pythonChecks.appendingPathComponent(script), encoding: .utf8)
  let prelude = "import sys; sys.path.insert(0, \(pythonString(pythonChecks.path)))\n"
  let result = try Python.run(script: prelude + source, arguments)
  return (result.status == 0, result.output)
}

/// A Python string literal.
func pythonString(_ text: String) -> String {
  "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
}

/// A track chunk from (delta, bytes) events, End of Track added.
func track(_ events: [(Int, [UInt8])]) -> [UInt8] {
  SMFBytes.track(events.flatMap { SMFBytes.vlq($0.0) + $0.1 } + SMFBytes.endOfTrack)
}

/// A time-signature meta event's bytes.
func meter(_ numerator: Int, _ denominator: Int) -> [UInt8] {
  [0xFF, 0x58, 0x04, UInt8(numerator), UInt8(denominator.trailingZeroBitCount), 24, 8]
}

import Foundation
import Testing

/// What one run of the built `midiroll` binary did.
struct RunResult {
  var status: Int32
  var stdout: [UInt8]
  var stderr: String
  var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
}

/// The built `midiroll` binary, next to the test bundle.
let midirollBinary: URL = {
  #if os(Linux)
    let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
  #else
    let me = Bundle.main.bundleURL
  #endif
  var folder = me.deletingLastPathComponent()
  // On Apple platforms the tests run inside an .xctest bundle one level deeper.
  while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("midiroll").path),
    folder.path != "/"
  {
    folder = folder.deletingLastPathComponent()
  }
  return folder.appendingPathComponent("midiroll")
}()

/// Runs `midiroll` with arguments and optional standard input; waits at most `timeout` seconds.
func runMIDIRoll(_ arguments: [String], stdin: [UInt8]? = nil, timeout: TimeInterval = 60) throws -> RunResult
{
  let process = Process()
  process.executableURL = midirollBinary
  process.arguments = arguments
  let out = Pipe()
  let err = Pipe()
  process.standardOutput = out
  process.standardError = err
  let input = Pipe()
  process.standardInput = stdin == nil ? FileHandle.nullDevice : input
  try process.run()
  if let stdin {
    input.fileHandleForWriting.write(Data(stdin))
    try input.fileHandleForWriting.close()
  }
  // Read both pipes while the process runs so a full pipe never blocks it.
  nonisolated(unsafe) var outData = Data()
  nonisolated(unsafe) var errData = Data()
  let group = DispatchGroup()
  group.enter()
  DispatchQueue.global().async {
    outData = out.fileHandleForReading.readDataToEndOfFile()
    group.leave()
  }
  group.enter()
  DispatchQueue.global().async {
    errData = err.fileHandleForReading.readDataToEndOfFile()
    group.leave()
  }
  let deadline = Date().addingTimeInterval(timeout)
  while process.isRunning && Date() < deadline { usleep(10_000) }
  if process.isRunning {
    process.terminate()
    Issue.record("midiroll \(arguments) did not finish in \(timeout) s")
  }
  process.waitUntilExit()
  group.wait()
  return RunResult(
    status: process.terminationStatus, stdout: [UInt8](outData),
    stderr: String(decoding: errData, as: UTF8.self))
}

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

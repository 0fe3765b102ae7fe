import Foundation

/// What one run of the built `midiroll` binary printed, and its exit status.
struct MIDIRollRun {
  var status: Int32
  var stdout: String
  var stderr: String
}

/// Runs the `midiroll` built next to the test bundle; gives up after `timeout` seconds.
func runMIDIRoll(_ arguments: [String], timeout: TimeInterval = 60) throws -> MIDIRollRun {
  #if os(Linux)
    var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
  #else
    var folder = Bundle.main.bundleURL.deletingLastPathComponent()
  #endif
  while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("midiroll").path),
    folder.path != "/"
  {
    folder = folder.deletingLastPathComponent()
  }
  let process = Process()
  process.executableURL = folder.appendingPathComponent("midiroll")
  process.arguments = arguments
  let outFile = FileManager.default.temporaryDirectory.appendingPathComponent(
    "midiroll-out-\(UUID().uuidString)")
  let errFile = FileManager.default.temporaryDirectory.appendingPathComponent(
    "midiroll-err-\(UUID().uuidString)")
  _ = FileManager.default.createFile(atPath: outFile.path, contents: nil)
  _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)
  defer {
    try? FileManager.default.removeItem(at: outFile)
    try? FileManager.default.removeItem(at: errFile)
  }
  process.standardOutput = try FileHandle(forWritingTo: outFile)
  process.standardError = try FileHandle(forWritingTo: errFile)
  process.standardInput = FileHandle.nullDevice
  try process.run()
  let deadline = Date().addingTimeInterval(timeout)
  while process.isRunning && Date() < deadline { usleep(10_000) }
  if process.isRunning { process.terminate() }
  process.waitUntilExit()
  let out = String(decoding: FileManager.default.contents(atPath: outFile.path) ?? Data(), as: UTF8.self)
  let err = String(decoding: FileManager.default.contents(atPath: errFile.path) ?? Data(), as: UTF8.self)
  return MIDIRollRun(status: process.terminationStatus, stdout: out, stderr: err)
}

import Foundation
import Testing

/// What one run of the built `midiroll` binary did.
public struct RunResult: Sendable {
  /// The exit status, or the number of the signal that ended the run.
  public var status: Int32
  /// Standard output, as bytes.
  public var stdout: [UInt8]
  /// Standard error, as text.
  public var stderr: String
  /// Standard output as text.
  public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
}

/// The built `midiroll` binary, next to the test bundle.
public let midirollBinary: URL = {
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
public func runMIDIRoll(_ arguments: [String], stdin: [UInt8]? = nil, timeout: TimeInterval = 60) throws
  -> RunResult
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

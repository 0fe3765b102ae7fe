import Foundation
import TestSupport
import Testing

/// What a shell script around `midiroll` did.
struct ShellResult {
  /// The script's exit status.
  var status: Int32
  /// The script's standard output, as text.
  var stdout: String
  /// The script's standard error, as text.
  var stderr: String
}

/// Runs a bash script in which `$MIDIROLL` is the built binary, for what a test cannot set
/// up through `runMIDIRoll`: a standard output that is `/dev/full`, closed, or a pipe into
/// `head`. Waits at most `timeout` seconds (a hang guard: a run past it is a recorded issue).
func runShell(_ script: String, timeout: TimeInterval = 60) throws -> ShellResult {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/bash")
  process.arguments = ["-c", script]
  var environment = ProcessInfo.processInfo.environment
  environment["MIDIROLL"] = midirollBinary.path
  process.environment = environment
  let out = Pipe()
  let err = Pipe()
  process.standardOutput = out
  process.standardError = err
  process.standardInput = FileHandle.nullDevice
  try process.run()
  nonisolated(unsafe) var outData = Data()
  nonisolated(unsafe) var errData = Data()
  let group = DispatchGroup()
  for (pipe, isOutput) in [(out, true), (err, false)] {
    group.enter()
    DispatchQueue.global().async {
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      if isOutput { outData = data } else { errData = data }
      group.leave()
    }
  }
  let deadline = Date().addingTimeInterval(timeout)
  while process.isRunning && Date() < deadline { usleep(10_000) }
  if process.isRunning {
    process.terminate()
    Issue.record("the script did not finish in \(timeout) s: \(script)")
  }
  process.waitUntilExit()
  group.wait()
  return ShellResult(
    status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
    stderr: String(decoding: errData, as: UTF8.self))
}

/// A shell word: `text` in single quotes.
func shellQuoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

/// A format-0 song of `notes` sixteenth notes: its piano-roll JSON is about 300 bytes a note.
func longSong(notes: Int) -> [UInt8] {
  var events: [UInt8] = []
  for index in 0..<notes {
    let pitch = UInt8(48 + index % 24)
    events += [0x00, 0x90, pitch, 0x50, 0x30, 0x80, pitch, 0x40]
  }
  events += [0x00, 0xFF, 0x2F, 0x00]
  return SMFBytes.file(format: 0, SMFBytes.track(events))
}

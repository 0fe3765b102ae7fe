#if LibSMF
  import Foundation
  import Testing

  /// Runs libsmf 1.3 on a file in a child process (Python's ctypes), so its crash is observed,
  /// not shared.
  enum ChildProcess {
    /// The interpreter that hosts libsmf in the child.
    static let python = "/usr/bin/python3"

    /// Whether the child can be started.
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: python) }

    /// Loads the bytes (read from standard input) with `smf_load_from_memory` and frees nothing.
    static let script = """
      import ctypes, sys
      libsmf = ctypes.CDLL("libsmf.so.0")
      libsmf.smf_load_from_memory.restype = ctypes.c_void_p
      data = sys.stdin.buffer.read()
      print("loaded" if libsmf.smf_load_from_memory(data, len(data)) else "NULL")
      """

    /// How the child ended: the signal that killed it, if any, and what it wrote to stderr.
    static func load(_ bytes: [UInt8]) throws -> (signal: Int32?, stderr: String) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: python)
      process.arguments = ["-c", script]
      let input = Pipe()
      let errors = Pipe()
      process.standardInput = input
      process.standardOutput = FileHandle.nullDevice
      process.standardError = errors
      try process.run()
      input.fileHandleForWriting.write(Data(bytes))
      try input.fileHandleForWriting.close()
      let said = errors.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      let signal = process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil
      return (signal, String(decoding: said, as: UTF8.self))
    }
  }

  @Suite("the refusals are needed: libsmf 1.3 aborts on those files (in a child process)")
  struct ChildProcessTests {
    @Test(
      "libsmf aborts the process",
      .enabled(if: ChildProcess.isAvailable, "no \(ChildProcess.python) to host libsmf in a child"),
      arguments: UnsafeCase.all.filter(\.aborts))
    func aborts(_ unsafe: UnsafeCase) throws {
      let (signal, stderr) = try ChildProcess.load(unsafe.bytes)
      #expect(signal == SIGABRT, "\(stderr)")
      #expect(stderr.contains("Assertion"), "\(stderr)")
    }
  }
#endif

import Foundation

/// The Python that tests read midiroll's outputs with: the virtual environment `make deps` fills
/// (numpy, scipy, pypianoroll, mido, selenium, jsonschema), named by `MIDIROLL_PYTHON` or found at
/// `.build/venv/bin/python3`.
public enum Python {
  /// The interpreter's path, or `nil` when no virtual environment was made (run `make deps`).
  public static let executable: String? = {
    let candidates: [String?] = [
      ProcessInfo.processInfo.environment["MIDIROLL_PYTHON"],
      RealFiles.packageRoot.appendingPathComponent(".build/venv/bin/python3").path,
    ]
    return candidates.compactMap { $0 }.first { path in
      FileManager.default.isExecutableFile(atPath: path)
    }
  }()

  /// Runs a Python script with arguments; standard error is merged into the output.
  /// - Throws: ``RealFiles/ToolFailure`` when there is no virtual environment.
  public static func run(script: String, _ arguments: [String] = []) throws -> Subprocess.Result {
    guard let executable else {
      throw RealFiles.ToolFailure(description: "no Python virtual environment: run `make deps`")
    }
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("midiroll-\(UUID().uuidString).py")
    try script.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    return try Subprocess.run(executable, [file.path] + arguments)
  }

  /// The Python of muspy 0.5's own virtual environment (`make venv-muspy`: its pins clash with
  /// the main one's), named by `MIDIROLL_MUSPY_PYTHON` or found at `.build/venv-muspy/bin/python3`.
  public static let muspyExecutable: String? = {
    let candidates: [String?] = [
      ProcessInfo.processInfo.environment["MIDIROLL_MUSPY_PYTHON"],
      RealFiles.packageRoot.appendingPathComponent(".build/venv-muspy/bin/python3").path,
    ]
    return candidates.compactMap { $0 }.first { path in
      FileManager.default.isExecutableFile(atPath: path)
    }
  }()

  /// Runs a script file of the package (a path relative to its root) with muspy's Python;
  /// standard error is kept apart.
  /// - Throws: ``RealFiles/ToolFailure`` when there is no muspy environment.
  public static func runMuspy(scriptAt relativePath: String, _ arguments: [String]) throws
    -> Subprocess.Result
  {
    guard let muspyExecutable else {
      throw RealFiles.ToolFailure(description: "no muspy virtual environment: run `make venv-muspy`")
    }
    let script = RealFiles.packageRoot.appendingPathComponent(relativePath).path
    return try Subprocess.run(muspyExecutable, [script] + arguments, mergingStandardError: false)
  }
}

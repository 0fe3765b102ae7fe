import CMIDIRoll
import Foundation
import MIDIRollC
import SMF
import TestSupport
import Testing

/// `midiroll_stats`: the command line's `stats --json` object for the same file, byte for byte,
/// through a buffer the caller sizes; bad input and wrong calls as every other call reports them.
@Suite("C ABI: statistics")
struct ABIStatsTests {
  /// The real files, the samples, the corpus and the fuzz regressions.
  static let files =
    TestPaths.debianMIDIFiles() + TestPaths.samples() + TestPaths.corpus()
    + RealFiles.files(under: "Tests/Fixtures/fuzz-regressions")

  /// The statistics of `bytes` as a C caller asks for them: a buffer of `capacity` bytes, and
  /// when the call says it needs more, once again with what it needs.
  static func stats(_ bytes: [UInt8], name: String?, flags: UInt32 = 0, capacity: Int = 16 << 10)
    -> Result<String, ABIFailure>
  {
    var buffer = [CChar](repeating: 0, count: capacity)
    var length: Int64 = -1
    var error = midiroll_error()
    var code = call(bytes, name: name, flags: flags, into: &buffer, length: &length, error: &error)
    if code == MIDIROLL_USAGE && length > buffer.count {
      buffer = [CChar](repeating: 0, count: Int(length))
      code = call(bytes, name: name, flags: flags, into: &buffer, length: &length, error: &error)
    }
    guard code == MIDIROLL_OK else { return .failure(ABIFailure(code: code, error: error)) }
    return .success(String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self))
  }

  /// One call of `midiroll_stats` into `buffer`.
  static func call(
    _ bytes: [UInt8], name: String?, flags: UInt32, into buffer: inout [CChar], length: inout Int64,
    error: inout midiroll_error
  ) -> Int32 {
    let capacity = Int64(buffer.count)
    return bytes.withUnsafeBufferPointer { input in
      buffer.withUnsafeMutableBufferPointer { output in
        if let name {
          return midiroll_stats(
            input.baseAddress, input.count, name, flags, output.baseAddress, capacity, &length, &error)
        }
        return midiroll_stats(
          input.baseAddress, input.count, nil, flags, output.baseAddress, capacity, &length, &error)
      }
    }
  }

  /// What `midiroll stats --json --quiet [--strict] FILES…` says: each read file's line by its
  /// path, and the error lines of the others.
  static func commandLine(_ files: [String], strict: Bool) throws -> (
    lines: [String: String], errors: Set<String>
  ) {
    let run = try runMIDIRoll(
      ["stats", "--json", "--quiet"] + (strict ? ["--strict"] : []) + files, timeout: 600)
    #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
    var lines: [String: String] = [:]
    for line in run.stdoutText.split(separator: "\n").map(String.init) {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      let path = try #require(object?["path"] as? String)
      lines[path] = line
    }
    return (lines, Set(run.stderr.split(separator: "\n").map(String.init)))
  }

  @Test(
    "every real file, sample, corpus file and fuzz regression gives stats --json's line, tolerant and strict",
    .tags(.corpus), .tiered)
  func equalsTheCommandLine() throws {
    #expect(Self.files.count > 400)
    for strict in [false, true] {
      let cli = try Self.commandLine(Self.files, strict: strict)
      var (measured, refused) = (0, 0)
      for path in Self.files {
        let bytes = try RealFiles.bytes(path)
        switch Self.stats(bytes, name: path, flags: strict ? UInt32(MIDIROLL_READ_STRICT) : 0) {
        case .success(let line):
          measured += 1
          #expect(line == cli.lines[path], "\(path)")
        case .failure(let failure):
          refused += 1
          #expect(failure.code == MIDIROLL_BAD_INPUT, "\(path): \(failure.message)")
          #expect(cli.lines[path] == nil, "\(path): the command line measures it")
          #expect(cli.errors.contains("midiroll: \(failure.message)"), "\(path): \(failure.message)")
        }
      }
      #expect(measured == cli.lines.count)
      #expect(measured > 380 && refused >= 2, "strict: \(strict)")
    }
  }

  @Test("the object names no path for bytes without a name; a bad file is the reader's one line")
  func namesAndBadInput() throws {
    let song = SMFBytes.file(
      SMFBytes.track([0x00, 0x90, 0x3C, 0x40, 0x60, 0x80, 0x3C, 0x00, 0x00, 0xFF, 0x2F, 0x00]))
    let line = try Self.stats(song, name: nil).get()
    #expect(line.hasPrefix(#"{"path": null, "bytes": \#(song.count), "sha256": ""#))
    #expect(line.contains(#""notes": 1, "pitchRange": {"low": 60, "high": 60}"#))
    #expect(
      try Self.stats(song, name: "a.mid").get() == #"{"path": "a.mid""#
        + line.dropFirst(#"{"path": null"#.count))

    let cut = Array(song.dropLast(3))
    guard case .failure(let strict) = Self.stats(cut, name: "cut.mid", flags: UInt32(MIDIROLL_READ_STRICT)),
      case .failure(let plain) = Self.stats([0x4D, 0x54, 0x68], name: nil)
    else {
      Issue.record("a damaged file measured")
      return
    }
    let problem = try #require(Self.readingError(cut, strict: true))
    #expect(strict.code == MIDIROLL_BAD_INPUT && strict.message == "cut.mid: \(problem.description)")
    #expect(strict.error.offset == Int64(problem.offset) && strict.error.track == 0)
    #expect(plain.code == MIDIROLL_BAD_INPUT && plain.message.hasPrefix("byte 0: not a MIDI file"))
    #expect(plain.error.offset == 0 && plain.error.track == -1)
  }

  /// Why the reader refuses `bytes`, or nil when it reads them.
  static func readingError(_ bytes: [UInt8], strict: Bool) -> SMFError? {
    do {
      _ = try MIDIFile(bytes: bytes, options: strict ? .strict : .tolerant)
      return nil
    } catch { return error }
  }

  @Test("a buffer too small gets nothing and the size it needs; wrong calls are MIDIROLL_USAGE")
  func sizedBuffer() throws {
    let bytes = try RealFiles.bytes(try #require(TestPaths.samples().first))
    let line = try Self.stats(bytes, name: "s.mid").get()
    let size = line.utf8.count
    var error = midiroll_error()
    var length: Int64 = -1
    var short = [CChar](repeating: 7, count: size - 1)
    #expect(
      Self.call(bytes, name: "s.mid", flags: 0, into: &short, length: &length, error: &error)
        == MIDIROLL_USAGE)
    #expect(length == Int64(size) && short.allSatisfy { $0 == 7 })
    #expect(
      messageText(error) == "midiroll_stats: the buffer holds \(size - 1) bytes, the statistics take \(size)")
    var exact = [CChar](repeating: 7, count: size)
    #expect(
      Self.call(bytes, name: "s.mid", flags: 0, into: &exact, length: &length, error: &error) == MIDIROLL_OK)
    #expect(String(decoding: exact.map { UInt8(bitPattern: $0) }, as: UTF8.self) == line)
    #expect(error.code == MIDIROLL_OK && messageText(error).isEmpty)

    length = -1
    #expect(midiroll_stats(bytes, bytes.count, "s.mid", 0, nil, 0, &length, &error) == MIDIROLL_USAGE)
    #expect(length == Int64(size) && messageText(error).hasPrefix("midiroll_stats: the buffer is NULL"))
    #expect(midiroll_stats(bytes, bytes.count, nil, 0, &exact, Int64(size), nil, &error) == MIDIROLL_USAGE)
    #expect(messageText(error) == "midiroll_stats: the length's pointer is NULL")
    #expect(midiroll_stats(nil, 4, nil, 0, &exact, Int64(size), &length, &error) == MIDIROLL_USAGE)
    #expect(messageText(error) == "midiroll_stats: the bytes are NULL" && length == 0)
    #expect(
      midiroll_stats(bytes, bytes.count, nil, 8, &exact, Int64(size), &length, &error) == MIDIROLL_USAGE)
    #expect(messageText(error) == "midiroll_stats: unknown flags 8")
    #expect(midiroll_stats(nil, 0, nil, 0, &exact, Int64(size), &length, nil) == MIDIROLL_BAD_INPUT)
  }

  @Test("four threads measuring every real file at once give what one thread gives", .tags(.corpus), .tiered)
  func threads() async throws {
    let files = try RealFiles.debianFiles.map { try RealFiles.bytes($0) }
    try #require(!files.isEmpty)
    let single = try files.map { try Self.stats($0, name: nil).get() }
    let results = try await withThrowingTaskGroup(of: [String].self) { group in
      for _ in 0..<4 {
        group.addTask { try files.map { try Self.stats($0, name: nil).get() } }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 4 && results.allSatisfy { $0 == single })
  }
}

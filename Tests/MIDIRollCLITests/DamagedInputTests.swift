import Foundation
import SMF
import TestSupport
import Testing

/// The command line on files a player plays though they are damaged: system messages between
/// events, a file cut inside its last event. Read with one warning; `--strict` refuses them;
/// `check` lists the problem at its byte; `.mid → .mid` and `.mid → JSON → .mid` write a clean
/// file, with the same notes, that `check` passes.
@Suite("midiroll on damaged files")
struct DamagedInputTests {
  /// A few of the fixtures: one system message of each kind of rule, several in a row, a cut.
  static let fixtures: [DamagedSongs.Fixture] = {
    let singles = DamagedSongs.singleMessages.filter {
      ["0xF2 betweenOnAndOff", "0xF8 afterRunningStatus", "0xFD beforeFirstNote"].contains($0.name)
    }
    let cuts = DamagedSongs.cuts(insideLast: 2).filter { $0.name.hasPrefix("cut after 2 ") }
    return singles + [DamagedSongs.combinations[0]] + cuts
  }()

  /// The notes `midiroll info --json` counts in a file.
  static func noteCount(_ path: String) throws -> Int? {
    let run = try runMIDIRoll(["info", "--json", "--quiet", path])
    let facts = try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [String: Any]
    return facts?["notes"] as? Int
  }

  @Test("read with one warning, refused by --strict, listed by check, rewritten clean", arguments: fixtures)
  func damaged(_ fixture: DamagedSongs.Fixture) throws {
    #expect(Self.fixtures.count == 6)
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("damaged.mid").path
    try Data(fixture.bytes).write(to: URL(fileURLWithPath: input))

    let info = try runMIDIRoll(["info", input])
    #expect(info.status == 0, "\(info.stderr)")
    #expect(info.stderr.split(separator: "\n").count == 1, "one warning: \(info.stderr)")
    #expect(info.stderr.contains("midiroll: warning: \(input): byte \(fixture.damageOffset), track 0: "))
    #expect(try Self.noteCount(input) == fixture.notes.count)

    let strict = try runMIDIRoll(["info", "--strict", input])
    #expect(strict.status == 1)
    #expect(
      strict.stderr.contains("byte \(fixture.damageOffset), track 0: ")
        && strict.stderr.contains("(strict mode)"))

    let check = try runMIDIRoll(["check", input])
    #expect(check.status == 1)
    #expect(check.stdoutText.contains("\(input): warning: byte \(fixture.damageOffset), track 0: "))

    let mid = folder.appendingPathComponent("clean.mid").path
    let json = folder.appendingPathComponent("clean.json").path
    let back = folder.appendingPathComponent("back.mid").path
    for arguments in [[input, mid], [input, json], [json, back]] {
      let run = try runMIDIRoll(["convert", "--quiet"] + arguments)
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
    }
    for path in [mid, back] {
      let rewritten = try runMIDIRoll(["check", path])
      #expect(rewritten.status == 0, "\(rewritten.stdoutText)")
      #expect(rewritten.stdoutText.contains("0 warning(s)"))
      #expect(try Self.noteCount(path) == fixture.notes.count)
    }
    // `.mid → .mid` is the file the reader read, written clean.
    let read = try MIDIFile.read(fixture.bytes).file
    #expect(try MIDIFile(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: mid)))) == read)
  }
}

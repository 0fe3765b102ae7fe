import Foundation
import PianoRoll
import SMF
import TestSupport
import Testing

@Suite("midiroll show")
struct ShowCommandTests {
  @Test(
    "every sample fits 80 columns, names its rows, and has no colours in a pipe", arguments: try sampleFiles()
  )
  func sample(file: URL) throws {
    let result = try runMIDIRoll(["show", file.path])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.allSatisfy { $0.count <= 80 })
    #expect(!result.stdoutText.contains("\u{1B}"))
    let song = try Song(bytes: [UInt8](Data(contentsOf: file)))
    let range = try #require(song.pitchRange)
    let names = lines.dropFirst(2).map { String($0.prefix { $0 != " " }) }
    #expect(names == (range.lowerBound...range.upperBound).reversed().map { Note.name(ofPitch: Int($0)) })
    #expect(lines.first?.hasPrefix(file.lastPathComponent + ": bar") == true)
    #expect(lines.dropFirst(2).allSatisfy { $0.contains("│") })
    #expect(
      result.stdoutText.contains("█") || result.stdoutText.contains("▌") || result.stdoutText.contains("▐"))
  }

  @Test("the text of a sample, exactly")
  func exactText() throws {
    let input = samplesFolder.appendingPathComponent("drum-pattern.mid").path
    let result = try runMIDIRoll(["show", input, "--width", "60"])
    #expect(result.status == 0)
    #expect(
      result.stdoutText == """
        drum-pattern.mid: bars 1–2 of 2, column = 1/16 note
             1               2
        F#2  █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ █ │
        F2   │   ·   ·   ·   │   ·   ·   ·   │
        E2   │   ·   ·   ·   │   ·   ·   ·   │
        D#2  │   ·   ·   ·   │   ·   ·   ·   │
        D2   │   █   ·   █   │   █   ·   █   │
        C#2  │   ·   ·   ·   │   ·   ·   ·   │
        C2   █   ·   █ █ ·   █   ·   █ █ ·   │

        """)
  }

  @Test("--width, --bars, --keys and --color always")
  func options() throws {
    let input = samplesFolder.appendingPathComponent("c-major-arpeggio.mid").path
    let narrow = try runMIDIRoll(["show", input, "--width", "40"])
    #expect(narrow.stdoutText.split(separator: "\n").allSatisfy { $0.count <= 40 })
    let bars = try runMIDIRoll(["show", input, "--bars", "2...3", "--keys", "C4...C5"])
    let lines = bars.stdoutText.split(separator: "\n")
    #expect(lines.first?.contains("bars 2–3 of 5") == true)
    #expect(lines[1].hasPrefix("     2"))
    #expect(lines.dropFirst(2).first?.hasPrefix("C5") == true)
    #expect(lines.count == 2 + 13 + 1)
    let colored = try runMIDIRoll(["show", input, "--color", "always"])
    #expect(colored.stdoutText.contains("\u{1B}[38;2;"))
    let never = try runMIDIRoll(["show", input, "--color", "never"])
    #expect(!never.stdoutText.contains("\u{1B}"))
  }

  @Test("bad usage exits 2", arguments: [["--width", "5"], ["--color", "sometimes"], ["--bars", "9"]])
  func badUsage(arguments: [String]) throws {
    let input = samplesFolder.appendingPathComponent("c-major-arpeggio.mid").path
    let result = try runMIDIRoll(["show", input] + arguments)
    #expect(result.status == 2, "\(arguments): \(result.stderr)")
    #expect(result.stdout.isEmpty)
  }
}

import Foundation
import TestSupport
import Testing

@Suite("midiroll info")
struct InfoCommandTests {
  @Test("text: meters with the bar they start, tempos with bar and seconds, notes per track")
  func text() throws {
    let run = try runMIDIRoll(["info", samplesFolder.appendingPathComponent("jig-to-waltz-6-8-3-4.mid").path])
    #expect(run.status == 0, "\(run.stderr)")
    let text = run.stdoutText
    // Two bars of 6/8, half a bar cut by the change to 3/4, then three bars of 3/4.
    #expect(text.contains("7920 ticks, 6.600 s, 6 bars"))
    #expect(text.contains("bar 1 (tick 0): 6/8"))
    #expect(text.contains("bar 4 (tick 3600): 3/4"))
    #expect(text.contains("150 BPM"))
    #expect(text.contains("D major"))
    #expect(text.contains("24 notes"))
  }

  @Test("--json: the tempo change lands on bar 3 at 4 seconds")
  func json() throws {
    let path = samplesFolder.appendingPathComponent("two-tracks-tempo-change.mid").path
    let run = try runMIDIRoll(["info", "--json", path])
    #expect(run.status == 0, "\(run.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [String: Any])
    #expect(object["format"] as? Int == 1)
    #expect(object["ticksPerBeat"] as? Int == 480)
    #expect(object["notes"] as? Int == 20)
    #expect((object["tracks"] as? [Any])?.count == 3)
    let tempos = try #require(object["tempos"] as? [[String: Any]])
    #expect(tempos.count == 2)
    #expect(tempos[1]["tick"] as? Int == 3840)
    #expect(tempos[1]["seconds"] as? Double == 4)
    #expect((tempos[1]["position"] as? [String: Int])?["bar"] == 2)
    #expect((object["seconds"] as? Double) == 10)
  }

  @Test("a bad file is one line and exit 1")
  func badFile() throws {
    let run = try runMIDIRoll(["info", "/nonexistent/song.mid"])
    #expect(run.status == 1)
    #expect(run.stderr.split(separator: "\n").count == 1)
  }
}

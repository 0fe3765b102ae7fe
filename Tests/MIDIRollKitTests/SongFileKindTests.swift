import MIDIRollFiles
import MIDIRollKit
import Testing

/// What names a song's kind: the extension, an explicit kind, the first bytes; and what is
/// refused, with the hint that helps.
@Suite struct SongFileKindTests {
  @Test(arguments: [
    ("song.mid", "mid"), ("a/b/song.MIDI", "mid"), ("song.kar", "mid"), ("roll.json", "json"),
    ("roll.npz", "npz"), ("roll.svg", "svg"), ("page.htm", "html"), ("sound.wav", "wav"),
  ])
  func theExtensionNamesTheKind(_ path: String, _ kind: String) {
    #expect(SongFileKind(path: path)?.rawValue == kind)
  }

  @Test func onlyReadableKindsComeFromAFolder() {
    #expect(SongFileKind(readablePath: "song.mid") == .mid)
    #expect(SongFileKind(readablePath: "roll.svg") == nil)
    #expect(SongFileKind(readablePath: "notes.txt") == nil)
  }

  @Test func theFirstBytesNameTheKind() {
    #expect(SongFileKind(sniffing: Array("MThd".utf8) + [0, 0, 0, 6]) == .mid)
    #expect(SongFileKind(sniffing: Array("{\"tracks\": []}".utf8)) == .json)
    #expect(SongFileKind(sniffing: Array("hello".utf8)) == nil)
  }

  @Test func standardInputNeedsAnExplicitKind() throws {
    #expect(try SongFileKind.resolve("-", explicit: .json, role: .input, allowed: [.mid, .json]) == .json)
    do {
      _ = try SongFileKind.resolve("-", explicit: nil, role: .input, allowed: [.mid, .json])
      Issue.record("standard input's kind was guessed")
    } catch {
      #expect(error.kind == .usage)
      #expect(error.hints == [.nameInputKind])
    }
  }

  @Test func aPictureAsAnOutputOfConvertIsRefusedWithTheRenderHint() {
    do {
      _ = try SongFileKind.resolve("roll.svg", explicit: nil, role: .output, allowed: [.mid, .json])
      Issue.record("convert accepted a picture")
    } catch {
      #expect(error.kind == .usage)
      #expect(error.hints == [.renderInstead(output: "roll.svg")])
    }
  }
}

import PianoRoll
import PianoRollRender
import Testing

@Suite("Terminal piano roll")
struct TerminalRollTests {
  @Test("every sample fits 80 columns, names every row and marks the bars", arguments: sampleNames)
  func sample(name: String) throws {
    let song = try sampleSong(name)
    let roll = try TerminalRoll(song: song, options: TerminalOptions(title: name))
    let lines = roll.lines(colored: false)
    #expect(lines.allSatisfy { $0.count <= 80 })
    #expect(!lines.joined().contains("\u{1B}"))
    let range = try #require(song.pitchRange)
    let rowLines = lines.dropFirst(2).prefix(Int(range.upperBound - range.lowerBound) + 1)
    #expect(rowLines.first?.hasPrefix(Note.name(ofPitch: Int(range.upperBound))) == true)
    #expect(rowLines.last?.hasPrefix(Note.name(ofPitch: Int(range.lowerBound)) + " ") == true)
    #expect(rowLines.allSatisfy { $0.hasSuffix("│") })
    let header = lines[1]
    #expect(header.split(separator: " ").first == "1")
    #expect(lines[0].hasPrefix(name + ": bars 1–"))
    let notesDrawn = rowLines.joined().filter { "█▌▐".contains($0) }.count
    #expect(notesDrawn >= song.noteCount / 2)
  }

  @Test("the text of a small song, column by column")
  func exactText() throws {
    // One bar of 4/4: C4 a quarter, E4 an eighth, G4 half a bar; one column is a 1/16 note.
    let song = makeSong(notes: [
      Note(pitch: 60, tick: 0, durationTicks: 480), Note(pitch: 64, tick: 480, durationTicks: 240),
      Note(pitch: 67, tick: 960, durationTicks: 900),
    ])
    let roll = try TerminalRoll(song: song, options: TerminalOptions(width: 30))
    #expect(roll.ticksPerColumn == 120)
    #expect(
      roll.text(colored: false) == """
        bar 1 of 1, column = 1/16 note
             1
        G4   │   ·   ███████▌│
        F#4  │   ·   ·   ·   │
        F4   │   ·   ·   ·   │
        E4   │   ██  ·   ·   │
        D#4  │   ·   ·   ·   │
        D4   │   ·   ·   ·   │
        C#4  │   ·   ·   ·   │
        C4   ████·   ·   ·   │

        """)
  }

  @Test("half blocks: a short gap between repeated notes shows, a very short note still shows")
  func halfBlocks() throws {
    let song = makeSong(notes: [
      Note(pitch: 60, tick: 0, durationTicks: 450), Note(pitch: 60, tick: 480, durationTicks: 450),
      Note(pitch: 62, tick: 1500, durationTicks: 5),
    ])
    let roll = try TerminalRoll(song: song, options: TerminalOptions(width: 30))
    let lines = roll.lines(colored: false)
    #expect(lines.last == "C4   ███▌███▌·   ·   │")
    #expect(lines[2] == "D4   │   ·   ·   ▐   │")
  }

  @Test("the column grows until the bars fit the width")
  func fitting() throws {
    let song = makeSong(notes: [Note(pitch: 60, tick: 0, durationTicks: 64 * 1920)])
    for width in [20, 40, 80, 132, 400] {
      let roll = try TerminalRoll(song: song, options: TerminalOptions(width: width))
      #expect(roll.lines(colored: false).allSatisfy { $0.count <= width }, "width \(width)")
      #expect(roll.columnCount + TerminalRoll.nameWidth + 1 <= width)
    }
    let bars = try TerminalRoll(song: song, options: TerminalOptions(bars: BarSelection(first: 4, last: 7)))
    #expect(bars.ticksPerColumn == 120)
    #expect(bars.lines(colored: false)[1].hasPrefix("     5"))
  }

  @Test("bars narrower than 4 columns: a bar line and number every 2, 4, … bars")
  func barStride() throws {
    // 100 bars of 4/4 in 74 columns: 8 quarter notes a column, half a column a bar.
    let song = makeSong(notes: [
      Note(pitch: 60, tick: 0, durationTicks: 100 * 1920), Note(pitch: 62, tick: 0, durationTicks: 480),
    ])
    let roll = try TerminalRoll(song: song)
    #expect(roll.ticksPerColumn == 8 * 480)
    #expect(roll.barStride == 8)
    let lines = roll.lines(colored: false)
    #expect(lines[3].hasPrefix("C#4"))
    #expect(lines[3].filter { $0 == "│" }.count == 13 + 1)
    #expect(lines[1].split(separator: " ").prefix(3) == ["1", "9", "17"])
  }

  @Test("colours: ANSI escapes around notes and marks, none when off; the lines still fit")
  func colors() throws {
    let song = try sampleSong("two-tracks-tempo-change.mid")
    let roll = try TerminalRoll(song: song)
    let colored = roll.lines(colored: true)
    #expect(colored.joined().contains("\u{1B}[38;2;"))
    let plain = colored.map { line in
      var text = ""
      var escape = false
      for character in line {
        if character == "\u{1B}" {
          escape = true
        } else if escape {
          if character == "m" { escape = false }
        } else {
          text.append(character)
        }
      }
      return text
    }
    #expect(plain.allSatisfy { $0.count <= 80 })
    #expect(roll.trackColors.map(\.name) == ["Melody", "Bass"])
  }

  @Test("rows: the notes' range, or the keys asked for, with notes outside counted")
  func rows() throws {
    let song = try sampleSong("two-tracks-tempo-change.mid")
    let roll = try TerminalRoll(song: song, options: TerminalOptions(rows: RowSelection(pitches: 72...79)))
    #expect(roll.rows.map(\.name) == ["G5", "F#5", "F5", "E5", "D#5", "D5", "C#5", "C5"])
    #expect(roll.hiddenNoteCount == 4)
    #expect(roll.lines(colored: false).last == "4 note(s) outside the rows shown")
  }
}

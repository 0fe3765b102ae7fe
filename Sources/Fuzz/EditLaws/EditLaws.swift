import FuzzLaws
import MIDIRollFiles
import MIDIRollKit
import MIDIRollOptions
import PianoRoll

/// The law of every edit the command line and the Python package make (`convert`'s words, the
/// words `midiroll_song_transform` takes), over random options and values, valid and not: the
/// words give a plan or a usage error; a plan gives a song or a typed error; the song it was
/// applied to is unchanged; an edited song is written as a `.mid` that reads back with as many
/// notes, and in the bytes the merge of its events and notes writes (a track that kept the
/// order it was read in, ``WritingOrder``, writes what it would write without). Never a crash,
/// a trap or a hang. Checked by `fuzz-edits` (`make fuzz`) and by `EditLawTests` on real files;
/// the Python package's law, `python/tests/test_edit_law.py`, walks the same calls through the
/// ABI.
public enum EditLaws {
  /// Options and the values tried with them: the command line's, and some it refuses.
  public static let options: [(word: String, values: [String])] = [
    ("--transpose", ["3", "-12", "0", "127", "-128", "200", "x", "2.5"]),
    ("--out-of-range", ["drop", "clamp", "fail", "up"]),
    ("--bars", ["1...4", "2-3", "5...", "1", "0", "3...1", "x"]),
    ("--seconds", ["0...2.5", "1.5...", "-1", "3...1"]),
    ("--crossing", ["cut", "keep", "drop", "x"]),
    ("--ticks-per-beat", ["480", "96", "1", "0", "32767", "70000"]),
    ("--velocity-scale", ["80", "0", "200", "-5"]), ("--velocity-set", ["100", "0", "128"]),
    ("--velocity-range", ["40...110", "110...40", "0...127", "1...200"]),
    ("--merge-tracks", []), ("--split", ["channel", "program", "x"]),
    ("--grid", ["1/16", "1/8t", "1/8.", "sixteenth", "1/7", "1/0", "x"]),
    ("--strength", ["50", "100", "0", "101"]), ("--swing", ["10", "-1", "99"]),
    ("--window", ["50", "0", "150"]),
    ("--ends", []), ("--min-duration", []), ("--all-events", []),
    ("--keys", ["40...80", "80...40", "0...127", "x"]),
    ("--scale", ["C major", "D dorian", "F# harmonic minor", "H lydian", ""]),
    ("--octaves", ["3...5", "5...3", "-1...9"]), ("--pitches", ["60,62,64", "", "200"]),
    ("--mode", ["drop", "snap", "x"]), ("--snap", ["nearest", "up", "down", "x"]),
    ("--sustain", ["extend", "ignore", "x"]), ("--drums", ["keep", "filter", "transpose", "x"]),
  ]

  /// Reads the input but its last eight bytes as a MIDI file, and those eight as up to four
  /// options with their values (``check(_:words:)``).
  public static func check(_ bytes: [UInt8]) -> LawViolation? {
    guard bytes.count >= 22, let read = try? Song.read(Array(bytes.dropLast(8))) else { return nil }
    return check(read.song, words: words(from: Array(bytes.suffix(8))))
  }

  /// Options and values picked by `choices`: two bytes an option (the option, its value).
  public static func words(from choices: [UInt8]) -> [String] {
    var words: [String] = []
    for index in stride(from: 0, to: choices.count - 1, by: 2) {
      let option = options[Int(choices[index]) % options.count]
      // `--transpose=-12`: a value that begins with a dash is a value, not an option.
      words.append(
        option.values.isEmpty
          ? option.word : "\(option.word)=\(option.values[Int(choices[index + 1]) % option.values.count])")
    }
    return words
  }

  /// Whether the words make a plan (the command line takes them).
  public static func makesPlan(_ words: [String]) -> Bool {
    (try? ConvertWords(parsing: words).plan()) != nil
  }

  /// Checks the law for one song and one list of words.
  public static func check(_ song: Song, words: [String]) -> LawViolation? {
    let plan: TransformPlan
    do {
      plan = try ConvertWords(parsing: words).plan()
    } catch {
      guard error.kind == .usage, !error.message.isEmpty else {
        return LawViolation("a word the command line refuses is a usage error", "\(words): \(error)")
      }
      return nil
    }
    let original = song
    var input = SongInput(song: song, path: "fuzz.mid")
    do {
      try plan.apply(to: &input)
    } catch {
      return song == original ? nil : LawViolation("a refused edit leaves the song", "\(words)")
    }
    guard song == original else { return LawViolation("an edit leaves the song it edits", "\(words)") }
    let edited: Song
    do {
      edited = try input.song()
    } catch {
      return LawViolation("an edit's result is a song", "\(words): \(error)")
    }
    let written = edited.serialized()
    guard let back = try? Song.read(written) else {
      return LawViolation("an edited song is written as a MIDI file that reads", "\(words)")
    }
    let notes = edited.tracks.reduce(0) { $0 + $1.notes.count }
    let notesBack = back.song.tracks.reduce(0) { $0 + $1.notes.count }
    guard notes == notesBack else {
      return LawViolation(
        "an edited song's notes are written", "\(words): \(notes) notes, \(notesBack) read back")
    }
    var merged = edited
    for index in merged.tracks.indices { merged.tracks[index].writingOrder = nil }
    guard merged.serialized() == written else {
      return LawViolation("a track's recorded writing order writes what the merge writes", "\(words)")
    }
    return nil
  }
}

/// The examples at the end of each subcommand's `--help` (after the options, where people
/// look last; the argument parser has no place for them, so ``MIDIRollMain`` appends them).
enum HelpExamples {
  /// The examples for the subcommand named in `arguments` (`convert --help`, `help convert`).
  static func forArguments(_ arguments: [String]) -> String? {
    let byName = [
      "convert": convert, "info": info, "check": check, "quantize": quantize, "filter": filter,
      "batch": batch, "render": render, "show": show,
    ]
    return arguments.lazy.compactMap { byName[$0] }.first
  }

  /// Lines under an `EXAMPLES:` heading, after a blank line, indented as the options are.
  private static func examples(_ lines: String...) -> String {
    "\nEXAMPLES:\n" + lines.map { "  " + $0 }.joined(separator: "\n")
  }

  /// `midiroll convert --help`.
  static let convert = examples(
    "midiroll convert song.mid song.json",
    "midiroll convert song.json song.mid --quantize 1/16 --scale \"D dorian\"",
    "cat song.mid | midiroll convert - - --to json | jq .tracks[0].notes[0]")

  /// `midiroll info --help`.
  static let info = examples(
    "midiroll info song.mid", "midiroll info song.json --json",
    "curl -s https://example.org/song.mid | midiroll info -")

  /// `midiroll check --help`.
  static let check = examples("midiroll check song.mid", "midiroll check - < song.mid")

  /// `midiroll quantize --help`.
  static let quantize = examples(
    "midiroll quantize take.mid tight.mid --grid 1/16",
    "midiroll quantize take.mid swung.mid --grid 1/8 --swing 100",
    "midiroll quantize take.json take.mid --grid 1/8t --strength 70 --ends")

  /// `midiroll filter --help`.
  static let filter = examples(
    "midiroll filter song.mid dorian.mid --scale \"D dorian\"",
    "midiroll filter song.mid low.mid --keys C2...C4 --mode snap",
    "midiroll filter --list-scales")

  /// `midiroll batch --help`.
  static let batch = examples(
    "midiroll batch lmd/ lmd-json/ --to json",
    "midiroll batch takes/ tight/ --to mid --quantize 1/16 --jobs 4",
    "midiroll batch lmd/ out/ --to json --shard 3/8 --resume")

  /// `midiroll render --help`.
  static let render = examples(
    "midiroll render song.mid roll.svg",
    "midiroll render tight.mid compare.svg --before take.mid --bars 1...8",
    "midiroll render song.json - --colors rainbow > roll.svg")

  /// `midiroll show --help`.
  static let show = examples(
    "midiroll show song.mid", "midiroll show song.mid --bars 1...4 --keys C3...C5",
    "midiroll show song.mid --scale \"A minor\" --fold")
}

import ArgumentParser
import MIDIRollFiles

/// How one command words the kit's hints: the one place that turns a ``KitHint`` into the name
/// of an option, and only of an option that the command has (its ``OptionIndex``), with values
/// it accepts; where it has none, the kit's own words (``KitHint/plainWords``), or the command
/// that does it.
struct CommandLineHints: Sendable {
  /// What a hint says on one command.
  struct Wording: Sendable, Equatable {
    /// The words.
    var text: String
    /// What it asks the user to add, each a way out: options of the same command
    /// (`["--to", "json"]`), or a command line of its own (`["midiroll", "render", "IN", "OUT.wav"]`,
    /// `IN` standing for the input).
    var suggestions: [[String]] = []
  }

  /// The options of the command.
  let options: OptionIndex

  /// The hints of `command`.
  init(_ command: ParsableCommand.Type) { options = OptionIndex(command) }

  /// The words of `hint`.
  @Sendable func words(_ hint: KitHint) -> String { wording(hint).text }

  /// The words of `hint` and what they suggest.
  func wording(_ hint: KitHint) -> Wording {
    switch hint {
    case .raiseSizeLimit:
      return with("--max-file-size", hint) {
        Wording(text: "raise it with --max-file-size", suggestions: [[$0, "1000000000"]])
      }
    case .allowReplacing:
      return with("--force", hint) { Wording(text: "--force replaces it", suggestions: [[$0]]) }
    case .resume:
      return with("--resume", hint) {
        Wording(text: "run the same command with --resume", suggestions: [[$0]])
      }
    case .nameInputKind: return choice("--from", hint, "say which with")
    case .nameOutputKind: return choice("--to", hint, "say which with")
    case .renderInstead(let output):
      return Wording(
        text: "to draw or play a song: midiroll render IN \(output)",
        suggestions: [["midiroll", "render", "IN", output]])
    case .outOfRange:
      return with("--out-of-range", hint) {
        Wording(
          text: "\($0) drop or clamp goes on without them", suggestions: [[$0, "drop"], [$0, "clamp"]])
      }
    case .coarserMatrixGrid:
      guard options.has("--resolution"), options.has("--steps") else { return Wording(text: hint.plainWords) }
      return Wording(
        text: "use a coarser grid: --resolution 12 or --steps 1/8, say",
        suggestions: [["--resolution", "12"], ["--steps", "1/8"]])
    case .mergeMatrixTracks:
      return with("--merge", hint) { Wording(text: "merge them into one with \($0)", suggestions: [[$0]]) }
    case .mergeTracks:
      return with("--merge-tracks", hint) {
        Wording(text: "merge them into one with \($0)", suggestions: [[$0]])
      }
    case .soundFont:
      return with("--soundfont", hint) { Wording(text: "pass \($0) PATH", suggestions: [[$0, "PATH"]]) }
    case .raiseDurationLimit:
      return with("--max-seconds", hint) {
        Wording(text: "raise it with \($0), e.g. \($0) 7200", suggestions: [[$0, "7200"]])
      }
    case .lowerGain:
      return with("--gain", hint) {
        Wording(text: "lower \($0), e.g. \($0) 0.1", suggestions: [[$0, "0.1"]])
      }
    case .chooseWhatWins:
      guard options.listedValues("--prefer") == ["ticks", "positions"] else {
        return Wording(text: hint.plainWords)
      }
      return Wording(
        text: "say which wins: --prefer ticks or --prefer positions",
        suggestions: [["--prefer", "ticks"], ["--prefer", "positions"]])
    case .nameTokenizer:
      return with("--tokenizer", hint) {
        Wording(text: "name it with \($0) tokenizer.json", suggestions: [[$0, "tokenizer.json"]])
      }
    case .installFluidSynth:
      return Wording(
        text:
          "install it (sudo apt-get install libfluidsynth3 timgm6mb-soundfont) and build midiroll with the "
          + "FluidSynth trait (swift build --traits FluidSynth)")
    }
  }

  /// `make(option)` when the command has `option`, else the kit's words of `hint`.
  private func with(_ option: String, _ hint: KitHint, _ make: (String) -> Wording) -> Wording {
    options.has(option) ? make(option) : Wording(text: hint.plainWords)
  }

  /// `lead option a|b|c` with the values the command's `option` lists, else the kit's words.
  private func choice(_ option: String, _ hint: KitHint, _ lead: String) -> Wording {
    let values = options.listedValues(option)
    guard !values.isEmpty else { return Wording(text: hint.plainWords) }
    return Wording(
      text: "\(lead) \(option) " + values.joined(separator: "|"), suggestions: values.map { [option, $0] })
  }
}

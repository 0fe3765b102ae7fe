import ArgumentParser
import Foundation
import MIDIRollFiles
import MIDIRollKit
import TestSupport
import Testing

@testable import MIDIRollCLI

/// What the command line says holds, for every registered subcommand (those added later too):
/// every hint, as each subcommand words it, names options that the subcommand has and
/// accepts; every value a `--help` lists is accepted; every `--help` ends with examples that
/// parse; overviews name every kind written; options named in a help exist; a bad value is a
/// usage error on every subcommand that has the option, in the same words where the option is
/// the same. "Accepted" means parsed by the real parser (`MIDIRollCommand.parseAsRoot`), the
/// commands' `validate()` included, which checks every value before any file is read.
@Suite("Every hint and every listed value, through the parser")
struct CommandLineTruthTests {
  /// Every registered subcommand's name.
  static let names: [String] = MIDIRollCommand.configuration.subcommands.map { $0._commandName }

  /// The subcommand named `name`.
  static func command(_ name: String) -> ParsableCommand.Type {
    MIDIRollCommand.configuration.subcommands.first { $0._commandName == name }!
  }

  /// The options of every subcommand, read once.
  static let indexes = Dictionary(uniqueKeysWithValues: names.map { ($0, OptionIndex(command($0))) })

  /// The options of the subcommand named `name`.
  static func optionIndex(_ name: String) -> OptionIndex { indexes[name]! }

  /// Options a subcommand needs before anything else is accepted (values its `validate()`
  /// asks for). A subcommand added later that needs more fails ``minimalParses(name:)``, which
  /// says so.
  static let required: [String: [String]] = [
    "quantize": ["--grid", "1/16"], "filter": ["--keys", "60...72"], "transpose": ["--semitones", "2"],
    "slice": ["--bars", "1...2"], "resample": ["--ticks-per-beat", "480"], "split": ["--by", "channel"],
    "tokenize": ["--tokenizer", "T.json"], "detokenize": ["--tokenizer", "T.json"],
  ]

  /// The smallest command line of `name` that parses, writing (when it writes) a file of kind
  /// `kind` (`nil`: the subcommand's usual one).
  static func minimal(_ name: String, writing kind: String? = nil) -> [String] {
    let index = optionIndex(name)
    var arguments = [name]
    for positional in index.positionals {
      switch positional.name {
      case "output": arguments.append("out." + (kind ?? (name == "render" ? "svg" : "json")))
      case "OUT_DIR": arguments.append("out-dir")
      case "IN_DIR": arguments.append("in-dir")
      default: arguments.append("in.mid")
      }
    }
    arguments += required[name] ?? []
    if index.has("--to") && index.positionals.allSatisfy({ $0.name != "output" }) {
      arguments += ["--to", kind ?? index.listedValues("--to").first ?? "json"]
    }
    // Options the parser itself requires, with a value it lists.
    for option in index.arguments where !option.isPositional && !option.isOptional && !option.isFlag {
      if !arguments.contains(option.name) { arguments += [option.name, option.listedValues.first ?? "1"] }
    }
    return arguments
  }

  /// `arguments` without the options `options` and their values.
  static func removing(_ options: [String], from arguments: [String], of name: String) -> [String] {
    let index = optionIndex(name)
    var kept: [String] = []
    var skipValue = false
    for argument in arguments {
      if skipValue {
        skipValue = false
      } else if options.contains(argument) {
        skipValue = !(index.option(argument)?.isFlag ?? false)
      } else {
        kept.append(argument)
      }
    }
    return kept
  }

  /// The smallest command line of `name` that gives `option` (with `value`) what it goes
  /// with: the output kind its help names (`(.wav) …`, `(.npz) …`), keys for the key filter's
  /// options, a transposition, bars; `option` itself is left for the caller to add.
  static func withCompanions(_ name: String, option: String, value: String?) -> [String] {
    let index = optionIndex(name)
    let help = index.option(option)?.abstract ?? ""
    var kind: String?
    if let range = help.range(of: #"^\(\.[a-z]+\)"#, options: .regularExpression) {
      kind = String(help[range].dropFirst(2).dropLast())
    }
    let keys = ["--keys", "--scale", "--pitches"]
    var arguments = removing([option], from: minimal(name, writing: kind), of: name)
    if keys.contains(option) || option == "--octaves" {
      arguments = removing(keys, from: arguments, of: name)
    }
    if ["--bars", "--seconds"].contains(option) {
      arguments = removing(["--bars", "--seconds"], from: arguments, of: name)
    }
    func add(_ extra: [String], unlessGiven given: [String]) {
      if !given.contains(where: arguments.contains)
        && extra.allSatisfy({ index.has($0) || !$0.hasPrefix("--") })
      {
        arguments += extra
      }
    }
    let parts = (value ?? "").split(separator: ",").map(String.init)
    switch option {
    case "--mode", "--snap": add(["--keys", "60...72"], unlessGiven: keys)
    case "--octaves", "--fold": add(["--scale", "C major"], unlessGiven: ["--scale"])
    case "--crossing": add(["--bars", "1...2"], unlessGiven: ["--bars", "--seconds"])
    case "--out-of-range": add(["--transpose", "2"], unlessGiven: ["--transpose", "--semitones"])
    case "--strength", "--swing", "--window", "--ends", "--no-ends", "--min-duration", "--all-events":
      add(["--grid", "1/16"], unlessGiven: ["--grid"])
    case "--retry-failed": add(["--resume"], unlessGiven: ["--resume"])
    case "--to" where value == "tokens", "--tokenizer":
      add(["--tokenizer", "T.json"], unlessGiven: ["--tokenizer"])
    case "--drums":
      if parts.contains("filter") || parts.contains("all") { add(["--keys", "60...72"], unlessGiven: keys) }
      if parts.contains("transpose") || parts.contains("all") {
        add(["--transpose", "2"], unlessGiven: ["--transpose", "--semitones"])
      }
    default: break
    }
    return arguments
  }

  /// Parses `arguments` as `midiroll` does.
  /// - Returns: `nil` when accepted, else the message the parser or a `validate()` gave.
  static func refusal(_ arguments: [String]) -> String? {
    do {
      _ = try MIDIRollCommand.parseAsRoot(arguments)
      return nil
    } catch {
      return MIDIRollCommand.message(for: error)
    }
  }

  @Test("each subcommand's smallest command line parses", arguments: names)
  func minimalParses(name: String) {
    let arguments = Self.minimal(name)
    #expect(Self.refusal(arguments) == nil, "\(arguments): add what \(name) needs to `required`")
  }

  @Test("every value a --help lists is accepted", .tags(.slow), .tiered, arguments: names)
  func listedValues(name: String) {
    let index = Self.optionIndex(name)
    for option in index.arguments where !option.isPositional {
      for value in option.listedValues {
        let arguments = Self.withCompanions(name, option: option.name, value: value) + [option.name, value]
        #expect(Self.refusal(arguments) == nil, "\(arguments) is refused: \(Self.refusal(arguments) ?? "")")
      }
    }
  }

  /// One value of every hint.
  static let hints: [KitHint] = [
    .raiseSizeLimit, .allowReplacing, .resume, .nameInputKind, .nameOutputKind,
    .renderInstead(output: "OUT.wav"),
    .outOfRange, .coarserMatrixGrid, .mergeMatrixTracks, .mergeTracks, .soundFont, .raiseDurationLimit,
    .lowerGain, .installFluidSynth, .chooseWhatWins, .nameTokenizer,
  ]

  /// The position of `hint` in ``hints``: a hint added to the kit stops this compiling until it
  /// is placed here, and so in the list the walker walks.
  static func place(of hint: KitHint) -> Int {
    switch hint {
    case .raiseSizeLimit: 0
    case .allowReplacing: 1
    case .resume: 2
    case .nameInputKind: 3
    case .nameOutputKind: 4
    case .renderInstead: 5
    case .outOfRange: 6
    case .coarserMatrixGrid: 7
    case .mergeMatrixTracks: 8
    case .mergeTracks: 9
    case .soundFont: 10
    case .raiseDurationLimit: 11
    case .lowerGain: 12
    case .installFluidSynth: 13
    case .chooseWhatWins: 14
    case .nameTokenizer: 15
    }
  }

  @Test("the walker walks every hint the kit has")
  func everyHint() {
    #expect(Self.hints.indices.map { Self.place(of: Self.hints[$0]) } == Array(Self.hints.indices))
  }

  /// Where `hint` arises: the output kind and the options in force.
  static func context(of hint: KitHint, on name: String) -> [String] {
    switch hint {
    case .coarserMatrixGrid, .mergeMatrixTracks: return minimal(name, writing: "npz")
    case .mergeTracks: return minimal(name, writing: "npz") + ["--npz", "notes"]
    case .soundFont, .raiseDurationLimit, .lowerGain, .installFluidSynth: return minimal(name, writing: "wav")
    case .outOfRange: return withCompanions(name, option: "--out-of-range", value: nil)
    case .nameTokenizer: return name == "batch" ? minimal(name, writing: "tokens") : minimal(name)
    default: return minimal(name)
    }
  }

  @Test(
    "every hint, as each subcommand words it, names options it has and accepts", .tags(.slow), .tiered,
    arguments: names)
  func hints(name: String) throws {
    let hints = CommandLineHints(Self.command(name))
    for hint in Self.hints {
      let wording = hints.wording(hint)
      #expect(hints.words(hint) == wording.text)
      for suggestion in wording.suggestions {
        let arguments: [String]
        if suggestion.first == "midiroll" {
          arguments = suggestion.dropFirst().map { $0 == "IN" ? "in.mid" : $0 }
        } else {
          // `--to tokens` goes with a tokenizer file (its companion, as on the command line).
          let companion =
            suggestion == ["--to", "tokens"] && !Self.context(of: hint, on: name).contains("--tokenizer")
            ? ["--tokenizer", "T.json"] : []
          arguments =
            Self.removing(suggestion, from: Self.context(of: hint, on: name), of: name) + suggestion
            + companion
          #expect(
            suggestion.allSatisfy { !$0.hasPrefix("--") || wording.text.contains($0) }, "\(hint): \(wording)")
        }
        #expect(
          Self.refusal(arguments) == nil, "\(name), \(hint): \(arguments): \(Self.refusal(arguments) ?? "")")
      }
      // Every option the words name is one they suggest (a build command's flags apart).
      let named = Self.options(in: wording.text.components(separatedBy: "swift build")[0])
      let suggested = Set(wording.suggestions.joined().filter { $0.hasPrefix("--") })
      #expect(
        named.isSubset(of: suggested),
        "\(name), \(hint): \(wording.text) names \(named.subtracting(suggested))")
    }
  }

  @Test("a hint names an option only where the subcommand has it")
  func hintsFollowTheCommand() {
    let quantize = CommandLineHints(Quantize.self)
    #expect(quantize.words(.nameOutputKind) == "say which with --to mid|json")
    #expect(quantize.words(.coarserMatrixGrid) == KitHint.coarserMatrixGrid.plainWords)
    #expect(CommandLineHints(Convert.self).words(.nameOutputKind) == "say which with --to mid|json|npz|stats")
    #expect(CommandLineHints(Convert.self).words(.mergeTracks) == "merge them into one with --merge-tracks")
    #expect(CommandLineHints(Info.self).words(.soundFont) == KitHint.soundFont.plainWords)
    #expect(CommandLineHints(Batch.self).words(.soundFont) == "pass --soundfont PATH")
  }

  /// The `--option` words in `text` (a trailing `-` kept: `--velocity-…` names a family).
  static func options(in text: String) -> Set<String> {
    let pattern = try! NSRegularExpression(pattern: #"(?<![\w-])--[a-z][a-z0-9-]*"#)
    let range = NSRange(text.startIndex..., in: text)
    return Set(pattern.matches(in: text, range: range).map { String(text[Range($0.range, in: text)!]) })
  }

  @Test(
    "every option a help names exists: on the subcommand, or on the subcommand the sentence names",
    arguments: names)
  func helpNamesRealOptions(name: String) throws {
    let help = Self.command(name).helpMessage(columns: 10_000)
    let builtIn: Set = ["--help", "--version"]  // the parser's own
    for paragraph in help.components(separatedBy: "\n\n") {
      let others = Self.names.filter {
        paragraph.contains("midiroll \($0)") || paragraph.contains("\($0) --")
      }
      for option in Self.options(in: paragraph) {
        let holders = [name] + others
        let known = holders.contains { holder in
          Self.optionIndex(holder).arguments.contains { argument in
            argument.names.contains { option.hasSuffix("-") ? $0.hasPrefix(option) : $0 == option }
          }
        }
        #expect(known || builtIn.contains(option), "\(name) --help names \(option): \(paragraph)")
      }
    }
  }

  @Test("every --help ends with examples, each of which parses", .tags(.slow), .tiered, arguments: names)
  func examples(name: String) throws {
    let command = try #require(Self.command(name) as? any DocumentedCommand.Type, "\(name) has no examples")
    #expect(command.examples.count >= 2)
    for arguments in [[name, "--help"], ["help", name]] {
      let run = try runMIDIRoll(arguments)
      #expect(run.status == 0)
      let lines = run.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      let heading = try #require(lines.lastIndex(of: "EXAMPLES:"), "\(arguments)")
      #expect(lines[(heading + 1)...].map(String.init) == command.examples.map { "  " + $0 })
      #expect(lines[heading - 1] == "", "a blank line before the examples")
    }
    for example in command.examples {
      let arguments = try #require(Self.midirollArguments(example), "\(example) runs midiroll")
      #expect(arguments.first == name, "\(example)")
      #expect(Self.refusal(arguments) == nil, "\(example): \(Self.refusal(arguments) ?? "")")
    }
  }

  /// The arguments of the `midiroll` in a shell line (up to a pipe or a redirection), looked
  /// for inside quoted words too (`--wrap 'midiroll report out'`).
  static func midirollArguments(_ line: String) -> [String]? {
    let words = shellWords(line)
    if let start = words.firstIndex(of: "midiroll") {
      return Array(words[(start + 1)...].prefix { !["|", ">", "<", "&&", ";"].contains($0) })
    }
    return words.lazy.filter { $0.contains("midiroll ") }.compactMap(midirollArguments).first
  }

  /// Words as a shell splits them (single and double quotes, no expansions).
  static func shellWords(_ line: String) -> [String] {
    var words: [String] = []
    var word: String?
    var quote: Character?
    for character in line {
      if let open = quote {
        if character == open { quote = nil } else { word = (word ?? "") + String(character) }
      } else if character == "'" || character == "\"" {
        quote = character
        word = word ?? ""
      } else if character == " " {
        if let done = word { words.append(done) }
        word = nil
      } else {
        word = (word ?? "") + String(character)
      }
    }
    if let done = word { words.append(done) }
    return words
  }

  @Test("overviews name every kind a subcommand writes", arguments: names)
  func overviewsNameOutputs(name: String) throws {
    guard let command = Self.command(name) as? any WritesSongs.Type else { return }
    let overview = command.configuration.abstract + " " + command.configuration.discussion
    for kind in command.outputKinds {
      let format = try #require(SongFormats.format(kind))
      #expect(overview.contains("." + format.extensions[0]), "\(name)'s overview omits .\(kind): \(overview)")
    }
    let listed = OptionIndex(command).listedValues("--to")
    #expect(listed.isEmpty || listed == command.outputKinds.map(\.rawValue), "\(name): --to lists \(listed)")
  }

  /// A value no option takes, for each shared option that checks its values.
  static let badValues: [String: String] = [
    "--max-file-size": "0", "--bars": "9...2", "--keys": "84...36", "--scale": "C bogus", "--pitches": "x",
    "--octaves": "12", "--grid": "1/7x", "--strength": "101", "--swing": "x", "--window": "x",
    "--transpose": "200", "--seconds": "9...2", "--crossing": "sideways", "--ticks-per-beat": "0",
    "--velocity-scale": "0", "--velocity-set": "128", "--velocity-range": "9", "--split": "track",
    "--drums": "sideways", "--mode": "sideways", "--snap": "sideways", "--colors": "purple",
    "--prefer": "both",
    "--from": "npz", "--to": "svg", "--npz": "tensor", "--resolution": "0", "--steps": "1/7x",
    "--sustain": "hold", "--sample-rate": "1", "--gain": "11", "--tail": "61", "--max-seconds": "0",
  ]

  @Test(
    "a bad value is a usage error on every subcommand that has the option, in the same words where the option is the same",
    .tags(.slow), .tiered)
  func sameBadValueSameError() {
    var holders: [String: [String]] = [:]
    for name in Self.names {
      for option in Self.optionIndex(name).arguments where !option.isPositional {
        holders[option.name, default: []].append(name)
      }
    }
    for (option, names) in holders where names.count > 1 {
      if let value = Self.badValues[option] {
        var messages: [String: [String]] = [:]  // by the option's help, which tells whether it is the same
        for name in names {
          let arguments = Self.withCompanions(name, option: option, value: value) + [option, value]
          guard let message = Self.refusal(arguments) else {
            Issue.record("\(arguments) is accepted")
            continue
          }
          let same = Self.optionIndex(name).option(option).map { "\($0.valueName ?? "") \($0.listedValues)" }
          messages[same ?? "", default: []].append(message)
        }
        for (_, group) in messages {
          #expect(Set(group).count == 1, "\(option) \(value): \(group)")
        }
      }
    }
  }
}

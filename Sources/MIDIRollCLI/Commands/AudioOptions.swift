import ArgumentParser
import MIDIRollFiles
import MIDIRollKit
import MIDIRollOptions
import PianoRoll

/// The options of `render IN OUT.wav`: the SoundFont and how it is rendered (``SynthesisOptions``), and the quantize
/// and key options `convert` has (the keys come from `render`'s own `--keys`, `--scale`,
/// `--octaves` and `--pitches`, which select what sounds).
///
/// Values are checked when rendering, so that a bad one is a one-line usage error (exit 2).
struct AudioOptions: ParsableArguments {
  /// The SoundFont and how it is rendered.
  @OptionGroup var synthesis: SynthesisOptions

  /// Quantize options, as `convert` has them.
  @OptionGroup(title: "Quantize (.wav)") var quantize: QuantizeOptions

  /// Drop or snap, as written (with --keys, --scale or --pitches).
  @Option(
    help: ArgumentHelp(
      "(.wav) Notes outside --keys/--scale/--pitches: drop (default) or snap.", valueName: "drop|snap"))
  var mode: String?

  /// The snap direction, as written.
  @Option(
    help: ArgumentHelp(
      "(.wav) Snap to the nearest allowed pitch, or up or down.", valueName: "nearest|up|down"))
  var snap: String?

  /// Whether drums are filtered, as written.
  @Option(
    help: ArgumentHelp(
      "(.wav) Leave channel 10 alone (keep, the default) or filter it too.",
      valueName: DrumPolicy.valueName(allowing: [.filter])))
  var drums: String?

  /// Creates default options.
  init() {}

  /// What is done to the song before it is rendered: the key filter from `selection`'s keys
  /// and these options' `--mode`, `--snap`, `--drums`, then the quantizer.
  /// - Throws: ``KitError`` (usage) for a bad value, as `convert` reports it.
  func plan(keys selection: RollSelection) throws(KitError) -> TransformPlan {
    var arguments: [String] = []
    let given = [
      ("keys", selection.keys), ("scale", selection.scale), ("octaves", selection.octaves),
      ("pitches", selection.pitches), ("mode", mode), ("snap", snap),
    ]
    for case (let name, let value?) in given { arguments.append("--\(name)=\(value)") }
    let keyOptions: KeyFilterOptions
    do {
      keyOptions = try KeyFilterOptions.parse(arguments)
    } catch {
      throw KitError(.usage, KeyFilterOptions.message(for: error))
    }
    let drums = try DrumPolicy(parsing: drums, allowing: [.filter])
    return TransformPlan(filter: try keyOptions.keyFilter(drums: drums), quantizer: try quantize.quantizer())
  }

  /// The names of options given that only audio output uses (to refuse them for SVG).
  var audioOnlyOptionsGiven: [String] {
    let given: [(String, Bool)] = [
      ("--grid", quantize.grid != nil), ("--mode", mode != nil), ("--snap", snap != nil),
      ("--drums", drums != nil),
    ]
    return synthesis.optionsGiven + given.filter(\.1).map(\.0)
  }
}

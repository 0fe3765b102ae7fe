import ArgumentParser
import MIDIRollKit

/// The kinds one option takes (`--from`, a command's `--to`).
protocol KindChoice {
  /// The kinds, in the order the help lists them.
  static var kinds: [SongFileKind] { get }
}

/// `--from KIND`, `--to KIND`: a registered format by its short name. The help lists the kinds
/// `Choice` names (`(values: mid, json)`), which the command takes; another registered kind
/// parses, so that the command refuses it with what would help (`--to wav`: "midiroll render IN
/// OUT.wav"), and a name that is no format is refused by the parser with the listed values.
struct KindArgument<Choice: KindChoice>: ExpressibleByArgument, Sendable {
  /// The kind named.
  let kind: SongFileKind

  /// The registered kind named `argument` (`mid`, `json`, …, in any case).
  init?(argument: String) {
    guard let format = SongFormats.format(SongFileKind(rawValue: argument.lowercased())) else { return nil }
    kind = format.kind
  }

  /// The kinds `Choice` takes.
  static var allValueStrings: [String] { Choice.kinds.map(\.rawValue) }
}

/// The kinds songs are read from (`--from`).
enum ReadableKinds: KindChoice {
  /// Every format read by its name alone (tokens are read by `detokenize`, with the tokenizer).
  static var kinds: [SongFileKind] { SongFormats.readableByName }
}

/// The kinds a command's output argument takes, as its help says them (``SongPaths``).
protocol OutputKindChoice: KindChoice {
  /// The output argument's help.
  static var outputHelp: String { get }
}

/// The kinds `convert` writes.
enum ConvertKinds: OutputKindChoice {
  /// ``Convert/outputKinds``.
  static var kinds: [SongFileKind] { Convert.outputKinds }
  /// The output's help (statistics are named by `--to stats` or `.jsonl`).
  static let outputHelp = "The output (.mid, .json or .npz), or '-' for standard output."
}

/// The kinds the one-file edits write (`quantize`, `filter`, `transpose`, …).
enum EditKinds: OutputKindChoice {
  /// ``TransformPlan/editOutputKinds``.
  static var kinds: [SongFileKind] { TransformPlan.editOutputKinds }
  /// The output's help.
  static let outputHelp = "The output (.mid or .json), or '-' for standard output."
}

/// The kinds `batch` writes.
enum BatchKinds: KindChoice {
  /// ``Batch/outputKinds``.
  static var kinds: [SongFileKind] { Batch.outputKinds }
}

/// The kinds `detokenize` writes.
enum DetokenizeKinds: KindChoice {
  /// ``Detokenize/outputKinds``.
  static var kinds: [SongFileKind] { Detokenize.outputKinds }
}

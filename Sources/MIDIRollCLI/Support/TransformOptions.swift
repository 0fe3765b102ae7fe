import ArgumentParser
import PianoRoll

/// Quantize options (`--grid`, `--strength`, `--swing`, `--window`, `--ends`, `--min-duration`,
/// `--all-events`), for `quantize`, `convert` and `batch`.
///
/// Values are read as text and checked by ``quantizer()``, so that a bad one is a one-line
/// usage error (exit 2) naming the option.
public struct QuantizeOptions: ParsableArguments {
  /// The grid, as written.
  @Option(
    name: [.customLong("grid"), .customLong("quantize")],
    help: ArgumentHelp(
      "Quantize to this grid: 1/1 … 1/64, t for triplets (1/8t), . for dotted (1/8.), or a name (sixteenth).",
      valueName: "grid"))
  public var grid: String?

  /// The strength, as written.
  @Option(
    help: ArgumentHelp("How far each note moves toward its grid line, 0-100 % (default 100).", valueName: "%")
  )
  public var strength: String?

  /// The swing, as written.
  @Option(
    help: ArgumentHelp(
      "Delay every second grid line of a bar by this % of a third of a cell, 0-100 (default 0; 100 at 1/8 is the triplet shuffle).",
      valueName: "%"))
  public var swing: String?

  /// The window, as written.
  @Option(
    help: ArgumentHelp(
      "Move only notes within this % of half a cell of their line, 0-100 (default 100: every note).",
      valueName: "%"))
  public var window: String?

  /// Quantize ends too.
  @Flag(
    inversion: .prefixedNo,
    help:
      "Quantize note ends to their own grid lines too (--ends), or keep every note's length (--no-ends, the default)."
  )
  public var ends: Bool?

  /// Make every note at least a cell long.
  @Flag(help: "Make every note at least one grid cell long (never 0 ticks).")
  public var minDuration = false

  /// Move non-note events too.
  @Flag(help: "Quantize non-note events too (controllers, programs, text…; not tempo, meters, keys).")
  public var allEvents = false

  /// Creates default options.
  public init() {}

  /// The quantizer these options ask for, or `nil` without `--grid`.
  /// - Throws: ``CLIError`` (usage) for a bad value, or an option that needs `--grid` without it.
  public func quantizer() throws(CLIError) -> Quantizer? {
    guard let grid else {
      let given = [
        ("--strength", strength != nil), ("--swing", swing != nil), ("--window", window != nil),
        (ends == true ? "--ends" : "--no-ends", ends != nil), ("--min-duration", minDuration),
        ("--all-events", allEvents),
      ]
      if let (name, _) = given.first(where: \.1) {
        throw CLIError(.usage, "\(name) needs a grid: add --grid 1/16 (or another grid)")
      }
      return nil
    }
    let parsed: Grid
    do {
      parsed = try Grid(parsing: grid)
    } catch {
      throw CLIError(.usage, "\(error)")
    }
    return Quantizer(
      grid: parsed, strength: try Self.percent(strength, option: "--strength") ?? 100,
      swing: try Self.percent(swing, option: "--swing") ?? 0,
      window: try Self.percent(window, option: "--window") ?? 100, quantizesEnds: ends ?? false,
      minimumDuration: minDuration, movesAllEvents: allEvents)
  }

  /// A whole percentage 0–100, with or without `%`.
  static func percent(_ text: String?, option: String) throws(CLIError) -> Int? {
    guard var text else { return nil }
    if text.hasSuffix("%") { text.removeLast() }
    guard let value = Int(text), (0...100).contains(value) else {
      throw CLIError(.usage, "\(option) '\(text)': expected a whole percentage from 0 to 100")
    }
    return value
  }
}

/// Key options (`--keys`, `--scale`, `--octaves`, `--pitches`, `--mode`, `--snap`, `--drums`),
/// for `filter`, `convert` and `batch`.
public struct KeyFilterOptions: ParsableArguments {
  /// A pitch range, as written.
  @Option(
    help: ArgumentHelp("Keep the keys of this range: 36...84 or C2...C6 (C4 = 60).", valueName: "low...high"))
  public var keys: String?

  /// A scale, as written.
  @Option(
    help: ArgumentHelp(
      "Keep the notes of this scale: \"D dorian\", \"F# harmonic minor\", \"Bb blues\" (see filter --list-scales).",
      valueName: "scale"))
  public var scale: String?

  /// Octaves for the scale, as written.
  @Option(
    help: ArgumentHelp(
      "With --scale: only these octaves, 2...6 being C2 (36) through B6 (95); default every octave.",
      valueName: "low...high"))
  public var octaves: String?

  /// Pitches, as written.
  @Option(help: ArgumentHelp("Keep these pitches: 60,64,67 or C4,E4,G4.", valueName: "list"))
  public var pitches: String?

  /// Drop or snap, as written.
  @Option(
    help: ArgumentHelp("What happens to notes outside: drop (default) or snap.", valueName: "drop|snap"))
  public var mode: String?

  /// The snap direction, as written.
  @Option(
    help: ArgumentHelp(
      "Snap to the nearest allowed pitch (ties down; the default), or always up or down. Implies --mode snap.",
      valueName: "nearest|up|down"))
  public var snap: String?

  /// Whether drums are filtered, as written.
  @Option(
    help: ArgumentHelp(
      "Leave channel 10 alone (keep, the default), or filter it, transpose it, or both (filter,transpose).",
      valueName: "keep|filter|transpose"))
  public var drums: String?

  /// Creates default options.
  public init() {}

  /// The key filter these options ask for, or `nil` without `--keys`, `--scale` or `--pitches`.
  /// - Throws: ``CLIError`` (usage) for a bad value, a range upside down, options that do not
  ///   go together, or an option that needs keys without them.
  public func keyFilter() throws(CLIError) -> KeyFilter? {
    let sources = [("--keys", keys), ("--scale", scale), ("--pitches", pitches)].filter { $0.1 != nil }
    if sources.count > 1 {
      throw CLIError(
        .usage,
        "give one of --keys, --scale and --pitches, not \(sources.map(\.0).joined(separator: " and "))")
    }
    if octaves != nil && scale == nil { throw CLIError(.usage, "--octaves goes with --scale") }
    guard let (option, text) = sources.first, let text else {
      let drumsFilter = try DrumPolicy(parsing: drums).filters ? drums : nil  // edits: --drums transpose
      let given = [("--mode", mode), ("--snap", snap), ("--drums", drumsFilter)].first { $0.1 != nil }
      if let (name, _) = given {
        throw CLIError(.usage, "\(name) needs keys: add --keys, --scale or --pitches")
      }
      return nil
    }
    let keySet: KeySet
    do throws(KeyError) {
      switch option {
      case "--keys": keySet = try KeySet(parsingRange: text)
      case "--pitches": keySet = try KeySet(parsingPitches: text)
      default:
        let scale = try Scale(parsing: text)
        var range = -1...9
        if let octaves { range = try KeySet.parseOctaves(octaves) }
        keySet = KeySet(scale: scale, octaves: range)
        if keySet.isEmpty { throw KeyError.empty(keySet.label) }
      }
    } catch {
      throw Self.usageError(error, option: option, text: text)
    }
    return KeyFilter(keys: keySet, mode: try filterMode(), filtersDrums: try filtersDrums())
  }

  /// `--mode` and `--snap` together.
  private func filterMode() throws(CLIError) -> KeyFilter.Mode {
    var direction: SnapDirection?
    if let snap {
      guard let value = SnapDirection(rawValue: snap.lowercased()) else {
        throw CLIError(.usage, "--snap '\(snap)': expected nearest, up or down")
      }
      direction = value
    }
    switch mode?.lowercased() {
    case nil: return direction.map { .snap($0) } ?? .drop
    case "drop":
      if direction != nil { throw CLIError(.usage, "--snap goes with --mode snap, not --mode drop") }
      return .drop
    case "snap": return .snap(direction ?? .nearest)
    default: throw CLIError(.usage, "--mode '\(mode ?? "")': expected drop or snap")
    }
  }

  /// `--drums`.
  private func filtersDrums() throws(CLIError) -> Bool {
    try DrumPolicy(parsing: drums).filters  // edits: shared with --drums transpose
  }

  /// A one-line usage error for a key option, with a pointer to the scale list where it helps.
  static func usageError(_ error: KeyError, option: String, text: String) -> CLIError {
    switch error {
    case .unknownScaleType, .badRoot:
      return CLIError(.usage, "\(option): \(error) (midiroll filter --list-scales lists the scales)")
    case .badOctaves:
      return CLIError(.usage, "--octaves: \(error)")
    case .upsideDown where option == "--scale":  // only the octaves of a scale are a range
      return CLIError(.usage, "--octaves: \(error)")
    default:
      return CLIError(.usage, "\(option): \(error)")
    }
  }

  /// The known scales, one a line: name, semitones above the root, steps, other names.
  public static func scaleList() -> String {
    let width = ScaleType.all.map(\.name.count).max() ?? 0
    return ScaleType.all.map { type in
      let name = type.name.padding(to: width)
      let intervals = type.intervals.map(String.init).joined(separator: " ").padding(to: 26)
      let steps = type.steps.map(String.init).joined(separator: "-").padding(to: 24)
      let aliases = type.aliases.isEmpty ? "" : "also " + type.aliases.joined(separator: ", ")
      return "\(name)  \(intervals)steps \(steps)\(aliases)".trimmingTrailingSpaces()
    }.joined(separator: "\n")
  }
}

/// Every transform option: edits, quantize and keys, for `convert` and `batch`.
public struct TransformOptions: ParsableArguments {
  /// Edit options (transpose, slice, resample, velocity, merge, split).
  @OptionGroup(title: "Edit") public var edit: EditOptions
  /// Quantize options.
  @OptionGroup(title: "Quantize") public var quantize: QuantizeOptions
  /// Key options.
  @OptionGroup(title: "Keys") public var keys: KeyFilterOptions

  /// Creates default options.
  public init() {}

  /// What the options ask for (possibly nothing).
  /// - Throws: ``CLIError`` (usage) for a bad option.
  public func plan() throws(CLIError) -> TransformPlan {
    TransformPlan(
      edits: try edit.edits(drums: keys.drums), filter: try keys.keyFilter(),
      quantizer: try quantize.quantizer())
  }
}

/// What is done to a song between reading and writing, in this order: the edits (slice,
/// resample, transpose, velocity, merge or split; see ``SongEdits``), then filter to keys,
/// then quantize.
public struct TransformPlan: Sendable {
  /// The edits, if any.
  public var edits: SongEdits?
  /// The key filter, if any.
  public var filter: KeyFilter?
  /// The quantizer, if any.
  public var quantizer: Quantizer?

  /// Creates a plan.
  public init(edits: SongEdits? = nil, filter: KeyFilter? = nil, quantizer: Quantizer? = nil) {
    self.edits = edits
    self.filter = filter
    self.quantizer = quantizer
  }

  /// Whether the plan leaves a song as it is (and as it was read: a `.mid` is not even turned
  /// into a piano roll).
  public var isEmpty: Bool { edits == nil && filter == nil && quantizer == nil }

  /// Edits, filters, then quantizes.
  /// - Returns: One line per step saying what it did.
  /// - Throws: ``CLIError`` (bad input) for an edit the song does not allow.
  @discardableResult
  public func apply(to input: inout SongInput) throws(CLIError) -> [String] {
    guard !isEmpty else { return [] }
    var lines: [String] = []
    let path = input.path
    try input.transform { (song) throws(CLIError) in
      if let edits { lines += try edits.apply(to: &song, path: path) }
      if let filter { lines.append(filter.filter(&song).description) }
      if let quantizer { lines.append(quantizer.quantize(&song).description) }
    }
    return lines
  }

  /// The input after ``apply(to:)`` (for `batch`, which prints no per-file lines).
  func applied(to input: SongInput) throws(CLIError) -> SongInput {
    var input = input
    try apply(to: &input)
    return input
  }
}

extension String {
  /// The string padded with spaces to at least `width` characters.
  fileprivate func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }

  /// The string without trailing spaces.
  fileprivate func trimmingTrailingSpaces() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}

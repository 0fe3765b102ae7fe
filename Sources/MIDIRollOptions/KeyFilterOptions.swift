import ArgumentParser
import MIDIRollFiles
import PianoRoll

/// Key options (`--keys`, `--scale`, `--octaves`, `--pitches`, `--mode`, `--snap`), for
/// `filter`, `convert`, `batch` and `render OUT.wav`; each command has its own `--drums`
/// (``DrumPolicy``), as each takes other values.
package struct KeyFilterOptions: ParsableArguments {
  /// A pitch range, as written.
  @Option(
    help: ArgumentHelp("Keep the keys of this range: 36...84 or C2...C6 (C4 = 60).", valueName: "low...high"))
  package var keys: String?

  /// A scale, as written.
  @Option(
    help: ArgumentHelp(
      "Keep the notes of this scale: \"D dorian\", \"F# harmonic minor\", \"Bb blues\" (see filter --list-scales).",
      valueName: "scale"))
  package var scale: String?

  /// Octaves for the scale, as written.
  @Option(
    help: ArgumentHelp(
      "With --scale: only these octaves, 2...6 being C2 (36) through B6 (95); default every octave.",
      valueName: "low...high"))
  package var octaves: String?

  /// Pitches, as written.
  @Option(help: ArgumentHelp("Keep these pitches: 60,64,67 or C4,E4,G4.", valueName: "list"))
  package var pitches: String?

  /// Drop or snap, as written.
  @Option(
    help: ArgumentHelp("What happens to notes outside: drop (default) or snap.", valueName: "drop|snap"))
  package var mode: String?

  /// The snap direction, as written.
  @Option(
    help: ArgumentHelp(
      "Snap to the nearest allowed pitch (ties down; the default), or always up or down. Implies --mode snap.",
      valueName: "nearest|up|down"))
  package var snap: String?

  /// Creates default options.
  package init() {}

  /// The key filter these options ask for, or `nil` without `--keys`, `--scale` or `--pitches`.
  /// - Parameter drums: What `--drums` says (`filter`: channel 10 is filtered too).
  /// - Throws: ``KitError`` (usage) for a bad value, a range upside down, options that do not
  ///   go together, or an option that needs keys without them.
  package func keyFilter(drums: DrumPolicy) throws(KitError) -> KeyFilter? {
    let sources = [("--keys", keys), ("--scale", scale), ("--pitches", pitches)].filter { $0.1 != nil }
    if sources.count > 1 {
      throw KitError(
        .usage,
        "give one of --keys, --scale and --pitches, not \(sources.map(\.0).joined(separator: " and "))")
    }
    if octaves != nil && scale == nil { throw KitError(.usage, "--octaves goes with --scale") }
    guard let (option, text) = sources.first, let text else {
      let given = [("--mode", mode != nil), ("--snap", snap != nil), ("--drums filter", drums.filters)]
      if let (name, _) = given.first(where: \.1) {  // --drums transpose is an edit, not the filter's
        throw KitError(.usage, "\(name) needs keys: add --keys, --scale or --pitches")
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
    return KeyFilter(keys: keySet, mode: try filterMode(), filtersDrums: drums.filters)
  }

  /// `--mode` and `--snap` together.
  private func filterMode() throws(KitError) -> KeyFilter.Mode {
    var direction: SnapDirection?
    if let snap {
      guard let value = SnapDirection(rawValue: snap.lowercased()) else {
        throw KitError(.usage, "--snap '\(snap)': expected nearest, up or down")
      }
      direction = value
    }
    switch mode?.lowercased() {
    case nil: return direction.map { .snap($0) } ?? .drop
    case "drop":
      if direction != nil { throw KitError(.usage, "--snap goes with --mode snap, not --mode drop") }
      return .drop
    case "snap": return .snap(direction ?? .nearest)
    default: throw KitError(.usage, "--mode '\(mode ?? "")': expected drop or snap")
    }
  }

  /// A one-line usage error for a key option, with a pointer to the scale list where it helps.
  package static func usageError(_ error: KeyError, option: String, text: String) -> KitError {
    switch error {
    case .unknownScaleType, .badRoot:
      return KitError(.usage, "\(option): \(error) (midiroll filter --list-scales lists the scales)")
    case .badOctaves:
      return KitError(.usage, "--octaves: \(error)")
    case .upsideDown where option == "--scale":  // only the octaves of a scale are a range
      return KitError(.usage, "--octaves: \(error)")
    default:
      return KitError(.usage, "\(option): \(error)")
    }
  }

  /// The known scales, one a line: name, semitones above the root, steps, other names.
  package static func scaleList() -> String {
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

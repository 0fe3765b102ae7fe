import ArgumentParser
import MIDIRollFiles
import PianoRoll

/// Transpose options (`--transpose`, `--out-of-range`), for `convert` and `batch` (the
/// `transpose` command names its semitones `--semitones`). Values are read as text and checked
/// by ``transposition(drums:)``, so that a bad one is a one-line usage error (exit 2) naming the
/// option, before any file is read.
package struct TransposeOptions: ParsableArguments {
  /// The semitones, as written.
  @Option(name: .customLong("transpose"), parsing: .unconditional, help: Self.semitonesHelp)
  package var semitones: String?

  /// The out-of-range policy, as written.
  @Option(help: ArgumentHelp(Self.outOfRangeHelp, valueName: "drop|clamp|fail"))
  package var outOfRange: String?

  /// The help of the semitones (`--transpose` here, `--semitones` on `transpose`).
  package static let semitonesHelp = ArgumentHelp(
    "Transpose by this many semitones, -127 to 127 (e.g. 5, -12).", valueName: "n")

  /// The help of `--out-of-range`, here and on `transpose`.
  package static let outOfRangeHelp =
    "Notes pushed past 0-127 are dropped, clamped to 0 or 127, or make the command fail (fail, the default, names them)."

  /// Creates default options.
  package init() {}

  /// The transposition these options ask for, or `nil` without semitones.
  /// - Parameter drums: Whether channel 10 moves too (from `--drums`).
  /// - Throws: ``KitError`` (usage) for a bad value, or `--out-of-range` without semitones.
  package func transposition(drums: Bool) throws(KitError) -> Transposition? {
    guard let semitones else {
      if outOfRange != nil { throw KitError(.usage, "--out-of-range goes with --transpose") }
      return nil
    }
    return try Self.transposition(semitones, option: "--transpose", outOfRange: outOfRange, drums: drums)
  }

  /// The transposition of `text` semitones, given as `option`, with `--out-of-range` as written.
  /// - Throws: ``KitError`` (usage) naming the option for a bad value.
  package static func transposition(_ text: String, option: String, outOfRange: String?, drums: Bool)
    throws(KitError)
    -> Transposition
  {
    guard let value = Int(text.trimmingSpaces()), (-127...127).contains(value) else {
      throw KitError(.usage, "\(option) '\(text)': expected a whole number of semitones from -127 to 127")
    }
    var policy = Transposition.OutOfRange.fail
    if let outOfRange {
      guard let parsed = Transposition.OutOfRange(rawValue: outOfRange.lowercased()) else {
        throw KitError(.usage, "--out-of-range '\(outOfRange)': expected drop, clamp or fail")
      }
      policy = parsed
    }
    return Transposition(semitones: value, transposesDrums: drums, outOfRange: policy)
  }
}

/// Slice options (`--bars`, `--seconds`, `--crossing`), for `slice`, `convert` and `batch`.
package struct SliceOptions: ParsableArguments {
  /// The bars, as written.
  @Option(
    help: ArgumentHelp(
      "Keep only these bars, counted from 1 and inclusive: 5...12 (or 5-12), 5... to the end, or 5.",
      valueName: "bars"))
  package var bars: String?

  /// The seconds, as written.
  @Option(
    help: ArgumentHelp(
      "Keep only this time span in seconds: 30...60.5 (or 30-60.5), or 30... to the end.",
      valueName: "seconds"))
  package var seconds: String?

  /// The crossing policy, as written.
  @Option(
    help: ArgumentHelp(
      "Notes across a cut are cut there (cut, the default), keep their length past the end (keep), or are dropped (drop).",
      valueName: "cut|keep|drop"))
  package var crossing: String?

  /// Creates default options.
  package init() {}

  /// The slice these options ask for, or `nil` without `--bars` or `--seconds`.
  /// - Throws: ``KitError`` (usage) saying why a value is not bars or seconds, or for options
  ///   that do not go together.
  package func slice() throws(KitError) -> SongSlice? {
    let span: SongSlice.Span
    switch (bars, seconds) {
    case (.some, .some):
      throw KitError(.usage, "give one of --bars and --seconds, not both")
    case (nil, nil):
      if crossing != nil { throw KitError(.usage, "--crossing goes with --bars or --seconds") }
      return nil
    case (.some(let bars), nil):
      span = .bars(try BarRange.parseOption(bars))
    case (nil, .some(let seconds)):
      span = try Self.seconds(seconds)
    }
    var policy = SongSlice.Crossing.cut
    if let crossing {
      guard let parsed = SongSlice.Crossing(rawValue: crossing.lowercased()) else {
        throw KitError(.usage, "--crossing '\(crossing)': expected cut, keep or drop")
      }
      policy = parsed
    }
    return SongSlice(span, crossing: policy)
  }

  /// Reads `30...60.5`, `30..60.5`, `30-60.5` or `30...` as seconds.
  package static func seconds(_ text: String) throws(KitError) -> SongSlice.Span {
    let trimmed = text.trimmingSpaces()
    let separator =
      trimmed.firstRange(of: "...") ?? trimmed.firstRange(of: "..")
      ?? trimmed.dropFirst().firstIndex(of: "-").map { $0..<trimmed.index(after: $0) }
    guard let separator else {
      throw KitError(
        .usage, "--seconds '\(text)': expected from...to in seconds, e.g. 30...60.5, 30-60.5 or 30...")
    }
    let fromText = String(trimmed[..<separator.lowerBound])
    let toText = String(trimmed[separator.upperBound...])
    func value(_ part: String) throws(KitError) -> Double {
      guard let value = Double(part), value.isFinite else {
        throw KitError(.usage, "--seconds '\(text)': '\(part)' is not a number of seconds (e.g. 30...60.5)")
      }
      guard value >= 0 else { throw KitError(.usage, "--seconds '\(text)': seconds start at 0, not \(part)") }
      return value
    }
    let from = fromText.isEmpty ? 0 : try value(fromText)
    let to = toText.isEmpty ? nil : try value(toText)
    if let to, to <= from {
      throw KitError(
        .usage,
        "--seconds '\(text)': the end (\(toText) s) must come after the start (\(fromText.isEmpty ? "0" : fromText) s)"
      )
    }
    return .seconds(from: from, to: to)
  }
}

/// Every edit option (transpose, slice, resample, velocity, merge and split), for `convert`
/// and `batch`. Applied in this order, then the key filter, then quantizing
/// (see ``TransformPlan``).
package struct EditOptions: ParsableArguments {
  /// Transpose options.
  @OptionGroup package var transpose: TransposeOptions
  /// Slice options.
  @OptionGroup package var slice: SliceOptions

  /// Ticks per beat, as written.
  @Option(
    help: ArgumentHelp(
      "Resample to this many ticks per beat (quarter note), 1-32767; ticks that do not divide are rounded.",
      valueName: "n"))
  package var ticksPerBeat: String?

  /// A velocity scale, as written.
  @Option(
    help: ArgumentHelp("Scale every note's velocity by this percentage (80 = 80 %), 1-1000.", valueName: "%"))
  package var velocityScale: String?

  /// A velocity to set, as written.
  @Option(help: ArgumentHelp("Set every note's velocity to this value, 1-127.", valueName: "n"))
  package var velocitySet: String?

  /// A velocity range, as written.
  @Option(
    help: ArgumentHelp(
      "Compress velocities 1-127 into this range, linearly: 40...110 (or 40-110).", valueName: "low...high"))
  package var velocityRange: String?

  /// Merge the tracks (`--merge-tracks`; `--merge` is the `.npz` option of one piano roll).
  @Flag(
    name: .customLong("merge-tracks"), help: "Merge every track into one (format 0), as `midiroll merge`.")
  package var merge = false

  /// Split the tracks, as written; or, with `batch`, the dataset (`name=fraction,…`).
  @Option(
    help: ArgumentHelp(
      "Split into a conductor track and one track per channel or per program (format 1); "
        + "batch also takes name=fraction,… (train=0.8,valid=0.1,test=0.1): outputs under "
        + "OUT_DIR/<name>/, each input placed by its content.",
      valueName: "channel|program"))
  package var split: String?

  /// The dataset split `--split` gives (`name=fraction,…`), or `nil` for a track split or none.
  package var datasetSplit: String? { split.flatMap { $0.contains("=") ? $0 : nil } }

  /// Creates default options.
  package init() {}

  /// The edits these options ask for, or `nil` for none.
  /// - Parameter policy: What `--drums` says (`transpose` moves channel 10 too).
  /// - Throws: ``KitError`` (usage) for a bad value or options that do not go together.
  package func edits(drums policy: DrumPolicy) throws(KitError) -> SongEdits? {
    var edits = SongEdits()
    edits.transposition = try transpose.transposition(drums: policy.transposes)
    if policy.transposes && edits.transposition == nil {
      throw KitError(.usage, "--drums transpose goes with --transpose")
    }
    edits.slice = try slice.slice()
    if let ticksPerBeat { edits.resampling = Resampling(ticksPerBeat: try Self.ticksPerBeat(ticksPerBeat)) }
    edits.velocity = try velocity()
    let trackSplit = datasetSplit == nil ? split : nil
    if merge && trackSplit != nil {
      throw KitError(.usage, "give one of --merge-tracks and --split, not both")
    }
    if merge { edits.layout = .merge }
    if let split = trackSplit { edits.layout = .split(by: try Self.splitKey(split, option: "--split")) }
    return edits.isEmpty ? nil : edits
  }

  /// The velocity change of `--velocity-scale`, `--velocity-set` or `--velocity-range`.
  package func velocity() throws(KitError) -> VelocityChange? {
    let given = [
      ("--velocity-scale", velocityScale), ("--velocity-set", velocitySet),
      ("--velocity-range", velocityRange),
    ]
    .filter { $0.1 != nil }
    if given.count > 1 {
      throw KitError(.usage, "give one of \(given.map(\.0).joined(separator: " and ")), not several")
    }
    if var text = velocityScale {
      if text.hasSuffix("%") { text.removeLast() }
      guard let percent = Int(text), (1...1000).contains(percent) else {
        throw KitError(
          .usage, "--velocity-scale '\(velocityScale ?? "")': expected a whole percentage from 1 to 1000")
      }
      return .scale(percent: percent)
    }
    if let velocitySet {
      guard let value = Int(velocitySet), (1...127).contains(value) else {
        throw KitError(.usage, "--velocity-set '\(velocitySet)': expected a velocity from 1 to 127")
      }
      return .set(UInt8(value))
    }
    if let velocityRange {
      let parts =
        velocityRange.split(separator: "...", omittingEmptySubsequences: false).count == 2
        ? velocityRange.split(separator: "...", omittingEmptySubsequences: false)
        : velocityRange.split(separator: "-", omittingEmptySubsequences: false)
      let values = parts.compactMap { Int($0.trimming(" ")) }
      guard parts.count == 2, values.count == 2, values.allSatisfy({ (1...127).contains($0) }) else {
        throw KitError(
          .usage,
          "--velocity-range '\(velocityRange)': expected low...high, both from 1 to 127 (e.g. 40...110)")
      }
      guard values[0] <= values[1] else {
        throw KitError(
          .usage,
          "--velocity-range '\(velocityRange)' is upside down: write the lower end first (\(values[1])...\(values[0]))"
        )
      }
      return .range(UInt8(values[0])...UInt8(values[1]))
    }
    return nil
  }

  /// A ticks-per-beat value, 1–32767.
  package static func ticksPerBeat(_ text: String) throws(KitError) -> Int {
    guard let value = Int(text), Resampling.validTicksPerBeat.contains(value) else {
      throw KitError(.usage, "--ticks-per-beat '\(text)': expected a whole number from 1 to 32767")
    }
    return value
  }

  /// `channel` or `program`.
  package static func splitKey(_ text: String, option: String) throws(KitError) -> TrackLayout.SplitKey {
    guard let key = TrackLayout.SplitKey(rawValue: text.lowercased()) else {
      throw KitError(.usage, "\(option) '\(text)': expected channel or program")
    }
    return key
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces.
  package func trimmingSpaces() -> String { trimming(" ") }

  /// The text without leading and trailing copies of `character`.
  package func trimming(_ character: Character) -> String {
    var text = Substring(self)
    while text.first == character { text.removeFirst() }
    while text.last == character { text.removeLast() }
    return String(text)
  }
}

import ArgumentParser
import MIDIRollFiles
import MIDITokens

/// MidiTok's `augment_score` before tokenizing (`tokenize --pitch-offset 2`), the same words
/// for the command line and for `Tokenizer.encode(..., pitch_offset=2)`.
package struct AugmentOptions: ParsableArguments {
  /// Semitones added to the pitches of non-drum tracks.
  @Option(
    name: .customLong("pitch-offset"),
    help: ArgumentHelp("Shift pitches first (not drums), as MidiTok's augment_score.", valueName: "SEMITONES")
  )
  package var pitchOffset = 0
  /// Added to every velocity.
  @Option(
    name: .customLong("velocity-offset"),
    help: ArgumentHelp(
      "Shift velocities first, clamped to --offset-velocity-range on the offset's side.", valueName: "N"))
  package var velocityOffset = 0
  /// Added to durations, in beats (or ticks).
  @Option(
    name: .customLong("duration-offset"),
    help: ArgumentHelp(
      "Shift durations first (not drums), in beats, or ticks with --duration-in-ticks.", valueName: "X"))
  package var durationOffset: String?
  /// Whether the duration offset and minimum count ticks.
  @Flag(
    name: .customLong("duration-in-ticks"),
    help: "--duration-offset and --min-duration count ticks, not beats.")
  package var durationInTicks = false
  /// The velocities a shifted velocity is clamped to.
  @Option(
    name: .customLong("offset-velocity-range"),
    help: ArgumentHelp(
      "The velocities --velocity-offset clamps to (default 1...127).", valueName: "low...high"))
  package var velocityRange: String?
  /// The shortest duration a negative duration offset leaves.
  @Option(
    name: .customLong("min-duration"),
    help: ArgumentHelp(
      "The shortest duration a negative --duration-offset leaves (default 0.03125 beats).", valueName: "X"))
  package var minimumDuration: String?

  /// Creates default options.
  package init() {}

  /// The augmentation asked for (no change without offsets).
  /// - Throws: ``KitError`` (usage) for a value that is not a number, or a velocity range
  ///   outside 0–127 or upside down.
  package func augmentation() throws(KitError) -> ScoreAugmentation {
    var augmentation = ScoreAugmentation()
    augmentation.pitchOffset = pitchOffset
    augmentation.velocityOffset = velocityOffset
    augmentation.durationInTicks = durationInTicks
    if let durationOffset {
      guard let value = Double(durationOffset), value.isFinite else {
        throw KitError(.usage, "--duration-offset '\(durationOffset)': expected a number")
      }
      augmentation.durationOffset = value
      augmentation.durationOffsetIsWhole = Int(durationOffset) != nil
    }
    if let minimumDuration { augmentation.minimumDuration = try Self.minimumDuration(minimumDuration) }
    if let velocityRange { augmentation.velocityRange = try Self.velocityRange(velocityRange) }
    guard (-127...127).contains(pitchOffset), (-127...127).contains(velocityOffset) else {
      throw KitError(.usage, "--pitch-offset and --velocity-offset must be from -127 to 127")
    }
    return augmentation
  }
}

extension AugmentOptions {
  /// `--min-duration`'s value.
  /// - Throws: ``KitError`` (usage) for a value that is not a number.
  static func minimumDuration(_ text: String) throws(KitError) -> Double {
    guard let value = Double(text), value.isFinite else {
      throw KitError(.usage, "--min-duration '\(text)': expected a number")
    }
    return value
  }

  /// `--offset-velocity-range`'s value, `low...high`.
  /// - Throws: ``KitError`` (usage) for a range outside 0–127 or upside down.
  static func velocityRange(_ text: String) throws(KitError) -> ClosedRange<Int> {
    let ends = text.split(separator: "...", omittingEmptySubsequences: false).map { Int($0) }
    guard ends.count == 2, let low = ends[0], let high = ends[1], (0...127).contains(low),
      (0...127).contains(high),
      low <= high
    else {
      throw KitError(
        .usage, "--offset-velocity-range '\(text)': expected low...high, from 0 to 127, low first")
    }
    return low...high
  }
}

/// `tokenize`'s words for what is done before and while a song is tokenized: the
/// augmentation and the chunks, read from a caller in-process (the C ABI).
package struct TokenizeWords: ParsableArguments {
  /// MidiTok's augmentation.
  @OptionGroup package var augment: AugmentOptions
  /// Cutting into chunks.
  @OptionGroup package var chunks: ChunkOptions

  /// Creates default options.
  package init() {}

  /// Reads `words` as `tokenize` reads these options.
  /// - Throws: ``KitError`` (usage) with the command line's message for a word it refuses.
  package init(parsing words: [String]) throws(KitError) {
    do {
      self = try Self.parse(words)
    } catch {
      throw KitError(.usage, Self.message(for: error))
    }
  }
}

import ArgumentParser
import MIDIRollFiles
import MIDIRollKit

/// `midiroll convert`'s words for what is done to a song and how it is written, taken from a
/// caller in-process (the C ABI, and through it the Python package): the edit, quantize and key
/// options and `--drums` (``TransformOptions``), the `.npz` options and `--sustain`
/// (``NPZOutputOptions``), and `--compact`. The same words give the same plan and encoding as
/// on the command line, and a word the command line refuses is refused in its words.
package struct ConvertWords: ParsableArguments {
  /// Edit, quantize and key options.
  @OptionGroup package var transform: TransformOptions
  /// `.npz` options and `--sustain`.
  @OptionGroup package var npz: NPZOutputOptions
  /// Write compact piano-roll JSON.
  @Flag(name: .long, help: "Write piano-roll JSON with notes and events as rows (compact, lossless).")
  package var compact = false

  /// Creates default options.
  package init() {}

  /// Reads `words` as `convert` reads its options.
  /// - Throws: ``KitError`` (usage) with the command line's message for a word it refuses.
  package init(parsing words: [String]) throws(KitError) {
    do {
      self = try Self.parse(words)
    } catch {
      throw KitError(.usage, Self.message(for: error))
    }
  }

  /// What the words ask to do to a song: the transform and `--sustain`, and nothing about how
  /// it is written.
  /// - Throws: ``KitError`` (usage) for a bad value, or for a word of the writing.
  package func plan() throws(KitError) -> TransformPlan {
    if compact || npz.givesNPZOptions {
      throw KitError(
        .usage, "--compact and the .npz options say how a song is written, not what is done to it")
    }
    var plan = try transform.plan()
    plan.sustain = try npz.sustainMode()
    return plan
  }

  /// How the words ask for a song to be written as `kind`, and nothing about what is done to it.
  /// - Throws: ``KitError`` (usage) for a bad value, an option the kind does not take, or a word
  ///   of the transform.
  package func encoding(for kind: SongFileKind) throws(KitError) -> EncodingOptions {
    guard try transform.plan().isEmpty, npz.sustain == nil else {
      throw KitError(.usage, "the edit, quantize, key and sustain options change a song: apply them first")
    }
    try npz.check(outputKind: kind)
    var encoding = EncodingOptions()
    encoding.jsonProfile = compact ? .compact : .full
    encoding.npz = try npz.npzOptions()
    return encoding
  }
}

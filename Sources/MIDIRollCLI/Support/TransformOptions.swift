import ArgumentParser
import MIDIRollKit
import PianoRoll

/// Every transform option: edits, quantize and keys, for `convert` and `batch`.
struct TransformOptions: ParsableArguments {
  /// Edit options (transpose, slice, resample, velocity, merge, split).
  @OptionGroup(title: "Edit") var edit: EditOptions
  /// Quantize options.
  @OptionGroup(title: "Quantize") var quantize: QuantizeOptions
  /// Key options.
  @OptionGroup(title: "Keys") var keys: KeyFilterOptions

  /// Creates default options.
  init() {}

  /// What the options ask for (possibly nothing).
  /// - Throws: ``KitError`` (usage) for a bad option.
  func plan() throws(KitError) -> TransformPlan {
    TransformPlan(
      edits: try edit.edits(drums: keys.drums), filter: try keys.keyFilter(),
      quantizer: try quantize.quantizer())
  }
}

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
  /// - Parameter datasetSplitAllowed: Whether `--split name=fraction,…` (a dataset split, not an
  ///   edit) may be given: only `batch` takes it.
  /// - Throws: ``KitError`` (usage) for a bad option.
  func plan(datasetSplitAllowed: Bool = false) throws(KitError) -> TransformPlan {
    if !datasetSplitAllowed, let split = edit.datasetSplit {
      throw KitError(
        .usage,
        "--split \(split) splits a dataset: it goes with batch (here --split takes channel or program)")
    }
    return TransformPlan(
      edits: try edit.edits(drums: keys.drums), filter: try keys.keyFilter(),
      quantizer: try quantize.quantizer())
  }
}

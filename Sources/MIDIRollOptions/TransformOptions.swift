import ArgumentParser
import MIDIRollFiles
import MIDIRollKit
import PianoRoll

/// Every transform option: edits, quantize and keys, for `convert` and `batch`.
package struct TransformOptions: ParsableArguments {
  /// Edit options (transpose, slice, resample, velocity, merge, split).
  @OptionGroup(title: "Edit") package var edit: EditOptions
  /// Quantize options.
  @OptionGroup(title: "Quantize") package var quantize: QuantizeOptions
  /// Key options.
  @OptionGroup(title: "Keys") package var keys: KeyFilterOptions

  /// What `--drums` does to channel 10, as written.
  @Option(
    help: ArgumentHelp(
      "Leave channel 10 alone (keep, the default), or filter it by the keys, transpose it, or both (filter,transpose).",
      valueName: DrumPolicy.valueName(allowing: Self.drumParts)))
  package var drums: String?

  /// What `--drums` may ask for here.
  package static let drumParts: Set<DrumPolicy.Part> = [.filter, .transpose]

  /// Creates default options.
  package init() {}

  /// What the options ask for (possibly nothing).
  /// - Parameter datasetSplitAllowed: Whether `--split name=fraction,…` (a dataset split, not an
  ///   edit) may be given: only `batch` takes it.
  /// - Throws: ``KitError`` (usage) for a bad option.
  package func plan(datasetSplitAllowed: Bool = false) throws(KitError) -> TransformPlan {
    if !datasetSplitAllowed, let split = edit.datasetSplit {
      throw KitError(
        .usage,
        "--split \(split) splits a dataset: it goes with batch (here --split takes channel or program)")
    }
    let drums = try DrumPolicy(parsing: drums, allowing: Self.drumParts)
    return TransformPlan(
      edits: try edit.edits(drums: drums), filter: try keys.keyFilter(drums: drums),
      quantizer: try quantize.quantizer())
  }

  /// Checks every value before any file is read.
  /// A dataset split (`--split name=fraction,…`) is checked by the command that takes it (`batch`),
  /// and refused by the others when they run.
  /// (A ``KitError`` thrown here is printed as the command line prints a usage error: one line,
  /// exit 2.)
  package func validate() throws {
    _ = try plan(datasetSplitAllowed: true)
  }
}

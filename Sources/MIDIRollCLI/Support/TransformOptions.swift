import ArgumentParser
import MIDIRollKit
import PianoRoll

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

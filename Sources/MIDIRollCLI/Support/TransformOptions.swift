import ArgumentParser
import MIDIRollKit
import PianoRoll

/// Every transform option: quantize and keys, for `convert` and `batch`.
public struct TransformOptions: ParsableArguments {
  /// Quantize options.
  @OptionGroup(title: "Quantize") public var quantize: QuantizeOptions
  /// Key options.
  @OptionGroup(title: "Keys") public var keys: KeyFilterOptions

  /// Creates default options.
  public init() {}

  /// What the options ask for (possibly nothing).
  /// - Throws: ``CLIError`` (usage) for a bad option.
  public func plan() throws(CLIError) -> TransformPlan {
    TransformPlan(filter: try keys.keyFilter(), quantizer: try quantize.quantizer())
  }
}

import MIDIRollFiles

/// A division of a dataset into named parts by content (`train=0.8,valid=0.1,test=0.1`): each
/// input goes to the part its content fingerprint falls in, so the choice is the same on every
/// run, machine and shard count, and every duplicate goes where its group goes.
///
/// The fingerprint's first 16 hexadecimal digits, read as an unsigned 64-bit number, give `u`,
/// its top 53 bits / 2^53, in [0, 1) (exact in a double); the input goes to the first part whose
/// running total of fractions (in the order given) exceeds `u`, the last part taking what
/// rounding leaves.
public struct DatasetSplit: Sendable, Equatable, CustomStringConvertible {
  /// The parts, in the order given: a name and its fraction.
  public let parts: [(name: String, fraction: Double)]

  /// Parses `name=fraction,…`.
  /// - Throws: ``KitError`` (usage) for a part that is not `name=fraction`, a name given twice
  ///   or that is not a plain folder name, a fraction that is not a number in (0, 1], or
  ///   fractions that do not add up to 1 (within 1e-9).
  public init(parsing text: String) throws(KitError) {
    var parts: [(name: String, fraction: Double)] = []
    for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
      let pair = piece.split(separator: "=", omittingEmptySubsequences: false)
      guard pair.count == 2, !pair[0].isEmpty else {
        throw KitError(.usage, "a split part is name=fraction (train=0.8), not '\(piece)'")
      }
      let name = String(pair[0])
      guard name != ".", name != "..", !name.contains("/"), !name.hasPrefix("midiroll-") else {
        throw KitError(.usage, "a split name is a plain folder name, not '\(name)'")
      }
      guard let fraction = Double(pair[1]), fraction > 0, fraction <= 1 else {
        throw KitError(
          .usage, "the fraction of split '\(name)' is a number above 0 and at most 1, not '\(pair[1])'")
      }
      guard !parts.contains(where: { $0.name == name }) else {
        throw KitError(.usage, "split '\(name)' is named twice")
      }
      parts.append((name, fraction))
    }
    let total = parts.reduce(0) { $0 + $1.fraction }
    guard abs(total - 1) <= 1e-9 else {
      throw KitError(.usage, "the split fractions add up to \(total), not 1")
    }
    self.parts = parts
  }

  /// The name of the part a content fingerprint (hexadecimal) falls in.
  public func part(of fingerprint: String) -> String {
    let value = UInt64(fingerprint.prefix(16), radix: 16) ?? 0
    let position = Double(value >> 11) / Double(UInt64(1) << 53)
    var total = 0.0
    for part in parts.dropLast() {
      total += part.fraction
      if position < total { return part.name }
    }
    return parts[parts.count - 1].name
  }

  /// `train=0.8,valid=0.1,test=0.1`.
  public var description: String { parts.map { "\($0.name)=\($0.fraction)" }.joined(separator: ",") }

  /// Two splits are equal when their parts are, in order.
  public static func == (lhs: DatasetSplit, rhs: DatasetSplit) -> Bool {
    lhs.parts.map(\.name) == rhs.parts.map(\.name) && lhs.parts.map(\.fraction) == rhs.parts.map(\.fraction)
  }
}

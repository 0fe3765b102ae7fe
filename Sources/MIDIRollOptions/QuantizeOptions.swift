import ArgumentParser
import MIDIRollFiles
import PianoRoll

/// Quantize options (`--grid`, `--strength`, `--swing`, `--window`, `--ends`, `--min-duration`,
/// `--all-events`), for `quantize`, `convert` and `batch`.
///
/// Values are read as text and checked by ``quantizer()``, so that a bad one is a one-line
/// usage error (exit 2) naming the option.
package struct QuantizeOptions: ParsableArguments {
  /// The grid, as written.
  @Option(
    name: [.customLong("grid"), .customLong("quantize")],
    help: ArgumentHelp(
      "Quantize to this grid: 1/1 … 1/64, t for triplets (1/8t), . for dotted (1/8.), or a name (sixteenth).",
      valueName: "grid"))
  package var grid: String?

  /// The strength, as written.
  @Option(
    help: ArgumentHelp("How far each note moves toward its grid line, 0-100 % (default 100).", valueName: "%")
  )
  package var strength: String?

  /// The swing, as written.
  @Option(
    help: ArgumentHelp(
      "Delay every second grid line of a bar by this % of a third of a cell, 0-100 (default 0; 100 at 1/8 is the triplet shuffle).",
      valueName: "%"))
  package var swing: String?

  /// The window, as written.
  @Option(
    help: ArgumentHelp(
      "Move only notes within this % of half a cell of their line, 0-100 (default 100: every note).",
      valueName: "%"))
  package var window: String?

  /// Quantize ends too.
  @Flag(
    inversion: .prefixedNo,
    help:
      "Quantize note ends to their own grid lines too (--ends), or keep every note's length (--no-ends, the default)."
  )
  package var ends: Bool?

  /// Make every note at least a cell long.
  @Flag(help: "Make every note at least one grid cell long (never 0 ticks).")
  package var minDuration = false

  /// Move non-note events too.
  @Flag(help: "Quantize non-note events too (controllers, programs, text…; not tempo, meters, keys).")
  package var allEvents = false

  /// Creates default options.
  package init() {}

  /// The quantizer these options ask for, or `nil` without `--grid`.
  /// - Throws: ``KitError`` (usage) for a bad value, or an option that needs `--grid` without it.
  package func quantizer() throws(KitError) -> Quantizer? {
    guard let grid else {
      let given = [
        ("--strength", strength != nil), ("--swing", swing != nil), ("--window", window != nil),
        (ends == true ? "--ends" : "--no-ends", ends != nil), ("--min-duration", minDuration),
        ("--all-events", allEvents),
      ]
      if let (name, _) = given.first(where: \.1) {
        throw KitError(.usage, "\(name) needs a grid: add --grid 1/16 (or another grid)")
      }
      return nil
    }
    let parsed: Grid
    do {
      parsed = try Grid(parsing: grid)
    } catch {
      throw KitError(.usage, "\(error)")
    }
    return Quantizer(
      grid: parsed, strength: try Self.percent(strength, option: "--strength") ?? 100,
      swing: try Self.percent(swing, option: "--swing") ?? 0,
      window: try Self.percent(window, option: "--window") ?? 100, quantizesEnds: ends ?? false,
      minimumDuration: minDuration, movesAllEvents: allEvents)
  }

  /// A whole percentage 0–100, with or without `%`.
  package static func percent(_ text: String?, option: String) throws(KitError) -> Int? {
    guard var text else { return nil }
    if text.hasSuffix("%") { text.removeLast() }
    guard let value = Int(text), (0...100).contains(value) else {
      throw KitError(.usage, "\(option) '\(text)': expected a whole percentage from 0 to 100")
    }
    return value
  }
}

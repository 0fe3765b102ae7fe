import ArgumentParser
import MIDIRollFiles
import MIDITokens

/// `batch --pack`'s augmentation, MidiTok's `augment_dataset`: lists of offsets along each axis
/// (`--augment pitch=-2,0,2 --augment velocity=-8,8`), one axis at a time or every combination.
package struct AugmentGridOptions: ParsableArguments {
  /// `axis=value,…`, repeatable.
  @Option(
    name: .customLong("augment"),
    help: ArgumentHelp(
      "Add augmented variants of every song, as MidiTok's augment_dataset (repeatable): pitch=-2,2 "
        + "(semitones), velocity=-8,8, duration=-0.125,0.125 (beats; whole ticks with --duration-in-ticks).",
      valueName: "axis=v1,v2,…"))
  package var augment: [String] = []
  /// Every combination of the axes' offsets.
  @Flag(
    name: .customLong("all-combinations"),
    help: "With --augment: every combination of the offsets, not one axis at a time.")
  package var allCombinations = false
  /// Duration offsets and the minimum count ticks.
  @Flag(
    name: .customLong("duration-in-ticks"),
    help: "With --augment: duration offsets and --augment-min-duration count ticks, not beats.")
  package var durationInTicks = false
  /// The velocities a shifted velocity is clamped to.
  @Option(
    name: .customLong("offset-velocity-range"),
    help: ArgumentHelp(
      "With --augment: the velocities a velocity offset clamps to (default 1...127).", valueName: "low...high"
    ))
  package var velocityRange: String?
  /// The shortest duration a negative offset leaves.
  @Option(
    name: .customLong("augment-min-duration"),
    help: ArgumentHelp(
      "With --augment: the shortest duration a negative duration offset leaves (default 0.03125 beats).",
      valueName: "X"))
  package var minimumDuration: String?

  /// Creates default options.
  package init() {}

  /// The options given, by name (for "goes with --pack").
  package var optionsGiven: [String] {
    var names: [String] = []
    if !augment.isEmpty { names.append("--augment") }
    if allCombinations { names.append("--all-combinations") }
    if durationInTicks { names.append("--duration-in-ticks") }
    if velocityRange != nil { names.append("--offset-velocity-range") }
    if minimumDuration != nil { names.append("--augment-min-duration") }
    return names
  }

  /// The grid asked for (the original alone without `--augment`).
  /// - Throws: ``KitError`` (usage): an axis that is not pitch, velocity or duration, or given
  ///   twice; a value that is not a number (a whole number for pitch, velocity and ticks); a
  ///   pitch or velocity offset outside −127…127; a bad range or minimum; an option of the grid
  ///   without `--augment`.
  package func grid() throws(KitError) -> AugmentationGrid {
    var grid = AugmentationGrid()
    guard !augment.isEmpty else {
      if let name = optionsGiven.first { throw KitError(.usage, "\(name) goes with --augment") }
      return grid
    }
    var seen: Set<Substring> = []
    for given in augment {
      guard let equals = given.firstIndex(of: "=") else {
        throw KitError(.usage, "--augment '\(given)': expected axis=value,… (pitch=-2,2)")
      }
      let axis = given[..<equals]
      let values = given[given.index(after: equals)...].split(
        separator: ",", omittingEmptySubsequences: false)
      guard ["pitch", "velocity", "duration"].contains(axis) else {
        throw KitError(.usage, "--augment '\(given)': the axis is pitch, velocity or duration, not '\(axis)'")
      }
      guard seen.insert(axis).inserted else { throw KitError(.usage, "--augment: \(axis) is given twice") }
      func whole(_ text: Substring, within limit: Int) throws(KitError) -> Int {
        guard let value = Int(text), (-limit...limit).contains(value) else {
          throw KitError(
            .usage, "--augment \(axis): '\(text)' is not a whole number from -\(limit) to \(limit)")
        }
        return value
      }
      switch axis {
      case "pitch": for value in values { grid.pitchOffsets.append(try whole(value, within: 127)) }
      case "velocity": for value in values { grid.velocityOffsets.append(try whole(value, within: 127)) }
      default:
        for value in values {
          if durationInTicks {
            grid.durationOffsets.append(Double(try whole(value, within: Int(Int32.max))))
          } else {
            guard let number = Double(value), number.isFinite, abs(number) < 1e6 else {
              throw KitError(.usage, "--augment duration: '\(value)' is not a number of beats")
            }
            grid.durationOffsets.append(number)
          }
        }
      }
    }
    grid.allCombinations = allCombinations
    grid.durationInTicks = durationInTicks
    if let minimumDuration { grid.minimumDuration = try AugmentOptions.minimumDuration(minimumDuration) }
    if let velocityRange { grid.velocityRange = try AugmentOptions.velocityRange(velocityRange) }
    return grid
  }
}

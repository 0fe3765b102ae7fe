import ArgumentParser
import MIDIRollKit
import NPZ
import PianoRoll

/// `.npz` output options (`--npz`, `--resolution`, `--steps`, `--binary`, `--merge`,
/// `--no-compress`) and `--sustain`, for `convert` and `batch`.
///
/// Values are read as text and checked by ``npzOptions()`` and ``sustainMode()``, so that a
/// bad one is a one-line usage error (exit 2) naming the option.
public struct NPZOutputOptions: ParsableArguments {
  /// What an `.npz` output holds, as written.
  @Option(
    name: .customLong("npz"),
    help: ArgumentHelp(
      "What an .npz output holds: matrix (pypianoroll's piano rolls, the default) or notes (note columns per track).",
      valueName: "matrix|notes"))
  public var content: String?

  /// Steps per quarter note, as written.
  @Option(
    help: ArgumentHelp(
      "Piano-roll time steps per quarter note (default 24, as pypianoroll).", valueName: "N"))
  public var resolution: String?

  /// A bar-relative step grid, as written.
  @Option(
    help: ArgumentHelp(
      "Lay the time steps on this grid bar by bar (1/16, 1/8t, 1/8. …): every bar starts on a step, cut bars round up.",
      valueName: "grid"))
  public var steps: String?

  /// Booleans instead of velocities.
  @Flag(help: "Write the piano rolls as booleans (|b1) instead of velocities (|u1).")
  public var binary = false

  /// One matrix for all notes.
  @Flag(help: "One piano roll for all notes instead of one per track and channel.")
  public var merge = false

  /// STORED members.
  @Flag(name: .customLong("no-compress"), help: "Store the .npz members uncompressed (as numpy.savez).")
  public var noCompress = false

  /// What the sustain pedal does, as written.
  @Option(
    help: ArgumentHelp(
      "extend: a note released while the sustain pedal (CC64 ≥ 64) is down sounds until the pedal lifts or its pitch starts again; ignore (default).",
      valueName: "ignore|extend"))
  public var sustain: String?

  /// Creates default options.
  public init() {}

  /// The `.npz` options asked for.
  /// - Throws: ``CLIError`` (usage) for a bad value or options that do not go together.
  public func npzOptions() throws(CLIError) -> NPZOptions {
    var options = NPZOptions(compressed: !noCompress)
    switch content?.lowercased() {
    case nil, "matrix": options.content = .matrix
    case "notes": options.content = .notes
    default: throw CLIError(.usage, "--npz '\(content ?? "")': expected matrix or notes")
    }
    if options.content == .notes {
      let matrixOnly = [
        ("--resolution", resolution != nil), ("--steps", steps != nil), ("--binary", binary),
        ("--merge", merge),
      ]
      if let (name, _) = matrixOnly.first(where: \.1) {
        throw CLIError(.usage, "\(name) is for piano-roll matrices, not --npz notes")
      }
    }
    if resolution != nil && steps != nil {
      throw CLIError(.usage, "give --resolution or --steps, not both")
    }
    if let resolution {
      guard let value = Int(resolution), (1...MatrixOptions.maximumResolution).contains(value) else {
        throw CLIError(
          .usage,
          "--resolution '\(resolution)': expected steps per quarter note, 1 to \(MatrixOptions.maximumResolution)"
        )
      }
      options.matrix.steps = .perQuarter(value)
    }
    if let steps {
      do {
        options.matrix.steps = .bars(try Grid(parsing: steps))
      } catch {
        throw CLIError(.usage, "--steps: \(error)")
      }
    }
    options.matrix.merge = merge
    options.binary = binary
    return options
  }

  /// Whether any `.npz` option was given (they need an `.npz` output).
  public var givesNPZOptions: Bool {
    content != nil || resolution != nil || steps != nil || binary || merge || noCompress
  }

  /// The sustain mode asked for (`ignore` without `--sustain`).
  /// - Throws: ``CLIError`` (usage) for a bad value.
  public func sustainMode() throws(CLIError) -> SustainMode {
    guard let sustain else { return .ignore }
    guard let mode = SustainMode(rawValue: sustain.lowercased()) else {
      throw CLIError(.usage, "--sustain '\(sustain)': expected ignore or extend")
    }
    return mode
  }

  /// Checks the options against the output kind: `.npz` options need an `.npz` output.
  /// - Throws: ``CLIError`` (usage).
  public func check(outputKind: SongFileKind) throws(CLIError) {
    if outputKind != .npz && givesNPZOptions {
      throw CLIError(
        .usage,
        ".npz options (--npz, --resolution, --steps, --binary, --merge, --no-compress) need an .npz output")
    }
  }
}

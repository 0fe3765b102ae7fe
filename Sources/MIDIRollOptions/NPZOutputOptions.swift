import ArgumentParser
import MIDIRollFiles
import MIDIRollKit
import PianoRoll
import PianoRollNPZ

/// `.npz` output options (`--npz`, `--resolution`, `--steps`, `--binary`, `--merge`,
/// `--no-compress`) and `--sustain`, for `convert` and `batch`.
///
/// Values are read as text and checked by ``npzOptions()`` and ``sustainMode()``, so that a
/// bad one is a one-line usage error (exit 2) naming the option.
package struct NPZOutputOptions: ParsableArguments {
  /// What an `.npz` output holds, as written.
  @Option(
    name: .customLong("npz"),
    help: ArgumentHelp(
      "(.npz) What it holds: matrix (pypianoroll's piano rolls, the default) or notes (note columns per track).",
      valueName: "matrix|notes"))
  package var content: String?

  /// Steps per quarter note, as written.
  @Option(
    help: ArgumentHelp(
      "(.npz) Piano-roll time steps per quarter note (default 24, as pypianoroll).", valueName: "N"))
  package var resolution: String?

  /// A bar-relative step grid, as written.
  @Option(
    help: ArgumentHelp(
      "(.npz) Lay the time steps on this grid bar by bar (1/16, 1/8t, 1/8. …): every bar starts on a step, cut bars round up.",
      valueName: "grid"))
  package var steps: String?

  /// Booleans instead of velocities.
  @Flag(help: "(.npz) Write the piano rolls as booleans (|b1) instead of velocities (|u1).")
  package var binary = false

  /// One matrix for all notes.
  @Flag(help: "(.npz) One piano roll for all notes instead of one per track and channel.")
  package var merge = false

  /// STORED members.
  @Flag(name: .customLong("no-compress"), help: "(.npz) Store the members uncompressed (as numpy.savez).")
  package var noCompress = false

  /// What the sustain pedal does, as written.
  @Option(
    help: ArgumentHelp(
      "extend: a note released while the sustain pedal (CC64 ≥ 64) is down sounds until the pedal lifts or its pitch starts again; ignore (default).",
      valueName: "ignore|extend"))
  package var sustain: String?

  /// Creates default options.
  package init() {}

  /// The `.npz` options asked for.
  /// - Throws: ``KitError`` (usage) for a bad value or options that do not go together.
  package func npzOptions() throws(KitError) -> NPZOptions {
    var options = NPZOptions(compressed: !noCompress)
    switch content?.lowercased() {
    case nil, "matrix": options.content = .matrix
    case "notes": options.content = .notes
    default: throw KitError(.usage, "--npz '\(content ?? "")': expected matrix or notes")
    }
    if options.content == .notes {
      let matrixOnly = [
        ("--resolution", resolution != nil), ("--steps", steps != nil), ("--binary", binary),
        ("--merge", merge),
      ]
      if let (name, _) = matrixOnly.first(where: \.1) {
        throw KitError(.usage, "\(name) is for piano-roll matrices, not --npz notes")
      }
    }
    if resolution != nil && steps != nil {
      throw KitError(.usage, "give --resolution or --steps, not both")
    }
    if let resolution {
      guard let value = Int(resolution), (1...MatrixOptions.maximumResolution).contains(value) else {
        throw KitError(
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
        throw KitError(.usage, "--steps: \(error)")
      }
    }
    options.matrix.merge = merge
    options.binary = binary
    return options
  }

  /// Whether any `.npz` option was given (they need an `.npz` output).
  package var givesNPZOptions: Bool {
    content != nil || resolution != nil || steps != nil || binary || merge || noCompress
  }

  /// The sustain mode asked for (`ignore` without `--sustain`).
  /// - Throws: ``KitError`` (usage) for a bad value.
  package func sustainMode() throws(KitError) -> SustainMode {
    guard let sustain else { return .ignore }
    guard let mode = SustainMode(rawValue: sustain.lowercased()) else {
      throw KitError(.usage, "--sustain '\(sustain)': expected ignore or extend")
    }
    return mode
  }

  /// Checks the options against the output kind: `.npz` options need an `.npz` output.
  /// - Throws: ``KitError`` (usage).
  package func check(outputKind: SongFileKind) throws(KitError) {
    if outputKind != .npz && givesNPZOptions {
      throw KitError(
        .usage,
        ".npz options (--npz, --resolution, --steps, --binary, --merge, --no-compress) need an .npz output")
    }
  }
}

import MIDIRollKit

/// The command line's side of the kit's one error: the exit code, and hints worded as this
/// command line's options.
extension KitError {
  /// The process exit code: 1 bad input or problems found, 2 bad usage, 3 cannot write.
  var exitCode: Int32 {
    switch kind {
    case .badInput, .problemsFound: 1
    case .usage: 2
    case .cannotWrite: 3
    }
  }

  /// One line, `file: message (hint)`, the hints naming this command line's options.
  var commandLineDescription: String { described(hints: CommandLineHints.words) }
}

/// How the command line words the kit's hints: the one place that turns a ``KitHint`` into
/// the name of an option.
enum CommandLineHints {
  /// The words of `hint`, naming the option or command that does it.
  @Sendable static func words(_ hint: KitHint) -> String {
    switch hint {
    case .raiseSizeLimit: "raise it with --max-file-size"
    case .allowReplacing: "--force replaces it"
    case .resume: "run the same command with --resume"
    case .nameInputKind:
      "say which with --from " + SongFormats.readable.map(\.rawValue).joined(separator: "|")
    case .nameOutputKind: "say which with --to " + SongFormats.writable.map(\.rawValue).joined(separator: "|")
    case .renderInstead(let output): "to draw or play a song: midiroll render IN \(output)"
    case .outOfRange: "--out-of-range drop or clamp goes on without them"
    case .coarserMatrixGrid: "use a coarser --resolution or --steps grid"
    case .mergeMatrixTracks: "try --merge"
    case .soundFont: "pass --soundfont PATH"
    case .raiseDurationLimit: "--max-seconds"
    case .lowerGain: "lower --gain"
    case .chooseWhatWins: "convert with --prefer ticks or --prefer positions"
    case .nameTokenizer: "name it with --tokenizer tokenizer.json"
    case .installFluidSynth:
      "install it (sudo apt-get install libfluidsynth3 timgm6mb-soundfont) and build with the FluidSynth trait (swift build --traits FluidSynth)"
    }
  }
}

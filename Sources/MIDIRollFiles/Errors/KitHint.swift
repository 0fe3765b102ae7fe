/// Something the user could do about a ``KitError``, as a value: the command line words it with
/// its own option names (``KitHint/plainWords`` is the kit's wording, which names none).
public enum KitHint: Sendable, Equatable {
  /// Raise the size limit of inputs.
  case raiseSizeLimit
  /// Allow an existing output (or an input named as the output) to be replaced.
  case allowReplacing
  /// Run the same batch again, resuming from its report.
  case resume
  /// Say which kind the input is (its extension or first bytes do not tell).
  case nameInputKind
  /// Say which kind the output is (its extension does not tell).
  case nameOutputKind
  /// The output is a picture, page or sound: the render command writes it.
  case renderInstead(output: String)
  /// Drop or clamp what an edit would push out of MIDI's range.
  case outOfRange
  /// Use a coarser matrix grid (fewer steps a quarter, or a coarser bar grid).
  case coarserMatrixGrid
  /// Merge the tracks of the matrices into one.
  case mergeMatrixTracks
  /// Merge the song's tracks into one before it is written.
  case mergeTracks
  /// Name a SoundFont.
  case soundFont
  /// Allow longer songs to be rendered.
  case raiseDurationLimit
  /// Lower the synthesizer's gain.
  case lowerGain
  /// Install FluidSynth, or build midiroll with it.
  case installFluidSynth
  /// Say whether a note's tick or its position and seconds win where they disagree.
  case chooseWhatWins
  /// Name the MidiTok tokenizer file tokens are made or read with.
  case nameTokenizer

  /// The kit's own wording, which names no command-line option.
  public var plainWords: String {
    switch self {
    case .raiseSizeLimit: "raise the size limit"
    case .allowReplacing: "allow replacing it"
    case .resume: "run the same command again, resuming from the report"
    case .nameInputKind: "say which kind the input is"
    case .nameOutputKind: "say which kind the output is"
    case .renderInstead(let output): "to draw or play a song, render it as \(output)"
    case .outOfRange: "drop or clamp what falls out of range"
    case .coarserMatrixGrid: "use a coarser grid"
    case .mergeMatrixTracks: "merge the matrices"
    case .mergeTracks: "merge the tracks"
    case .soundFont: "name a SoundFont"
    case .raiseDurationLimit: "raise the duration limit"
    case .lowerGain: "lower the gain"
    case .installFluidSynth: "install FluidSynth (libfluidsynth3) and a General MIDI SoundFont"
    case .chooseWhatWins: "say whether ticks or positions win"
    case .nameTokenizer: "name the MidiTok tokenizer file (tokenizer.save(path))"
    }
  }
}

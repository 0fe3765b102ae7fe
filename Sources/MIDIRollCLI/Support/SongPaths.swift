import ArgumentParser

/// The input and the output a one-song command names first (`midiroll convert IN OUT`), the
/// output's help listing what `Kinds` writes.
struct SongPaths<Kinds: OutputKindChoice>: ParsableArguments {
  /// The input path, or `-`.
  @Argument(help: "The input (.mid, .midi, .kar, .rmi or .json), or '-' for standard input.")
  var input: String

  /// The output path, or `-`.
  @Argument(help: ArgumentHelp(Kinds.outputHelp))
  var output: String

  /// Creates the paths (for the argument parser).
  init() {}
}

import ArgumentParser
import SMF

/// Options for commands that read one song.
public struct InputOptions: ParsableArguments {
  /// The input kind when the extension does not say (needed for `-`).
  @Option(name: .long, help: "Input kind when the extension does not say (mid or json).")
  public var from: SongFileKind?

  /// Turn every tolerated problem into an error.
  @Flag(name: .long, help: "Refuse files with any problem instead of reading them with a warning.")
  public var strict = false

  /// The largest input accepted.
  @Option(name: .customLong("max-file-size"), help: "Refuse inputs larger than this many bytes.")
  public var maxFileSize: Int = FileIO.defaultMaximumSize

  /// Don't print warnings.
  @Flag(name: .shortAndLong, help: "Print no warnings.")
  public var quiet = false

  /// Creates default options.
  public init() {}

  /// Options for the SMF reader.
  public var readOptions: ReadOptions { ReadOptions(strict: strict, maximumFileSize: maxFileSize) }
}

/// Options for commands that write one song.
public struct OutputOptions: ParsableArguments {
  /// The output kind when the extension does not say (needed for `-`).
  @Option(name: .long, help: "Output kind when the extension does not say (mid or json).")
  public var to: SongFileKind?

  /// Allow overwriting the input.
  @Flag(name: .long, help: "Allow the output to overwrite the input.")
  public var force = false

  /// Write compact piano-roll JSON.
  @Flag(name: .long, help: "Write piano-roll JSON without derived fields and padding (still lossless).")
  public var compact = false

  /// Creates default options.
  public init() {}
}

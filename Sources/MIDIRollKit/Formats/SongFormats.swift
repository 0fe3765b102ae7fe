import MIDIRollFiles

/// The registry of formats: the one place that knows which formats exist, how to tell them apart,
/// and where their decoders and encoders are.
public enum SongFormats {
  /// Every format, in the order they are listed to people.
  public static let all: [SongFormat] = [
    MIDIFormat.format, PianoRollJSONFormat.format, NPZFormat.format, SVGFormat.format, HTMLFormat.format,
    WAVFormat.format, StatsFormat.format, TokensFormat.format,
  ]

  /// The format named `kind`, or `nil` when none is registered under that name.
  public static func format(_ kind: SongFileKind) -> SongFormat? { all.first { $0.kind == kind } }

  /// The format whose extensions include the extension of `path`'s last component.
  public static func format(forPath path: String) -> SongFormat? {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    let ending = path[path.index(after: dot)...].lowercased()
    return all.first { $0.extensions.contains(ending) }
  }

  /// The kinds that can be read.
  public static var readable: [SongFileKind] { all.filter(\.reads).map(\.kind) }
  /// The kinds read by naming the kind alone (`--from`): those whose decoder needs no options.
  public static var readableByName: [SongFileKind] {
    all.filter { $0.reads && !$0.decoderNeedsOptions }.map(\.kind)
  }
  /// The kinds that can be written.
  public static var writable: [SongFileKind] { all.filter(\.writes).map(\.kind) }

  /// The encoder of `kind` for one run, made from `options`.
  /// - Throws: ``KitError`` (usage) when nothing writes that kind, or what the format's
  ///   factory throws for its options (a missing SoundFont, a comparison song that cannot be read).
  public static func encoder(for kind: SongFileKind, options: EncodingOptions) throws(KitError)
    -> any SongEncoder
  {
    guard let make = format(kind)?.makeEncoder else {
      throw KitError(.usage, "midiroll cannot write .\(kind)", hints: [.nameOutputKind])
    }
    return try make(options)
  }

  /// The decoder of `kind`.
  /// - Throws: ``KitError`` (bad input) naming `path` when that kind is never read.
  public static func decoder(for kind: SongFileKind, path: String) throws(KitError) -> any SongDecoder {
    guard let decoder = format(kind)?.decoder else {
      let names = readableByName.map { "." + $0.rawValue }.joined(separator: " and ")
      throw KitError(.badInput, file: path, ".\(kind) is an output format; midiroll reads \(names)")
    }
    return decoder
  }
}

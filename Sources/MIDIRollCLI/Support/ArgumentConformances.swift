import ArgumentParser
import MIDIRollBatch
import MIDIRollKit
import PianoRoll
import PianoRollJSON

/// `--from KIND`, `--to KIND`: any registered format by its short name; each command checks
/// the kinds it takes (``SongFileKind/resolve(_:explicit:role:allowed:)``).
extension SongFileKind: ExpressibleByArgument {
  /// The registered kind named `argument` (`mid`, `json`, …), case-insensitively.
  public init?(argument: String) {
    guard let format = SongFormats.format(SongFileKind(rawValue: argument.lowercased())) else { return nil }
    self = format.kind
  }

  /// Every registered kind.
  public static var allValueStrings: [String] { SongFormats.all.map(\.kind.rawValue) }
}

/// `--prefer ticks|positions`.
extension PianoRollJSON.DecodeOptions.Preference: ExpressibleByArgument {}

/// `--shard K/N` (parsed by ``Shard/init(argument:)``).
extension Shard: ExpressibleByArgument {}

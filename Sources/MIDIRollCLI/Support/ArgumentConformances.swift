import ArgumentParser
import MIDIRollKit
import PianoRoll

/// `--from mid|json`, `--to mid|json`.
extension SongFileKind: ExpressibleByArgument {}

/// `--prefer ticks|positions`.
extension PianoRollJSON.DecodeOptions.Preference: ExpressibleByArgument {}

/// `--shard K/N` (parsed by ``Shard/init(argument:)``).
extension Shard: ExpressibleByArgument {}

import ArgumentParser
import MIDIRollKit

/// `--from mid|json`, `--to mid|json`.
extension SongFileKind: ExpressibleByArgument {}

/// `--shard K/N` (parsed by ``Shard/init(argument:)``).
extension Shard: ExpressibleByArgument {}

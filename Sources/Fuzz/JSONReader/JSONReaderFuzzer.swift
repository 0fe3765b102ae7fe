import FuzzLaws
import PianoRoll
import PianoRollJSON
import SMF

/// libFuzzer's entry point: decodes one input as piano-roll JSON and checks its laws
/// (``JSONLaws``): a song or a typed error, JSON round trips, JSON → .mid → JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  FuzzDriver.test(data, size, JSONLaws.check)
}

/// `fuzz-json-reader`: libFuzzer over the piano-roll JSON reader (`make fuzz`), or a replayer.
///
/// `fuzz-json-reader --make-seeds OUT IN...` writes the piano-roll JSON of every readable
/// `.mid` file under the folders `IN` into `OUT`, as seeds (`make fuzz` does this first).
@main
struct JSONReaderFuzzer {
  /// Makes seeds, runs libFuzzer, or replays the files named in the arguments.
  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "--make-seeds", arguments.count >= 2 {
      FuzzDriver.makeSeeds(into: arguments[1], from: Array(arguments.dropFirst(2))) { bytes in
        guard let file = try? MIDIFile(bytes: bytes) else { return nil }
        return PianoRollJSON.encode(Song(file: file))
      }
    }
    FuzzDriver.main(name: "fuzz-json-reader", entry: fuzzJSONReader, check: JSONLaws.check)
  }
}

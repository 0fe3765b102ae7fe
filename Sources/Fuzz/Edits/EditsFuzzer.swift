import FuzzEditLaws
import FuzzLaws

/// libFuzzer's entry point: reads one input as a MIDI file and the command line's edit options
/// (its last eight bytes) and checks the law of the edits (``EditLaws``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEdits(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  FuzzDriver.test(data, size, EditLaws.check)
}

/// `fuzz-edits`: libFuzzer over the edits of `convert` and the Python package (`make fuzz`),
/// or a replayer of inputs.
@main
struct EditsFuzzer {
  /// Runs libFuzzer, or replays the files named in the arguments.
  static func main() {
    FuzzDriver.main(name: "fuzz-edits", entry: fuzzEdits, check: EditLaws.check)
  }
}

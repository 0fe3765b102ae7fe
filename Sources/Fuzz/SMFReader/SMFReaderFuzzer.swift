import FuzzLaws

/// libFuzzer's entry point: reads one input with the SMF reader and checks its laws
/// (``SMFLaws``): a result or a typed error, round trips, strict mode, diagnosis.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSMFReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  FuzzDriver.test(data, size, SMFLaws.check)
}

/// `fuzz-smf-reader`: libFuzzer over the SMF reader (`make fuzz`), or a replayer of inputs.
@main
struct SMFReaderFuzzer {
  /// Runs libFuzzer, or replays the files named in the arguments.
  static func main() {
    FuzzDriver.main(name: "fuzz-smf-reader", entry: fuzzSMFReader, check: SMFLaws.check)
  }
}

import FuzzLaws
import SMF

/// libFuzzer's entry point: reads one input with the SMF reader and checks its laws
/// (``SMFLaws``: a result or a typed error, round trips, strict mode, diagnosis, memory), then,
/// for a file that reads, the piano-roll model's (``SongLaws``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSMFReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  FuzzDriver.test(data, size, checkSMFInput)
}

/// Every law an SMF input must keep. The piano-roll laws (a JSON round trip, far more work
/// than reading) only for inputs of up to 2 KiB, so that the reader gets most of the runs;
/// the mutation corpus test checks them on inputs of every size.
func checkSMFInput(_ bytes: [UInt8]) -> LawViolation? {
  if let violation = SMFLaws.check(bytes) { return violation }
  guard bytes.count <= 2048, case .success(let result) = SMFLaws.read(bytes) else { return nil }
  return SongLaws.check(result.file)
}

/// `fuzz-smf-reader`: libFuzzer over the SMF reader (`make fuzz`), or a replayer of inputs.
@main
struct SMFReaderFuzzer {
  /// Runs libFuzzer, or replays the files named in the arguments.
  static func main() {
    FuzzDriver.main(name: "fuzz-smf-reader", entry: fuzzSMFReader, check: checkSMFInput)
  }
}

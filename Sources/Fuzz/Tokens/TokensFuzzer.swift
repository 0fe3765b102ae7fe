import FuzzLaws

/// libFuzzer's entry point: decodes one input as a list of token ids and reads it as a MIDI
/// file to tokenize (``TokenLaws``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTokens(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  FuzzDriver.test(data, size, checkTokensInput)
}

/// Every law of the tokens: decoding any id list, tokenizing any MIDI file, augmenting and
/// cutting it into chunks.
func checkTokensInput(_ bytes: [UInt8]) -> LawViolation? {
  TokenLaws.checkDecode(bytes) ?? TokenLaws.checkEncode(bytes) ?? TokenLaws.checkChunks(bytes)
}

/// `fuzz-tokens`: libFuzzer over MidiTok tokens (`make fuzz`), or a replayer of inputs.
@main
struct TokensFuzzer {
  /// Runs libFuzzer, or replays the files named in the arguments.
  static func main() {
    FuzzDriver.main(name: "fuzz-tokens", entry: fuzzTokens, check: checkTokensInput)
  }
}

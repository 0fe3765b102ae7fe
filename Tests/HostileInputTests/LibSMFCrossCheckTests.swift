#if LibSMF
  import LibSMFBridge
  import SMF
  import Testing

  /// `midiroll check` hands libsmf the files the Swift reader accepted; libsmf 1.3 aborts or
  /// reads past its buffer on many files, so the bridge must refuse those. Every readable
  /// input of the mutation corpus goes through the cross-check here, in this process (a crash
  /// fails the suite; under `make test-asan` so does a bad read the sanitizer can see).
  @Suite("libsmf cross-check on hostile input")
  struct LibSMFCrossCheckTests {
    @Test("every readable corpus input: a comparison or a refusal, never a crash")
    func corpus() {
      var outcomes: [String: Int] = [:]
      for input in MutationCorpus.all {
        guard let result = try? MIDIFile.read(input.bytes) else { continue }
        let outcome = LibSMFCrossCheck.run(bytes: input.bytes, result: result)
        switch outcome {
        case .agree: outcomes["agree", default: 0] += 1
        case .differ: outcomes["differ", default: 0] += 1
        case .refused: outcomes["refused", default: 0] += 1
        case .failed: outcomes["failed", default: 0] += 1
        }
      }
      print("libsmf cross-check on the mutation corpus: \(outcomes.sorted { $0.key < $1.key })")
      #expect(outcomes["agree", default: 0] > 0)
    }
  }
#endif

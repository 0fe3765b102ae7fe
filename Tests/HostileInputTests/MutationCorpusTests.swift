import FuzzLaws
import SMF
import Testing

@testable import MIDIRollCLI

/// The deterministic mutation corpus: more than 10,000 hostile inputs, each of which must give
/// a file or a typed error (never a crash), keep the reader's laws, take at most a second and
/// hold memory in proportion to its size.
///
/// Why one input cannot hang the suite: every loop in the reader advances a cursor that never
/// moves back and stops at the end of the bytes (`ByteReader` checks each read; the event loop
/// reads at least a delta-time byte per turn; the chunk loops move at least 8 bytes per chunk;
/// the RIFF loop at least 8 per RIFF chunk; the tentative read past a short track length runs
/// once per track and ends at End of Track, an error or the end). The diagnosis' resync only
/// moves forward and is budgeted. The time check below turns a slow input into a failure that
/// names it; the `timeLimit` trait is a last resort for the whole family.
@Suite("mutation corpus", .tags(.corpus), .tiered)
struct MutationCorpusTests {
  @Test("the corpus has more than 10,000 inputs and is the same on every run")
  func size() {
    let families = MutationCorpus.Family.allCases.map { MutationCorpus.inputs($0) }
    let total = families.reduce(0) { $0 + $1.count }
    #expect(total >= 10_000, "only \(total) inputs")
    for family in families { #expect(!family.isEmpty) }
    let again = MutationCorpus.inputs(.stacked)
    #expect(
      again.map(\.bytes) == families[MutationCorpus.Family.allCases.firstIndex(of: .stacked)!].map(\.bytes))
  }

  @Test(
    "every input gives a result or a typed error within 1 s, keeping every law",
    .timeLimit(.minutes(20)), arguments: MutationCorpus.Family.allCases)
  func family(_ family: MutationCorpus.Family) {
    let inputs = MutationCorpus.inputs(family)
    resetPeakResident()
    let memoryBefore = residentBytes()
    var broken: [String] = []
    var slow: [String] = []
    var slowest: (time: Duration, name: String) = (.zero, "")
    var read = 0
    for input in inputs {
      // What a user waits for: reading the file (`convert`, `info`…) and checking it (`check`
      // without libsmf: the diagnosis and its wording). Each within a second of processor
      // time, so that a busy machine does not make an input look slow.
      var outcome: Result<ReadResult, SMFError>?
      var report: CheckReport?
      let readTime = threadTime { outcome = SMFLaws.read(input.bytes) }
      let checkTime = threadTime {
        report = CheckReport(bytes: input.bytes, name: "in.mid", crossCheck: false)
      }
      let time = max(readTime, checkTime)
      if time > slowest.time { slowest = (time, input.name) }
      if time > .seconds(1) { slow.append("\(input): read \(readTime), check \(checkTime)") }
      if case .success = outcome { read += 1 }
      if let report, report.lines.count < report.problemCount + 1 {
        broken.append("\(input): check printed fewer lines than problems")
      }
      // Then every law (round trips, strict mode, size limit, diagnosis), untimed.
      if let violation = SMFLaws.check(input.bytes) { broken.append("\(input): \(violation)") }
    }
    let growth = max(0, peakResidentBytes() - memoryBefore)
    #expect(
      broken.isEmpty, "\(broken.count) input(s) broke a law:\n\(broken.prefix(20).joined(separator: "\n"))")
    #expect(
      slow.isEmpty, "\(slow.count) input(s) took more than 1 s:\n\(slow.prefix(20).joined(separator: "\n"))")
    // The largest input is 100 KB; the whole family may not make the process grow by 256 MiB
    // (other tests run at the same time, so this is a loose bound; the footprint law is the
    // tight one, input by input).
    let bound = (runningUnderAddressSanitizer ? 768 : 256) << 20
    #expect(growth < bound, "peak memory grew by \(growth >> 20) MiB")
    print(
      "mutation corpus \(family): \(inputs.count) inputs, \(read) read, \(inputs.count - read) refused, "
        + "slowest \(slowest.time) (\(slowest.name)), peak memory +\(growth >> 20) MiB")
  }

  @Test("the diagnosis of every input names a byte inside it and a track that exists")
  func diagnosisStaysInside() {
    for input in MutationCorpus.all {
      let diagnosis = MIDIFile.diagnose(input.bytes)
      for problem in diagnosis.problems {
        guard (0...input.bytes.count).contains(problem.offset),
          (problem.track ?? 0) >= 0 && (problem.track ?? 0) <= diagnosis.trackChunkCount
        else {
          Issue.record("\(input): \(problem)")
          return
        }
      }
      if diagnosis.file == nil {
        #expect(!diagnosis.errors.isEmpty, "\(input): unreadable but no error listed")
      }
    }
  }

  @Test(
    "every readable input keeps the piano-roll laws: every event kept, JSON round trips",
    .timeLimit(.minutes(20)), arguments: MutationCorpus.Family.allCases)
  func pianoRoll(_ family: MutationCorpus.Family) {
    var broken: [String] = []
    for input in MutationCorpus.inputs(family) {
      guard case .success(let result) = SMFLaws.read(input.bytes),
        let violation = SongLaws.check(result.file)
      else { continue }
      broken.append("\(input): \(violation)")
    }
    #expect(
      broken.isEmpty, "\(broken.count) input(s) broke a law:\n\(broken.prefix(20).joined(separator: "\n"))")
  }
}

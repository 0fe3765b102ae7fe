import FuzzEditLaws
import FuzzLaws
import Glibc
import PianoRoll
import TestSupport
import Testing

/// The law of the edits (``EditLaws``) on the samples, Debian's files and the mutation corpus,
/// with random options and values, valid and not: a plan or a usage error, a song or a typed
/// error, the song edited unchanged, an edited song written with its notes.
@Suite("edit laws")
struct EditLawTests {
  // In the corpus tier (release, under ASan): the option parser takes about a second a parse in
  // a debug build.
  @Test("random convert options on the samples and Debian's files keep the law", .tags(.corpus), .tiered)
  func realFiles() throws {
    var random = SplitMix64(seed: 0xED17_1A45)
    var broken: [String] = []
    var edited = 0
    for path in RealFiles.samples + RealFiles.debianFiles.prefix(4) {
      let song = try Song.read(RealFiles.bytes(path)).song
      for _ in 0..<24 {
        let choices = (0..<(2 * (1 + Int(random.next() % 4)))).map { _ in
          UInt8(truncatingIfNeeded: random.next())
        }
        let words = EditLaws.words(from: choices)
        if let violation = EditLaws.check(song, words: words) {
          broken.append("\(path) \(words): \(violation)")
        }
        if EditLaws.makesPlan(words) { edited += 1 }
      }
    }
    #expect(broken.isEmpty, "\(broken.prefix(5))")
    #expect(edited > 10, "only \(edited) word lists made a plan")
  }

  @Test("the mutation corpus with edit options in its last bytes keeps the law", .tags(.corpus), .tiered)
  func mutationCorpus() {
    var broken: [String] = []
    for family in MutationCorpus.Family.allCases {
      for input in MutationCorpus.inputs(family) where input.bytes.count <= 4096 {
        if let violation = EditLaws.check(input.bytes) { broken.append("\(input.name): \(violation)") }
      }
    }
    #expect(broken.isEmpty, "\(broken.prefix(5))")
  }
}

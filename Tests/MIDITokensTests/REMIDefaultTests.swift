import Foundation
import MIDITokens
import TestSupport
import Testing

/// REMI with MidiTok's default configuration: the vocabulary and the ids of every real and
/// corpus file MidiTok reads are MidiTok's own.
@Suite(.tags(.judge), .tiered, .requires(.python)) struct REMIDefaultTests {
  @Test func idsAreMidiToks() throws {
    let files = TokenFiles.all
    let (folder, answers) = try MidiTokJudge.run(
      [MidiTokJudge.Spec(name: "remi", tokenization: "REMI", params: [:])], files: files)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try TokenizerFile(bytes: RealFiles.bytes(folder.appendingPathComponent("remi.json").path))
    let tokenizer = try Tokenizer(file: file)
    let vocab = try JSONDecoder().decode(
      [String: Int].self, from: Data(contentsOf: folder.appendingPathComponent("remi.vocab.json")))
    #expect(tokenizer.vocabularies[0].tokens.count == vocab.count)
    for (token, id) in vocab { #expect(tokenizer.vocabularies[0].id(token) == id, "\(token)") }
    var equal = 0
    for answer in answers {
      let path = files[answer.file]
      let mine: MidiTokJudge.IDs?
      do {
        let score = try Score(midiBytes: RealFiles.bytes(path))
        let tokens = try tokenizer.encode(score)
        mine = tokens.judgeIDs
      } catch {
        #expect(answer.error != nil, "\(path): \(error)")
        continue
      }
      guard let ids = answer.ids else {
        Issue.record("\(path): MidiTok fails (\(answer.error ?? "")) but midiroll tokenizes")
        continue
      }
      if mine == ids { equal += 1 } else { Issue.record("\(path): ids differ") }
    }
    print("REMI default: \(equal) of \(answers.count) files with MidiTok's ids")
  }
}

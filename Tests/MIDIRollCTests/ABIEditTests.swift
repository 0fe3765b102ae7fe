import CMIDIRoll
import MIDIRollC
import PianoRoll
import SMF
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The calls of ABI 4: each note's program and drum flag, the time order, and songs edited
/// (`midiroll_song_transform`) and written (`midiroll_song_write`) as `convert` does.
@Suite("C ABI: programs, time order, edits and writing")
struct ABIEditTests {
  /// Every real file, the samples and the corpus.
  static let files = TestPaths.debianMIDIFiles() + TestPaths.samples()

  /// The records of a song, in track order or by time.
  static func records(_ song: ABISong, byTime: Bool) throws -> [midiroll_note_record] {
    var records = [midiroll_note_record](repeating: midiroll_note_record(), count: Int(song.info.note_count))
    var error = midiroll_error()
    let flags = byTime ? UInt32(MIDIROLL_NOTES_BY_TIME) : 0
    let code = midiroll_song_note_records(song.pointer, &records, Int64(records.count), flags, &error)
    guard code == MIDIROLL_OK else { throw ABIFailure(code: code, error: error) }
    return records
  }

  /// The song `words` make of `song`, or the failure.
  static func transform(_ song: ABISong, _ words: [String]) -> Result<ABISong, ABIFailure> {
    var edited: OpaquePointer?
    var error = midiroll_error()
    let code = withCStrings(words) {
      midiroll_song_transform(song.pointer, $0, Int32(words.count), "song.mid", &edited, &error)
    }
    guard code == MIDIROLL_OK, let edited else { return .failure(ABIFailure(code: code, error: error)) }
    return Result { try ABISong.taking(edited) }.mapError { $0 as! ABIFailure }
  }

  /// The bytes of `song` written as `kind` with `words`, or the failure.
  static func write(_ song: ABISong, _ kind: String, _ words: [String] = []) -> Result<[UInt8], ABIFailure> {
    var bytes: OpaquePointer?
    var error = midiroll_error()
    let code = withCStrings(words) {
      midiroll_song_write(song.pointer, kind, $0, Int32(words.count), nil, &bytes, &error)
    }
    guard code == MIDIROLL_OK, let bytes else { return .failure(ABIFailure(code: code, error: error)) }
    defer { midiroll_bytes_free(bytes) }
    return .success(
      Array(UnsafeBufferPointer(start: midiroll_bytes_data(bytes), count: Int(midiroll_bytes_size(bytes)))))
  }

  @Test(
    "each note's program is the last program change before its note-on in the file", .tags(.corpus), .tiered)
  func programs() throws {
    for path in Self.files {
      let bytes = try RealFiles.bytes(path)
      guard let file = try? MIDIFile.read(bytes).file, (try? Song.read(bytes)) != nil else { continue }
      let abi = try ABISong.read(bytes, name: path).get()
      let records = try Self.records(abi, byTime: false)
      // The file's events in its order: each note-on (velocity above 0) takes its channel's
      // program then; the notes are in note-on order, track after track.
      var expected: [UInt8] = []
      for track in file.tracks {
        var current = [UInt8](repeating: 0, count: 16)
        for item in track.events {
          guard let message = item.event.channelMessage else { continue }
          if message.kind == .programChange { current[Int(message.channel)] = message.data1 }
          if message.kind == .noteOn && message.data2 > 0 { expected.append(current[Int(message.channel)]) }
        }
      }
      #expect(records.map(\.program) == expected, "\(path)")
      #expect(records.map(\.is_drum) == records.map { $0.channel == 9 ? 1 : 0 }, "\(path)")
    }
  }

  @Test("the time order is a stable merge of the tracks by tick", .tags(.corpus), .tiered)
  func timeOrder() throws {
    for path in Self.files {
      let abi = try ABISong.read(try RealFiles.bytes(path), name: path).get()
      let byTrack = try Self.records(abi, byTime: false)
      let byTime = try Self.records(abi, byTime: true)
      var order = [Int64](repeating: -1, count: byTrack.count)
      var error = midiroll_error()
      #expect(midiroll_song_note_order(abi.pointer, &order, Int64(order.count), &error) == MIDIROLL_OK)
      let expected = byTrack.indices.sorted { (byTrack[$0].tick, $0) < (byTrack[$1].tick, $1) }
      #expect(order.map(Int.init) == expected, "\(path)")
      #expect(byTime.map(\.tick) == expected.map { byTrack[$0].tick }, "\(path)")
      #expect(byTime.map(\.pitch) == expected.map { byTrack[$0].pitch }, "\(path)")
    }
  }

  @Test("a transform is convert's: new notes, the song unchanged, refusals in convert's words")
  func transform() throws {
    let path = TestPaths.samples()[0]
    let abi = try ABISong.read(try RealFiles.bytes(path), name: path).get()
    let before = try Self.records(abi, byTime: false)
    let up = try Self.transform(abi, ["--transpose", "2"]).get()
    let after = try Self.records(up, byTime: false)
    #expect(after.count == before.count)
    #expect(
      zip(before, after).allSatisfy { $0.channel == 9 ? $1.pitch == $0.pitch : $1.pitch == $0.pitch + 2 })
    #expect(try Self.records(abi, byTime: false).map(\.pitch) == before.map(\.pitch))

    let bad = try #require(Self.transform(abi, ["--transpose", "200"]).failureValue)
    #expect(bad.code == MIDIROLL_USAGE)
    #expect(bad.message == "--transpose '200': expected a whole number of semitones from -127 to 127")
    let unknown = try #require(Self.transform(abi, ["--frobnicate"]).failureValue)
    #expect(unknown.code == MIDIROLL_USAGE && unknown.message.contains("--frobnicate"))
    let writing = try #require(Self.transform(abi, ["--compact"]).failureValue)
    #expect(writing.code == MIDIROLL_USAGE)
    let refused = try #require(Self.transform(abi, ["--transpose", "127"]).failureValue)
    #expect(
      refused.code == MIDIROLL_BAD_INPUT && refused.message.hasPrefix("song.mid: "), "\(refused.message)")
  }

  @Test("writing .mid gives the model's bytes; other kinds and words as convert takes them")
  func write() throws {
    let path = TestPaths.samples()[0]
    let bytes = try RealFiles.bytes(path)
    let abi = try ABISong.read(bytes, name: path).get()
    #expect(try Self.write(abi, "mid").get() == (try Song.read(bytes).song.serialized()))
    let json = try Self.write(abi, "json").get()
    let compact = try Self.write(abi, "json", ["--compact"]).get()
    #expect(json.first == UInt8(ascii: "{") && compact.count < json.count)
    #expect(try Self.write(abi, "npz", ["--resolution", "12", "--binary"]).get().prefix(2) == [0x50, 0x4B])
    let kind = try #require(Self.write(abi, "txt").failureValue)
    #expect(kind.code == MIDIROLL_USAGE && kind.message.contains("cannot write 'txt'"))
    let npzWord = try #require(Self.write(abi, "mid", ["--binary"]).failureValue)
    #expect(npzWord.code == MIDIROLL_USAGE && npzWord.message.contains("need an .npz output"))
    let edit = try #require(Self.write(abi, "mid", ["--transpose", "2"]).failureValue)
    #expect(edit.code == MIDIROLL_USAGE)
  }
}

/// `body` with `words` as a C array of C strings.
func withCStrings<T>(_ words: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> T) -> T {
  let copies = words.map { strdup($0) }
  defer { copies.forEach { free($0) } }
  let pointers = copies.map { UnsafePointer($0) }
  return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
}

extension Result {
  /// The failure, or `nil`.
  var failureValue: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}

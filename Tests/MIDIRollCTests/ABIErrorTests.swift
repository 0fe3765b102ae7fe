import CMIDIRoll
import MIDIRollC
import PianoRoll
import SMF
import TestSupport
import Testing

/// Failures through the C ABI: the command line's one line, a code, the offset and track;
/// wrong calls refused with MIDIROLL_USAGE, never a crash.
@Suite("C ABI: errors")
struct ABIErrorTests {
  /// A file whose second track has a data byte where a status is due.
  static let broken = SMFBytes.file(
    SMFBytes.track([0x00, 0xFF, 0x2F, 0x00]),
    SMFBytes.track([
      0x00, 0x90, 0x3C, 0x40,  // note-on C4
      0x10, 0x80, 0x3C, 0x00,  // note-off
      0x00, 0xF4, 0x3C,  // undefined F4, then a data byte where a status is due
      0x00, 0xFF, 0x2F, 0x00,
    ]))

  @Test("a file that does not read gives the command line's message, code, offset and track")
  func badInput() throws {
    let problem: SMFError
    do {
      _ = try MIDIFile(bytes: Self.broken)
      Issue.record("the fixture reads")
      return
    } catch { problem = error }
    guard case .failure(let failure) = ABISong.read(Self.broken, name: "dir/song.mid") else {
      Issue.record("the ABI reads it")
      return
    }
    #expect(failure.code == MIDIROLL_BAD_INPUT)
    #expect(failure.error.code == MIDIROLL_BAD_INPUT)
    #expect(failure.message == "dir/song.mid: \(problem.description)")
    #expect(failure.error.offset == Int64(problem.offset))
    #expect(failure.error.track == 1)
    #expect(failure.message.hasPrefix("dir/song.mid: byte "))
  }

  @Test("without a name the message is the problem alone; a name is one line")
  func names() {
    guard case .failure(let plain) = ABISong.read([0x4D, 0x54], name: nil) else {
      Issue.record("two bytes read")
      return
    }
    #expect(plain.message.hasPrefix("byte 0"))
    guard case .failure(let odd) = ABISong.read([], name: "a\nb.mid") else {
      Issue.record("no bytes read")
      return
    }
    #expect(odd.message.hasPrefix("a\\nb.mid: "))
    #expect(odd.error.offset == 0)
  }

  @Test("a message longer than the buffer is cut at a character boundary with ...")
  func longMessage() {
    let name = String(repeating: "é", count: 700) + ".mid"
    guard case .failure(let failure) = ABISong.read([], name: name) else {
      Issue.record("no bytes read")
      return
    }
    let bytes = Array(failure.message.utf8)
    #expect(
      bytes.count <= Int(MIDIROLL_MESSAGE_CAPACITY) - 1 && bytes.count >= Int(MIDIROLL_MESSAGE_CAPACITY) - 5)
    #expect(failure.message.hasSuffix("é..."))
  }

  @Test("a file of more track chunks than a header counts is refused, one fewer reads")
  func tooManyTracks() throws {
    let endOfTrack = SMFBytes.track([0x00, 0xFF, 0x2F, 0x00])
    let most = SMFBytes.file(trackCount: 0xFFFF, [[UInt8]](repeating: endOfTrack, count: 0xFFFF))
    #expect(try ABISong.read(most, name: "most.mid").get().info.track_count == 0xFFFF)
    guard case .failure(let failure) = ABISong.read(most + endOfTrack, name: "more.mid") else {
      Issue.record("65,536 tracks read")
      return
    }
    #expect(failure.code == MIDIROLL_BAD_INPUT)
    #expect(
      failure.message == "more.mid: 65536 track chunks, more than the 65535 a MIDI file's header can count")
  }

  @Test("strict reading refuses what tolerant reading warns about")
  func strict() throws {
    let noEnd = SMFBytes.file(SMFBytes.track([0x00, 0x90, 0x3C, 0x40, 0x10, 0x80, 0x3C, 0x00]))
    let tolerant = try ABISong.read(noEnd, name: "x.mid").get()
    #expect(tolerant.info.warning_count == 1 && tolerant.info.note_count == 1)
    guard case .failure(let failure) = ABISong.read(noEnd, name: "x.mid", flags: UInt32(MIDIROLL_READ_STRICT))
    else {
      Issue.record("strict reading read it")
      return
    }
    #expect(failure.code == MIDIROLL_BAD_INPUT && failure.message.hasSuffix("(strict mode)"))
  }

  @Test("wrong calls are refused with MIDIROLL_USAGE and leave everything as it was")
  func usage() throws {
    var error = midiroll_error()
    var song: OpaquePointer?
    #expect(midiroll_song_read(nil, 4, "x", 0, &song, &error) == MIDIROLL_USAGE && song == nil)
    #expect(messageText(error) == "midiroll_song_read: the bytes are NULL")
    #expect(midiroll_song_read(nil, 0, "x", 0, nil, &error) == MIDIROLL_USAGE)
    #expect(midiroll_song_read(nil, 0, "x", 8, &song, &error) == MIDIROLL_USAGE)
    #expect(midiroll_song_read(nil, 0, "x", 0, &song, nil) == MIDIROLL_BAD_INPUT)  // no error to fill
    var info = midiroll_song_info()
    #expect(midiroll_song_info_get(nil, &info, &error) == MIDIROLL_USAGE)
    #expect(messageText(error) == "midiroll_song_info_get: the song is NULL")

    let abi = try ABISong.read(
      SMFBytes.file(
        SMFBytes.track([0x00, 0x90, 0x3C, 0x40, 0x10, 0x80, 0x3C, 0x00, 0x00, 0xFF, 0x2F, 0x00])), name: nil
    ).get()
    #expect(midiroll_song_info_get(abi.pointer, nil, &error) == MIDIROLL_USAGE)
    let ticks = ColumnBuffer<Int64>(1, 7)
    var columns = midiroll_note_columns()
    columns.tick = ticks.column
    #expect(midiroll_song_notes(abi.pointer, &columns, 0, &error) == MIDIROLL_USAGE)
    #expect(messageText(error) == "midiroll_song_notes: the arrays hold 0 rows, the song has 1")
    #expect(midiroll_song_notes(abi.pointer, nil, 1, &error) == MIDIROLL_USAGE)
    #expect(ticks.values == [7])
    #expect(midiroll_song_notes(abi.pointer, &columns, 1, &error) == MIDIROLL_OK && ticks.values == [0])
    #expect(error.code == MIDIROLL_OK && error.offset == -1 && messageText(error).isEmpty)
    var record = midiroll_note_record()
    record.tick = 7
    #expect(
      midiroll_song_note_records(abi.pointer, &record, 0, 0, &error) == MIDIROLL_USAGE && record.tick == 7)
    #expect(messageText(error) == "midiroll_song_note_records: the array holds 0 records, the song has 1")
    #expect(midiroll_song_note_records(abi.pointer, nil, 1, 0, &error) == MIDIROLL_USAGE)
    #expect(messageText(error) == "midiroll_song_note_records: the records are NULL")
    #expect(midiroll_song_note_records(nil, &record, 1, 0, &error) == MIDIROLL_USAGE)
    #expect(midiroll_song_note_records(abi.pointer, &record, 1, 0, &error) == MIDIROLL_OK)
    #expect(record.tick == 0 && record.duration == 0x10 && record.pitch == 0x3C && record.velocity == 0x40)
    var names = [CChar](repeating: 0, count: 1)
    var trackColumns = midiroll_track_columns()
    #expect(midiroll_song_tracks(abi.pointer, &trackColumns, 1, &names, 0, &error) == MIDIROLL_OK)
    #expect(midiroll_song_tracks(abi.pointer, &trackColumns, 0, &names, 0, &error) == MIDIROLL_USAGE)
    #expect(midiroll_song_warnings(abi.pointer, nil, 0, &error) == MIDIROLL_USAGE)
    midiroll_song_free(nil)
  }

  @Test("the malformed corpus is refused or read, never a crash, and as the model reads it")
  func corpus() throws {
    for name in RealFiles.corpusFiles {
      let bytes = try RealFiles.corpusBytes(name)
      switch (Result { () throws(SMFError) in try Song.read(bytes) }, ABISong.read(bytes, name: name)) {
      case (.success(let (song, _)), .success(let abi)):
        #expect(abi.info.note_count == Int64(song.noteCount), "\(name)")
      case (.failure(let problem), .failure(let failure)):
        #expect(failure.message == OneLine.escaping("\(name): \(problem.description)"))
        #expect(failure.error.offset == Int64(problem.offset))
      default:
        Issue.record("\(name): the ABI and the model disagree on whether it reads")
      }
    }
  }
}

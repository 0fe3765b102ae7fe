import CMIDIRoll
import Foundation
import MIDIRollC
import PianoRoll
import SMF
import TestSupport
import Testing

/// The C ABI as a C caller uses it: every column equals what the Swift model says of the same
/// file, in either layout (one array per column, or rows of a packed struct).
@Suite("C ABI: reading")
struct ABIReadTests {
  /// The real files, the samples and the corpus.
  static let files = TestPaths.debianMIDIFiles() + TestPaths.samples() + TestPaths.corpus()

  @Test("the ABI version is the header's, the version the command line's")
  func versions() {
    #expect(midiroll_abi_version() == UInt32(MIDIROLL_ABI_VERSION))
    #expect(String(cString: midiroll_version()) == MIDIRollVersion.current)
  }

  @Test("every file's notes, seconds and positions are the model's, in both layouts", .tags(.corpus), .tiered)
  func notesAreTheModels() throws {
    #expect(Self.files.count > 60)
    var read = 0
    for path in Self.files {
      let bytes = try RealFiles.bytes(path)
      guard let song = try? Song(bytes: bytes) else {
        guard case .failure(let failure) = ABISong.read(bytes, name: path) else {
          Issue.record("\(path): the model refuses it, the ABI reads it")
          continue
        }
        #expect(failure.code == MIDIROLL_BAD_INPUT, "\(path)")
        continue
      }
      let abi = try ABISong.read(bytes, name: path).get()
      read += 1
      let expected = Self.expectedNotes(song)
      #expect(abi.info.note_count == Int64(expected.count), "\(path)")
      #expect(abi.info.track_count == Int64(song.tracks.count), "\(path)")
      #expect(try Self.notesByColumns(abi) == expected, "\(path)")
      #expect(try Self.notesByRows(abi) == expected, "\(path)")
      #expect(try Self.notesByRecords(abi) == expected.map(\.fieldsOnly), "\(path)")
      #expect(try Self.notesByNoteRecords(abi, misaligned: false) == expected.map(\.fieldsOnly), "\(path)")
      #expect(try Self.notesByNoteRecords(abi, misaligned: true) == expected.map(\.fieldsOnly), "\(path)")
    }
    #expect(read > 60)
  }

  /// The notes of the model, in track order, with their seconds and positions.
  static func expectedNotes(_ song: Song) -> [ABINote] {
    let timeline = song.makeTimeline()
    return song.allNotes.map { note in
      let position = note.position(in: timeline)
      return ABINote(
        track: UInt16(note.track), channel: note.channel, pitch: note.pitch, velocity: note.velocity,
        offVelocity: note.offVelocity, tick: Int64(note.tick), duration: Int64(note.durationTicks),
        end: note.end.rawValue, startSeconds: note.seconds(in: timeline),
        durationSeconds: note.durationSeconds(in: timeline), bar: Int32(position.bar),
        beat: Int32(position.beat),
        subbeat: Int32(position.subbeat), cent: Int32(position.cent))
    }
  }

  /// The notes through one array per column.
  static func notesByColumns(_ song: ABISong) throws -> [ABINote] {
    let count = Int(song.info.note_count)
    let track = ColumnBuffer<UInt16>(count, 0xFFFF)
    let bytes = (0..<5).map { _ in ColumnBuffer<UInt8>(count, 0xEE) }
    let ticks = (0..<2).map { _ in ColumnBuffer<Int64>(count, -1) }
    let seconds = (0..<2).map { _ in ColumnBuffer<Double>(count, -1) }
    let positions = (0..<4).map { _ in ColumnBuffer<Int32>(count, -1) }
    var columns = midiroll_note_columns(
      track: track.column, channel: bytes[0].column, pitch: bytes[1].column, velocity: bytes[2].column,
      off_velocity: bytes[3].column, tick: ticks[0].column, duration: ticks[1].column, end: bytes[4].column,
      program: midiroll_column(), is_drum: midiroll_column(), start_seconds: seconds[0].column,
      duration_seconds: seconds[1].column, bar: positions[0].column,
      beat: positions[1].column, subbeat: positions[2].column, cent: positions[3].column)
    var error = midiroll_error()
    let code = midiroll_song_notes(song.pointer, &columns, Int64(count), &error)
    guard code == MIDIROLL_OK else { throw ABIFailure(code: code, error: error) }
    let (tracks, bytesValues, tickValues) = (track.values, bytes.map(\.values), ticks.map(\.values))
    let (secondValues, positionValues) = (seconds.map(\.values), positions.map(\.values))
    return (0..<count).map { row in
      ABINote(
        track: tracks[row], channel: bytesValues[0][row], pitch: bytesValues[1][row],
        velocity: bytesValues[2][row],
        offVelocity: bytesValues[3][row], tick: tickValues[0][row], duration: tickValues[1][row],
        end: bytesValues[4][row], startSeconds: secondValues[0][row], durationSeconds: secondValues[1][row],
        bar: positionValues[0][row], beat: positionValues[1][row], subbeat: positionValues[2][row],
        cent: positionValues[3][row])
    }
  }

  /// The notes through rows of a packed struct (a NumPy structured array without alignment):
  /// 2 + 5 + 16 + 16 + 16 = 55 bytes a row, so most fields are unaligned.
  static func notesByRows(_ song: ABISong) throws -> [ABINote] {
    let count = Int(song.info.note_count)
    let stride = 55
    // track, channel, pitch, velocity, off velocity, end, tick, duration, start, length, bar, beat,
    // subbeat, cent
    let at = [0, 2, 3, 4, 5, 6, 7, 15, 23, 31, 39, 43, 47, 51]
    var rows = [UInt8](repeating: 0xEE, count: max(1, count * stride))
    var error = midiroll_error()
    let code = rows.withUnsafeMutableBytes { buffer in
      let base = buffer.baseAddress!
      func field(_ index: Int) -> midiroll_column {
        midiroll_column(data: base + at[index], stride: Int64(stride))
      }
      var columns = midiroll_note_columns(
        track: field(0), channel: field(1), pitch: field(2), velocity: field(3), off_velocity: field(4),
        tick: field(6), duration: field(7), end: field(5), program: midiroll_column(),
        is_drum: midiroll_column(),
        start_seconds: field(8),
        duration_seconds: field(9),
        bar: field(10), beat: field(11), subbeat: field(12), cent: field(13))
      return midiroll_song_notes(song.pointer, &columns, Int64(count), &error)
    }
    guard code == MIDIROLL_OK else { throw ABIFailure(code: code, error: error) }
    return rows.withUnsafeBytes { buffer in
      (0..<count).map { row in
        func load<T>(_ index: Int, _: T.Type) -> T {
          buffer.loadUnaligned(fromByteOffset: row * stride + at[index], as: T.self)
        }
        return ABINote(
          track: load(0, UInt16.self), channel: load(1, UInt8.self), pitch: load(2, UInt8.self),
          velocity: load(3, UInt8.self), offVelocity: load(4, UInt8.self), tick: load(6, Int64.self),
          duration: load(7, Int64.self), end: load(5, UInt8.self), startSeconds: load(8, Double.self),
          durationSeconds: load(9, Double.self), bar: load(10, Int32.self), beat: load(11, Int32.self),
          subbeat: load(12, Int32.self), cent: load(13, Int32.self))
      }
    }
  }

  /// The notes through rows of aligned records, the Python package's layout (tick, duration,
  /// track, channel, pitch, velocity, off velocity, end: 24 bytes), which the ABI writes in
  /// one loop.
  static func notesByRecords(_ song: ABISong) throws -> [ABINote] {
    let count = Int(song.info.note_count)
    let records = ColumnBuffer<(Int64, Int64, UInt16, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)>(
      count, (-1, -1, 0xFFFF, 0xEE, 0xEE, 0xEE, 0xEE, 0xEE, 0))
    #expect(MemoryLayout<(Int64, Int64, UInt16, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)>.stride == 24)
    let base = UnsafeMutableRawPointer(records.buffer.baseAddress!)
    func field(_ offset: Int) -> midiroll_column { midiroll_column(data: base + offset, stride: 24) }
    var columns = midiroll_note_columns()
    (columns.tick, columns.duration, columns.track, columns.channel) = (
      field(0), field(8), field(16), field(18)
    )
    (columns.pitch, columns.velocity, columns.off_velocity, columns.end) = (
      field(19), field(20), field(21), field(22)
    )
    var error = midiroll_error()
    let code = midiroll_song_notes(song.pointer, &columns, Int64(count), &error)
    guard code == MIDIROLL_OK else { throw ABIFailure(code: code, error: error) }
    return records.values.map { record in
      ABINote(
        track: record.2, channel: record.3, pitch: record.4, velocity: record.5, offVelocity: record.6,
        tick: record.0, duration: record.1, end: record.7)
    }
  }

  /// The notes through `midiroll_song_note_records`, into bytes that held 0xEE (at an odd
  /// address when `misaligned`); every record's reserved byte must come back 0.
  static func notesByNoteRecords(_ song: ABISong, misaligned: Bool) throws -> [ABINote] {
    let count = Int(song.info.note_count)
    let size = MemoryLayout<midiroll_note_record>.size
    #expect(size == 32 && MemoryLayout<midiroll_note_record>.stride == 32)
    let skip = misaligned ? 1 : 0
    var bytes = [UInt8](repeating: 0xEE, count: skip + max(1, count) * size)
    var error = midiroll_error()
    let code = bytes.withUnsafeMutableBytes { buffer in
      midiroll_song_note_records(
        song.pointer, (buffer.baseAddress! + skip).assumingMemoryBound(to: midiroll_note_record.self),
        Int64(count), 0, &error)
    }
    guard code == MIDIROLL_OK else { throw ABIFailure(code: code, error: error) }
    return bytes.withUnsafeBytes { buffer in
      (0..<count).map { row in
        let record = buffer.loadUnaligned(fromByteOffset: skip + row * size, as: midiroll_note_record.self)
        #expect(withUnsafeBytes(of: record.reserved) { $0.allSatisfy { $0 == 0 } })
        #expect(record.is_drum == (record.channel == 9 ? 1 : 0))
        return ABINote(
          track: record.track, channel: record.channel, pitch: UInt8(bitPattern: record.pitch),
          velocity: UInt8(bitPattern: record.velocity), offVelocity: UInt8(bitPattern: record.off_velocity),
          tick: record.tick, duration: record.duration, end: record.end)
      }
    }
  }

  @Test("tracks, names, maps and warnings are the model's", .tags(.corpus), .tiered)
  func tracksAndMaps() throws {
    for path in Self.files {
      let bytes = try RealFiles.bytes(path)
      guard let (song, warnings) = try? Song.read(bytes) else { continue }
      let abi = try ABISong.read(bytes, name: path).get()
      let timeline = song.makeTimeline()
      var error = midiroll_error()

      let trackCount = song.tracks.count
      let noteCounts = ColumnBuffer<Int64>(trackCount, -9)
      let channels = ColumnBuffer<Int32>(trackCount, -9)
      let programs = ColumnBuffer<Int32>(trackCount, -9)
      let nameEnds = ColumnBuffer<Int64>(trackCount, -9)
      var names = [CChar](repeating: 0, count: Int(abi.info.track_name_bytes) + 1)
      var columns = midiroll_track_columns(
        note_count: noteCounts.column, channel: channels.column, program: programs.column,
        name_end: nameEnds.column)
      #expect(
        midiroll_song_tracks(
          abi.pointer, &columns, Int64(trackCount), &names, abi.info.track_name_bytes, &error)
          == MIDIROLL_OK, "\(path): \(messageText(error))")
      var start = 0
      for (index, track) in song.tracks.enumerated() {
        let end = Int(nameEnds.values[index])
        let name = String(decoding: names[start..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #expect(name == (track.name ?? ""), "\(path) track \(index)")
        start = end
        #expect(noteCounts.values[index] == Int64(track.notes.count))
        let first = track.notes.first
        #expect(channels.values[index] == first.map { Int32($0.channel) } ?? -1)
        #expect(
          programs.values[index]
            == first.map { Int32(track.program(onChannel: $0.channel, atOrBefore: $0.tick)) } ?? -1)
      }

      let tempos = timeline.tempos.changes
      #expect(abi.info.tempo_count == Int64(tempos.count))
      let tempoTicks = ColumnBuffer<Int64>(tempos.count, 0)
      let micros = ColumnBuffer<Int64>(tempos.count, 0)
      let qpm = ColumnBuffer<Double>(tempos.count, 0)
      let tempoSeconds = ColumnBuffer<Double>(tempos.count, 0)
      var tempoColumns = midiroll_tempo_columns(
        tick: tempoTicks.column, microseconds_per_quarter: micros.column, quarters_per_minute: qpm.column,
        seconds: tempoSeconds.column)
      #expect(midiroll_song_tempos(abi.pointer, &tempoColumns, Int64(tempos.count), &error) == MIDIROLL_OK)
      #expect(tempoTicks.values == tempos.map { Int64($0.tick) })
      #expect(micros.values == tempos.map { Int64($0.microsecondsPerQuarter) })
      #expect(qpm.values == tempos.map(\.beatsPerMinute))
      #expect(tempoSeconds.values == tempos.map { timeline.seconds(atTick: $0.tick) })

      let meters = timeline.timeSignatures.changes
      #expect(abi.info.time_signature_count == Int64(meters.count))
      let meterTicks = ColumnBuffer<Int64>(meters.count, 0)
      let bars = ColumnBuffer<Int64>(meters.count, 0)
      let numerators = ColumnBuffer<Int32>(meters.count, 0)
      let denominators = ColumnBuffer<Int32>(meters.count, 0)
      var meterColumns = midiroll_time_signature_columns(
        tick: meterTicks.column, bar: bars.column, numerator: numerators.column,
        denominator: denominators.column)
      #expect(
        midiroll_song_time_signatures(abi.pointer, &meterColumns, Int64(meters.count), &error) == MIDIROLL_OK)
      #expect(
        meterTicks.values == meters.map { Int64($0.tick) } && bars.values == meters.map { Int64($0.bar) })
      #expect(numerators.values == meters.map { Int32($0.numerator) })
      #expect(denominators.values == meters.map { Int32($0.denominator) })

      let keys = timeline.keySignatures
      #expect(abi.info.key_signature_count == Int64(keys.count))
      let keyTicks = ColumnBuffer<Int64>(keys.count, 0)
      let sharps = ColumnBuffer<Int32>(keys.count, 0)
      let minor = ColumnBuffer<UInt8>(keys.count, 9)
      var keyColumns = midiroll_key_signature_columns(
        tick: keyTicks.column, sharps: sharps.column, minor: minor.column)
      #expect(
        midiroll_song_key_signatures(abi.pointer, &keyColumns, Int64(keys.count), &error) == MIDIROLL_OK)
      #expect(
        keyTicks.values == keys.map { Int64($0.tick) } && sharps.values == keys.map { Int32($0.sharps) })
      #expect(minor.values == keys.map { $0.isMinor ? 1 : 0 })

      #expect(abi.info.warning_count == Int64(warnings.count))
      var text = [CChar](repeating: 0, count: Int(abi.info.warning_bytes) + 1)
      #expect(midiroll_song_warnings(abi.pointer, &text, abi.info.warning_bytes, &error) == MIDIROLL_OK)
      let lines = String(decoding: text.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
      #expect(lines == warnings.map { $0.description + "\n" }.joined(), "\(path)")
      var extent = midiroll_song_extent()
      #expect(midiroll_song_extent_get(abi.pointer, &extent, &error) == MIDIROLL_OK)
      #expect(extent.end_tick == Int64(song.endTick))
      #expect(extent.duration_seconds == song.summary.durationSeconds)
      #expect(extent.bar_count == Int64(song.summary.barCount))
      #expect(abi.info.ticks_per_quarter == Int32(song.division.ticksPerQuarterForPositions))
    }
  }
}

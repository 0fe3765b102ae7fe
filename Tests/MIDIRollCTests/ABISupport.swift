import CMIDIRoll
import MIDIRollC

/// A song read through the C ABI, as a C caller holds it: the handle and its info, freed at
/// the end.
final class ABISong: @unchecked Sendable {  // immutable: a song may be used from any thread
  /// The handle.
  let pointer: OpaquePointer
  /// What it holds.
  let info: midiroll_song_info

  /// Reads `bytes` through `midiroll_song_read`, or returns the error it filled.
  static func read(_ bytes: [UInt8], name: String?, flags: UInt32 = 0) -> Result<ABISong, ABIFailure> {
    var song: OpaquePointer?
    var error = midiroll_error()
    let code = bytes.withUnsafeBufferPointer { buffer in
      if let name {
        return midiroll_song_read(buffer.baseAddress, buffer.count, name, flags, &song, &error)
      }
      return midiroll_song_read(buffer.baseAddress, buffer.count, nil, flags, &song, &error)
    }
    guard code == MIDIROLL_OK, let song else { return .failure(ABIFailure(code: code, error: error)) }
    var info = midiroll_song_info()
    guard midiroll_song_info_get(song, &info, &error) == MIDIROLL_OK else {
      midiroll_song_free(song)
      return .failure(ABIFailure(code: error.code, error: error))
    }
    return .success(ABISong(pointer: song, info: info))
  }

  /// Takes over a song handle made by another read call.
  static func taking(_ pointer: OpaquePointer) throws -> ABISong {
    var info = midiroll_song_info()
    var error = midiroll_error()
    guard midiroll_song_info_get(pointer, &info, &error) == MIDIROLL_OK else {
      midiroll_song_free(pointer)
      throw ABIFailure(code: error.code, error: error)
    }
    return ABISong(pointer: pointer, info: info)
  }

  private init(pointer: OpaquePointer, info: midiroll_song_info) {
    self.pointer = pointer
    self.info = info
  }

  deinit { midiroll_song_free(pointer) }
}

/// A failed call: its code and what it wrote into the error.
struct ABIFailure: Error {
  /// The returned code.
  var code: Int32
  /// The error the call filled.
  var error: midiroll_error

  /// The message as a string.
  var message: String { messageText(error) }
}

/// The NUL-terminated message of an error.
func messageText(_ error: midiroll_error) -> String {
  withUnsafeBytes(of: error.message) { buffer in
    String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
  }
}

/// A caller-owned array for one column, filled with `initial` before a call.
final class ColumnBuffer<T: BitwiseCopyable> {
  /// The storage.
  let buffer: UnsafeMutableBufferPointer<T>

  /// An array of `count` rows (at least one allocated, so the column is never NULL).
  init(_ count: Int, _ initial: T) {
    buffer = .allocate(capacity: max(1, count))
    buffer.initialize(repeating: initial)
    self.count = count
  }

  /// The rows.
  let count: Int

  deinit { buffer.deallocate() }

  /// The column describing it.
  var column: midiroll_column {
    midiroll_column(data: UnsafeMutableRawPointer(buffer.baseAddress), stride: Int64(MemoryLayout<T>.stride))
  }

  /// The rows' values.
  var values: [T] { Array(buffer.prefix(count)) }
}

/// One note as the ABI's columns give it.
struct ABINote: Hashable, CustomStringConvertible {
  var track: UInt16 = 0
  var channel: UInt8 = 0
  var pitch: UInt8 = 0
  var velocity: UInt8 = 0
  var offVelocity: UInt8 = 0
  var tick: Int64 = 0
  var duration: Int64 = 0
  var end: UInt8 = 0
  var startSeconds: Double = 0
  var durationSeconds: Double = 0
  var bar: Int32 = 0
  var beat: Int32 = 0
  var subbeat: Int32 = 0
  var cent: Int32 = 0

  var description: String { "track \(track) ch \(channel) key \(pitch) @\(tick)+\(duration)" }

  /// The note without its seconds and position.
  var fieldsOnly: ABINote {
    ABINote(
      track: track, channel: channel, pitch: pitch, velocity: velocity, offVelocity: offVelocity, tick: tick,
      duration: duration, end: end)
  }
}

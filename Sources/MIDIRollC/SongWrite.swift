import CMIDIRoll
import MIDIRollFiles
import MIDIRollKit
import MIDIRollOptions
import SMF

/// What a `midiroll_bytes *` points to: bytes the library made for the caller, never changed.
final class BytesHandle: Sendable {
  /// The bytes.
  let bytes: [UInt8]

  /// Holds `bytes`.
  init(_ bytes: [UInt8]) { self.bytes = bytes }
}

/// Writes a song as `midiroll convert` writes a kind (see `include/midiroll.h`).
@_cdecl("midiroll_song_write")
public func midirollSongWrite(
  _ song: OpaquePointer?, _ kind: UnsafePointer<CChar>?, _ arguments: UnsafePointer<UnsafePointer<CChar>?>?,
  _ count: Int32, _ name: UnsafePointer<CChar>?, _ bytes: UnsafeMutablePointer<OpaquePointer?>?,
  _ error: UnsafeMutablePointer<midiroll_error>?
) -> Int32 {
  reportingErrors(error) { () throws(ABIError) in
    let call = "midiroll_song_write"
    guard let bytes else { throw ABIError(usage: "\(call): the bytes' pointer is NULL") }
    bytes.pointee = nil
    let handle = try SongHandle.of(song, in: call)
    guard let kind else { throw ABIError(usage: "\(call): the kind is NULL") }
    let words = try callerWords(arguments, count: count, in: call)
    let name = name.map { String(cString: $0) }
    let fileKind = SongFileKind(rawValue: String(cString: kind))
    let kinds = SongFormats.writable.filter { $0 != .stats && $0 != .tokens }
    guard kinds.contains(fileKind) else {
      let names = kinds.map(\.rawValue).joined(separator: ", ")
      throw ABIError(usage: OneLine.escaping("\(call): cannot write '\(fileKind)' (expected \(names))"))
    }
    let written = try ABIError.translating { () throws(KitError) in
      let options = try encodings.value(for: [fileKind.rawValue] + words) { () throws(KitError) in
        try ConvertWords(parsing: words).encoding(for: fileKind)
      }
      let encoder = try SongFormats.encoder(for: fileKind, options: options)
      let sink = OutputSink(collecting: name ?? "the output")
      _ = try encoder.write(SongInput(song: handle.song, path: name ?? ""), to: sink)
      try sink.finish()
      return sink.takeBytes()
    }
    bytes.pointee = OpaquePointer(Unmanaged.passRetained(BytesHandle(written)).toOpaque())
  }
}

/// The encodings callers' words were read into, by the kind written and the words.
private let encodings = WordsMemo<EncodingOptions>()

/// The bytes behind a caller's pointer.
private func bytesHandle(_ pointer: OpaquePointer) -> BytesHandle {
  Unmanaged<BytesHandle>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
}

/// Where bytes made by the library start (NULL for NULL).
@_cdecl("midiroll_bytes_data")
public func midirollBytesData(_ bytes: OpaquePointer?) -> UnsafePointer<UInt8>? {
  guard let bytes else { return nil }
  // The array is never changed or freed while the handle lives: its storage stays put.
  return bytesHandle(bytes).bytes.withUnsafeBufferPointer { $0.baseAddress }
}

/// How many bytes the library made (0 for NULL).
@_cdecl("midiroll_bytes_size")
public func midirollBytesSize(_ bytes: OpaquePointer?) -> Int64 {
  guard let bytes else { return 0 }
  return Int64(bytesHandle(bytes).bytes.count)
}

/// Frees bytes made by the library (NULL is allowed).
@_cdecl("midiroll_bytes_free")
public func midirollBytesFree(_ bytes: OpaquePointer?) {
  guard let bytes else { return }
  Unmanaged<BytesHandle>.fromOpaque(UnsafeRawPointer(bytes)).release()
}

import CMIDIRoll
import Foundation
import MIDIRollC
import SMF
import TestSupport
import Testing

/// Reading from a descriptor: the same song as from bytes, the limit kept, a failed read its
/// own code with the errno.
@Suite("C ABI: reading a descriptor")
struct ABIDescriptorTests {
  /// Every real file read from its descriptor gives the notes it gives from bytes, whatever
  /// the size hint (exact, none, too small, too large).
  @Test("a file read from its descriptor is the song read from its bytes")
  func sameSong() throws {
    for path in RealFiles.debianFiles.prefix(12) {
      let bytes = try RealFiles.bytes(path)
      let expected = try ABIReadTests.notesByColumns(try ABISong.read(bytes, name: path).get())
      for hint in [Int64(bytes.count), 0, 7, Int64(bytes.count) * 2] {
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var song: OpaquePointer?
        var error = midiroll_error()
        #expect(
          midiroll_song_read_descriptor(descriptor, hint, 1 << 26, path, 0, &song, &error) == MIDIROLL_OK,
          "\(path): \(messageText(error))")
        let abi = try ABISong.taking(try #require(song))
        #expect(try ABIReadTests.notesByColumns(abi) == expected, "\(path) hint \(hint)")
      }
    }
  }

  @Test("more bytes than the limit are refused; exactly the limit reads")
  func limit() throws {
    let path = try #require(RealFiles.samples.first)
    let size = Int64(try RealFiles.bytes(path).count)
    for (limit, reads) in [(size, true), (size - 1, false)] {
      let descriptor = open(path, O_RDONLY)
      defer { close(descriptor) }
      var song: OpaquePointer?
      var error = midiroll_error()
      let code = midiroll_song_read_descriptor(descriptor, 0, limit, "s.mid", 0, &song, &error)
      midiroll_song_free(song)
      #expect(code == (reads ? MIDIROLL_OK : MIDIROLL_BAD_INPUT))
      if !reads { #expect(messageText(error) == "s.mid: input is more than the limit of \(limit) bytes") }
    }
  }

  @Test("a failed read is MIDIROLL_IO with its errno; a pipe is read to its end")
  func failures() throws {
    var song: OpaquePointer?
    var error = midiroll_error()
    #expect(midiroll_song_read_descriptor(-1, 0, 100, "gone.mid", 0, &song, &error) == MIDIROLL_IO)
    #expect(error.system_error == EBADF && song == nil)
    #expect(messageText(error) == "gone.mid: cannot be read: " + String(cString: strerror(EBADF)))
    #expect(midiroll_song_read_descriptor(0, -1, 100, nil, 0, &song, &error) == MIDIROLL_USAGE)

    let bytes = try RealFiles.bytes(try #require(RealFiles.samples.first))
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)  // as a file opened without blocking: waited on
    let (reading, writing) = (ends[0], ends[1])
    let writer = Thread {
      bytes.withUnsafeBytes { buffer in
        var sent = 0
        while sent < buffer.count {
          let wrote = write(writing, buffer.baseAddress! + sent, min(1000, buffer.count - sent))
          if wrote > 0 { sent += wrote }
        }
      }
      close(writing)
    }
    writer.start()
    defer { close(reading) }
    #expect(midiroll_song_read_descriptor(reading, 0, 1 << 20, "-", 0, &song, &error) == MIDIROLL_OK)
    let abi = try ABISong.taking(try #require(song))
    #expect(
      try ABIReadTests.notesByColumns(abi)
        == ABIReadTests.notesByColumns(ABISong.read(bytes, name: nil).get()))
  }
}

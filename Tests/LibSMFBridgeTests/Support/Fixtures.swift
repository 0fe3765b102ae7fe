#if LibSMF
  import TestSupport
  import Foundation

  /// Builds Standard MIDI File bytes for hand-made fixtures: the tests write the events of each
  /// track as annotated byte arrays, this writes the header and the chunk framing.
  enum Fixture {
    /// `MThd`, length 6, format, track count, division, then one `MTrk` chunk per track.
    static func file(
      format: UInt16 = 1, trackCount: UInt16? = nil, division: UInt16 = 96, _ tracks: [UInt8]...
    ) -> [UInt8] {
      let count = trackCount ?? UInt16(tracks.count)
      return chunk("MThd", be16(format) + be16(count) + be16(division))
        + tracks.flatMap { chunk("MTrk", $0) }
    }

    /// A chunk: four type characters, a big-endian 32-bit length, the body.
    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
      Array(type.utf8) + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: body.count >> $0) } + body
    }

    /// A big-endian 16-bit integer.
    static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

    /// A variable-length quantity, as few bytes as it takes.
    static func vlq(_ value: Int) -> [UInt8] {
      var bytes = [UInt8(value & 0x7F)]
      var rest = value >> 7
      while rest > 0 {
        bytes.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
        rest >>= 7
      }
      return bytes
    }

    /// `00 FF 2F 00`: End of Track at delta 0.
    static let endOfTrack: [UInt8] = [0x00, 0xFF, 0x2F, 0x00]
  }

  /// Where the shared test data lives: the shared test support's real files.
  enum TestData {
    /// The edge-case corpus next to the repository (`../shared/corpus`), when present.
    static let corpus = RealFiles.corpusDirectory
    /// Whether the corpus folder exists.
    static let corpusIsPresent = RealFiles.corpusExists
    /// Every `.mid` file under the corpus, sorted, as paths relative to it.
    static let corpusFiles = RealFiles.corpusFiles
    /// The Debian packages whose real MIDI files the tests read.
    static let debianPackages = RealFiles.debianPackages
    /// Every `.mid` file the Debian packages installed.
    static let debianFiles = RealFiles.debianFiles

    /// The bytes of a file.
    static func bytes(at path: String) throws -> [UInt8] { try RealFiles.bytes(path) }
  }
#endif

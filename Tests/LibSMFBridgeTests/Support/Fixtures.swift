#if LibSMF
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

  /// Where the shared test data lives.
  enum TestData {
    /// The repository's root (this file is `Tests/LibSMFBridgeTests/Support/Fixtures.swift`).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()

    /// The edge-case corpus next to the repository (`../shared/corpus`), when present.
    static let corpus = repositoryRoot.deletingLastPathComponent()
      .appendingPathComponent("shared/corpus")

    /// Whether the corpus folder exists.
    static var corpusIsPresent: Bool {
      FileManager.default.fileExists(atPath: corpus.path)
    }

    /// Every `.mid` file under the corpus, sorted, as paths relative to it.
    static var corpusFiles: [String] {
      guard let walker = FileManager.default.enumerator(atPath: corpus.path) else { return [] }
      return walker.compactMap { $0 as? String }.filter { $0.lowercased().hasSuffix(".mid") }.sorted()
    }

    /// The Debian packages whose real MIDI files the tests read.
    static let debianPackages = ["openttd-openmsx", "planetblupi-music-midi"]

    /// Every `.mid` file the Debian packages installed (`dpkg -L`), or none when they are not
    /// installed or this is not Debian.
    static let debianFiles: [String] = {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/dpkg")
      process.arguments = ["-L"] + debianPackages
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      do { try process.run() } catch { return [] }
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        .filter { $0.hasSuffix(".mid") }.sorted()
    }()

    /// The bytes of a file.
    static func bytes(at path: String) throws -> [UInt8] {
      [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }
  }
#endif

#if LibSMF
  import TestSupport
  import Foundation

  /// Hand-made files for the bridge: the tests write the events of each track as annotated
  /// byte arrays; `SMFBytes` (TestSupport) writes the framing.
  enum Fixture {
    /// `MThd`, length 6, format, track count, division, then one `MTrk` chunk per track.
    static func file(
      format: UInt16 = 1, trackCount: UInt16? = nil, division: UInt16 = 96, _ tracks: [UInt8]...
    ) -> [UInt8] {
      SMFBytes.file(
        format: format, trackCount: trackCount ?? UInt16(tracks.count), division: division,
        tracks.map { SMFBytes.track($0) })
    }
  }

  /// Where the shared test data lives: the shared test support's real files.
  enum TestData {
    /// The edge-case corpus vendored in `Tests/Fixtures/corpus`.
    static let corpus = RealFiles.corpusDirectory
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

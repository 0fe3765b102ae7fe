import Foundation

/// Files that are not MIDI files, as a person might hand them to the tool by mistake.
/// (MIDI bytes, well-formed or not, are built with `SMFBytes` of TestSupport.)
enum HostileBytes {
  /// The first bytes of a real PNG image (signature, IHDR of a 1×1 image, IEND).
  static let png: [UInt8] =
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]  // signature
    + [0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]
    + [0x1F, 0x15, 0xC4, 0x89]  // CRC
    + [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]

  /// A text file a person might hand the tool by mistake.
  static let plainText = Array("Hello, world.\nThis is not a song.\n".utf8)

  /// A text file that starts like a MIDI file, to get past the first check.
  static let text = Array("MThd is where a MIDI file starts; this is a README, not a song.\n".utf8)
}

import PianoRoll

/// What identifies a song in a dataset: the SHA-256 of its `.mid` bytes and its content
/// fingerprint (``ContentFingerprint``), both as hexadecimal.
public struct ContentIdentity: Sendable, Hashable {
  /// SHA-256 of the `.mid` bytes (the file's own for a `.mid`; for piano-roll JSON, of the
  /// `.mid` midiroll writes from it).
  public var byteHash: String
  /// What the song plays.
  public var fingerprint: String

  /// The identity of the `.mid` bytes of a song and its piano roll.
  public init(midiBytes: [UInt8], song: Song) {
    byteHash = SHA256.hex(of: midiBytes)
    fingerprint = ContentFingerprint(song).hex
  }

  /// Creates an identity from its two hashes (read back from an index).
  public init(byteHash: String, fingerprint: String) {
    self.byteHash = byteHash
    self.fingerprint = fingerprint
  }
}

#if FluidSynth
  /// The 44-byte header of a RIFF WAVE file of 16-bit PCM samples.
  public struct WAVHeader: Hashable, Sendable {
    /// Frames a second.
    public var sampleRate: Int
    /// Interleaved channels a frame (2 for stereo).
    public var channels: Int
    /// Bytes of sample data after the header.
    public var dataBytes: Int

    /// Bits a sample: always 16 here.
    public static let bitsPerSample = 16
    /// The header's size in bytes.
    public static let size = 44
    /// The most sample data a RIFF file can describe (its sizes are 32-bit).
    public static let maximumDataBytes = Int(UInt32.max) - 36

    /// Creates a header.
    public init(sampleRate: Int, channels: Int = 2, dataBytes: Int) {
      self.sampleRate = sampleRate
      self.channels = channels
      self.dataBytes = dataBytes
    }

    /// The header's bytes: `RIFF` size `WAVE`, a 16-byte `fmt ` chunk (PCM), `data` size.
    /// - Precondition: `dataBytes <= maximumDataBytes`.
    public var bytes: [UInt8] {
      precondition((0...Self.maximumDataBytes).contains(dataBytes), "WAV data too large for RIFF")
      let blockAlign = channels * Self.bitsPerSample / 8
      var bytes: [UInt8] = []
      bytes.reserveCapacity(Self.size)
      bytes += Array("RIFF".utf8)
      Self.append(UInt32(36 + dataBytes), to: &bytes)
      bytes += Array("WAVEfmt ".utf8)
      Self.append(UInt32(16), to: &bytes)
      Self.append(UInt16(1), to: &bytes)  // PCM
      Self.append(UInt16(channels), to: &bytes)
      Self.append(UInt32(sampleRate), to: &bytes)
      Self.append(UInt32(sampleRate * blockAlign), to: &bytes)
      Self.append(UInt16(blockAlign), to: &bytes)
      Self.append(UInt16(Self.bitsPerSample), to: &bytes)
      bytes += Array("data".utf8)
      Self.append(UInt32(dataBytes), to: &bytes)
      return bytes
    }

    /// Appends an integer in little-endian byte order.
    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
      withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }
  }
#endif

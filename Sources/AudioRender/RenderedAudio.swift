#if FluidSynth
  /// A song rendered to audio: a complete WAV file (16-bit stereo PCM) and what went into it.
  public struct RenderedAudio: Hashable, Sendable {
    /// The WAV file's bytes: a 44-byte header, then interleaved little-endian 16-bit frames.
    public var wav: [UInt8]
    /// Stereo frames in the file.
    public var frames: Int
    /// Frames a second.
    public var sampleRate: Int
    /// Samples that were louder than 16 bits hold and were clipped (lower the gain if many).
    public var clippedSamples: Int

    /// Creates a rendered song from its parts.
    public init(wav: [UInt8], frames: Int, sampleRate: Int, clippedSamples: Int) {
      self.wav = wav
      self.frames = frames
      self.sampleRate = sampleRate
      self.clippedSamples = clippedSamples
    }

    /// The length in seconds.
    public var seconds: Double { Double(frames) / Double(sampleRate) }
  }
#endif

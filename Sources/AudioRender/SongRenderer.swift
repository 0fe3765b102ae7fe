#if FluidSynth
  import PianoRoll

  /// Renders songs to 16-bit stereo WAV through FluidSynth, deterministically: the same song
  /// and settings give the same bytes (a fresh synthesizer each time, one thread, no audio
  /// driver, no dithering).
  ///
  /// Every message of the song's ``PlaybackSchedule`` is placed at its exact frame from the
  /// tempo map; FluidSynth starts what it receives at its next 64-frame block
  /// (``SynthesisSettings/blockFrames``), so each message is handed over at the block boundary
  /// nearest its exact frame: within ±32 frames (0.73 ms at 44.1 kHz). After the last message
  /// ``SynthesisSettings/tailSeconds`` let released notes ring out.
  public struct SongRenderer: Sendable {
    /// The settings every render uses.
    public let settings: SynthesisSettings

    /// Creates a renderer.
    /// - Throws: ``AudioRenderError/badSetting(_:value:)`` for a value out of range.
    public init(settings: SynthesisSettings) throws(AudioRenderError) {
      try settings.validate()
      self.settings = settings
    }

    /// Renders a song.
    /// - Throws: ``AudioRenderError`` when FluidSynth refuses the SoundFont or the song would
    ///   last longer than ``SynthesisSettings/maximumSeconds``.
    public func render(_ song: Song) throws(AudioRenderError) -> RenderedAudio {
      try render(PlaybackSchedule(song: song))
    }

    /// Renders a schedule.
    /// - Throws: ``AudioRenderError`` as ``render(_:)-(Song)``.
    public func render(_ schedule: PlaybackSchedule) throws(AudioRenderError) -> RenderedAudio {
      let rate = settings.sampleRate
      let lastFrame = schedule.lastTick.map { schedule.frame(atTick: $0, sampleRate: rate) } ?? 0
      let tailFrames = Int((settings.tailSeconds * Double(rate)).rounded())
      let limitFrames = Int(min(settings.maximumSeconds * Double(rate), Double(Int.max / 8)))
      guard lastFrame <= limitFrames - tailFrames else {
        throw .tooLong(seconds: Double(lastFrame + tailFrames) / Double(rate), limit: settings.maximumSeconds)
      }
      let frames = lastFrame + tailFrames
      let dataBytes = frames * 4
      guard dataBytes <= WAVHeader.maximumDataBytes else {
        throw .tooLong(seconds: Double(frames) / Double(rate), limit: settings.maximumSeconds)
      }
      let synthesizer = try FluidSynthInstance(settings)
      var clipped = 0
      let header = WAVHeader(sampleRate: rate, dataBytes: dataBytes).bytes
      let wav = [UInt8](unsafeUninitializedCapacity: header.count + dataBytes) { buffer, count in
        let raw = UnsafeMutableRawBufferPointer(buffer)
        raw.copyBytes(from: header)
        var writer = PCMWriter(synthesizer: synthesizer, output: raw, offset: header.count)
        for event in schedule.events {
          let exact = schedule.frame(atTick: event.tick, sampleRate: rate)
          writer.render(until: min(frames, Self.nearestBlockBoundary(exact)))
          synthesizer.send(event.message)
        }
        writer.render(until: frames)
        clipped = writer.clippedSamples
        count = header.count + dataBytes
      }
      return RenderedAudio(wav: wav, frames: frames, sampleRate: rate, clippedSamples: clipped)
    }

    /// The multiple of ``SynthesisSettings/blockFrames`` nearest a frame (halves go up).
    static func nearestBlockBoundary(_ frame: Int) -> Int {
      let block = SynthesisSettings.blockFrames
      return (frame + block / 2) / block * block
    }
  }

  /// Renders a synthesizer's output into 16-bit little-endian PCM, block by block.
  private struct PCMWriter {
    let synthesizer: FluidSynthInstance
    let output: UnsafeMutableRawBufferPointer
    /// The byte where frame 0 goes.
    let offset: Int
    /// Frames written so far.
    private(set) var position = 0
    /// Samples clipped so far.
    private(set) var clippedSamples = 0
    /// Float frames from FluidSynth before conversion.
    private var scratch = [Float](repeating: 0, count: 2 * PCMWriter.chunkFrames)

    /// Frames asked of FluidSynth at a time.
    static let chunkFrames = 4_096

    init(synthesizer: FluidSynthInstance, output: UnsafeMutableRawBufferPointer, offset: Int) {
      self.synthesizer = synthesizer
      self.output = output
      self.offset = offset
    }

    /// Renders from the current position up to frame `end` (nothing when already there).
    mutating func render(until end: Int) {
      while position < end {
        let count = min(Self.chunkFrames, end - position)
        let base = offset + position * 4
        var clipped = 0
        scratch.withUnsafeMutableBufferPointer { floats in
          guard let floatBase = floats.baseAddress else { return }
          synthesizer.render(frames: count, into: floatBase)
          for index in 0..<(2 * count) {
            let scaled = (floats[index] * 32_767).rounded()
            let sample: Int16
            if scaled > 32_767 {
              sample = .max
              clipped += 1
            } else if scaled < -32_768 {
              sample = .min
              clipped += 1
            } else if scaled.isNaN {
              sample = 0
            } else {
              sample = Int16(scaled)
            }
            output.storeBytes(of: sample.littleEndian, toByteOffset: base + 2 * index, as: Int16.self)
          }
        }
        clippedSamples += clipped
        position += count
      }
    }
  }
#endif

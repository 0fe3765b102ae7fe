#if FluidSynth
  import PianoRoll
  import SMF

  /// One FluidSynth synthesizer with its settings and SoundFont, with no audio driver: it makes
  /// samples only when asked (``render(frames:into:)``), on the calling thread.
  ///
  /// Made fresh for every song, so that a render depends on nothing but the song and the
  /// settings. Not to be shared between threads.
  final class FluidSynthInstance {
    private let library: FluidSynthLibrary
    private let settings: OpaquePointer
    private let synth: OpaquePointer

    /// Creates a synthesizer and loads the SoundFont.
    /// - Throws: ``AudioRenderError`` when FluidSynth is not installed, or refuses a setting or
    ///   the SoundFont.
    init(_ options: SynthesisSettings) throws(AudioRenderError) {
      let library = try FluidSynthLibrary.shared.get()
      guard SoundFontSearch.looksLikeSoundFont(options.soundFont) else {
        throw .soundFontRejected(path: options.soundFont)
      }
      guard let settings = library.newSettings() else { throw .synthesizerUnavailable }
      let applied =
        library.setNumber(settings, "synth.sample-rate", Double(options.sampleRate)) == FluidSynthLibrary.ok
        && library.setNumber(settings, "synth.gain", options.gain) == FluidSynthLibrary.ok
        && library.setInteger(settings, "synth.reverb.active", options.reverb ? 1 : 0) == FluidSynthLibrary.ok
        && library.setInteger(settings, "synth.chorus.active", options.chorus ? 1 : 0) == FluidSynthLibrary.ok
        && library.setInteger(settings, "synth.cpu-cores", 1) == FluidSynthLibrary.ok
        && library.setInteger(settings, "synth.polyphony", 512) == FluidSynthLibrary.ok
      guard applied else {
        library.deleteSettings(settings)
        throw .settingsRefused
      }
      // One synthesizer is made and loaded at a time in the process (`batch --jobs N` renders
      // in parallel): FluidSynth fills its shared tables when the first synthesizer is made.
      Self.creation.lock()
      let made = library.newSynth(settings)
      let loaded =
        made.map { library.loadSoundFont($0, options.soundFont, 1) != FluidSynthLibrary.failed } ?? false
      Self.creation.unlock()
      guard let synth = made else {
        library.deleteSettings(settings)
        throw .synthesizerUnavailable
      }
      self.library = library
      self.settings = settings
      self.synth = synth
      if !loaded { throw .soundFontRejected(path: options.soundFont) }
    }

    /// Held while a synthesizer is made and its SoundFont loaded.
    private static let creation = POSIXLock()

    deinit {
      library.deleteSynth(synth)
      library.deleteSettings(settings)
    }

    /// Sends one message now: it takes effect at the start of the next block FluidSynth renders.
    ///
    /// Messages FluidSynth does not take (a SysEx it does not know) are ignored, as a MIDI
    /// device would.
    func send(_ message: PlaybackEvent.Message) {
      switch message {
      case .channel(let message):
        let channel = Int32(message.channel)
        let data1 = Int32(message.data1)
        let data2 = Int32(message.data2)
        switch message.kind {
        case .noteOn: _ = library.noteOn(synth, channel, data1, data2)
        case .noteOff: _ = library.noteOff(synth, channel, data1)
        case .polyPressure: _ = library.keyPressure(synth, channel, data1, data2)
        case .controlChange: _ = library.controlChange(synth, channel, data1, data2)
        case .programChange: _ = library.programChange(synth, channel, data1)
        case .channelPressure: _ = library.channelPressure(synth, channel, data1)
        case .pitchBend: _ = library.pitchBend(synth, channel, Int32(message.pitchBendValue))
        }
      case .sysEx(let body):
        guard !body.isEmpty, body.count <= Int(Int32.max) else { return }
        body.withUnsafeBufferPointer { buffer in
          buffer.withMemoryRebound(to: CChar.self) { chars in
            _ = library.sysEx(synth, chars.baseAddress, Int32(chars.count), nil, nil, nil, 0)
          }
        }
      }
    }

    /// Renders `frames` stereo frames as interleaved 32-bit floats (left, right, …) into
    /// `buffer`, which holds at least `2 × frames` values.
    func render(frames: Int, into buffer: UnsafeMutablePointer<Float>) {
      _ = library.writeFloat(synth, Int32(frames), buffer, 0, 2, buffer, 1, 2)
    }
  }
#endif

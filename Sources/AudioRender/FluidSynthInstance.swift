#if FluidSynth
  import CFluidSynth
  import Foundation
  import PianoRoll
  import SMF

  /// One FluidSynth synthesizer with its settings and SoundFont, with no audio driver: it makes
  /// samples only when asked (``render(frames:into:)``), on the calling thread.
  ///
  /// Made fresh for every song, so that a render depends on nothing but the song and the
  /// settings. Not to be shared between threads.
  final class FluidSynthInstance {
    private let settings: OpaquePointer
    private let synth: OpaquePointer

    /// Creates a synthesizer and loads the SoundFont.
    /// - Throws: ``AudioRenderError`` when FluidSynth refuses a setting or the SoundFont.
    init(_ options: SynthesisSettings) throws(AudioRenderError) {
      Self.silenceLogOnce
      guard SoundFontSearch.looksLikeSoundFont(options.soundFont) else {
        throw .soundFontRejected(path: options.soundFont)
      }
      guard let settings = new_fluid_settings() else { throw .synthesizerUnavailable }
      let applied =
        fluid_settings_setnum(settings, "synth.sample-rate", Double(options.sampleRate)) == FLUID_OK
        && fluid_settings_setnum(settings, "synth.gain", options.gain) == FLUID_OK
        && fluid_settings_setint(settings, "synth.reverb.active", options.reverb ? 1 : 0) == FLUID_OK
        && fluid_settings_setint(settings, "synth.chorus.active", options.chorus ? 1 : 0) == FLUID_OK
        && fluid_settings_setint(settings, "synth.cpu-cores", 1) == FLUID_OK
        && fluid_settings_setint(settings, "synth.polyphony", 512) == FLUID_OK
      guard applied else {
        delete_fluid_settings(settings)
        throw .badSetting(
          "FluidSynth refused a setting (sample rate \(options.sampleRate), gain \(options.gain))")
      }
      // One synthesizer is made and loaded at a time in the process (`batch --jobs N` renders
      // in parallel): FluidSynth fills its shared tables when the first synthesizer is made.
      Self.creation.lock()
      let made = new_fluid_synth(settings)
      let loaded = made.map { fluid_synth_sfload($0, options.soundFont, 1) != FLUID_FAILED } ?? false
      Self.creation.unlock()
      guard let synth = made else {
        delete_fluid_settings(settings)
        throw .synthesizerUnavailable
      }
      self.settings = settings
      self.synth = synth
      if !loaded { throw .soundFontRejected(path: options.soundFont) }
    }

    /// Held while a synthesizer is made and its SoundFont loaded.
    private static let creation = NSLock()

    deinit {
      delete_fluid_synth(synth)
      delete_fluid_settings(settings)
    }

    /// FluidSynth's log goes nowhere (set once for the process).
    private static let silenceLogOnce: Void = cfluidsynth_silence_log()

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
        case .noteOn: _ = fluid_synth_noteon(synth, channel, data1, data2)
        case .noteOff: _ = fluid_synth_noteoff(synth, channel, data1)
        case .polyPressure: _ = fluid_synth_key_pressure(synth, channel, data1, data2)
        case .controlChange: _ = fluid_synth_cc(synth, channel, data1, data2)
        case .programChange: _ = fluid_synth_program_change(synth, channel, data1)
        case .channelPressure: _ = fluid_synth_channel_pressure(synth, channel, data1)
        case .pitchBend: _ = fluid_synth_pitch_bend(synth, channel, Int32(message.pitchBendValue))
        }
      case .sysEx(let body):
        guard !body.isEmpty, body.count <= Int(Int32.max) else { return }
        body.withUnsafeBufferPointer { buffer in
          buffer.withMemoryRebound(to: CChar.self) { chars in
            _ = fluid_synth_sysex(synth, chars.baseAddress, Int32(chars.count), nil, nil, nil, 0)
          }
        }
      }
    }

    /// Renders `frames` stereo frames as interleaved 32-bit floats (left, right, …) into
    /// `buffer`, which holds at least `2 × frames` values.
    func render(frames: Int, into buffer: UnsafeMutablePointer<Float>) {
      _ = fluid_synth_write_float(synth, Int32(frames), buffer, 0, 2, buffer, 1, 2)
    }
  }
#endif

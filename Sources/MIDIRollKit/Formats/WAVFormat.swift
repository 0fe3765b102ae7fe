import MIDIRollFiles
import PianoRoll

#if FluidSynth
  import AudioRender
#endif

/// Audio through FluidSynth and a General MIDI SoundFont (`.wav`), written only; behind the
/// `FluidSynth` trait.
public enum WAVFormat {
  /// The format's description.
  public static let format = SongFormat(
    kind: .wav, title: "audio (WAV, through FluidSynth)", extensions: ["wav"], isRendering: true,
    sniff: { $0.count >= 12 && Array($0[8..<12]) == Array("WAVE".utf8) },
    makeEncoder: { options throws(KitError) in try makeEncoder(options.wav) })

  #if FluidSynth
    /// The renderer for `options`, its SoundFont found and loaded once for the run.
    static func makeEncoder(_ options: WAVOptions) throws(KitError) -> any SongEncoder {
      do {
        let soundFont = try SoundFontSearch.resolve(options.soundFont)
        let settings = SynthesisSettings(
          soundFont: soundFont, sampleRate: options.sampleRate, gain: options.gain,
          tailSeconds: options.tailSeconds, reverb: options.reverb, chorus: options.chorus,
          maximumSeconds: options.maximumSeconds)
        return Encoder(renderer: try SongRenderer(settings: settings))
      } catch {
        throw kitError(error, file: nil)
      }
    }

    /// Renders each song with the one renderer.
    struct Encoder: SongEncoder {
      let renderer: SongRenderer

      func write(_ input: SongInput, to sink: OutputSink) throws(KitError) -> [KitNotice] {
        let song = try input.song()
        let audio: RenderedAudio
        do {
          audio = try renderer.render(song)
        } catch {
          throw kitError(error, file: input.path)
        }
        sink.write(audio.wav)
        guard audio.clippedSamples > 0 else { return [] }
        return [
          KitNotice(
            "\(audio.clippedSamples) samples clipped (the gain is \(renderer.settings.gain))",
            hints: [.lowerGain])
        ]
      }
    }

    /// A renderer's failure as the kit reports it: what the user chose (usage) or what was read
    /// (bad input).
    static func kitError(_ error: AudioRenderError, file: String?) -> KitError {
      switch error {
      case .noSoundFont: KitError(.usage, error.description, hints: [.soundFont])
      case .badSetting, .libraryUnavailable: KitError(.usage, error.description)
      case .soundFontUnreadable, .soundFontRejected, .synthesizerUnavailable, .settingsRefused:
        KitError(.badInput, error.description)
      case .tooLong: KitError(.badInput, file: file, error.description, hints: [.raiseDurationLimit])
      }
    }
  #else
    /// This midiroll was built without FluidSynth: every `.wav` output is refused.
    static func makeEncoder(_ options: WAVOptions) throws(KitError) -> any SongEncoder {
      throw KitError(.usage, "this midiroll was built without FluidSynth", hints: [.installFluidSynth])
    }
  #endif
}

/// How songs are rendered to audio: the SoundFont, the sample rate and gain, effects, the tail,
/// and the longest render allowed.
public struct WAVOptions: Hashable, Sendable {
  /// The SoundFont 2 file (`nil`: FluidR3_GM or TimGM6mb where Debian installs them).
  public var soundFont: String?
  /// Frames a second, 8000–96000.
  public var sampleRate = 44_100
  /// FluidSynth's master gain, 0–10.
  public var gain = 0.2
  /// Seconds rendered after the last message, 0–60.
  public var tailSeconds = 2.0
  /// FluidSynth's reverb.
  public var reverb = false
  /// FluidSynth's chorus.
  public var chorus = false
  /// The longest render allowed, in seconds with the tail.
  public var maximumSeconds = 3_600.0

  /// Creates the default options.
  public init() {}
}

#if FluidSynth
  /// Why a song could not be rendered to audio.
  public enum AudioRenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No SoundFont was named and none is installed where midiroll looks.
    case noSoundFont(searched: [String])
    /// The named SoundFont does not exist or cannot be read.
    case soundFontUnreadable(path: String)
    /// FluidSynth refused the SoundFont (not a SoundFont 2 file, or damaged).
    case soundFontRejected(path: String)
    /// A setting is outside what FluidSynth accepts (`value` as given).
    case badSetting(SynthesisSettings.Setting, value: String)
    /// FluidSynth refused the settings though each is within its range.
    case settingsRefused
    /// FluidSynth could not create its settings or synthesizer (out of memory).
    case synthesizerUnavailable
    /// FluidSynth's library is not installed (`name`), or lacks a function it should have.
    case libraryUnavailable(name: String, missing: String?)
    /// The song lasts longer than the renderer is allowed to make.
    case tooLong(seconds: Double, limit: Double)

    /// One line saying what went wrong and what to do.
    public var description: String {
      switch self {
      case .noSoundFont:
        return
          "no General MIDI SoundFont found: install one (sudo apt-get install timgm6mb-soundfont) or name one"
      case .soundFontUnreadable(let path):
        return "\(path): cannot read the SoundFont (no such file, or not readable)"
      case .soundFontRejected(let path):
        return "\(path): FluidSynth cannot load this SoundFont (expected a SoundFont 2 .sf2 file)"
      case .badSetting(let setting, let value):
        return "\(setting.rawValue) \(value): expected \(setting.expected)"
      case .settingsRefused:
        return "FluidSynth refused the settings (sample rate, gain, effects)"
      case .synthesizerUnavailable:
        return "FluidSynth could not create a synthesizer"
      case .libraryUnavailable(let name, nil):
        return "audio output needs FluidSynth 2 (\(name)): install it (sudo apt-get install libfluidsynth3)"
      case .libraryUnavailable(let name, let missing?):
        return "the FluidSynth library found (\(name)) has no function \(missing): install FluidSynth 2"
      case .tooLong(let seconds, let limit):
        return
          "the song lasts \(Int(seconds.rounded(.up))) s with its tail, more than the \(Int(limit)) s allowed"
      }
    }
  }
#endif

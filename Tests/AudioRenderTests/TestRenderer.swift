#if FluidSynth
  import AudioRender
  import Foundation
  import PianoRoll

  /// The renderer the tests use: TimGM6mb (Debian `timgm6mb-soundfont`, which `make deps`
  /// installs; small, so each render loads quickly), else whatever General MIDI SoundFont is
  /// installed.
  enum TestRenderer {
    /// The SoundFont the tests play with.
    static let soundFont: String = {
      let small = "/usr/share/sounds/sf2/TimGM6mb.sf2"
      if FileManager.default.isReadableFile(atPath: small) { return small }
      return SoundFontSearch.generalMIDI() ?? small
    }()

    /// Renders a song with default settings but the test SoundFont.
    static func render(
      _ song: Song, sampleRate: Int = 44_100, gain: Double = 0.2, tail: Double = 2
    ) throws -> RenderedAudio {
      let settings = SynthesisSettings(
        soundFont: soundFont, sampleRate: sampleRate, gain: gain, tailSeconds: tail)
      return try SongRenderer(settings: settings).render(song)
    }
  }
#endif

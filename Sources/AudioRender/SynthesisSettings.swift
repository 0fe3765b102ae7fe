#if FluidSynth
  /// How a song is rendered: the SoundFont, the sample rate and gain, effects and the tail.
  public struct SynthesisSettings: Hashable, Sendable {
    /// The SoundFont 2 file whose instruments play the song.
    public var soundFont: String
    /// Frames a second, 8000–96000 (FluidSynth's range); 44100 by default.
    public var sampleRate: Int
    /// FluidSynth's master gain, 0–10; 0.2 by default, as the `fluidsynth` program.
    public var gain: Double
    /// Seconds rendered after the last message so that released notes ring out, 0–60.
    public var tailSeconds: Double
    /// Whether FluidSynth's reverb is on (off by default: a dry render of what the file says).
    public var reverb: Bool
    /// Whether FluidSynth's chorus is on (off by default).
    public var chorus: Bool
    /// The longest render allowed, in seconds with the tail (a guard against a file whose tempo
    /// or ticks would ask for days of audio; the output is held in memory).
    public var maximumSeconds: Double

    /// The frames FluidSynth renders at a time internally: a message takes effect at the start
    /// of the block it arrives before, so the renderer hands each message over at the block
    /// boundary nearest its exact frame.
    public static let blockFrames = 64

    /// Creates settings.
    public init(
      soundFont: String, sampleRate: Int = 44_100, gain: Double = 0.2, tailSeconds: Double = 2,
      reverb: Bool = false, chorus: Bool = false, maximumSeconds: Double = 3_600
    ) {
      self.soundFont = soundFont
      self.sampleRate = sampleRate
      self.gain = gain
      self.tailSeconds = tailSeconds
      self.reverb = reverb
      self.chorus = chorus
      self.maximumSeconds = maximumSeconds
    }

    /// A setting that has a range.
    public enum Setting: String, Hashable, Sendable, CaseIterable {
      /// ``SynthesisSettings/sampleRate``.
      case sampleRate
      /// ``SynthesisSettings/gain``.
      case gain
      /// ``SynthesisSettings/tailSeconds``.
      case tailSeconds
      /// ``SynthesisSettings/maximumSeconds``.
      case maximumSeconds

      /// What a value of the setting must be.
      public var expected: String {
        switch self {
        case .sampleRate: "8000 to 96000 frames a second"
        case .gain: "0 to 10"
        case .tailSeconds: "0 to 60 seconds"
        case .maximumSeconds: "a positive number of seconds"
        }
      }
    }

    /// Checks every value against its range.
    /// - Throws: ``AudioRenderError/badSetting(_:value:)`` naming the setting and its value.
    public func validate() throws(AudioRenderError) {
      guard (8_000...96_000).contains(sampleRate) else {
        throw .badSetting(.sampleRate, value: "\(sampleRate)")
      }
      guard gain.isFinite, (0...10).contains(gain) else { throw .badSetting(.gain, value: "\(gain)") }
      guard tailSeconds.isFinite, (0...60).contains(tailSeconds) else {
        throw .badSetting(.tailSeconds, value: "\(tailSeconds)")
      }
      guard maximumSeconds.isFinite, maximumSeconds > 0 else {
        throw .badSetting(.maximumSeconds, value: "\(maximumSeconds)")
      }
    }
  }
#endif

import NPZ
import PianoRoll

/// Renders a song as WAV bytes: given by the command line when it has a synthesizer (the
/// `FluidSynth` trait), so the kit itself needs none.
public typealias WAVRenderer = @Sendable (Song) throws(KitError) -> [UInt8]

/// How a song is written in the output forms that have choices: the piano-roll JSON profile
/// (`--compact`), the `.npz` layout (`--resolution`, `--steps`, `--npz notes`, …) and the
/// synthesizer of `.wav`.
public struct EncodingOptions: Sendable {
  /// The profile of piano-roll JSON outputs.
  public var jsonProfile: PianoRollJSON.Profile
  /// How `.npz` outputs are laid out.
  public var npz: NPZOptions
  /// How `.wav` outputs are rendered; without one, a `.wav` output is refused.
  public var wav: WAVRenderer?

  /// Creates options; the defaults are the full JSON profile, pypianoroll's `.npz` layout and no
  /// synthesizer.
  public init(
    jsonProfile: PianoRollJSON.Profile = .full, npz: NPZOptions = NPZOptions(), wav: WAVRenderer? = nil
  ) {
    self.jsonProfile = jsonProfile
    self.npz = npz
    self.wav = wav
  }
}

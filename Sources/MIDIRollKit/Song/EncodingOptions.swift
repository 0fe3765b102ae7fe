import NPZ
import PianoRoll

/// How a song is written in the output forms that have choices: the piano-roll JSON profile
/// (`--compact`) and the `.npz` layout (`--resolution`, `--steps`, `--npz notes`, …).
public struct EncodingOptions: Sendable {
  /// The profile of piano-roll JSON outputs.
  public var jsonProfile: PianoRollJSON.Profile
  /// How `.npz` outputs are laid out.
  public var npz: NPZOptions

  /// Creates options; the defaults are the full JSON profile and pypianoroll's `.npz` layout.
  public init(jsonProfile: PianoRollJSON.Profile = .full, npz: NPZOptions = NPZOptions()) {
    self.jsonProfile = jsonProfile
    self.npz = npz
  }
}

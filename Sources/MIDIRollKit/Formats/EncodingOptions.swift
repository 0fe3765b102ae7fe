import PianoRoll
import PianoRollJSON
import PianoRollNPZ
import PianoRollRender
import PianoRollWeb

/// How a song is written in the formats that have choices, one group of options a format:
/// the piano-roll JSON profile, the `.npz` layout, the picture's and the page's look, the
/// synthesizer of `.wav`, and the song drawn faded underneath a picture or page.
public struct EncodingOptions: Sendable {
  /// The profile of piano-roll JSON outputs.
  public var jsonProfile: PianoRollJSON.Profile = .full
  /// How `.npz` outputs are laid out.
  public var npz = NPZOptions()
  /// How `.svg` pictures look (a `nil` title is the input's file name).
  public var picture = RenderOptions()
  /// How `.html` pages open (a `nil` title is the input's file name).
  public var page = PageOptions()
  /// How `.wav` outputs are rendered.
  public var wav = WAVOptions()
  /// A song drawn faded underneath pictures and pages, to compare.
  public var comparison: Comparison?

  /// Creates the default options: the full JSON profile, pypianoroll's `.npz` layout, the
  /// standard look, the General MIDI SoundFont installed.
  public init() {}
}

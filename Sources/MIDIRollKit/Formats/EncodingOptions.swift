import PianoRoll
import PianoRollJSON
import PianoRollNPZ
import PianoRollRender
import PianoRollWeb

/// How a song is written in the formats that have choices, one group of options a format:
/// the piano-roll JSON profile, the `.npz` layout, the picture's and the page's look, the
/// synthesizer of `.wav`, the song drawn faded underneath a picture or page, and the tokenizer
/// of MidiTok tokens.
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
  /// The tokenizer of MidiTok tokens outputs.
  public var tokens = TokensOptions()

  /// Creates the default options: the full JSON profile, pypianoroll's `.npz` layout, the
  /// standard look, the General MIDI SoundFont installed.
  public init() {}
}

import ArgumentParser

#if FluidSynth
  import AudioRender
#endif

/// What `batch --to` writes: a song kind (`mid`, `json`), or audio (`wav`, rendered with the
/// ``SynthesisOptions`` of the command).
public struct BatchOutput: Sendable, ExpressibleByArgument, CustomStringConvertible {
  /// The name after `--to`, also the outputs' extension.
  public let rawValue: String
  /// The song kind written, or `nil` for audio.
  public let songKind: SongFileKind?
  #if FluidSynth
    /// The renderer for `wav` (set by ``prepared(_:)``).
    var renderer: SongRenderer?
  #endif

  /// Standard MIDI Files.
  public static let mid = BatchOutput(kind: .mid)
  /// Piano-roll JSON.
  public static let json = BatchOutput(kind: .json)
  /// 16-bit stereo WAV through FluidSynth.
  public static let wav = BatchOutput(rawValue: "wav", songKind: nil)

  private init(kind: SongFileKind) { self.init(rawValue: kind.rawValue, songKind: kind) }
  private init(rawValue: String, songKind: SongFileKind?) {
    self.rawValue = rawValue
    self.songKind = songKind
  }

  /// Reads `mid`, `json` or `wav`.
  public init?(argument: String) {
    guard let known = [Self.mid, .json, .wav].first(where: { $0.rawValue == argument.lowercased() }) else {
      return nil
    }
    self = known
  }

  /// The choices, for help.
  public static var allValueStrings: [String] { ["mid", "json", "wav"] }

  /// The name.
  public var description: String { rawValue }

  /// This output ready to encode: for `wav`, with the renderer the options ask for.
  /// - Throws: ``CLIError`` (usage) when audio is asked of a midiroll without FluidSynth, or
  ///   a synthesis option is bad, or no SoundFont is found.
  public func prepared(_ synthesis: SynthesisOptions) throws(CLIError) -> BatchOutput {
    guard songKind == nil else {
      if let name = synthesis.optionsGiven.first { throw CLIError(.usage, "\(name) goes with --to wav") }
      return self
    }
    #if FluidSynth
      var ready = self
      ready.renderer = try AudioRendering.makeRenderer(synthesis)
      return ready
    #else
      throw CLIError(.usage, AudioRendering.unavailable)
    #endif
  }

  /// A song encoded as this output.
  /// - Throws: ``CLIError`` when it cannot be encoded (or rendered).
  public func encode(_ song: SongInput) throws(CLIError) -> [UInt8] {
    if let songKind { return try song.encoded(as: songKind) }
    #if FluidSynth
      guard let renderer else { throw CLIError(.usage, "--to wav: no renderer prepared") }
      return try AudioRendering.wav(song, renderer: renderer)
    #else
      throw CLIError(.usage, AudioRendering.unavailable)
    #endif
  }
}

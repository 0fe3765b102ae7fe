import ArgumentParser
import MIDIRollKit
import PianoRoll
import PianoRollRender

#if FluidSynth
  import AudioRender
#endif

/// `render IN OUT.wav`: the song, after the quantize and key options, through FluidSynth.
///
/// Called by ``Render`` when its output is audio; without the `FluidSynth` trait it says what
/// to install.
public enum AudioRendering {
  /// Reads, transforms, renders and writes the WAV of a `render` command.
  /// - Throws: ``CLIError``: usage for options that do not go with audio or bad values (and
  ///   for a missing FluidSynth or SoundFont), bad input for the song or the SoundFont, cannot
  ///   write for the output.
  public static func run(_ command: Render) throws {
    let svgOnly: [(String, Bool)] = [
      ("--before", command.before != nil), ("--beat-width", command.beatWidth != nil),
      ("--title", command.title != nil), ("--fold", command.selection.fold),
      ("--bars", command.selection.bars != BarSelection(first: 0)), ("--zoom", command.zoom != "1/16"),
      ("--colors", command.colors != .track), ("--row-height", command.rowHeight != 12),
      ("--max-width", command.maxWidth != 16_000),
    ]
    if let (name, _) = svgOnly.first(where: \.1) {
      throw CLIError(.usage, "\(name) is for SVG output, not \(command.output)")
    }
    let plan = try command.audio.plan(keys: command.selection)
    #if FluidSynth
      let renderer = try makeRenderer(command.audio.synthesis)
      var song = try SongInput(path: command.input, options: command.inputOptions)
      song.printWarnings(quiet: command.inputOptions.quiet)
      let done = try plan.apply(to: &song)
      let pianoRoll = try song.song()
      let audio: RenderedAudio
      do {
        audio = try renderer.render(pianoRoll)
      } catch {
        throw cliError(error, input: command.input)
      }
      try FileIO.write(audio.wav, to: command.output, inputs: [command.input], force: command.force)
      guard !command.inputOptions.quiet else { return }
      done.forEach(Diagnostics.printError)
      if audio.clippedSamples > 0 {
        Diagnostics.printError(
          "midiroll: warning: \(command.output): \(audio.clippedSamples) samples clipped; lower --gain (now \(command.audio.synthesis.gain))"
        )
      }
    #else
      _ = plan
      throw CLIError(.usage, unavailable)
    #endif
  }

  /// The renderer `batch --to KIND` needs: one for `wav`, none otherwise (and then no
  /// synthesis option may be given).
  /// - Throws: ``CLIError`` (usage) for synthesis options without `--to wav`, a build without
  ///   FluidSynth, or what ``makeRenderer(_:)`` throws.
  static func batchRenderer(for kind: SongFileKind, _ synthesis: SynthesisOptions) throws(CLIError)
    -> WAVRenderer?
  {
    guard kind == .wav else {
      if let name = synthesis.optionsGiven.first { throw CLIError(.usage, "\(name) goes with --to wav") }
      return nil
    }
    #if FluidSynth
      return wavRenderer(try makeRenderer(synthesis))
    #else
      throw CLIError(.usage, unavailable)
    #endif
  }

  /// The one line said when this midiroll was built without FluidSynth.
  public static let unavailable =
    "this midiroll was built without FluidSynth: install it (sudo apt-get install libfluidsynth-dev timgm6mb-soundfont) and build with the FluidSynth trait (swift build --traits FluidSynth)"

  #if FluidSynth
    /// The renderer the options ask for, with the SoundFont found.
    /// - Throws: ``CLIError`` (usage) for a bad value or no SoundFont; bad input for a
    ///   SoundFont that cannot be read.
    public static func makeRenderer(_ options: SynthesisOptions) throws(CLIError) -> SongRenderer {
      do {
        let soundFont = try SoundFontSearch.resolve(options.soundFont)
        return try SongRenderer(
          settings: SynthesisSettings(
            soundFont: soundFont, sampleRate: options.sampleRate, gain: options.gain,
            tailSeconds: options.tail,
            reverb: options.reverb, chorus: options.chorus, maximumSeconds: options.maxSeconds))
      } catch {
        throw cliError(error, input: nil)
      }
    }

    /// The renderer of `batch --to wav`, for the kit's ``EncodingOptions/wav``.
    static func wavRenderer(_ renderer: SongRenderer) -> WAVRenderer {
      { (song) throws(KitError) -> [UInt8] in
        do throws(AudioRenderError) {
          return try renderer.render(song).wav
        } catch {
          let failure = cliError(error, input: nil)
          throw KitError(failure.kind == .usage ? .usage : .badInput, failure.message)
        }
      }
    }

    /// A renderer's failure as the command line reports it.
    static func cliError(_ error: AudioRenderError, input: String?) -> CLIError {
      switch error {
      case .noSoundFont, .badSetting, .libraryUnavailable: CLIError(.usage, error.description)
      case .soundFontUnreadable, .soundFontRejected, .synthesizerUnavailable:
        CLIError(.badInput, error.description)
      case .tooLong: CLIError(.badInput, file: input, error.description)
      }
    }
  #endif
}

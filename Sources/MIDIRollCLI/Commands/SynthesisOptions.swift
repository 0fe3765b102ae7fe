import ArgumentParser
import MIDIRollFiles
import MIDIRollKit

/// How a song is rendered to audio: the SoundFont, sample rate, gain, tail, effects and the
/// length limit (`render OUT.wav`, and for `batch --to wav`).
struct SynthesisOptions: ParsableArguments {
  /// The SoundFont, or `nil` for the installed General MIDI one.
  @Option(
    name: .customLong("soundfont"),
    help: ArgumentHelp(
      "(.wav) The SoundFont 2 file to play with (default: FluidR3_GM or TimGM6mb in /usr/share/sounds/sf2).",
      valueName: "path"))
  var soundFont: String?

  /// Frames a second.
  @Option(help: ArgumentHelp("(.wav) Frames a second, 8000-96000.", valueName: "Hz"))
  var sampleRate = 44_100

  /// FluidSynth's master gain.
  @Option(
    help: ArgumentHelp(
      "(.wav) FluidSynth's master gain, 0-10 (0.2 as the fluidsynth program).", valueName: "gain"))
  var gain = 0.2

  /// Seconds after the last message.
  @Option(
    help: ArgumentHelp(
      "(.wav) Seconds rendered after the last note so that it rings out.", valueName: "seconds"))
  var tail = 2.0

  /// FluidSynth's reverb.
  @Flag(help: "(.wav) Add FluidSynth's reverb (off: a dry render).")
  var reverb = false

  /// FluidSynth's chorus.
  @Flag(help: "(.wav) Add FluidSynth's chorus.")
  var chorus = false

  /// The longest render allowed.
  @Option(help: ArgumentHelp("(.wav) Refuse songs longer than this with the tail.", valueName: "seconds"))
  var maxSeconds = 3_600.0

  /// Creates default options.
  init() {}

  /// The names of the options given other than at their defaults.
  /// The kit's options for `.wav`, each value checked against its range.
  /// - Throws: ``KitError`` (usage) naming the option.
  func wavOptions() throws(KitError) -> WAVOptions {
    guard (8_000...96_000).contains(sampleRate) else {
      throw KitError(.usage, "--sample-rate \(sampleRate): expected 8000 to 96000 frames a second")
    }
    guard gain.isFinite, (0...10).contains(gain) else {
      throw KitError(.usage, "--gain \(gain): expected 0 to 10")
    }
    guard tail.isFinite, (0...60).contains(tail) else {
      throw KitError(.usage, "--tail \(tail): expected 0 to 60 seconds")
    }
    guard maxSeconds.isFinite, maxSeconds > 0 else {
      throw KitError(.usage, "--max-seconds \(maxSeconds): expected a positive number of seconds")
    }
    var options = WAVOptions()
    options.soundFont = soundFont
    options.sampleRate = sampleRate
    options.gain = gain
    options.tailSeconds = tail
    options.reverb = reverb
    options.chorus = chorus
    options.maximumSeconds = maxSeconds
    return options
  }

  var optionsGiven: [String] {
    let given: [(String, Bool)] = [
      ("--soundfont", soundFont != nil), ("--sample-rate", sampleRate != 44_100), ("--gain", gain != 0.2),
      ("--tail", tail != 2), ("--reverb", reverb), ("--chorus", chorus),
      ("--max-seconds", maxSeconds != 3_600),
    ]
    return given.filter(\.1).map(\.0)
  }
}

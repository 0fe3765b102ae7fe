import ArgumentParser
import Foundation
import MIDIRollFiles
import MIDIRollKit
import PianoRoll
import PianoRollRender
import SMF

/// `midiroll show IN`: prints a compact piano roll in the terminal.
struct Show: DocumentedCommand {
  /// When to colour the output.
  enum ColorMode: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// Colours when standard output is a terminal (and `NO_COLOR` is not set, `TERM` not `dumb`).
    case auto
    /// Always colours.
    case always
    /// Never colours.
    case never
  }

  /// The command's name and help.
  static let configuration = CommandConfiguration(
    abstract: "Print a compact piano roll in the terminal.",
    discussion: """
      One line a key (named on the left, highest on top), one character a few ticks: the \
      finest of 1/64 … 1/4 note, then 2, 4, … quarter notes, that fits the bars into --width. \
      █ a note fills the column, ▌ its left half, ▐ its right half; │ marks a bar start \
      and · a beat. Colours (one per track, or --colors by pitch) only on a terminal.
      """
  )

  /// `midiroll show --help`'s examples.
  static let examples = [
    "midiroll show song.mid", "midiroll show song.mid --bars 1...4 --keys C3...C5",
    "midiroll show song.mid --scale \"A minor\" --fold",
  ]

  /// The input path, or `-`.
  @Argument(help: "The song to show (.mid or .json), or '-' for standard input.")
  var input: String

  /// Bars and keys.
  @OptionGroup var selection: RollSelection

  /// The widest line.
  @Option(help: ArgumentHelp("The widest line, in columns, key names included.", valueName: "columns"))
  var width = 80

  /// When to colour.
  @Option(help: "Colours: auto (when standard output is a terminal), always, never.")
  var color: ColorMode = .auto

  /// How notes are coloured.
  @Option(help: "Note colours: track (one per track), rainbow (by pitch class), fire or ocean (by pitch).")
  var colors: NoteColoring = .track

  /// Input options.
  @OptionGroup var inputOptions: InputOptions

  /// Creates the command (for the argument parser).
  init() {}

  /// Checks the width, bars and rows before any file is read.
  func validate() throws {
    try Self.checkingUsage(of: Self.self) { () throws(KitError) in
      guard (TerminalOptions.minimumWidth...10_000).contains(width) else {
        throw KitError(
          .usage, "--width \(width): expected \(TerminalOptions.minimumWidth) to 10000 columns")
      }
      _ = try selection.rows()
      _ = try selection.barRange()
    }
  }

  /// Reads the song and prints the roll.
  func run() throws {
    let rows = try selection.rows()
    let song = try SongInput(path: input, options: inputOptions)
    song.printWarnings(quiet: inputOptions.quiet)
    let options = TerminalOptions(
      width: width, bars: try selection.barRange(), rows: rows, coloring: colors,
      title: OneLine.escaping(FileIO.displayName(input)))
    let pianoRoll = try song.song()
    let roll: TerminalRoll
    do {
      roll = try TerminalRoll(song: pianoRoll, options: options)
    } catch {
      throw KitError(.usage, file: input, error.description)
    }
    try StandardOutput.write(roll.text(colored: useColor))
  }

  /// Whether to write colours.
  var useColor: Bool {
    switch color {
    case .always: return true
    case .never: return false
    case .auto:
      let environment = ProcessInfo.processInfo.environment
      return isatty(1) != 0 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }
  }
}

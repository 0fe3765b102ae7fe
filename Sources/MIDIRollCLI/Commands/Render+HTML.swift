import MIDIRollKit
import PianoRoll
import PianoRollWeb

/// `midiroll render IN OUT.html`: the interactive page instead of the still SVG.
extension Render {
  /// Whether the output is an interactive page (`.html` or `.htm`).
  var writesHTML: Bool {
    let lowered = output.lowercased()
    return lowered.hasSuffix(".html") || lowered.hasSuffix(".htm")
  }

  /// Writes the page for `song` (and `beforeSong`, faded): zoom level, colours and title from the
  /// options; the bar, key and size options are the SVG's and do not apply (the page shows the
  /// whole song and zooms and pans itself).
  func writeHTML(song: Song, beforeSong: Song?, zoom: Grid) throws {
    let page = PianoRollPage(
      song: song, before: beforeSong,
      options: PageOptions(zoom: zoom, coloring: colors, title: title ?? Self.displayName(input)))
    try FileIO.write(page.html(), to: output, inputs: [input] + (before.map { [$0] } ?? []), force: force)
  }
}

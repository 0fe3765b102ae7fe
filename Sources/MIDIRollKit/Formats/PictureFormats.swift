import MIDIRollFiles
import PianoRoll
import PianoRollRender
import PianoRollWeb
import SMF

/// The piano-roll picture (`.svg`), written only.
public enum SVGFormat {
  /// The format's description.
  public static let format = SongFormat(
    kind: .svg, title: "piano-roll picture (SVG)", extensions: ["svg"], isRendering: true,
    makeEncoder: { options throws(KitError) in
      Encoder(options: options.picture, comparison: try options.comparison?.song())
    })

  /// Lays out and draws a song, with the comparison song faded underneath.
  struct Encoder: SongEncoder {
    let options: RenderOptions
    let comparison: ComparedSong?

    func write(_ input: SongInput, to sink: OutputSink) throws(KitError) -> [KitNotice] {
      var options = options
      if options.title == nil { options.title = FileIO.displayName(input.path) }
      if let comparison { options.beforeTitle = options.beforeTitle ?? FileIO.displayName(comparison.path) }
      let song = try input.song()
      do {
        let layout = try PianoRollLayout(song: song, before: comparison?.song, options: options)
        sink.write(Array(layout.svg.utf8))
      } catch {
        throw KitError(.usage, file: input.path, error.description)
      }
      return comparison?.notices ?? []
    }
  }
}

/// The interactive piano-roll page (`.html`), written only.
public enum HTMLFormat {
  /// The format's description.
  public static let format = SongFormat(
    kind: .html, title: "interactive piano-roll page (HTML)", extensions: ["html", "htm"], isRendering: true,
    makeEncoder: { options throws(KitError) in
      Encoder(options: options.page, comparison: try options.comparison?.song())
    })

  /// Writes the page of a song, with the comparison song faded.
  struct Encoder: SongEncoder {
    let options: PageOptions
    let comparison: ComparedSong?

    func write(_ input: SongInput, to sink: OutputSink) throws(KitError) -> [KitNotice] {
      var options = options
      if options.title == nil { options.title = FileIO.displayName(input.path) }
      sink.write(PianoRollPage(song: try input.song(), before: comparison?.song, options: options).html())
      return comparison?.notices ?? []
    }
  }
}

/// A song drawn faded under the one written (the file before quantizing, say), read once a run.
public struct Comparison: Sendable {
  /// Its path.
  public var path: String
  /// How it is read.
  public var readOptions: ReadOptions
  /// Refuse it when larger.
  public var maximumSize: Int

  /// Names the song to compare with.
  public init(
    path: String, readOptions: ReadOptions = ReadOptions(), maximumSize: Int = FileIO.defaultMaximumSize
  ) {
    self.path = path
    self.readOptions = readOptions
    self.maximumSize = maximumSize
  }

  /// Reads it (any readable format, told by its extension or first bytes).
  /// - Throws: ``KitError`` (bad input) naming it.
  func song() throws(KitError) -> ComparedSong {
    let input = try SongInput(
      path: path, kind: nil, options: DecodingOptions(midi: readOptions, maximumSize: maximumSize))
    return ComparedSong(path: path, song: try input.song(), warnings: input.warnings)
  }
}

/// A comparison song once read.
struct ComparedSong: Sendable {
  /// Its path.
  let path: String
  /// Its piano roll.
  let song: Song
  /// What its reading tolerated.
  let warnings: [String]

  /// Its warnings, to be shown with the output written.
  var notices: [KitNotice] { warnings.map { KitNotice(file: path, $0) } }
}

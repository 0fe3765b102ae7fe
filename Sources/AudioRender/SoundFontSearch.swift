#if FluidSynth
  import Foundation

  /// Where midiroll looks for a General MIDI SoundFont when none is named (`--soundfont`).
  public enum SoundFontSearch {
    /// The places looked at, best first: FluidR3 GM (Debian `fluid-soundfont-gm`, 148 MB, the
    /// fuller sound) when installed, then TimGM6mb (Debian `timgm6mb-soundfont`, 6 MB), then the
    /// system's default GM SoundFont and the usual places on other systems.
    public static let candidates = [
      "/usr/share/sounds/sf2/FluidR3_GM.sf2",
      "/usr/share/sounds/sf2/TimGM6mb.sf2",
      "/usr/share/sounds/sf2/default-GM.sf2",
      "/usr/share/soundfonts/FluidR3_GM.sf2",
      "/usr/share/soundfonts/default.sf2",
      "/usr/local/share/soundfonts/default.sf2",
      "/opt/homebrew/share/soundfonts/default.sf2",
    ]

    /// The first candidate that is a readable file, or `nil`.
    public static func generalMIDI() -> String? {
      candidates.first { FileManager.default.isReadableFile(atPath: $0) }
    }

    /// Whether a file starts as a SoundFont 2 (or 3) file does: `RIFF`, a size, `sfbk`.
    ///
    /// Checked before FluidSynth sees the file: handed anything else, FluidSynth tries its DLS
    /// loader, which prints glib warnings of its own on standard error.
    public static func looksLikeSoundFont(_ path: String) -> Bool {
      guard let handle = FileHandle(forReadingAtPath: path) else { return false }
      defer { try? handle.close() }
      guard let head = try? handle.read(upToCount: 12), head.count == 12 else { return false }
      return head.prefix(4) == Data("RIFF".utf8) && head.suffix(4) == Data("sfbk".utf8)
    }

    /// The SoundFont to use: `path` when given, else ``generalMIDI()``.
    /// - Throws: ``AudioRenderError/noSoundFont(searched:)`` when none is given or found,
    ///   ``AudioRenderError/soundFontUnreadable(path:)`` when the given one cannot be read.
    public static func resolve(_ path: String?) throws(AudioRenderError) -> String {
      if let path {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
          FileManager.default.isReadableFile(atPath: path)
        else { throw .soundFontUnreadable(path: path) }
        return path
      }
      guard let found = generalMIDI() else { throw .noSoundFont(searched: candidates) }
      return found
    }
  }
#endif

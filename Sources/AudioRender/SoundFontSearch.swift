#if FluidSynth
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

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
      candidates.first(where: isReadableFile)
    }

    /// Whether a file starts as a SoundFont 2 (or 3) file does: `RIFF`, a size, `sfbk`.
    ///
    /// Checked before FluidSynth sees the file: handed anything else, FluidSynth tries its DLS
    /// loader, which prints glib warnings of its own on standard error.
    public static func looksLikeSoundFont(_ path: String) -> Bool {
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return false }
      defer { close(descriptor) }
      var head = [UInt8](repeating: 0, count: 12)
      var count = 0
      while count < head.count {
        let got = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
        if got > 0 {
          count += got
        } else if got == 0 || errno != EINTR {
          return false
        }
      }
      return head.prefix(4).elementsEqual("RIFF".utf8) && head.suffix(4).elementsEqual("sfbk".utf8)
    }

    /// Whether `path` is a file (not a folder) this process may read.
    static func isReadableFile(_ path: String) -> Bool {
      var info = stat()
      return stat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR && access(path, R_OK) == 0
    }

    /// The SoundFont to use: `path` when given, else ``generalMIDI()``.
    /// - Throws: ``AudioRenderError/noSoundFont(searched:)`` when none is given or found,
    ///   ``AudioRenderError/soundFontUnreadable(path:)`` when the given one cannot be read.
    public static func resolve(_ path: String?) throws(AudioRenderError) -> String {
      if let path {
        guard isReadableFile(path) else { throw .soundFontUnreadable(path: path) }
        return path
      }
      guard let found = generalMIDI() else { throw .noSoundFont(searched: candidates) }
      return found
    }
  }
#endif

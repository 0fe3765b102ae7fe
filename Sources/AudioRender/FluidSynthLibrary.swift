#if FluidSynth
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// The functions of FluidSynth 2 that midiroll calls, found at run time (`dlopen`) the first
  /// time a song is rendered: a process that renders no audio never loads FluidSynth and the
  /// libraries it pulls in (some 7 MiB of memory at start-up, measured), and midiroll runs on
  /// a machine without FluidSynth, saying what to install only when asked for audio.
  ///
  /// The signatures are those of FluidSynth 2's `fluidsynth.h` (stable across 2.x).
  struct FluidSynthLibrary: @unchecked Sendable {
    typealias Pointer = OpaquePointer
    typealias LogFunction = @convention(c) (Int32, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void

    /// `FLUID_OK` and `FLUID_FAILED`.
    static let ok: Int32 = 0
    static let failed: Int32 = -1

    let newSettings: @convention(c) () -> Pointer?
    let deleteSettings: @convention(c) (Pointer?) -> Void
    let setNumber: @convention(c) (Pointer?, UnsafePointer<CChar>?, Double) -> Int32
    let setInteger: @convention(c) (Pointer?, UnsafePointer<CChar>?, Int32) -> Int32
    let newSynth: @convention(c) (Pointer?) -> Pointer?
    let deleteSynth: @convention(c) (Pointer?) -> Void
    let loadSoundFont: @convention(c) (Pointer?, UnsafePointer<CChar>?, Int32) -> Int32
    let noteOn: @convention(c) (Pointer?, Int32, Int32, Int32) -> Int32
    let noteOff: @convention(c) (Pointer?, Int32, Int32) -> Int32
    let keyPressure: @convention(c) (Pointer?, Int32, Int32, Int32) -> Int32
    let controlChange: @convention(c) (Pointer?, Int32, Int32, Int32) -> Int32
    let programChange: @convention(c) (Pointer?, Int32, Int32) -> Int32
    let channelPressure: @convention(c) (Pointer?, Int32, Int32) -> Int32
    let pitchBend: @convention(c) (Pointer?, Int32, Int32) -> Int32
    let sysEx:
      @convention(c) (
        Pointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<Int32>?,
        UnsafeMutablePointer<Int32>?, Int32
      ) -> Int32
    let writeFloat:
      @convention(c) (
        Pointer?, Int32, UnsafeMutableRawPointer?, Int32, Int32, UnsafeMutableRawPointer?, Int32, Int32
      ) -> Int32
    let setLogFunction: @convention(c) (Int32, LogFunction?, UnsafeMutableRawPointer?) -> LogFunction?

    /// The library, loaded once for the process, with its log silenced; or why it is missing.
    static let shared: Result<FluidSynthLibrary, AudioRenderError> = load()

    /// The names tried, in order.
    static let fileNames = [
      "libfluidsynth.so.3", "libfluidsynth.so", "libfluidsynth.3.dylib", "libfluidsynth.dylib",
    ]

    private static func load() -> Result<FluidSynthLibrary, AudioRenderError> {
      guard let handle = fileNames.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else {
        return .failure(.libraryUnavailable(name: fileNames[0], missing: nil))
      }
      let library: FluidSynthLibrary
      do { library = try FluidSynthLibrary(handle: handle) } catch { return .failure(error) }
      // FluidSynth's log goes nowhere (a preset missing from the SoundFont would otherwise be
      // reported on standard error at every render); failures reach us as return codes.
      for level: Int32 in 0...4 {  // FLUID_PANIC … FLUID_DBG
        _ = library.setLogFunction(level, { _, _, _ in }, nil)
      }
      return .success(library)
    }

    /// Looks every function up in a loaded library.
    /// - Throws: ``AudioRenderError/libraryUnavailable(name:missing:)`` naming the first missing.
    private init(handle: UnsafeMutableRawPointer) throws(AudioRenderError) {
      func symbol<T>(_ name: String, as _: T.Type) throws(AudioRenderError) -> T {
        guard let address = dlsym(handle, name) else {
          throw .libraryUnavailable(name: FluidSynthLibrary.fileNames[0], missing: name)
        }
        return unsafeBitCast(address, to: T.self)
      }
      newSettings = try symbol("new_fluid_settings", as: (@convention(c) () -> Pointer?).self)
      deleteSettings = try symbol("delete_fluid_settings", as: (@convention(c) (Pointer?) -> Void).self)
      setNumber = try symbol(
        "fluid_settings_setnum", as: (@convention(c) (Pointer?, UnsafePointer<CChar>?, Double) -> Int32).self)
      setInteger = try symbol(
        "fluid_settings_setint", as: (@convention(c) (Pointer?, UnsafePointer<CChar>?, Int32) -> Int32).self)
      newSynth = try symbol("new_fluid_synth", as: (@convention(c) (Pointer?) -> Pointer?).self)
      deleteSynth = try symbol("delete_fluid_synth", as: (@convention(c) (Pointer?) -> Void).self)
      loadSoundFont = try symbol(
        "fluid_synth_sfload", as: (@convention(c) (Pointer?, UnsafePointer<CChar>?, Int32) -> Int32).self)
      noteOn = try symbol(
        "fluid_synth_noteon", as: (@convention(c) (Pointer?, Int32, Int32, Int32) -> Int32).self)
      noteOff = try symbol("fluid_synth_noteoff", as: (@convention(c) (Pointer?, Int32, Int32) -> Int32).self)
      keyPressure = try symbol(
        "fluid_synth_key_pressure", as: (@convention(c) (Pointer?, Int32, Int32, Int32) -> Int32).self)
      controlChange = try symbol(
        "fluid_synth_cc", as: (@convention(c) (Pointer?, Int32, Int32, Int32) -> Int32).self)
      programChange = try symbol(
        "fluid_synth_program_change", as: (@convention(c) (Pointer?, Int32, Int32) -> Int32).self)
      channelPressure = try symbol(
        "fluid_synth_channel_pressure", as: (@convention(c) (Pointer?, Int32, Int32) -> Int32).self)
      pitchBend = try symbol(
        "fluid_synth_pitch_bend", as: (@convention(c) (Pointer?, Int32, Int32) -> Int32).self)
      sysEx = try symbol(
        "fluid_synth_sysex",
        as: (@convention(c) (
          Pointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<Int32>?,
          UnsafeMutablePointer<Int32>?, Int32
        ) -> Int32).self)
      writeFloat = try symbol(
        "fluid_synth_write_float",
        as: (@convention(c) (
          Pointer?, Int32, UnsafeMutableRawPointer?, Int32, Int32, UnsafeMutableRawPointer?, Int32, Int32
        ) -> Int32).self)
      setLogFunction = try symbol(
        "fluid_set_log_function",
        as: (@convention(c) (Int32, LogFunction?, UnsafeMutableRawPointer?) -> LogFunction?).self)
    }
  }
#endif

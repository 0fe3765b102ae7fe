// swift-tools-version: 6.1
import PackageDescription

/// midiroll: a Standard MIDI File reader and writer, a piano-roll model, and the `midiroll` tool.
///
/// Modules, lowest first (an arrow never points up):
/// `NoteQueue`, `SMF`, `JSON`, `NPZ` → `PianoRoll`, `TokenizerModels` → `PianoRollJSON` → (`PianoRollRender`,
/// `PianoRollWeb`, `PianoRollNPZ`, `AudioRender`, `SongStatistics` over `CSHA256`); `MIDITokens` sits on
/// `NoteQueue`, `SMF`, `JSON` and `TokenizerModels` alone. `SMF` → `MIDIRollFiles` (the file layer and
/// `KitError`); all of these → `MIDIRollKit` (the formats and the one pipeline) → `MIDIRollBatch` (the batch
/// engine, its report and dataset passes) → `MIDIRollCLI` → `midiroll` (the program: its entry point alone
/// tunes the allocator).
/// `MIDIRollOptions` (the command line's words for edits and outputs, parsed) sits on `MIDIRollKit`, below
/// `MIDIRollCLI` and `MIDIRollC` (the C ABI of `include/midiroll.h`: songs read, edited and written through
/// the kit and those words), which is built as the shared library `midiroll_abi` the Python package loads.
/// Every library target has a test target of its own (`FuzzLaws`'s is `HostileInputTests`).
/// `PianoRollWeb`'s page (HTML, CSS, JavaScript in Sources/PianoRollWeb/Page) is embedded at build
/// time by the `EmbedWebPage` build-tool plugin.
/// `LibSMFBridge` (over the system's libsmf) sits behind the `LibSMF` trait, on by default.
/// `AudioRender` (over the system's FluidSynth) sits behind the `FluidSynth` trait, on by default.
let package = Package(
  name: "midiroll",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [
    .library(name: "SMF", targets: ["SMF"]),
    .library(name: "JSON", targets: ["JSON"]),
    .library(name: "PianoRoll", targets: ["PianoRoll"]),
    .library(name: "PianoRollJSON", targets: ["PianoRollJSON"]),
    .library(name: "PianoRollRender", targets: ["PianoRollRender"]),
    .library(name: "MIDIRollFiles", targets: ["MIDIRollFiles"]),
    .library(name: "MIDIRollKit", targets: ["MIDIRollKit"]),
    .library(name: "MIDIRollBatch", targets: ["MIDIRollBatch"]),
    .library(name: "NPZ", targets: ["NPZ"]),
    .library(name: "PianoRollNPZ", targets: ["PianoRollNPZ"]),
    .library(name: "PianoRollWeb", targets: ["PianoRollWeb"]),
    .library(name: "TokenizerModels", targets: ["TokenizerModels"]),
    .library(name: "MIDITokens", targets: ["MIDITokens"]),
    .library(name: "MIDIRollC", targets: ["MIDIRollC"]),
    .library(name: "SongStatistics", targets: ["SongStatistics"]),
    .executable(name: "midiroll", targets: ["midiroll"]),
  ],
  traits: [
    .trait(
      name: "LibSMF",
      description: "Cross-check the Swift reader against libsmf (Debian libsmf-dev)."),
    .trait(
      name: "FluidSynth",
      description:
        "Render songs to audio through FluidSynth 2 (Debian libfluidsynth3, loaded at run time), `render OUT.wav`."
    ),
    .default(enabledTraits: ["LibSMF", "FluidSynth"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
    .target(name: "SMF"),
    // The first-in-first-out queue of sounding notes per channel and pitch that midiroll's pairing,
    // symusic's reading (MIDITokens) and muspy's (SongStatistics) share: no music, no dependency.
    .target(name: "NoteQueue"),
    // A streaming JSON reader and writer (no music): the piano-roll format, `info --json`, reports.
    // libm on Linux: a program without Foundation links nothing else that brings it.
    .target(name: "JSON", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
    .target(
      name: "PianoRoll", dependencies: ["SMF", "NoteQueue"],
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
    // Piano-roll JSON (both profiles, streamed both ways) and the one serializer of the song's
    // summaries, above the model.
    .target(name: "PianoRollJSON", dependencies: ["SMF", "JSON", "PianoRoll"]),
    .target(name: "PianoRollRender", dependencies: ["PianoRoll"]),
    // MidiTok's trained models (Hugging Face BPE, Unigram, WordPiece) applied to base token ids:
    // no music, no Foundation.
    .target(name: "TokenizerModels", dependencies: ["JSON"]),
    // MidiTok 3.1's tokens: its tokenizer file, symusic's reading, its preprocessing, its
    // tokenizations and decoding, above the model.
    .target(
      name: "MIDITokens", dependencies: ["SMF", "JSON", "TokenizerModels", "NoteQueue"],
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
    // SHA-256's block function on the processor's SHA instructions (x86-64), in C for the one
    // function compiled for them; SongStatistics' SHA256 uses it where the processor has them.
    .target(name: "CSHA256"),
    // muspy 0.5's reading and 13 metrics, the content fingerprint (SHA-256) and `stats`' one
    // serializer (`SongStats`): know your dataset. No Foundation (the C ABI links it).
    .target(
      name: "SongStatistics",
      dependencies: ["SMF", "JSON", "PianoRoll", "PianoRollJSON", "CSHA256", "NoteQueue"]),
    // NPY arrays in a ZIP (DEFLATE and CRC-32 from zlib): a container that knows no music.
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .target(name: "NPZ", dependencies: ["CZlib"]),
    // pypianoroll's matrices and the note columns, laid out in NPZ archives.
    .target(name: "PianoRollNPZ", dependencies: ["NPZ", "PianoRoll", "PianoRollJSON", "JSON"]),
    // The interactive HTML page: its HTML, CSS and JavaScript are real files in
    // Sources/PianoRollWeb/Page, turned into a Swift file at build time by the EmbedWebPage plugin.
    .executableTarget(name: "embed-web-page", path: "Plugins/EmbedWebPageTool"),
    .plugin(
      name: "EmbedWebPage", capability: .buildTool(), dependencies: ["embed-web-page"],
      path: "Plugins/EmbedWebPage"),
    .target(
      name: "PianoRollWeb", dependencies: ["PianoRoll", "PianoRollJSON", "PianoRollRender"],
      exclude: ["Page"],
      plugins: ["EmbedWebPage"]),
    .systemLibrary(name: "CSMF", pkgConfig: "smf", providers: [.apt(["libsmf-dev"])]),
    .target(name: "LibSMFBridge", dependencies: ["SMF", "CSMF"]),
    // FluidSynth is loaded at run time (dlopen), when a song is first rendered.
    .target(name: "AudioRender", dependencies: ["SMF", "PianoRoll"]),
    // The file layer: inputs read within a size limit, outputs written whole or not at all
    // (temporary files, the paths the user names), and the kit's one error (`KitError`).
    .target(name: "MIDIRollFiles", dependencies: ["SMF"]),
    // The song document, the format seam and the one pipeline (read → transform → encode →
    // write): no argument parsing.
    .target(
      name: "MIDIRollKit",
      dependencies: [
        "MIDIRollFiles", "SMF", "JSON", "PianoRoll", "PianoRollJSON", "PianoRollNPZ", "PianoRollRender",
        "PianoRollWeb", "SongStatistics", "MIDITokens",
        .target(name: "AudioRender", condition: .when(traits: ["FluidSynth"])),
      ]),
    // The batch engine (a folder tree on worker threads, its report, interrupts and resumes)
    // with its dataset passes: dedup, splits, the dataset summary.
    .target(
      name: "MIDIRollBatch",
      dependencies: [
        "MIDIRollKit", "MIDIRollFiles", "SMF", "JSON", "PianoRoll", "PianoRollJSON", "SongStatistics",
        "MIDITokens", "TokenizerModels",
      ]),
    // The command line's options for what is done to a song and how it is written (edits,
    // quantize, keys, drums, sustain, `.npz`), parsed from words: the command line and the C ABI
    // (the Python package's edits) take the same words to the same plan. No Foundation.
    .target(
      name: "MIDIRollOptions",
      dependencies: [
        "MIDIRollFiles", "MIDIRollKit", "MIDITokens", "PianoRoll", "PianoRollNPZ",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .target(
      name: "MIDIRollCLI",
      dependencies: [
        "SMF", "PianoRoll", "PianoRollJSON", "PianoRollRender", "PianoRollWeb", "PianoRollNPZ",
        "MIDIRollFiles", "MIDIRollKit", "MIDIRollBatch", "MIDIRollOptions", "SongStatistics", "MIDITokens",
        "TokenizerModels",
        .target(name: "LibSMFBridge", condition: .when(traits: ["LibSMF"])),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // The program: its entry point alone tunes the process (the allocator, for a batch).
    .executableTarget(name: "midiroll", dependencies: ["MIDIRollCLI"]),
    // The C ABI (`include/midiroll.h`, imported as `CMIDIRoll` for its types): songs read into
    // columns that the caller owns, edited and written as `convert` does with the same words, a
    // file's statistics as `stats --json`'s object. No Foundation, so the shared library carries
    // only the Swift runtime (linked in statically).
    .systemLibrary(name: "CMIDIRoll", path: "include"),
    .target(
      name: "MIDIRollC",
      dependencies: [
        "CMIDIRoll", "SMF", "PianoRoll", "SongStatistics", "MIDIRollFiles", "MIDIRollKit", "MIDIRollOptions",
        "MIDITokens", "TokenizerModels",
      ]),
    .executableTarget(name: "make-samples", dependencies: ["SMF"]),
    .executableTarget(
      name: "midiroll-bench",
      dependencies: [
        "SMF", "PianoRoll", "TokenizerModels",
        .target(name: "LibSMFBridge", condition: .when(traits: ["LibSMF"])),
        .target(name: "AudioRender", condition: .when(traits: ["FluidSynth"])),
      ]),
    // Piano-roll JSON throughput (`json-bench FILE.mid`), without Foundation.
    .executableTarget(name: "json-bench", dependencies: ["PianoRoll", "PianoRollJSON", "SMF"]),
    // Fuzz targets: a plain build makes input replayers; `make fuzz` rebuilds them with
    // -sanitize=fuzzer,address -DFUZZING as libFuzzer targets.
    .target(
      name: "FuzzLaws", dependencies: ["SMF", "JSON", "PianoRoll", "PianoRollJSON", "MIDITokens"],
      path: "Sources/Fuzz/Laws"),
    .executableTarget(
      name: "fuzz-smf-reader", dependencies: ["FuzzLaws", "SMF"], path: "Sources/Fuzz/SMFReader"),
    .executableTarget(name: "fuzz-tokens", dependencies: ["FuzzLaws"], path: "Sources/Fuzz/Tokens"),
    .executableTarget(
      name: "fuzz-json-reader", dependencies: ["FuzzLaws", "PianoRoll", "PianoRollJSON", "SMF"],
      path: "Sources/Fuzz/JSONReader"),
    // The law of the edits needs the kit (its plan of `convert`'s words): `make fuzz` builds it
    // with SwiftPM's own --sanitize, which leaves the kit's build-plugin tools unsanitized.
    .target(
      name: "FuzzEditLaws",
      dependencies: ["FuzzLaws", "MIDIRollFiles", "MIDIRollKit", "MIDIRollOptions", "PianoRoll"],
      path: "Sources/Fuzz/EditLaws"),
    .executableTarget(
      name: "fuzz-edits", dependencies: ["FuzzEditLaws", "FuzzLaws"], path: "Sources/Fuzz/Edits"),
    .testTarget(
      name: "HostileInputTests",
      dependencies: [
        "FuzzLaws", "FuzzEditLaws", "SMF", "PianoRoll", "PianoRollJSON", "MIDITokens", "MIDIRollCLI",
        "midiroll",
        "MIDIRollFiles", "MIDIRollKit", "MIDIRollOptions", "TestSupport",
        .target(name: "LibSMFBridge", condition: .when(traits: ["LibSMF"])),
      ]),
    // Helpers every test target shares: seeded random numbers, the real MIDI files, child processes.
    .target(name: "TestSupport", dependencies: ["SMF"], path: "Tests/TestSupport"),
    .testTarget(name: "SMFTests", dependencies: ["SMF", "TestSupport"]),
    .testTarget(name: "NoteQueueTests", dependencies: ["NoteQueue", "TestSupport"]),
    .testTarget(
      name: "PianoRollTests", dependencies: ["PianoRoll", "PianoRollJSON", "SMF", "TestSupport"]),
    .testTarget(
      name: "PianoRollJSONTests", dependencies: ["PianoRollJSON", "PianoRoll", "JSON", "SMF", "TestSupport"]),
    .testTarget(name: "NPZTests", dependencies: ["NPZ", "TestSupport"]),
    .testTarget(
      name: "SongStatisticsTests", dependencies: ["SongStatistics", "PianoRoll", "SMF", "TestSupport"]),
    .testTarget(
      name: "PianoRollNPZTests",
      dependencies: ["PianoRoll", "PianoRollJSON", "SMF", "TestSupport", "midiroll"]),
    .testTarget(name: "JSONTests", dependencies: ["JSON", "TestSupport"]),
    .testTarget(name: "TokenizerModelsTests", dependencies: ["TokenizerModels", "JSON", "TestSupport"]),
    .testTarget(
      name: "PianoRollRenderTests", dependencies: ["PianoRollRender", "PianoRoll", "SMF"]),
    .testTarget(
      name: "PianoRollWebTests",
      dependencies: ["PianoRollWeb", "PianoRollRender", "PianoRoll", "PianoRollJSON", "SMF", "TestSupport"]),
    .testTarget(
      name: "LibSMFBridgeTests",
      dependencies: [
        "SMF", "TestSupport",
        .target(name: "LibSMFBridge", condition: .when(traits: ["LibSMF"])),
      ]),
    .testTarget(
      name: "AudioRenderTests",
      dependencies: [
        "SMF", "PianoRoll", "PianoRollJSON", "TestSupport", "midiroll",
        .target(name: "AudioRender", condition: .when(traits: ["FluidSynth"])),
      ]),
    .testTarget(
      name: "MIDIRollCLITests",
      dependencies: [
        "MIDIRollCLI", "MIDIRollBatch", "MIDIRollKit", "MIDIRollFiles", "SMF", "PianoRoll", "PianoRollJSON",
        "midiroll", "TestSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .testTarget(name: "MIDIRollFilesTests", dependencies: ["MIDIRollFiles", "TestSupport"]),
    .testTarget(
      name: "MIDIRollKitTests", dependencies: ["MIDIRollKit", "MIDIRollFiles", "PianoRoll", "TestSupport"]),
    .testTarget(
      name: "MIDIRollBatchTests",
      dependencies: [
        "MIDIRollBatch", "MIDIRollKit", "MIDIRollFiles", "PianoRoll", "SongStatistics", "TestSupport",
      ]),
    .testTarget(
      name: "MIDIRollCTests",
      dependencies: ["MIDIRollC", "CMIDIRoll", "SMF", "PianoRoll", "TestSupport", "midiroll"]),
    .testTarget(
      name: "MIDITokensTests", dependencies: ["MIDITokens", "SMF", "JSON", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)

// `make test` builds the project's own targets with warnings as errors (MIDIROLL_WARNINGS_AS_ERRORS=1);
// a package that depends on midiroll never sees the flag.
if Context.environment["MIDIROLL_WARNINGS_AS_ERRORS"] != nil {
  for target in package.targets where [.regular, .executable, .test].contains(target.type) {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-warnings-as-errors"])]
  }
}

// `make fuzz` (MIDIROLL_FUZZ=1) builds the project's targets for libFuzzer with AddressSanitizer,
// and -DFUZZING makes the fuzz targets libFuzzer's. Set here rather than with -Xswiftc, which would
// reach the build-plugin tool that embeds the web page (a program of its own, run while building,
// which does not link as a fuzzer): so `fuzz-edits` can depend on the kit.
if Context.environment["MIDIROLL_FUZZ"] != nil {
  let sanitizers = "-sanitize=fuzzer,address"
  for target in package.targets
  where [.regular, .executable].contains(target.type) && target.name != "embed-web-page" {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags([sanitizers]), .define("FUZZING")]
    target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags([sanitizers])]
  }
}

// The shared library the Python package loads (`libmidiroll_abi.so`; not named `midiroll`, the
// command line's product): the C ABI of `include/midiroll.h` (`MIDIRollC`) with the Swift
// runtime linked in statically, exporting only its `midiroll_` functions (python/swift holds its
// one source file, the version script and the macOS export list). Its linker flags are unsafe
// flags, which a package depended on by version may not have, so it is declared only when
// MIDIROLL_SHARED_LIBRARY is set: `make build`, `make wheel` and python/setup.py set it, so the
// binary and the library come from one release build of the same modules.
if Context.environment["MIDIROLL_SHARED_LIBRARY"] != nil {
  let glue = "\(Context.packageDirectory)/python/swift"
  package.products.append(.library(name: "midiroll_abi", type: .dynamic, targets: ["MIDIRollSharedLibrary"]))
  package.targets.append(
    .target(
      name: "MIDIRollSharedLibrary", dependencies: ["MIDIRollC"], path: "python/swift/Library",
      linkerSettings: [
        // The Swift runtime inside (SwiftPM's --static-swift-stdlib is ignored for dynamic
        // libraries), only midiroll_* exported, sections nothing reaches dropped. lld, whose
        // dynamic symbol table then holds the exports alone (gold keeps the runtime's metadata
        // there too, as local symbols).
        .unsafeFlags(
          [
            "-static-stdlib", "-use-ld=lld", "-Xlinker", "--version-script=\(glue)/midiroll.map", "-Xlinker",
            "--gc-sections",
            // FoundationEssentials (the argument parser's, for the command line's words) and what
            // it needs; not Foundation, which no module of the library imports.
            "-lFoundationEssentials", "-l_FoundationCollections", "-l_FoundationCShims",
            "-lswiftSynchronization",
          ],
          .when(platforms: [.linux])),
        // Apple platforms have the Swift runtime in the system; only the ABI is exported.
        .unsafeFlags(
          ["-Xlinker", "-exported_symbols_list", "-Xlinker", "\(glue)/midiroll.exports"],
          .when(platforms: [.macOS])),
      ]))
}

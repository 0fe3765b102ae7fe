// swift-tools-version: 6.1
import PackageDescription

/// midiroll: a Standard MIDI File reader and writer, a piano-roll model, and the `midiroll` tool.
///
/// Modules, lowest first (an arrow never points up):
/// `SMF` → `PianoRoll` → `PianoRollRender` → `PianoRollWeb` → `MIDIRollCLI` → `midiroll`.
/// `PianoRollWeb`'s page (HTML, CSS, JavaScript in Sources/PianoRollWeb/Page) is embedded at build
/// time by the `EmbedWebPage` build-tool plugin.
/// `LibSMFBridge` (over the system's libsmf) sits behind the `LibSMF` trait, on by default.
let package = Package(
  name: "midiroll",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [
    .library(name: "SMF", targets: ["SMF"]),
    .library(name: "PianoRoll", targets: ["PianoRoll"]),
    .library(name: "PianoRollRender", targets: ["PianoRollRender"]),
    .library(name: "PianoRollWeb", targets: ["PianoRollWeb"]),
    .executable(name: "midiroll", targets: ["midiroll"]),
  ],
  traits: [
    .trait(
      name: "LibSMF",
      description: "Cross-check the Swift reader against libsmf (Debian libsmf-dev)."),
    .default(enabledTraits: ["LibSMF"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
    .target(name: "SMF"),
    .target(name: "PianoRoll", dependencies: ["SMF"]),
    .target(name: "PianoRollRender", dependencies: ["PianoRoll"]),
    // The interactive HTML page: its HTML, CSS and JavaScript are real files in
    // Sources/PianoRollWeb/Page, turned into a Swift file at build time by the EmbedWebPage plugin.
    .executableTarget(name: "embed-web-page", path: "Plugins/EmbedWebPageTool"),
    .plugin(
      name: "EmbedWebPage", capability: .buildTool(), dependencies: ["embed-web-page"],
      path: "Plugins/EmbedWebPage"),
    .target(
      name: "PianoRollWeb", dependencies: ["PianoRoll", "PianoRollRender"], exclude: ["Page"],
      plugins: ["EmbedWebPage"]),
    .systemLibrary(name: "CSMF", pkgConfig: "smf", providers: [.apt(["libsmf-dev"])]),
    .target(name: "LibSMFBridge", dependencies: ["SMF", "CSMF"]),
    .target(
      name: "MIDIRollCLI",
      dependencies: [
        "SMF", "PianoRoll", "PianoRollRender", "PianoRollWeb",
        .target(name: "LibSMFBridge", condition: .when(traits: ["LibSMF"])),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .executableTarget(name: "midiroll", dependencies: ["MIDIRollCLI"]),
    .executableTarget(name: "make-samples", dependencies: ["SMF"]),
    .executableTarget(
      name: "midiroll-bench",
      dependencies: [
        "SMF", "PianoRoll",
        .target(name: "LibSMFBridge", condition: .when(traits: ["LibSMF"])),
      ]),
    // Fuzz targets: a plain build makes input replayers; `make fuzz` rebuilds them with
    // -sanitize=fuzzer,address -DFUZZING as libFuzzer targets.
    .target(name: "FuzzLaws", dependencies: ["SMF", "PianoRoll"], path: "Sources/Fuzz/Laws"),
    .executableTarget(
      name: "fuzz-smf-reader", dependencies: ["FuzzLaws"], path: "Sources/Fuzz/SMFReader"),
    .executableTarget(
      name: "fuzz-json-reader", dependencies: ["FuzzLaws", "PianoRoll", "SMF"],
      path: "Sources/Fuzz/JSONReader"),
    .testTarget(
      name: "HostileInputTests",
      dependencies: [
        "FuzzLaws", "SMF", "MIDIRollCLI", "midiroll", "TestSupport",
        .target(name: "LibSMFBridge", condition: .when(traits: ["LibSMF"])),
      ]),
    // Helpers every test target shares: seeded random numbers, the real MIDI files, child processes.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "SMFTests", dependencies: ["SMF", "TestSupport"]),
    .testTarget(name: "PianoRollTests", dependencies: ["PianoRoll", "SMF", "TestSupport"]),
    .testTarget(
      name: "PianoRollRenderTests", dependencies: ["PianoRollRender", "PianoRoll", "SMF"]),
    .testTarget(
      name: "PianoRollWebTests", dependencies: ["PianoRollWeb", "PianoRoll", "SMF", "TestSupport"]),
    .testTarget(
      name: "LibSMFBridgeTests",
      dependencies: [
        "SMF", "TestSupport",
        .target(name: "LibSMFBridge", condition: .when(traits: ["LibSMF"])),
      ]),
    .testTarget(
      name: "MIDIRollCLITests", dependencies: ["MIDIRollCLI", "SMF", "PianoRoll", "midiroll", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)

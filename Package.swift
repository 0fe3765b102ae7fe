// swift-tools-version: 6.1
import PackageDescription

/// midiroll: a Standard MIDI File reader and writer, a piano-roll model, and the `midiroll` tool.
///
/// Modules, lowest first (an arrow never points up):
/// `SMF` → `PianoRoll` → `PianoRollRender` → `MIDIRollCLI` → `midiroll`.
/// `LibSMFBridge` (over the system's libsmf) sits behind the `LibSMF` trait, on by default.
/// `AudioRender` (over the system's FluidSynth) sits behind the `FluidSynth` trait, on by default.
let package = Package(
  name: "midiroll",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [
    .library(name: "SMF", targets: ["SMF"]),
    .library(name: "PianoRoll", targets: ["PianoRoll"]),
    .library(name: "PianoRollRender", targets: ["PianoRollRender"]),
    .executable(name: "midiroll", targets: ["midiroll"]),
  ],
  traits: [
    .trait(
      name: "LibSMF",
      description: "Cross-check the Swift reader against libsmf (Debian libsmf-dev)."),
    .trait(
      name: "FluidSynth",
      description: "Render songs to audio through FluidSynth (Debian libfluidsynth-dev), `render OUT.wav`."),
    .default(enabledTraits: ["LibSMF", "FluidSynth"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
    .target(name: "SMF"),
    .target(name: "PianoRoll", dependencies: ["SMF"]),
    .target(name: "PianoRollRender", dependencies: ["PianoRoll"]),
    .systemLibrary(name: "CSMF", pkgConfig: "smf", providers: [.apt(["libsmf-dev"])]),
    .target(name: "LibSMFBridge", dependencies: ["SMF", "CSMF"]),
    .systemLibrary(
      name: "CFluidSynth", pkgConfig: "fluidsynth", providers: [.apt(["libfluidsynth-dev"])]),
    .target(name: "AudioRender", dependencies: ["SMF", "PianoRoll", "CFluidSynth"]),
    .target(
      name: "MIDIRollCLI",
      dependencies: [
        "SMF", "PianoRoll", "PianoRollRender",
        .target(name: "LibSMFBridge", condition: .when(traits: ["LibSMF"])),
        .target(name: "AudioRender", condition: .when(traits: ["FluidSynth"])),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .executableTarget(name: "midiroll", dependencies: ["MIDIRollCLI"]),
    .executableTarget(name: "make-samples", dependencies: ["SMF"]),
    .executableTarget(
      name: "midiroll-bench",
      dependencies: [
        "SMF", "PianoRoll",
        .target(name: "LibSMFBridge", condition: .when(traits: ["LibSMF"])),
        .target(name: "AudioRender", condition: .when(traits: ["FluidSynth"])),
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
      name: "LibSMFBridgeTests",
      dependencies: [
        "SMF", "TestSupport",
        .target(name: "LibSMFBridge", condition: .when(traits: ["LibSMF"])),
      ]),
    .testTarget(
      name: "AudioRenderTests",
      dependencies: [
        "SMF", "PianoRoll", "TestSupport", "midiroll",
        .target(name: "AudioRender", condition: .when(traits: ["FluidSynth"])),
      ]),
    .testTarget(
      name: "MIDIRollCLITests", dependencies: ["MIDIRollCLI", "SMF", "PianoRoll", "midiroll", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)

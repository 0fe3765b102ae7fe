// swift-tools-version: 6.1
import PackageDescription

/// The shared library the Python package `midiroll` loads (`libmidiroll_abi.so`; the product
/// is not named `midiroll`, the command line's): the C ABI of
/// `include/midiroll.h` (module `MIDIRollC` of the package two folders up) with the Swift
/// runtime linked in statically, exporting only its `midiroll_` functions.
///
/// The linker flags are unsafe flags, so they live here, in a package nobody depends on, and the
/// root package stays one that other packages can depend on by version.
/// `make wheel` builds it: `swift build -c release --package-path python/swift --product midiroll_abi`.

/// The root package's identity: a path dependency is named after its folder.
let rootFolder =
  Context.packageDirectory.split(separator: "/").dropLast(2).last.map(String.init) ?? "midiroll"

let package = Package(
  name: "midiroll-python",
  products: [.library(name: "midiroll_abi", type: .dynamic, targets: ["MIDIRollSharedLibrary"])],
  // No traits: neither libsmf nor FluidSynth is needed to read songs.
  dependencies: [.package(path: "../..", traits: [])],
  targets: [
    .target(
      name: "MIDIRollSharedLibrary",
      dependencies: [.product(name: "MIDIRollC", package: rootFolder)],
      path: "Library",
      linkerSettings: [
        // The Swift runtime inside (SwiftPM's --static-swift-stdlib is ignored for dynamic
        // libraries), only midiroll_* exported, sections nothing reaches dropped. lld, whose
        // dynamic symbol table then holds the exports alone (gold keeps the runtime's
        // metadata there too, as local symbols).
        .unsafeFlags(
          [
            "-static-stdlib", "-use-ld=lld", "-Xlinker",
            "--version-script=\(Context.packageDirectory)/midiroll.map",
            "-Xlinker", "--gc-sections",
          ], .when(platforms: [.linux])),
        // Apple platforms have the Swift runtime in the system; only the ABI is exported.
        .unsafeFlags(
          ["-Xlinker", "-exported_symbols_list", "-Xlinker", "\(Context.packageDirectory)/midiroll.exports"],
          .when(platforms: [.macOS])),
      ])
  ]
)

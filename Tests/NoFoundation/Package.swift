// swift-tools-version: 6.1
import PackageDescription

/// A program that uses midiroll's libraries without Foundation: it must link on Linux
/// (issue 17: `undefined reference to 'round'` from the JSON code). `make test-no-foundation`
/// builds and runs it.
let package = Package(
  name: "no-foundation",
  dependencies: [.package(name: "midiroll", path: "../..")],
  targets: [
    .executableTarget(
      name: "no-foundation",
      dependencies: [
        .product(name: "SMF", package: "midiroll"), .product(name: "PianoRoll", package: "midiroll"),
        .product(name: "JSON", package: "midiroll"), .product(name: "PianoRollJSON", package: "midiroll"),
        .product(name: "TokenizerModels", package: "midiroll"),
        .product(name: "SongStatistics", package: "midiroll"),
      ])
  ],
  swiftLanguageModes: [.v6]
)

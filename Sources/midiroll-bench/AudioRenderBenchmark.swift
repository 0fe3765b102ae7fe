#if FluidSynth
  import AudioRender
  import Foundation
  import PianoRoll

  /// `render OUT.wav` speed: one real file rendered through FluidSynth in process and by the
  /// `midiroll` binary, against the song's length (× real time) and against the `fluidsynth`
  /// program rendering the same file with the same SoundFont (`fluidsynth -F`).
  struct AudioRenderBenchmark: BenchmarkSection {
    var title: String { "render OUT.wav: × real time, midiroll against fluidsynth -F" }

    /// One row: a way of rendering the file and its timed passes.
    private struct Row {
      var tool: String
      var seconds: [Double]
      var cpuSeconds: [Double]
      var output: String
    }

    func run(in context: BenchmarkContext) throws {
      guard context.options.runs(tool: "audio") else { return }
      guard let soundFont = SoundFontSearch.generalMIDI() else {
        print("  skipped: no General MIDI SoundFont (sudo apt-get install timgm6mb-soundfont)\n")
        return
      }
      // The real file of median size: a typical song (the largest lasts 10 minutes).
      let files = context.realFiles
      let bySize = files.contents.indices.sorted { files.contents[$0].count < files.contents[$1].count }
      guard !bySize.isEmpty else { throw BenchmarkError.noRealFiles }
      let index = bySize[bySize.count / 2]
      let path = files.paths[index]
      let song = try Song(bytes: files.contents[index])
      let renderer = try SongRenderer(settings: SynthesisSettings(soundFont: soundFont))
      let passes = min(context.options.passes, 3)
      var rows: [Row] = []
      var audioSeconds = Double.nan

      let inProcess = try time(passes: passes, minimumSeconds: .infinity) { try renderer.render(song) }
      audioSeconds = inProcess.result.seconds
      rows.append(
        Row(
          tool: "midiroll SongRenderer.render", seconds: inProcess.seconds, cpuSeconds: inProcess.cpuSeconds,
          output: "\(inProcess.result.frames) frames, \(inProcess.result.clippedSamples) clipped"))

      let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("midiroll").path
      let ours = context.scratch.appendingPathComponent("midiroll.wav").path
      if FileManager.default.isExecutableFile(atPath: binary) {
        let arguments = ["render", path, ours, "--soundfont", soundFont, "--force"]
        let measured = try Self.timeChild(binary, arguments, passes: passes)
        rows.append(
          Row(
            tool: "midiroll render (process)", seconds: measured.seconds, cpuSeconds: measured.cpuSeconds,
            output: Self.size(ours)))
      }

      let theirs = context.scratch.appendingPathComponent("fluidsynth.wav").path
      var notes = [
        "file: \(path) (\(format(audioSeconds, 1)) s with the 2 s tail)", "SoundFont: \(soundFont)",
      ]
      if let fluidsynth = ["/usr/bin/fluidsynth", "/usr/local/bin/fluidsynth"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      }) {
        // Same settings as midiroll's defaults: 44.1 kHz, gain 0.2, no reverb or chorus, one core.
        let arguments = [
          "-n", "-i", "-q", "-R", "0", "-C", "0", "-g", "0.2", "-r", "44100", "-o", "synth.cpu-cores=1",
          "-F", theirs, "-T", "wav", "-O", "s16", soundFont, path,
        ]
        let measured = try Self.timeChild(fluidsynth, arguments, passes: passes)
        rows.append(
          Row(
            tool: "fluidsynth -F (process)", seconds: measured.seconds, cpuSeconds: measured.cpuSeconds,
            output: Self.size(theirs)))
      } else {
        notes.append("fluidsynth -F skipped: no fluidsynth program (sudo apt-get install fluidsynth)")
      }
      print(Self.table(rows, audioSeconds: audioSeconds))
      notes.forEach { print("  note: \($0)") }
      print()
    }

    /// Runs a program once untimed, then `passes` times timed.
    /// - Returns: The wall-clock and CPU seconds of each timed run.
    static func timeChild(_ executable: String, _ arguments: [String], passes: Int) throws -> (
      seconds: [Double], cpuSeconds: [Double]
    ) {
      _ = try child(executable, arguments)
      let clock = ContinuousClock()
      var seconds: [Double] = []
      var cpuSeconds: [Double] = []
      for _ in 0..<max(1, passes) {
        var cpu = 0.0
        let elapsed = try clock.measure { cpu = try child(executable, arguments) }
        seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        cpuSeconds.append(cpu)
      }
      return (seconds, cpuSeconds)
    }

    /// Runs a program to the end.
    /// - Returns: The CPU seconds its process used (user + system), from `wait4`.
    /// - Throws: ``BenchmarkError/failed(_:)`` when it exits with an error.
    static func child(_ executable: String, _ arguments: [String]) throws -> Double {
      let before = cpuSeconds(ofChildren: true)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else {
        throw BenchmarkError.failed(
          "\(executable) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
      }
      return cpuSeconds(ofChildren: true) - before
    }

    /// A file's size in MB, for the output column.
    static func size(_ path: String) -> String {
      let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
      return "\(format(Double(bytes) / 1_000_000, 2)) MB WAV"
    }

    /// The table: seconds of the best pass, × real time (wall and CPU), ratio to fluidsynth.
    private static func table(_ rows: [Row], audioSeconds: Double) -> String {
      let header = [
        "tool", "passes", "best s", "× real time", "CPU × real time", "vs fluidsynth", "CPU vs fluidsynth",
        "output",
      ]
      let reference = rows.first { $0.tool.hasPrefix("fluidsynth") }
      let referenceSeconds = reference?.seconds.min()
      let referenceCPU = reference?.cpuSeconds.min()
      var cells = [header]
      for row in rows {
        let best = row.seconds.min() ?? .nan
        let cpu = row.cpuSeconds.min() ?? .nan
        cells.append([
          row.tool, "\(row.seconds.count)", format(best, 3), format(audioSeconds / best, 1) + "×",
          format(audioSeconds / cpu, 1) + "×", referenceSeconds.map { format($0 / best, 2) + "×" } ?? "-",
          referenceCPU.map { format($0 / cpu, 2) + "×" } ?? "-", row.output,
        ])
      }
      return tableLines(cells, lastLeftAligned: true).joined(separator: "\n")
    }
  }
#endif

import Foundation

// midiroll-bench: `make bench`. Every section measures over the same workloads and prints its
// tables; add a section by writing a `BenchmarkSection` in its own file and listing it here.

var sections: [any BenchmarkSection] = [
  ReaderBenchmark(),
  CommandBenchmark(),
  TrainedModelBenchmark(),
]
#if FluidSynth
  sections.append(AudioRenderBenchmark())
#endif

do {
  let options = try BenchmarkOptions(arguments: Array(CommandLine.arguments.dropFirst()))
  let context = try BenchmarkContext(options: options)
  guard !context.realFiles.contents.isEmpty else { throw BenchmarkError.noRealFiles }
  if options.midirollRoundOnly {
    try ReaderBenchmark().printMidirollRound(in: context)
    exit(0)
  }
  let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?
    .split(separator: " ").prefix(3).joined(separator: " ")
  print(
    "midiroll-bench: best of up to \(options.passes) timed passes per tool (at least "
      + "\(format(options.minimumSeconds, 1)) s each), after one untimed warm-up (the readers: midiroll's "
      + "and symusic's in \(ReaderBenchmark.rounds) alternating rounds of those, each in a process of its own); "
      + "\(ProcessInfo.processInfo.activeProcessorCount) CPU(s)" + (load.map { ", load \($0)" } ?? ""))
  print(
    "MB = 10^6 bytes; MB/s from the fastest pass's wall time, CPU MB/s from the pass with the least "
      + "CPU time (user + system); \"vs midiroll\" = MB/s relative to midiroll MIDIFile.read")
  if let busy = load?.split(separator: " ").first.flatMap({ Double($0) }),
    busy > Double(ProcessInfo.processInfo.activeProcessorCount)
  {
    print("warning: the machine is busy (load \(busy)); wall times suffer, CPU MB/s less so")
  }
  print()
  for section in sections {
    print("== \(section.title)")
    print()
    try section.run(in: context)
  }
} catch let error as BenchmarkError {
  if case .help = error {
    print(error)
    exit(0)
  }
  try? FileHandle.standardError.write(contentsOf: Data("midiroll-bench: \(error)\n".utf8))
  exit(1)
} catch {
  try? FileHandle.standardError.write(contentsOf: Data("midiroll-bench: \(error)\n".utf8))
  exit(1)
}

import PianoRoll
import PianoRollJSON
import SMF

// json-bench: piano-roll JSON throughput on one .mid, both profiles, both directions.
//
//   json-bench FILE.mid [RUNS]
//
// Prints MB/s (10^6 bytes of JSON a second of CPU time, the best of RUNS) for: writing JSON into memory,
// streaming it to /dev/null through the 64 KiB writer, reading it from memory, and reading it
// from a file descriptor in chunks. Not a test: speed is measured here, never asserted.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

func readFile(_ path: String) -> [UInt8]? {
  let descriptor = open(path, O_RDONLY)
  guard descriptor >= 0 else { return nil }
  defer { close(descriptor) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 20)
  while true {
    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count <= 0 { break }
    bytes += chunk[0..<count]
  }
  return bytes
}

/// The CPU time of this thread, in seconds: on a shared machine it counts the work, not the
/// wait for a core.
func cpuSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}

func best(_ runs: Int, _ body: () -> Void) -> Double {
  var fastest = Double.infinity
  for _ in 0..<runs {
    let start = cpuSeconds()
    body()
    fastest = min(fastest, cpuSeconds() - start)
  }
  return fastest
}

func rate(_ bytes: Int, _ seconds: Double) -> String {
  let value = Double(bytes) / seconds / 1e6
  return String(Int(value)) + " MB/s"
}

let arguments = CommandLine.arguments
guard arguments.count >= 2, let midi = readFile(arguments[1]) else {
  print("usage: json-bench FILE.mid [RUNS]")
  exit(2)
}
let runs = arguments.count > 2 ? Int(arguments[2]) ?? 3 : 3
let song: Song
do {
  song = try Song(bytes: midi)
} catch {
  print("cannot read \(arguments[1]): \(error)")
  exit(1)
}
print("\(arguments[1]): \(midi.count) bytes, \(song.noteCount) notes")
for profile in PianoRollJSON.Profile.allCases {
  var json: [UInt8] = []
  let writeTime = best(runs) { json = PianoRollJSON.encode(song, profile: profile) }
  let null = open("/dev/null", O_WRONLY)
  let streamTime = best(runs) {
    PianoRollJSON.encode(song, profile: profile) { (chunk: UnsafeRawBufferPointer) in
      _ = write(null, chunk.baseAddress, chunk.count)
    }
  }
  close(null)
  var decoded: Song?
  let readMemory = best(runs) { decoded = try? PianoRollJSON.decode(json) }
  let path = "/tmp/json-bench-\(getpid()).json"
  let out = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  _ = json.withUnsafeBytes { write(out, $0.baseAddress, $0.count) }
  close(out)
  let readFileTime = best(runs) {
    let descriptor = open(path, O_RDONLY)
    decoded = try? PianoRollJSON.decode(fileDescriptor: descriptor)
    close(descriptor)
  }
  unlink(path)
  let same = decoded.map { $0.midiFile() == song.midiFile() } ?? false
  print(
    "\(profile): \(json.count) bytes (\(json.count * 100 / max(1, midi.count))% of .mid); write \(rate(json.count, writeTime)),"
      + " stream \(rate(json.count, streamTime)); read memory \(rate(json.count, readMemory)),"
      + " read fd \(rate(json.count, readFileTime)); reads back: \(same)")
}

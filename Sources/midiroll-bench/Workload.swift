import Foundation
import SMF

/// A set of MIDI files every tool reads: their paths and their bytes, already in memory.
struct Workload {
  /// What the files are, for the table's heading.
  var name: String
  /// The files' paths (the Python readers open them).
  var paths: [String]
  /// The files' bytes, in the order of `paths`.
  var contents: [[UInt8]]

  /// The number of bytes of all files.
  var byteCount: Int { contents.reduce(0) { $0 + $1.count } }

  /// The `.mid` files the Debian packages installed (`dpkg -L`), or an empty workload.
  static func debianFiles() -> Workload {
    let packages = ["openttd-openmsx", "planetblupi-music-midi"]
    let paths =
      (try? run("/usr/bin/dpkg", ["-L"] + packages))?.split(separator: "\n").map(String.init)
      .filter { $0.hasSuffix(".mid") }.sorted() ?? []
    var workload = files(paths)
    workload.name = "\(workload.paths.count) real files of \(packages.joined(separator: " and "))"
    return workload
  }

  /// The given files, those that can be read.
  static func files(_ paths: [String]) -> Workload {
    let read = paths.compactMap { path in
      FileManager.default.contents(atPath: path).map { (path, [UInt8]($0)) }
    }
    return Workload(name: "\(read.count) files", paths: read.map(\.0), contents: read.map(\.1))
  }

  /// A file of about `targetBytes`, made by repeating the tracks of the largest file of `real`
  /// in time: every track's events (without End of Track) again and again, each copy shifted by
  /// the song's length, so all tracks stay together; written to `folder`.
  static func largeFile(from real: Workload, targetBytes: Int, in folder: URL) throws -> Workload {
    guard let largest = real.contents.indices.max(by: { real.contents[$0].count < real.contents[$1].count })
    else { throw BenchmarkError.noRealFiles }
    let source = try MIDIFile(bytes: real.contents[largest])
    let songLength = max(1, source.endTick)
    let copies = max(1, (targetBytes + real.contents[largest].count / 2) / real.contents[largest].count)
    var large = source
    large.tracks = source.tracks.map { track in
      let body = track.events.filter { !$0.event.isEndOfTrack }
      var events: [TrackEvent] = []
      events.reserveCapacity(body.count * copies + 1)
      for copy in 0..<copies {
        let shift = copy * songLength
        events.append(contentsOf: body.lazy.map { TrackEvent(tick: $0.tick + shift, $0.event) })
      }
      events.append(TrackEvent(tick: copies * songLength, .meta(.endOfTrack)))
      return Track(events: events)
    }
    let bytes = large.serialized()
    let name = (real.paths[largest] as NSString).lastPathComponent
    let url = folder.appendingPathComponent("large-\(copies)x-\(name)")
    try Data(bytes).write(to: url)
    return Workload(
      name: "1 large file: \(name) repeated \(copies)× in time (\(large.eventCount) events)",
      paths: [url.path], contents: [bytes])
  }
}

/// Runs a program and returns its standard output.
func run(_ executable: String, _ arguments: [String]) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  let output = Pipe()
  process.standardOutput = output
  process.standardError = FileHandle.nullDevice
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return String(decoding: data, as: UTF8.self)
}

import Foundation

/// The notes two readers nobody here wrote, mido and symusic, find in files: to compare
/// midiroll's with, wherever they read a file.
public enum PeerNotes {
  /// What each peer made of one file: its notes as (start tick, end tick, key), sorted, or
  /// `nil` when it refused the file.
  public struct Reading: Decodable, Sendable {
    /// mido's notes, paired first in, first out per channel and key (a note-on of velocity 0
    /// ends a note).
    public var mido: [DamagedSongs.Note]?
    /// symusic's notes (its own pairing).
    public var symusic: [DamagedSongs.Note]?
  }

  static let script = """
    import json, sys

    def mido_notes(path):
        import mido
        try:
            midi = mido.MidiFile(path)
        except Exception:
            return None
        notes = []
        for track in midi.tracks:
            tick, sounding = 0, {}
            for message in track:
                tick += message.time
                if message.type == 'note_on' and message.velocity > 0:
                    sounding.setdefault((message.channel, message.note), []).append(tick)
                elif message.type in ('note_on', 'note_off'):
                    starts = sounding.get((message.channel, message.note))
                    if starts:
                        notes.append({'start': starts.pop(0), 'end': tick, 'key': message.note})
        return sorted(notes, key=lambda n: (n['start'], n['end'], n['key']))

    def symusic_notes(path):
        import symusic
        try:
            score = symusic.Score.from_file(path)
        except Exception:
            return None
        notes = [{'start': n.time, 'end': n.time + n.duration, 'key': n.pitch}
                 for track in score.tracks for n in track.notes]
        return sorted(notes, key=lambda n: (n['start'], n['end'], n['key']))

    print(json.dumps([{'mido': mido_notes(p), 'symusic': symusic_notes(p)} for p in sys.argv[1:]]))
    """

  /// Reads each file with both peers (one Python process for all).
  /// - Throws: ``RealFiles/ToolFailure`` when there is no Python virtual environment, or what
  ///   writing the files or decoding the answer throws.
  public static func read(_ files: [[UInt8]]) throws -> [Reading] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "midiroll-peers-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var paths: [String] = []
    for (index, bytes) in files.enumerated() {
      let url = folder.appendingPathComponent("\(index).mid")
      try Data(bytes).write(to: url)
      paths.append(url.path)
    }
    let result = try Python.run(script: script, paths)
    guard result.status == 0, let line = result.output.split(separator: "\n").last else {
      throw RealFiles.ToolFailure(description: "mido and symusic: \(result.output)")
    }
    return try JSONDecoder().decode([Reading].self, from: Data(line.utf8))
  }
}

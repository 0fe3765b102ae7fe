import Foundation
import TestSupport
import Testing

/// `batch --dedup` and `--split` through the real binary, on planted duplicates of a real file
/// made by mido (a byte copy, a re-save, the division doubled, the tracks reordered, a track
/// renamed) and near misses (one pitch changed, one note fewer, everything a semitone up):
/// the groups, the input kept, the same answer with 1 and 3 shards, and `report --json`.
@Suite(.serialized, .tags(.judge), .tiered, .requires(.python)) struct BatchDedupTests {
  /// The real file the duplicates are made of: the first Debian file with two tracks of notes.
  static func original() throws -> String {
    try #require(
      RealFiles.debianFiles.first { $0.hasSuffix("chemistry_lab.mid") } ?? RealFiles.debianFiles.first)
  }

  /// Plants the variants with mido under `folder`; returns the names of the duplicates and near misses.
  static func plant(in folder: URL) throws {
    let script = """
      import mido, shutil, sys
      src, out = sys.argv[1], sys.argv[2]
      shutil.copy(src, out + '/a/original.mid')
      shutil.copy(src, out + '/z/byte-copy.mid')
      mido.MidiFile(src).save(out + '/m/resaved.mid')
      m = mido.MidiFile(src)
      m.ticks_per_beat *= 2
      for t in m.tracks:
          for msg in t: msg.time *= 2
      m.save(out + '/m/division-doubled.mid')
      m = mido.MidiFile(src)
      m.tracks = [m.tracks[0]] + list(reversed(m.tracks[1:]))
      m.save(out + '/m/tracks-reordered.mid')
      m = mido.MidiFile(src)
      for t in m.tracks[1:2]:
          names = [msg for msg in t if msg.type == 'track_name']
          if names: names[0].name = 'renamed'
          else: t.insert(0, mido.MetaMessage('track_name', name='renamed'))
      m.save(out + '/b/track-renamed.mid')
      def notes(m):
          return [msg for t in m.tracks for msg in t if msg.type == 'note_on' and msg.velocity > 0]
      m = mido.MidiFile(src)
      first = notes(m)[0]
      key = (first.channel, first.note)
      on = True
      for t in m.tracks:
          for msg in t:
              if msg.type in ('note_on', 'note_off') and (msg.channel, msg.note) == key and on is not None:
                  msg.note = first.note + 1
                  if msg.type == 'note_off' or msg.velocity == 0: on = None
      m.save(out + '/n/one-pitch-changed.mid')
      m = mido.MidiFile(src)
      for t in m.tracks:
          for i, msg in enumerate(t):
              if msg.type == 'note_on' and msg.velocity > 0 and msg.channel != 9:
                  msg.velocity = 0
                  break
          else: continue
          break
      m.save(out + '/n/one-note-fewer.mid')
      m = mido.MidiFile(src)
      for t in m.tracks:
          for msg in t:
              if msg.type in ('note_on', 'note_off') and msg.channel != 9: msg.note += 1
      m.save(out + '/n/semitone-up.mid')
      """
    for sub in ["a", "z", "m", "b", "n"] {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
    }
    let run = try Python.run(script: script, [try original(), folder.path])
    #expect(run.status == 0, "\(run.output)")
  }

  static let duplicates = [
    "b/track-renamed.mid", "m/division-doubled.mid", "m/resaved.mid", "m/tracks-reordered.mid",
    "z/byte-copy.mid",
  ]
  static let nearMisses = ["n/one-note-fewer.mid", "n/one-pitch-changed.mid", "n/semitone-up.mid"]

  @Test func duplicatesGroupedNearMissesKept() throws {
    let folders = try BatchFolders()
    defer { folders.remove() }
    try Self.plant(in: folders.input)
    try folders.write(Array("not a song".utf8), at: "c/broken.mid")
    let run = try runMIDIRoll([
      "batch", folders.input.path, folders.output.path, "--to", "mid", "--dedup", "-q",
    ])
    #expect(run.status == 1, "the broken input fails: \(run.stderr)")
    let entries = try folders.reportEntries()
    #expect(entries["a/original.mid"]?["status"] as? String == "ok")
    for name in Self.duplicates {
      #expect(entries[name]?["status"] as? String == "duplicate", "\(name)")
      #expect(entries[name]?["kept"] as? String == "a/original.mid", "\(name)")
      #expect(!FileManager.default.fileExists(atPath: folders.output.appendingPathComponent(name).path))
    }
    for name in Self.nearMisses {
      #expect(entries[name]?["status"] as? String == "ok", "\(name)")
    }
    #expect(entries["c/broken.mid"]?["status"] as? String == "failed")
    #expect(entries["c/broken.mid"]?["kept"] == nil)
    let report = try runMIDIRoll(["report", folders.output.path, "--json"])
    let summary = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout)) as? [String: Any])
    #expect(summary["duplicates"] as? Int == Self.duplicates.count)
    let groups = try #require(summary["duplicateGroups"] as? [[String: Any]])
    #expect(groups.count == 1)
    #expect(groups.first?["kept"] as? String == "a/original.mid")
    #expect(groups.first?["duplicates"] as? [String] == Self.duplicates)
    let text = try runMIDIRoll(["report", folders.output.path])
    #expect(text.stdoutText.contains("\(Self.duplicates.count) duplicates"))
    #expect(text.stdoutText.contains("    = m/resaved.mid"))
  }

  /// What a run leaves: the outputs (relative paths) and each input's status, kept and split.
  static func result(of folders: BatchFolders, reports: [String]) throws -> (
    outputs: Set<String>, lines: [String: String]
  ) {
    var lines: [String: String] = [:]
    for report in reports {
      for (input, line) in try folders.reportEntries(report) {
        lines[input] =
          "\(line["status"] ?? "") \(line["kept"] ?? "-") \(line["split"] ?? "-") \(line["output"] ?? "-")"
      }
    }
    let walker = FileManager.default.enumerator(atPath: folders.output.path)
    let outputs = Set((walker?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".json") })
    return (outputs, lines)
  }

  @Test func oneShardAndThreeShardsChooseAlike() throws {
    let split = "train=0.5,valid=0.25,test=0.25"
    let whole = try BatchFolders()
    defer { whole.remove() }
    try Self.plant(in: whole.input)
    for sample in RealFiles.samples {
      try FileManager.default.copyItem(
        atPath: sample,
        toPath: whole.input.appendingPathComponent("a/" + (sample as NSString).lastPathComponent).path)
    }
    let one = try runMIDIRoll([
      "batch", whole.input.path, whole.output.path, "--to", "json", "--compact", "--dedup", "--split", split,
      "-q",
    ])
    #expect(one.status == 0, "\(one.stderr)")
    let single = try Self.result(of: whole, reports: ["midiroll-report.jsonl"])

    // Three shards into one output folder, with the fingerprint pass first (sharded too).
    let sharded = try BatchFolders()
    defer { sharded.remove() }
    try FileManager.default.removeItem(at: sharded.input)
    try FileManager.default.copyItem(at: whole.input, to: sharded.input)
    for index in 1...3 {
      let pass = try runMIDIRoll([
        "batch", sharded.input.path, sharded.output.path, "--to", "json", "--fingerprints-only", "--shard",
        "\(index)/3", "-q",
      ])
      #expect(pass.status == 0, "\(pass.stderr)")
    }
    for index in [3, 1, 2] {
      let run = try runMIDIRoll([
        "batch", sharded.input.path, sharded.output.path, "--to", "json", "--compact", "--dedup", "--split",
        split,
        "--shard", "\(index)/3", "-q",
      ])
      #expect(run.status == 0, "\(run.stderr)")
    }
    let three = try Self.result(of: sharded, reports: (1...3).map { "midiroll-report-\($0)-of-3.jsonl" })
    #expect(three.lines == single.lines)
    #expect(three.outputs == single.outputs)
    #expect(single.lines.count == Self.duplicates.count + Self.nearMisses.count + 1 + RealFiles.samples.count)
    // Every input of a group, written or not, is in its group's split.
    for name in Self.duplicates {
      #expect(
        single.lines[name]?.split(separator: " ")[2]
          == single.lines["a/original.mid"]?.split(separator: " ")[2])
    }
    // Without --dedup, the duplicates are written, each in the split of its group.
    let plain = try BatchFolders()
    defer { plain.remove() }
    try FileManager.default.removeItem(at: plain.input)
    try FileManager.default.copyItem(at: whole.input, to: plain.input)
    #expect(
      try runMIDIRoll(["batch", plain.input.path, plain.output.path, "--to", "json", "--split", split, "-q"])
        .status == 0)
    let entries = try plain.reportEntries()
    let part = try #require(entries["a/original.mid"]?["split"] as? String)
    for name in Self.duplicates {
      #expect(entries[name]?["status"] as? String == "ok")
      #expect(entries[name]?["split"] as? String == part)
      #expect((entries[name]?["output"] as? String)?.hasPrefix(part + "/") == true)
    }
  }

  @Test func badSplitsAreUsageErrors() throws {
    let folders = try BatchFolders()
    defer { folders.remove() }
    for spec in [
      "train=0.8,valid=0.1", "train=0.5,train=0.5", "train=0.8,valid=0.3,test=-0.1", "train", "a/b=1",
    ] {
      let run = try runMIDIRoll([
        "batch", folders.input.path, folders.output.path, "--to", "json", "--split", spec,
      ])
      #expect(run.status == 2, "\(spec): \(run.stderr)")
      #expect(!FileManager.default.fileExists(atPath: folders.output.path), "nothing written for \(spec)")
    }
    let convert = try runMIDIRoll([
      "convert", try #require(RealFiles.samples.first), "x.mid", "--split", "train=1",
    ])
    #expect(convert.status == 2)
  }
}

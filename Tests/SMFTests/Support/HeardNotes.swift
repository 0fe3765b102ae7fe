import SMF
import TestSupport
import Testing

extension MIDIFile {
  /// The notes a player hears, as ``PeerNotes`` pairs them: first in, first out per channel and
  /// key, a note-on of velocity 0 ending a note; notes never ended are left out.
  var heardNotes: [DamagedSongs.Note] {
    var notes: [DamagedSongs.Note] = []
    for track in tracks {
      var sounding: [Int: [Int]] = [:]
      for item in track.events {
        guard let message = item.event.channelMessage else { continue }
        let voice = Int(message.channel) << 8 | Int(message.data1)
        if message.isNoteStart {
          sounding[voice, default: []].append(item.tick)
        } else if message.isNoteEnd, let start = sounding[voice]?.first {
          sounding[voice]?.removeFirst()
          notes.append(DamagedSongs.Note(start: start, end: item.tick, key: Int(message.data1)))
        }
      }
    }
    return notes.sorted()
  }
}

/// Checks what every damaged file the reader accepts must give: the notes expected, one
/// warning (of the kind given, at the damage), a refusal in strict mode, and a rewrite that
/// reads back without a warning, with the same notes, through both writers (the file's and the
/// streaming `MIDIFile.rewrite`).
/// - Returns: The file read.
@discardableResult
func checkDamaged(
  _ fixture: DamagedSongs.Fixture, warning isExpected: (SMFWarning.Kind) -> Bool,
  sourceLocation: SourceLocation = #_sourceLocation
) throws -> MIDIFile {
  let result = try MIDIFile.read(fixture.bytes)
  #expect(result.warnings.count == 1, "\(result.warnings)", sourceLocation: sourceLocation)
  if let warning = result.warnings.first {
    #expect(isExpected(warning.kind), "\(warning)", sourceLocation: sourceLocation)
    #expect(
      warning.offset == fixture.damageOffset && warning.track == 0, "\(warning)",
      sourceLocation: sourceLocation)
  }
  #expect(throws: SMFError.self, sourceLocation: sourceLocation) {
    try MIDIFile.read(fixture.bytes, options: .strict)
  }
  let file = result.file
  #expect(
    file.tracks.allSatisfy { $0.events.last?.event.isEndOfTrack == true }, sourceLocation: sourceLocation)

  let rewritten = try MIDIFile.rewrite(fixture.bytes)
  #expect(rewritten.warnings == result.warnings, sourceLocation: sourceLocation)
  #expect(rewritten.bytes == file.serialized(), "the two writers agree", sourceLocation: sourceLocation)
  let again = try MIDIFile.read(rewritten.bytes, options: .strict)
  #expect(again.file == file, sourceLocation: sourceLocation)
  #expect(again.file.heardNotes == file.heardNotes, sourceLocation: sourceLocation)
  // The one-pass summary and the diagnosis go through the same loop: the same warning.
  #expect(try MIDIFile.summarize(fixture.bytes).warnings == result.warnings, sourceLocation: sourceLocation)
  #expect(MIDIFile.diagnose(fixture.bytes).problems == result.warnings, sourceLocation: sourceLocation)
  return file
}

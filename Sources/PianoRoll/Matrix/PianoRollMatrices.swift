import SMF

/// A song as piano-roll matrices, the shape of pypianoroll's `Multitrack`: one steps × 128
/// matrix of velocities per track and channel (or one for the whole song), with the tempo, beats
/// and bar lines at every step.
///
/// The rules:
/// - A note covers the steps from the step of its start to the step of its end
///   (``StepMap/step(atTick:)``), end excluded, and always at least the step of its start, so a
///   note shorter than a step never vanishes.
/// - Where notes overlap on one cell, the cell holds the highest velocity, never a sum.
/// - Tracks: one per SMF track and channel that has notes, in track order then channel order;
///   with ``MatrixOptions/merge`` a single track.
/// - The matrices have enough steps for the song's end and every note.
public struct PianoRollMatrices: Hashable, Sendable {
  /// How time was divided.
  public let stepMap: StepMap
  /// The number of time steps of every matrix.
  public let steps: Int
  /// The tracks.
  public let tracks: [RollTrack]
  /// Beats per minute in force at each step's first tick.
  public let tempo: [Double]
  /// Whether a beat of the meter starts in each step.
  public let beat: [Bool]
  /// Whether a bar starts in each step.
  public let downbeat: [Bool]

  /// pypianoroll's `resolution`: steps per quarter note (see ``StepGrid/resolution``).
  public var resolution: Int { stepMap.grid.resolution }

  /// The matrices of a song.
  /// - Throws: ``MatrixError`` when the song needs more steps or cells than the options allow.
  public init(song: Song, options: MatrixOptions = MatrixOptions()) throws(MatrixError) {
    let timeline = song.makeTimeline()
    let map = try StepMap(
      grid: options.steps, timeSignatures: timeline.timeSignatures, endTick: song.endTick,
      maximumSteps: options.maximumSteps)
    let voices = Self.voices(of: song, merge: options.merge)

    // Step spans of every note, and the steps they need.
    var steps = map.songSteps
    var spans: [[(pitch: UInt8, start: Int, end: Int, velocity: UInt8)]] = []
    spans.reserveCapacity(voices.count)
    for voice in voices {
      var list: [(pitch: UInt8, start: Int, end: Int, velocity: UInt8)] = []
      list.reserveCapacity(voice.notes.count)
      for note in voice.notes {
        let start = map.step(atTick: note.tick)
        let end = max(start + 1, map.step(atTick: note.endTick))
        steps = max(steps, end)
        list.append((note.pitch, start, end, note.velocity))
      }
      spans.append(list)
    }
    guard steps <= options.maximumSteps else {
      throw .tooManySteps(steps: steps, limit: options.maximumSteps)
    }

    var buffer = [UInt8](repeating: 0, count: steps)
    var tracks: [RollTrack] = []
    var cells = 0
    for (voice, list) in zip(voices, spans) {
      let roll = try Self.roll(
        list, steps: steps, buffer: &buffer, cellBudget: options.maximumCells - cells)
      cells += roll.cellCount
      tracks.append(
        RollTrack(
          name: voice.name, program: voice.program, isDrum: voice.isDrum, sourceTrack: voice.track,
          channel: voice.channel, roll: roll))
    }

    var tempo = [Double](repeating: 0, count: steps)
    for step in 0..<steps {
      tempo[step] = timeline.tempos.tempo(atTick: map.startTick(ofStep: step)).beatsPerMinute
    }
    var beat = [Bool](repeating: false, count: steps)
    var downbeat = [Bool](repeating: false, count: steps)
    let meters = timeline.timeSignatures
    // The bars that begin before the tick of step `steps`: a bound fixed before the loop, so
    // that it ends even where bars map to no new step (a song of length 0).
    let barLimit = meters.barCount(endTick: map.startTick(ofStep: steps)) + 1
    for bar in 0..<barLimit {
      let start = meters.startTick(ofBar: bar)
      let first = map.step(atTick: start)
      guard first < steps else { break }
      downbeat[first] = true
      let end = meters.startTick(ofBar: bar + 1)
      for index in 0..<meters.timeSignature(ofBar: bar).numerator {
        let tick = meters.tick(at: Position(bar: bar, beat: index))
        guard tick < end else { break }
        let step = map.step(atTick: tick)
        if step < steps { beat[step] = true }
      }
    }

    self.stepMap = map
    self.steps = steps
    self.tracks = tracks
    self.tempo = tempo
    self.beat = beat
    self.downbeat = downbeat
  }

  /// The CSC matrix of one track's note spans.
  /// - Parameter buffer: `steps` zeros, left as zeros.
  private static func roll(
    _ spans: [(pitch: UInt8, start: Int, end: Int, velocity: UInt8)], steps: Int, buffer: inout [UInt8],
    cellBudget: Int
  ) throws(MatrixError) -> SparseRoll {
    let sorted = spans.sorted { ($0.pitch, $0.start) < ($1.pitch, $1.start) }
    var columnStarts = [Int32](repeating: 0, count: 129)
    var rows: [Int32] = []
    var values: [UInt8] = []
    var index = 0
    for pitch in 0..<128 {
      columnStarts[pitch] = Int32(rows.count)
      var last = index
      while last < sorted.count && Int(sorted[last].pitch) == pitch { last += 1 }
      guard last > index else { continue }
      // The highest velocity of every cell, then the cells in step order (buffer cleared again).
      for span in sorted[index..<last] {
        for step in span.start..<span.end where buffer[step] < span.velocity { buffer[step] = span.velocity }
      }
      var cursor = 0
      for span in sorted[index..<last] where span.end > cursor {
        let from = max(cursor, span.start)
        guard rows.count + (span.end - from) <= cellBudget else { throw .tooManyCells(limit: cellBudget) }
        for step in from..<span.end {
          rows.append(Int32(step))
          values.append(buffer[step])
          buffer[step] = 0
        }
        cursor = span.end
      }
      index = last
    }
    columnStarts[128] = Int32(rows.count)
    return SparseRoll(steps: steps, columnStarts: columnStarts, rows: rows, values: values)
  }

  /// The notes of one future matrix, with its instrument.
  struct Voice {
    var track: Int?
    var channel: UInt8?
    var name: String
    var program: Int
    var isDrum: Bool
    var notes: [Note]
  }

  /// One voice per SMF track and channel with notes (track order, then channel), or one for all.
  static func voices(of song: Song, merge: Bool) -> [Voice] {
    if merge {
      let notes = song.allNotes
      return [
        Voice(
          track: nil, channel: nil, name: "", program: 0,
          isDrum: !notes.isEmpty && notes.allSatisfy { $0.channel == 9 }, notes: notes)
      ]
    }
    var voices: [Voice] = []
    for (index, track) in song.tracks.enumerated() where !track.notes.isEmpty {
      var byChannel = [[Note]](repeating: [], count: 16)
      for note in track.notes { byChannel[Int(note.channel & 0x0F)].append(note) }
      for channel in 0..<16 where !byChannel[channel].isEmpty {
        let notes = byChannel[channel]
        voices.append(
          Voice(
            track: index, channel: UInt8(channel), name: track.name ?? "",
            program: track.program(onChannel: UInt8(channel), atOrBefore: notes[0].tick),
            isDrum: channel == 9, notes: notes))
      }
    }
    return voices
  }
}

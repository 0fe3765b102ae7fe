import NoteQueue
import SMF

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads one track chunk as symusic 0.6's `TrackManager` does (`src/io/midi.cpp`), as the SMF
/// reader hands its events over (a ``TrackEventSink``: channel messages in raw batches).
///
/// symusic's rules, kept here (docs/DESIGN.md, "Tokens (MidiTok 3.1)", "How `tokenize` makes them"):
/// - one track per channel and current program, made when a note-on (velocity above 0) or a
///   lyric (channel 15: a meta event's status `FF`) first needs it;
/// - control changes, pitch bends and pedals go to the track of their channel and current
///   program, or, while it does not exist, to a waiting place per channel that the next track
///   made on that channel takes over (what waits when no track is made is lost);
/// - notes pair first in, first out per channel and key within the chunk, whatever the
///   program; a note-on still sounding at the chunk's end is dropped, but its track stays;
/// - CC64 ≥ 64 presses the pedal of the channel (a repeat is ignored), < 64 releases it; the
///   "not pressed" mark starts as −1 on channel 0 only (`std::array<unit, 16> last_pedal_on{-1}`),
///   so on channels 1–15 the first release makes a pedal from tick 0 and the first press is lost.
struct ScoreTrackReader: TrackEventSink {
  /// The tracks made so far, in the order they were made (their notes are in ``notes``),
  /// each with its key (`channel << 7 | program`).
  private(set) var tracks: [ScoreTrack] = []
  private var trackKeys: [UInt16] = []
  /// The track index (+1, 0 for none) of each key; empty until needed.
  private var trackOfKey: [Int32] = []
  /// What waits for a channel's first track.
  private var waiting: [ScoreTrack?] = Array(repeating: nil, count: 16)
  private var program = [UInt8](repeating: 0, count: 16)
  private var pedalOn = [Int32](repeating: 0, count: 16)
  /// Every note of the chunk in note-on order (a sounding note's duration is −1), the track
  /// of each, and the next note of its queue.
  private let store = PendingNotes()
  /// The notes sounding, first-in-first-out per channel and key (16 KB, allocated with the
  /// first note).
  private var sounding = SoundingNotes()

  /// Time signatures, tempos, key signatures and marker times, in file order.
  var timeSignatures: [ScoreTimeSignature] = []
  var tempos: [ScoreTempo] = []
  var keySignatures: [ScoreKeySignature] = []
  var markerTimes: [Int32] = []
  /// Why symusic would read this chunk otherwise than midiroll does, if it would.
  var divergence: ScoreReadingDivergence?
  /// Whether a SysEx event was met (symusic reads running status after it otherwise).
  var sawSysEx = false

  private(set) var lastTick = 0

  /// The note-ons (velocity above 0) read so far.
  var noteOnCount: Int { store.count }

  init(capacity: Int) {
    pedalOn[0] = -1
  }

  // MARK: Channel messages

  mutating func appendChannel(tick: Int, status: UInt8, _ data1: UInt8, _ data2: UInt8) {
    lastTick = tick
    guard let time = Int32(exactly: tick) else {
      divergence = divergence ?? .tickBeyondInt32
      return
    }
    channelMessage(time: time, status: status, data1, data2)
  }

  /// A channel message as symusic handles it: note-on (velocity 0: note-off), note-off,
  /// program change, control change, pitch bend; the others play no part.
  @inline(__always)
  mutating func channelMessage(time: Int32, status: UInt8, _ data1: UInt8, _ data2: UInt8) {
    let channel = Int(status & 0x0F)
    switch status & 0xF0 {
    case 0x90 where data2 != 0:
      noteOn(channel: channel, pitch: data1, velocity: data2, time: time)
    case 0x80, 0x90:
      noteOff(channel: channel, pitch: data1, time: time)
    case 0xC0:
      program[channel] = data1
    case 0xB0:
      control(channel: channel, number: data1, value: data2, time: time)
    case 0xE0:
      pitchBend(channel: channel, value: Int32(data1) | Int32(data2) << 7 - 8192, time: time)
    default:
      break
    }
  }

  /// A pitch bend, −8192…8191.
  mutating func pitchBend(channel: Int, value: Int32, time: Int32) {
    withTrack(channel: channel) { $0.pitchBends.append(ScorePitchBend(time: time, value: value)) }
  }

  mutating func appendChannels(_ events: UnsafeBufferPointer<RawChannelEvent>) {
    guard let last = events.last else { return }
    guard Int32(exactly: last.tick) != nil else {
      for event in events { appendChannel(tick: event.tick, status: event.status, event.data1, event.data2) }
      return
    }
    store.reserve(events.count)
    // The hot loop works on the store's buffer and the queues' (which move out of `self`
    // meanwhile); only what is not a note goes through `channelMessage`.
    var sounding = SoundingNotes()
    swap(&sounding, &self.sounding)
    sounding.withBuffers { queue in
      var links = Links(notes: store.notes)
      var count = store.count
      for event in events {
        let time = Int32(truncatingIfNeeded: event.tick)
        let kind = event.status & 0xF0
        if kind == 0x90 && event.data2 != 0 {
          startNote(
            event.status, event.data1, event.data2, time: time, index: count, queue: &queue, links: &links)
          count += 1
        } else if kind == 0x80 || kind == 0x90 {
          Self.endNote(event.status, event.data1, time: time, queue: &queue, links: links)
        } else {
          store.count = count
          channelMessage(time: time, status: event.status, event.data1, event.data2)
        }
      }
      store.count = count
    }
    swap(&sounding, &self.sounding)
    lastTick = last.tick
  }

  private mutating func noteOn(channel: Int, pitch: UInt8, velocity: UInt8, time: Int32) {
    store.reserve(1)
    var sounding = SoundingNotes()
    swap(&sounding, &self.sounding)
    sounding.withBuffers { queue in
      var links = Links(notes: store.notes)
      startNote(UInt8(channel), pitch, velocity, time: time, index: store.count, queue: &queue, links: &links)
    }
    swap(&sounding, &self.sounding)
    store.count += 1
  }

  private mutating func noteOff(channel: Int, pitch: UInt8, time: Int32) {
    let links = Links(notes: store.notes)
    sounding.withBuffers { Self.endNote(UInt8(channel), pitch, time: time, queue: &$0, links: links) }
  }

  /// Starts the note of a note-on of `status` (its channel) as note `index` of ``store``
  /// (which has room for it), in the track of the channel's current program.
  @inline(__always)
  private mutating func startNote(
    _ status: UInt8, _ pitch: UInt8, _ velocity: UInt8, time: Int32, index: Int,
    queue: inout SoundingNotes.Buffers, links: inout Links
  ) {
    let track = trackIndex(channel: Int(status & 0x0F))
    links.notes[index] = PendingNote(
      note: ScoreNote(time: time, duration: -1, pitch: pitch, velocity: velocity), track: UInt16(track),
      next: -1)
    queue.push(index, key: SoundingNotes.key(channel: status, pitch: pitch), links: &links)
  }

  /// Ends the oldest note sounding of the channel (of `status`) and key of a note-off, if one
  /// is; else the note-off does nothing.
  @inline(__always)
  private static func endNote(
    _ status: UInt8, _ pitch: UInt8, time: Int32, queue: inout SoundingNotes.Buffers, links: Links
  ) {
    guard let index = queue.popFirst(key: SoundingNotes.key(channel: status, pitch: pitch), links: links)
    else { return }
    links.notes[index].note.duration = time &- links.notes[index].note.time
  }

  /// The notes as the queue's links: a pending note's `next`.
  private struct Links: NoteLinks {
    let notes: UnsafeMutablePointer<PendingNote>

    @inline(__always)
    func next(after note: Int) -> Int { Int(notes[note].next) }

    @inline(__always)
    func link(_ note: Int, to next: Int) { notes[note].next = Int32(truncatingIfNeeded: next) }
  }

  private mutating func control(channel: Int, number: UInt8, value: UInt8, time: Int32) {
    var pedalOn = self.pedalOn[channel]
    withTrack(channel: channel) { track in
      track.controls.append(ScoreControl(time: time, number: number, value: value))
      guard number == 64 else { return }
      if value >= 64 {
        if pedalOn < 0 { pedalOn = time }
      } else if pedalOn >= 0 {
        track.pedals.append(ScorePedal(time: pedalOn, duration: time - pedalOn))
        pedalOn = -1
      }
    }
    self.pedalOn[channel] = pedalOn
  }

  /// The index in ``tracks`` of the track of the channel's current program, made (taking over
  /// what waits for the channel) when there is none.
  @inline(__always)
  private mutating func trackIndex(channel: Int) -> Int {
    if trackOfKey.isEmpty { trackOfKey = [Int32](repeating: 0, count: 16 * 128) }
    let key = channel << 7 | Int(program[channel])
    let found = trackOfKey[key]
    if found != 0 { return Int(found) - 1 }
    var track = waiting[channel] ?? ScoreTrack(program: 0, isDrum: false)
    waiting[channel] = nil
    track.program = Int(program[channel])
    track.isDrum = channel == 9
    tracks.append(track)
    trackKeys.append(UInt16(key))
    trackOfKey[key] = Int32(tracks.count)
    return tracks.count - 1
  }

  /// Runs `body` on the track of the channel's current program, or on what waits for the
  /// channel when there is none.
  private mutating func withTrack(channel: Int, _ body: (inout ScoreTrack) -> Void) {
    let key = channel << 7 | Int(program[channel])
    if !trackOfKey.isEmpty, trackOfKey[key] != 0 {
      body(&tracks[Int(trackOfKey[key]) - 1])
    } else {
      var track = waiting[channel] ?? ScoreTrack(program: 0, isDrum: false)
      waiting[channel] = nil
      body(&track)
      waiting[channel] = track
    }
  }

  // MARK: Meta and SysEx events

  mutating func appendData(tick: Int, status: UInt8, type: UInt8, _ data: ArraySlice<UInt8>) {
    lastTick = tick
    guard let time = Int32(exactly: tick) else {
      divergence = divergence ?? .tickBeyondInt32
      return
    }
    switch status {
    case 0xF0:
      sawSysEx = true
      return
    case 0xF7:
      divergence = divergence ?? .sysExEscape
      return
    case 0xFF:
      break
    default:
      return
    }
    // minimidi reads a meta event's fields from its third byte on (type, one length byte):
    // only a length below 128 that holds the fields reads as here.
    let base = data.startIndex
    let fieldsHeld: Int? =
      switch type {
      case 0x58, 0x59: 2
      case 0x51: 3
      default: nil
      }
    if let fieldsHeld, data.count < fieldsHeld || data.count >= 128 {
      divergence = divergence ?? .unusualMetaLength
      return
    }
    switch type {
    case 0x58:
      addTimeSignature(time: time, numerator: data[base], shift: data[base + 1])
    case 0x51:
      addTempo(time: time, data[base], data[base + 1], data[base + 2])
    case 0x59:
      addKeySignature(time: time, key: data[base], tonality: data[base + 1])
    case 0x05:
      addLyric(time: time, empty: data.isEmpty)
    case 0x06:
      addMarker(time: time, empty: data.isEmpty)
    default:
      break
    }
  }

  /// A time signature meta event's two first bytes: the numerator and the power of two of
  /// the denominator, kept in a byte as symusic keeps it (`1 << shift`: 2^8 and beyond are 0).
  mutating func addTimeSignature(time: Int32, numerator: UInt8, shift: UInt8) {
    let denominator = shift < 8 ? 1 << Int(shift) : 0
    if shift >= 32 { divergence = divergence ?? .undefinedShift(Int(shift)) }
    timeSignatures.append(ScoreTimeSignature(time: time, numerator: Int(numerator), denominator: denominator))
  }

  /// A tempo meta event's three bytes, microseconds per quarter big-endian.
  mutating func addTempo(time: Int32, _ high: UInt8, _ middle: UInt8, _ low: UInt8) {
    tempos.append(ScoreTempo(time: time, mspq: Int32(high) << 16 | Int32(middle) << 8 | Int32(low)))
  }

  /// A key signature meta event's two bytes: sharps or flats (signed), and the mode.
  mutating func addKeySignature(time: Int32, key: UInt8, tonality: UInt8) {
    keySignatures.append(
      ScoreKeySignature(time: time, key: Int(Int8(bitPattern: key)), tonality: Int(tonality)))
  }

  /// A lyric: it makes the track of channel 15 (a meta event's status is `FF`) even when its
  /// text is empty; only a text with bytes is a lyric.
  mutating func addLyric(time: Int32, empty: Bool) {
    let track = trackIndex(channel: 15)
    if !empty { tracks[track].lyricTimes.append(time) }
  }

  /// A marker: only a text with bytes is one.
  mutating func addMarker(time: Int32, empty: Bool) {
    if !empty { markerTimes.append(time) }
  }

  // MARK: The end of the chunk

  /// Adds the chunk's tracks (``finishedTracks()``) and its global events, in file order, to
  /// `score`.
  mutating func finish(into score: inout Score) {
    score.tracks += finishedTracks()
    score.timeSignatures += timeSignatures
    score.tempos += tempos
    score.keySignatures += keySignatures
    score.markerTimes += markerTimes
  }

  /// The chunk's tracks as symusic keeps them: in the order of their channel and program,
  /// those with nothing at all left out (a note still sounding counts), the notes still
  /// sounding removed.
  mutating func finishedTracks() -> [ScoreTrack] {
    let notes = UnsafeBufferPointer(start: store.notes, count: store.count)
    var counts = [Int](repeating: 0, count: tracks.count)
    for pending in notes { counts[Int(pending.track)] += 1 }
    if tracks.count == 1 {
      tracks[0].notes = store.takeEndedNotes()
    } else {
      for index in tracks.indices { tracks[index].notes.reserveCapacity(counts[index]) }
      for pending in notes where pending.note.duration >= 0 {
        tracks[Int(pending.track)].notes.append(pending.note)
      }
    }
    let order = trackKeys.indices.sorted { trackKeys[$0] < trackKeys[$1] }
    var result: [ScoreTrack] = []
    result.reserveCapacity(order.count)
    for index in order where counts[index] > 0 || !tracks[index].isEmpty { result.append(tracks[index]) }
    tracks = []
    store.count = 0
    return result
  }
}

/// A note read, the track it belongs to, and the next note of its queue while it sounds (-1 for
/// none).
struct PendingNote {
  var note: ScoreNote
  var track: UInt16
  var next: Int32
}

/// The notes of a chunk being read, in a buffer the reading loop writes without checks.
///
/// The notes' buffer comes from `malloc` and grows with `realloc`, which moves the pages of a
/// large block rather than copying them (so growing does not hold the old and the new block at
/// once), and a chunk of one track hands its notes over compacted in the same buffer: the
/// largest chunk of a file is what reading it peaks at.
final class PendingNotes {
  private(set) var notes: UnsafeMutablePointer<PendingNote>
  private var capacity: Int
  var count = 0

  init() {
    capacity = 0
    notes = Self.resized(nil, to: 1)
  }

  deinit {
    free(notes)
  }

  /// Room for `extra` more notes.
  func reserve(_ extra: Int) {
    guard count + extra > capacity else { return }
    var grown = max(capacity * 2, 256)
    while grown < count + extra { grown *= 2 }
    notes = Self.resized(notes, to: grown)
    capacity = grown
  }

  /// The notes that ended (a sounding note's is dropped), in order, leaving none: compacted
  /// in place, the buffer shrunk, then copied into the array.
  func takeEndedNotes() -> [ScoreNote] {
    let raw = UnsafeMutableRawPointer(notes)
    var kept = 0
    for index in 0..<count {
      // A note moves to an offset no later than its own (12 × kept ≤ 16 × index), and is
      // loaded whole before it is stored.
      let note = (raw + index * MemoryLayout<PendingNote>.stride).load(as: PendingNote.self).note
      guard note.duration >= 0 else { continue }
      (raw + kept * MemoryLayout<ScoreNote>.stride).storeBytes(of: note, as: ScoreNote.self)
      kept += 1
    }
    count = 0
    let bytes = max(kept * MemoryLayout<ScoreNote>.stride, MemoryLayout<PendingNote>.stride)
    guard let shrunk = realloc(raw, bytes) else { fatalError("realloc failed to shrink a block") }
    let result = Array(
      UnsafeBufferPointer(start: shrunk.bindMemory(to: ScoreNote.self, capacity: kept), count: kept))
    notes = shrunk.bindMemory(to: PendingNote.self, capacity: bytes / MemoryLayout<PendingNote>.stride)
    capacity = bytes / MemoryLayout<PendingNote>.stride
    return result
  }

  /// A block for `count` notes holding the first notes of `block` (`nil`: a new one).
  private static func resized(_ block: UnsafeMutablePointer<PendingNote>?, to count: Int)
    -> UnsafeMutablePointer<
      PendingNote
    >
  {
    guard let raw = realloc(block, count * MemoryLayout<PendingNote>.stride) else {
      fatalError("out of memory for \(count) notes")
    }
    return raw.bindMemory(to: PendingNote.self, capacity: count)
  }
}

/// Why symusic 0.6 reads a file otherwise than midiroll does (its MIDI reader, minimidi,
/// reads some damaged or unusual files differently): tokens of such a file would not be
/// MidiTok's, so they are refused.
public enum ScoreReadingDivergence: Hashable, Sendable, CustomStringConvertible {
  /// An `F7` SysEx packet: minimidi reads it as a one-byte message and its length and bytes
  /// as events.
  case sysExEscape
  /// Running status after a SysEx event: minimidi repeats the SysEx.
  case runningStatusAfterSysEx
  /// System common or real-time bytes between events: minimidi gives them lengths of its
  /// own and repeats them on running status.
  case systemMessages
  /// A track chunk whose declared length is not where its events end: minimidi reads the
  /// declared length (past the file, into the next chunk, or short of End of Track).
  case trackLength
  /// Fewer track chunks than the header declares, followed by bytes that are no chunk:
  /// minimidi looks for the missing tracks in them.
  case missingTracks
  /// A tick past 2^31 − 1 (symusic keeps ticks as 32-bit integers).
  case tickBeyondInt32
  /// A time signature, tempo or key signature meta event too short for its fields or with a
  /// length of two bytes: minimidi reads its fields from the bytes after the type and one
  /// length byte.
  case unusualMetaLength
  /// A time signature whose denominator is 2 to a power of 32 or more (`1 << shift` is
  /// undefined in C++).
  case undefinedShift(Int)

  /// One line.
  public var description: String {
    switch self {
    case .sysExEscape: return "an F7 SysEx packet (symusic reads its bytes as events)"
    case .runningStatusAfterSysEx: return "running status after a SysEx event (symusic repeats the SysEx)"
    case .systemMessages: return "system messages between events (symusic reads them with other lengths)"
    case .trackLength:
      return "a track chunk length that is not where its events end (symusic reads the length)"
    case .missingTracks: return "fewer track chunks than the header declares, then bytes that are no chunk"
    case .tickBeyondInt32: return "a tick past 2^31 - 1 (symusic keeps 32-bit ticks)"
    case .unusualMetaLength:
      return
        "a time signature, tempo or key signature meta event of an unusual length (symusic reads other bytes)"
    case .undefinedShift(let shift):
      return "a time signature denominator of 2^\(shift) (undefined in symusic)"
    }
  }
}

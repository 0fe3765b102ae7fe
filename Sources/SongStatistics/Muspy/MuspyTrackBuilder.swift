import NoteQueue
import SMF

/// muspy 0.5's walk over one MTrk (`muspy.inputs.midi.from_mido`), fed event by event: by the
/// SMF reader (``MIDIFile/readTracks(_:options:into:eachTrack:)``, the fast path) or by
/// ``MidoReader`` (for files the SMF reader reads with a warning).
///
/// Its rules, each from muspy's source: time is the sum of the delta-times, where a meta event of
/// a type mido does not know adds none (mido gives it time 0); programs start at 0 in every
/// MTrk; a note-on (velocity > 0) opens a note on (channel, pitch); a note-off or note-on of
/// velocity 0 closes the oldest open one, or is skipped when none is open, in the track of
/// (the program in force *now*, channel); a control change makes that track and stretches its
/// end; the first End of Track ends the walk; notes still open are closed at the time of the
/// last message, each (channel, pitch) ever touched making its track. It also checks what mido
/// refuses in a meta or SysEx event (a ``MuspyRefusal``, kept in ``refusal``).
public struct MuspyTrackBuilder: TrackEventSink {
  /// The notes of this MTrk (`isDrum` set), grouped in no order that matters.
  private(set) var notes: [MuspyMusic.Note] = []
  /// This MTrk's tracks, in creation order.
  private(set) var tracks: [MuspyMusic.Track] = []
  /// Tempos met, in order.
  private(set) var tempos: [(time: Int, qpm: Double)] = []
  /// Time signatures met, in order.
  private(set) var timeSignatures: [MuspyMusic.TimeSignature] = []
  /// What mido or muspy would raise, at the first event that makes it raise.
  private(set) var refusal: MuspyRefusal?

  /// The tick of the last event taken (the reader's ticks).
  public private(set) var lastTick = 0
  /// Delta-times lost to unknown meta events so far.
  private var lostTicks = 0
  /// muspy's `time` after the last message.
  private var time = 0
  /// Whether End of Track was met (what follows is only checked).
  private var ended = false
  /// The program in force on each channel.
  private var programs = [UInt8](repeating: 0, count: 16)
  /// The open notes (their places in ``openNotes``), first-in-first-out per key (channel << 7 |
  /// pitch).
  private var open = SoundingNotes()
  /// The open notes' onsets.
  private var openNotes = OpenNotes()
  /// Whether each key was touched (muspy's `defaultdict` gains a key at a note-on and at every
  /// note-off looked up); allocated at the first note (an empty MTrk costs nothing).
  private var touched: [Bool] = []
  /// The keys touched, in the order first touched.
  private var touchOrder: [Int] = []
  /// The index in ``tracks`` of (program << 4 | channel), or -1.
  private var trackIndex: [Int32] = []

  /// An empty MTrk.
  public init(capacity: Int) {}

  /// Takes a channel message at the reader's `tick`.
  public mutating func appendChannel(tick: Int, status: UInt8, _ data1: UInt8, _ data2: UInt8) {
    advance(to: tick, losing: false)
    guard !ended else { return }
    take(status: status, data1, data2)
  }

  /// Takes channel messages in a batch.
  public mutating func appendChannels(_ events: UnsafeBufferPointer<RawChannelEvent>) {
    for event in events {
      advance(to: event.tick, losing: false)
      if !ended { take(status: event.status, event.data1, event.data2) }
    }
  }

  /// Takes a meta or SysEx event.
  public mutating func appendData(tick: Int, status: UInt8, type: UInt8, _ data: ArraySlice<UInt8>) {
    if status == 0xFF {
      let known = MidoMeta.isKnown(type)
      advance(to: tick, losing: !known)
      if refusal == nil, let problem = MidoMeta.problem(type: type, data) { refusal = problem }
      if refusal == nil, data.count > MidoMeta.maximumLength {
        refusal = MuspyRefusal("OSError", "Message length \(data.count) exceeds maximum length 1000000")
      }
      guard refusal == nil, !ended, known else { return }
      takeMeta(type: type, data)
    } else {
      advance(to: tick, losing: false)
      if refusal == nil { refusal = MidoMeta.sysExProblem(data) }
    }
  }

  /// Takes a message muspy reads and ignores (a system message mido reads as a message), for
  /// its delta-time.
  mutating func appendIgnored(tick: Int) {
    advance(to: tick, losing: false)
  }

  /// Moves muspy's time to the reader's `tick`; `losing` drops this event's delta-time.
  @inline(__always)
  mutating func advance(to tick: Int, losing: Bool) {
    if losing { lostTicks += tick - lastTick }
    lastTick = tick
    if !ended { time = tick - lostTicks }
  }

  mutating func take(status: UInt8, _ data1: UInt8, _ data2: UInt8) {
    let channel = Int(status & 0x0F)
    switch status & 0xF0 {
    case 0x90 where data2 > 0:
      let key = touch(status, data1)
      let place = openNotes.add(onset: time)
      open.push(place, key: key, links: &openNotes)
    case 0x80, 0x90:
      let key = touch(status, data1)
      guard let place = open.popFirst(key: key, links: openNotes) else { return }
      addNote(onset: openNotes.remove(place), pitch: data1, channel: channel)
    case 0xB0:
      let index = track(program: programs[channel], channel: channel)
      tracks[index].endTime = max(tracks[index].endTime, time)
    case 0xC0:
      programs[channel] = data1
    default:
      break
    }
  }

  /// The key of (the channel of `status`, pitch), touched now.
  @inline(__always)
  private mutating func touch(_ status: UInt8, _ pitch: UInt8) -> Int {
    if touched.isEmpty { touched = [Bool](repeating: false, count: SoundingNotes.keyCount) }
    let key = SoundingNotes.key(channel: status, pitch: pitch)
    if !touched[key] {
      touched[key] = true
      touchOrder.append(key)
    }
    return key
  }

  /// A closed note, in the track of the program in force now.
  private mutating func addNote(onset: Int, pitch: UInt8, channel: Int) {
    let index = track(program: programs[channel], channel: channel)
    tracks[index].noteCount += 1
    tracks[index].endTime = max(tracks[index].endTime, time)
    notes.append(MuspyMusic.Note(time: onset, duration: time - onset, pitch: pitch, isDrum: channel == 9))
  }

  /// The index of the track of (program, channel), made when missing.
  private mutating func track(program: UInt8, channel: Int) -> Int {
    if trackIndex.isEmpty { trackIndex = [Int32](repeating: -1, count: 128 << 4) }
    let key = Int(program) << 4 | channel
    if trackIndex[key] >= 0 { return Int(trackIndex[key]) }
    trackIndex[key] = Int32(tracks.count)
    tracks.append(MuspyMusic.Track(program: program, isDrum: channel == 9, noteCount: 0, endTime: 0))
    return tracks.count - 1
  }

  private mutating func takeMeta(type: UInt8, _ data: ArraySlice<UInt8>) {
    switch type {
    case 0x51:
      let tempo =
        Int(data[data.startIndex]) << 16 | Int(data[data.startIndex + 1]) << 8
        | Int(data[data.startIndex + 2])
      guard tempo > 0 else {
        if refusal == nil { refusal = MuspyRefusal("ZeroDivisionError", "division by zero") }
        return
      }
      tempos.append((time, 60.0 * 1e6 / Double(tempo)))
    case 0x58:
      timeSignatures.append(
        MuspyMusic.TimeSignature(
          time: time, numerator: Int(data[data.startIndex]),
          denominatorExponent: Int(data[data.startIndex + 1])))
    case 0x2F:
      ended = true
    default:
      break
    }
  }

  /// Closes the notes still open at muspy's time of the last message, in the order their keys
  /// were first touched, making the track of every touched key (`from_mido`'s last loop).
  mutating func finish() {
    for key in touchOrder {
      let channel = key >> 7
      _ = track(program: programs[channel], channel: channel)
      while let place = open.popFirst(key: key, links: openNotes) {
        addNote(onset: openNotes.remove(place), pitch: UInt8(key & 0x7F), channel: channel)
      }
    }
    touchOrder = []
  }
}

/// The tokens `_create_track_events` makes for each note of a track, in its order: Program
/// (with programs and no Program changes), Pitch (PitchDrum, NoteOn, DrumOn) or a pitch
/// interval, Velocity, then Duration, or Program and NoteOff (DrumOff) at the note's end.
///
/// A note is begun (``begin(_:)``, which works out its interval and its section's ticks per
/// beat), then its tokens are made one by one (``token(_:)``), so that a stream of them needs
/// no buffer.
struct NoteTokens {
  /// What a note's token is.
  enum Step: UInt8 {
    case program, pitch, velocity, programOff, off, duration
  }

  private let program: Int16
  private let pitchKind: TokenEvent.Kind
  private let offKind: TokenEvent.Kind
  private let useIntervals: Bool
  private let ticksPerBeat: TickSections?
  /// The steps of every note, four bits each, first lowest.
  private let plan: UInt32
  /// The number of steps of every note.
  let stepCount: Int
  /// Whether a note has a Duration token (which needs its section's ticks per beat).
  private let hasDuration: Bool
  /// Whether a note's tokens are Pitch (or an interval), Velocity and Duration: REMI's and
  /// TSD's without programs, which ``pitchVelocityDurationIDs`` makes at once.
  let isPitchVelocityDuration: Bool
  private var intervals: PitchIntervals
  private var section = 0
  /// The end of the current section (before the first note: none entered yet).
  private var sectionEnd = Int.min
  /// The note begun, its interval token if it has one, and its section's ticks per beat.
  private var note = ScoreNote(time: 0, duration: 0, pitch: 0, velocity: 0)
  private var interval: TokenEvent?
  private var sectionTicks: Int32 = 0
  /// The ids of the tokens' values (empty rows without a flat table: ``id(_:)`` is then −1).
  private let lookup: FlatIDTable.Lookup?
  private let programID: Int32
  private let programOffID: Int32
  private let pitchRow: IDRow
  private let offRow: IDRow
  private let velocityRow: IDRow
  private let intervalTimeRow: IDRow
  private let intervalChordRow: IDRow
  /// The Duration ids at the section's ticks per beat.
  private var durationRow: IDRow

  init(tokenizer: Tokenizer, track: ScoreTrack, ticksPerBeat: TickSections?) {
    let config = tokenizer.config
    program = Int16(track.tokenProgram)
    let programmed = config.usePrograms && !config.programChanges
    let useDurations = config.noteDurationPrograms.contains(Int(program))
    let noteOnOff = tokenizer.noteOnOff
    useIntervals = config.usePitchIntervals && !track.isDrum
    let drumTokens = config.usePitchDrumTokens && track.isDrum
    pitchKind = drumTokens ? (noteOnOff ? .drumOn : .pitchDrum) : (noteOnOff ? .noteOn : .pitch)
    offKind = drumTokens ? .drumOff : .noteOff
    self.ticksPerBeat = ticksPerBeat
    intervals = PitchIntervals(tokenizer: tokenizer, ticksPerBeat: ticksPerBeat)
    var steps: [Step] = []
    if programmed { steps.append(.program) }
    steps.append(.pitch)
    if config.useVelocities { steps.append(.velocity) }
    if useDurations {
      if noteOnOff {
        if programmed { steps.append(.programOff) }
        steps.append(.off)
      } else if ticksPerBeat != nil {
        steps.append(.duration)
      }
    }
    plan = steps.enumerated().reduce(0) { $0 | UInt32($1.element.rawValue) << (4 * UInt32($1.offset)) }
    stepCount = steps.count
    hasDuration = steps.contains(.duration)
    isPitchVelocityDuration = steps == [.pitch, .velocity, .duration]
    let lookup = tokenizer.tokenIDs?.flatTable.lookup
    self.lookup = lookup
    func row(_ kind: TokenEvent.Kind) -> IDRow { lookup?.row(kind: kind) ?? .empty }
    programID = row(.programForNote).id(Int32(program))
    programOffID = row(.programForNoteOff).id(Int32(program))
    pitchRow = row(pitchKind)
    offRow = row(offKind)
    velocityRow = row(.velocity)
    intervalTimeRow = row(.pitchIntervalTime)
    intervalChordRow = row(.pitchIntervalChord)
    durationRow = .empty
  }

  /// Begins the next note.
  @inline(__always)
  mutating func begin(_ note: ScoreNote) {
    self.note = note
    if useIntervals {
      interval = intervals.next(note)
      interval?.program = program
    }
    if hasDuration && Int(note.time) >= sectionEnd { enterSection(of: note) }
  }

  /// Moves on to the section of ticks per beat a note's onset is in (from the current one:
  /// sections are only ever entered in order), and to its Duration ids. A note at or past
  /// the last section's end (PerTok's unbinned notes of 0 ticks at the song's end: PerTok's
  /// Duration tokens need no section) stays in the last one.
  @inline(never)
  private mutating func enterSection(of note: ScoreNote) {
    guard let ticksPerBeat else { return }
    while Int(note.time) >= ticksPerBeat.sections[section].end && section + 1 < ticksPerBeat.sections.count {
      section += 1
    }
    sectionEnd = ticksPerBeat.sections[section].end
    let ticks = Int32(ticksPerBeat.sections[section].ticks)
    if ticks != sectionTicks || durationRow.isEmpty {
      sectionTicks = ticks
      if let lookup { durationRow = lookup.row(kind: .duration, ticksPerBeat: Int(ticks)) }
    }
  }

  /// The step `index` of every note.
  @inline(__always)
  private func step(_ index: Int) -> Step {
    unsafeBitCast(UInt8(truncatingIfNeeded: plan >> (4 * UInt32(index)) & 0xF), to: Step.self)
  }

  /// The id of the token of step `index` of the note begun, from the flat table; −1 where it
  /// does not hold it (``token(_:)`` then names the token, for the vocabulary's lookup).
  @inline(__always)
  func id(_ index: Int) -> Int32 {
    switch step(index) {
    case .program: return programID
    case .pitch:
      if let interval {
        return (interval.kind == .pitchIntervalTime ? intervalTimeRow : intervalChordRow).id(interval.value)
      }
      return pitchRow.id(Int32(note.pitch))
    case .velocity: return velocityRow.id(Int32(note.velocity))
    case .programOff: return programOffID
    case .off: return offRow.id(Int32(note.pitch))
    case .duration: return durationRow.id(note.duration)
    }
  }

  /// The ids of the Pitch (or interval), Velocity and Duration tokens of the note begun
  /// (``isPitchVelocityDuration``), each −1 where the flat table does not hold it.
  @inline(__always)
  func pitchVelocityDurationIDs() -> (Int32, Int32, Int32) {
    let pitch =
      if let interval {
        (interval.kind == .pitchIntervalTime ? intervalTimeRow : intervalChordRow).id(interval.value)
      } else {
        pitchRow.id(Int32(note.pitch))
      }
    return (pitch, velocityRow.id(Int32(note.velocity)), durationRow.id(note.duration))
  }

  /// The tick of the token of step `index` of the note begun.
  @inline(__always)
  func time(_ index: Int) -> Int32 {
    switch step(index) {
    case .programOff, .off: return note.end
    default: return note.time
    }
  }

  /// The token of step `index` (below ``stepCount``) of the note begun.
  @inline(__always)
  func token(_ index: Int) -> TokenEvent {
    switch step(index) {
    case .program:
      return TokenEvent(
        time: note.time, kind: .programForNote, value: Int32(program), program: program, noteEnd: note.end)
    case .pitch:
      if let interval { return interval }
      return TokenEvent(
        time: note.time, kind: pitchKind, value: Int32(note.pitch), program: program, noteEnd: note.end)
    case .velocity:
      return TokenEvent(time: note.time, kind: .velocity, value: Int32(note.velocity), program: program)
    case .programOff:
      return TokenEvent(time: note.end, kind: .programForNoteOff, value: Int32(program), program: program)
    case .off:
      return TokenEvent(
        time: note.end, kind: offKind, value: Int32(note.pitch), program: program, noteEnd: note.end)
    case .duration:
      return TokenEvent(
        time: note.time, kind: .duration, value: note.duration, program: program, noteEnd: sectionTicks)
    }
  }

  /// Appends the tokens of the next note.
  @inline(__always)
  mutating func append(_ note: ScoreNote, to events: inout [TokenEvent]) {
    begin(note)
    for index in 0..<stepCount { events.append(token(index)) }
  }
}

/// One item of a track's sorted events: an event, or a note whose tokens (all at its onset)
/// the output makes with ``NoteTokens``.
enum TrackItem {
  case event(TokenEvent)
  case note(ScoreNote)
}

/// A track's events in the order `_sort_events` gives them (a stable sort by tick of the
/// global events, the track's other events and its notes' tokens, in that order), made as they
/// are read: the global and other events (few) sorted up front, then merged with the notes.
/// For notes sorted by onset with every token at the onset (not MIDI-Like), which is what a
/// track read from a file and preprocessed has, the stable sort keeps the notes' tokens in
/// their order, after the other events of their tick: so a song's largest list, its notes'
/// tokens, is never made.
struct TrackEventStream: Sequence, IteratorProtocol {
  private let others: [TokenEvent]
  private var otherIndex = 0
  private let notes: [ScoreNote]
  private var noteIndex = 0

  /// Whether a track's events can be streamed: not where the notes' tokens must be sorted
  /// (notes out of onset order, or NoteOff tokens at their ends) or where MIDI-Like sorts
  /// by its own order too.
  static func applies(to track: ScoreTrack, tokenizer: Tokenizer) -> Bool {
    guard !tokenizer.noteOnOff else { return false }
    return track.notes.withUnsafeBufferPointer { notes in
      notes.indices.dropFirst().allSatisfy { notes[$0 - 1].time <= notes[$0].time }
    }
  }

  /// The stream of a track where it ``applies(to:tokenizer:)``.
  /// - Parameter others: The global events and the track's others, sorted by
  ///   ``Tokenizer/sortEvents(_:)``.
  init(others: [TokenEvent], track: ScoreTrack) {
    self.others = others
    notes = track.notes
  }

  @inline(__always)
  mutating func next() -> TrackItem? {
    if otherIndex < others.count
      && (noteIndex == notes.count || others[otherIndex].time <= notes[noteIndex].time)
    {
      otherIndex += 1
      return .event(others[otherIndex - 1])
    }
    guard noteIndex < notes.count else { return nil }
    noteIndex += 1
    return .note(notes[noteIndex - 1])
  }
}

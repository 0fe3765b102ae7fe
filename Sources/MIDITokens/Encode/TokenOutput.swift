/// Where a tokenization's final events go: each becomes its id (MidiTok's `str(event)` looked
/// up in the vocabulary) at once, with its tick when the receiver asks for times, and the ids
/// go to the receiver in pieces of ``pieceSize`` (or whole sequences, for a receiver that takes
/// no pieces).
struct TokenOutput {
  /// Ids handed on at a time to a receiver that takes pieces.
  static let pieceSize = 16_384

  let ids: TokenIDs
  /// The flat table's storage, so that a lookup retains nothing (``ids`` keeps it alive).
  private let flat: FlatIDTable.Lookup
  let keepingTimes: Bool
  private let receiver: any TokenSequenceReceiver
  private let storage: PieceStorage
  /// The storage's buffers, kept at hand (``storage`` owns them).
  private var idBase: UnsafeMutablePointer<Int32>
  private var timeBase: UnsafeMutablePointer<Int32>
  private var count = 0
  /// The tick of the last id handed on, when times are kept.
  private var lastHandedTime: Int32 = 0
  private var capacity: Int
  private let takesPieces: Bool
  private var isOpen = false
  private var lastSlowID: (kind: TokenEvent.Kind, value: Int32, ticksPerBeat: Int32, id: Int32)?

  init(ids: TokenIDs, receiver: some TokenSequenceReceiver) {
    self.ids = ids
    flat = ids.flatTable.lookup
    self.receiver = receiver
    keepingTimes = receiver.needsTimes
    takesPieces = receiver.takesPieces
    storage = PieceStorage(capacity: Self.pieceSize, keepingTimes: keepingTimes)
    idBase = storage.ids
    timeBase = storage.times
    capacity = Self.pieceSize
  }

  /// Starts the next sequence (ending the one before).
  mutating func beginSequence() throws(TokensError) {
    try finish()
    try receiver.beginSequence()
    isOpen = true
  }

  /// Starts the next part of the sequence (MMM's next track): the ids so far are handed on
  /// to a receiver that takes pieces, which learns where the part begins.
  mutating func beginPart() throws(TokensError) {
    guard takesPieces else { return }
    try handOn()
    try receiver.beginPart()
  }

  /// The tick of the last id appended, when times are kept (0 before any, or without times).
  var lastTime: Int32 {
    guard keepingTimes else { return 0 }
    return count > 0 ? timeBase[count - 1] : lastHandedTime
  }

  /// Appends an event's id.
  @inline(__always)
  mutating func emit(_ event: TokenEvent) throws(TokensError) {
    var id = flat.id(kind: event.kind, value: event.value, ticksPerBeat: Int(event.noteEnd))
    if id < 0 { id = try slowID(of: event) }
    if count == capacity { try makeRoom() }
    idBase[count] = id
    if keepingTimes { timeBase[count] = event.time }
    count += 1
  }

  /// Appends the Program token at the start of a track's sequence (`program_changes` with a
  /// sequence per track): the track's program, -1 for drums, at tick 0.
  mutating func emit(programOf track: ScoreTrack) throws(TokensError) {
    try emit(TokenEvent(time: 0, kind: .programChange, value: Int32(track.tokenProgram), program: 0))
  }

  /// Appends an id a tokenization found itself (PerTok's time tokens), at its tick.
  @inline(__always)
  mutating func emit(id: Int32, time: Int32) throws(TokensError) {
    if count == capacity { try makeRoom() }
    idBase[count] = id
    if keepingTimes { timeBase[count] = time }
    count += 1
  }

  /// Appends the ids of a note's tokens (``NoteTokens`` begins the note).
  @inline(__always)
  mutating func emit(note: ScoreNote, tokens: inout NoteTokens) throws(TokensError) {
    tokens.begin(note)
    if tokens.isPitchVelocityDuration && count + 3 <= capacity {
      let (pitch, velocity, duration) = tokens.pitchVelocityDurationIDs()
      if pitch >= 0 && velocity >= 0 && duration >= 0 {
        idBase[count] = pitch
        idBase[count + 1] = velocity
        idBase[count + 2] = duration
        if keepingTimes {
          timeBase[count] = note.time
          timeBase[count + 1] = note.time
          timeBase[count + 2] = note.time
        }
        count += 3
        return
      }
    }
    try emitEach(of: tokens)
  }

  /// Appends the ids of the note ``NoteTokens`` has begun, token by token.
  @inline(never)
  private mutating func emitEach(of tokens: NoteTokens) throws(TokensError) {
    for index in 0..<tokens.stepCount {
      let id = tokens.id(index)
      guard id >= 0 else {
        try emit(tokens.token(index))
        continue
      }
      if count == capacity { try makeRoom() }
      idBase[count] = id
      if keepingTimes { timeBase[count] = tokens.time(index) }
      count += 1
    }
  }

  /// The id of a token the flat table does not hold (a time signature, a tempo, …), the last
  /// one remembered: a REMI bar repeats its TimeSig token.
  private mutating func slowID(of event: TokenEvent) throws(TokensError) -> Int32 {
    if let last = lastSlowID, last.kind == event.kind, last.value == event.value,
      last.ticksPerBeat == event.noteEnd
    {
      return last.id
    }
    let id = try ids.slowID(of: event, ticksPerBeat: Int(event.noteEnd))
    lastSlowID = (event.kind, event.value, event.noteEnd, id)
    return id
  }

  /// A full buffer: handed on to a receiver that takes pieces, else made twice as large.
  private mutating func makeRoom() throws(TokensError) {
    if takesPieces {
      try handOn()
    } else {
      capacity *= 2
      storage.grow(to: capacity, keeping: count)
      idBase = storage.ids
      timeBase = storage.times
    }
  }

  /// Hands the ids so far to the receiver.
  private mutating func handOn() throws(TokensError) {
    if keepingTimes && count > 0 { lastHandedTime = timeBase[count - 1] }
    try receiver.receive(
      UnsafeBufferPointer(start: idBase, count: count),
      times: UnsafeBufferPointer(start: timeBase, count: keepingTimes ? count : 0))
    count = 0
  }

  /// Ends the sequence being written, if any.
  mutating func finish() throws(TokensError) {
    guard isOpen else { return }
    try handOn()
    try receiver.endSequence()
    isOpen = false
  }
}

/// The buffers of a ``TokenOutput``: ids, and their ticks when kept.
private final class PieceStorage {
  private(set) var ids: UnsafeMutablePointer<Int32>
  private(set) var times: UnsafeMutablePointer<Int32>
  private let keepingTimes: Bool

  init(capacity: Int, keepingTimes: Bool) {
    self.keepingTimes = keepingTimes
    ids = .allocate(capacity: capacity)
    times = .allocate(capacity: keepingTimes ? capacity : 1)
  }

  /// Larger buffers holding the first `count` values.
  func grow(to capacity: Int, keeping count: Int) {
    let newIDs = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
    newIDs.update(from: ids, count: count)
    ids.deallocate()
    ids = newIDs
    guard keepingTimes else { return }
    let newTimes = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
    newTimes.update(from: times, count: count)
    times.deallocate()
    times = newTimes
  }

  deinit {
    ids.deallocate()
    times.deallocate()
  }
}

/// The id of every token a song can produce, found once per tokenizer from the vocabulary's
/// strings, so that tokenizing a song looks ids up in arrays, never builds a string (but to
/// name a token MidiTok does not have: ``TokensError/Kind/notInVocabulary(token:)``).
struct TokenIDs: Sendable {
  private let vocabulary: Vocabulary
  private var pitch: [Int32] = []
  private var pitchDrum: [Int32] = []
  private var noteOn: [Int32] = []
  private var drumOn: [Int32] = []
  private var noteOff: [Int32] = []
  private var drumOff: [Int32] = []
  private var velocity = [Int32](repeating: -1, count: 128)
  private var program = [Int32](repeating: -1, count: 129)
  private var pedal = [Int32](repeating: -1, count: 129)
  private var pedalOff = [Int32](repeating: -1, count: 129)
  private var position: [Int32] = []
  private var barIndexed: [Int32] = []
  private var barNone: Int32 = -1
  private var barEnd: Int32 = -1
  private var timeShift: [Int32] = []
  private var timeShiftZero: Int32 = -1
  /// TimeShift ids by ticks, per ticks per beat (Structured).
  private var timeShiftByTicks: [(ticksPerBeat: Int, ids: [Int32])] = []
  private var rest: [Int32] = []
  /// Duration ids by ticks, per ticks per beat (a few).
  private var durationByTicks: [(ticksPerBeat: Int, ids: [Int32])] = []
  private var tempo: [Int32: Int32] = [:]
  private var timeSignature: [Int32: Int32] = [:]
  private var keySignature: [Int32: Int32] = [:]
  private var pitchBend: [Int32: Int32] = [:]
  private var control: [Int32: Int32] = [:]
  private var chord: [Int32] = []
  private var interval: [TokenEvent.Kind: [Int32]] = [:]
  private let maxInterval: Int
  /// Duration token values by ticks, per ticks per beat (`_tpb_ticks_to_tokens`).
  private(set) var durationValueByTicks: [Int: [Int: TimeValue]] = [:]
  /// The ids of the kinds whose value is an index, in one table.
  private var flat = FlatIDTable()

  init(tokenizer: Tokenizer, vocabulary: Vocabulary) {
    self.vocabulary = vocabulary
    func id(_ token: String) -> Int32 { vocabulary.id(token).map(Int32.init) ?? -1 }
    func pitches(_ kind: TokenEvent.Kind) -> [Int32] { (0..<128).map { id("\(kind.typeName)_\($0)") } }
    pitch = pitches(.pitch)
    pitchDrum = pitches(.pitchDrum)
    noteOn = pitches(.noteOn)
    drumOn = pitches(.drumOn)
    noteOff = pitches(.noteOff)
    drumOff = pitches(.drumOff)
    velocity = (0..<128).map { id("Velocity_\($0)") }
    program = (-1...127).map { id("Program_\($0)") }
    pedal = (-1...127).map { id("Pedal_\($0)") }
    pedalOff = (-1...127).map { id("PedalOff_\($0)") }
    let positions = vocabulary.tokens.filter { $0.hasPrefix("Position_") }.count
    position = (0..<max(positions, 1)).map { id("Position_\($0)") }
    barNone = id("Bar_None")
    barEnd = id("Bar_End")
    if let bars = tokenizer.config.maxBarEmbedding { barIndexed = (0..<max(bars, 0)).map { id("Bar_\($0)") } }
    timeShift = tokenizer.durations.map { id("TimeShift_\($0)") }
    timeShiftZero = id("TimeShift_0.0.1")
    rest = tokenizer.rests.map { id("Rest_\($0)") }
    for tpb in Set(tokenizer.ticksPerBeatOfDenominator.map(\.ticksPerBeat)).sorted() {
      var values: [Int: TimeValue] = [:]
      for value in tokenizer.durations { values[value.ticks(ticksPerBeat: tpb)] = value }
      durationValueByTicks[tpb] = values
      let longest = values.keys.max() ?? 0
      var ids = [Int32](repeating: -1, count: longest + 1)
      for (ticks, value) in values where ticks >= 0 { ids[ticks] = id("Duration_\(value)") }
      durationByTicks.append((tpb, ids))
      var shifts = [Int32](repeating: -1, count: longest + 1)
      for (ticks, value) in values where ticks >= 0 { shifts[ticks] = id("TimeShift_\(value)") }
      timeShiftByTicks.append((tpb, shifts))
    }
    for mspq in tokenizer.temposMSPQ where tokenizer.config.useTempos {
      let truncated = Int32(mspq)
      tempo[truncated] = id(
        "Tempo_" + NumPy.pythonRepr(NumPy.pythonRoundTwoDecimals(60_000_000 / Double(truncated))))
    }
    for signature in tokenizer.timeSignatures {
      timeSignature[Int32(signature.numerator << 16 | signature.denominator)] = id(
        "TimeSig_\(signature.numerator)/\(signature.denominator)")
    }
    for key in -7...7 {
      for tonality in 0...1 {
        keySignature[Int32((key + 8) << 8 | tonality)] = id("KeySig_\(key):\(tonality)")
      }
    }
    for bend in tokenizer.pitchBends { pitchBend[Int32(bend)] = id("PitchBend_\(bend)") }
    for (number, values) in tokenizer.controlChangeValues {
      for value in values { control[Int32(number << 8 | value)] = id("ControlChange_\(number)-\(value)") }
    }
    chord = tokenizer.chordTokens.map(id)
    maxInterval = tokenizer.config.maxPitchInterval
    for kind: TokenEvent.Kind in [.pitchIntervalTime, .pitchIntervalChord] {
      interval[kind] = (-maxInterval...maxInterval).map { id("\(kind.typeName)_\($0)") }
    }
    var tables: [(TokenEvent.Kind, [Int32], Int)] = [
      (.pitch, pitch, 0), (.pitchDrum, pitchDrum, 0), (.noteOn, noteOn, 0), (.drumOn, drumOn, 0),
      (.noteOff, noteOff, 0), (.drumOff, drumOff, 0), (.velocity, velocity, 0), (.position, position, 0),
      (.timeShift, timeShift, 0), (.rest, rest, 0), (.chord, chord, 0), (.pedal, pedal, 1),
      (.pedalOff, pedalOff, 1),
      (.bar, [barNone] + barIndexed, 1),
    ]
    for kind: TokenEvent.Kind in [
      .programForNote, .programForNoteOff, .programForPitchBend, .programForControlChange, .programForChord,
      .programChange,
    ] {
      tables.append((kind, program, 1))
    }
    for (kind, table) in interval { tables.append((kind, table, maxInterval)) }
    flat = FlatIDTable(tables, durations: durationByTicks)
  }

  /// The id of an event's token; `ticksPerBeat` is the section's, for a duration.
  /// - Throws: ``TokensError/Kind/notInVocabulary(token:)`` where MidiTok raises `KeyError`.
  @inline(__always)
  func id(of event: TokenEvent, ticksPerBeat: Int = 0) throws(TokensError) -> Int32 {
    let fast = flat.lookup.id(kind: event.kind, value: event.value, ticksPerBeat: ticksPerBeat)
    if fast >= 0 { return fast }
    return try slowID(of: event, ticksPerBeat: ticksPerBeat)
  }

  /// The table of ids looked up by index, for a caller that keeps it at hand.
  var flatTable: FlatIDTable { flat }

  func slowID(of event: TokenEvent, ticksPerBeat: Int) throws(TokensError) -> Int32 {
    let found = lookUp(event, ticksPerBeat: ticksPerBeat)
    if found >= 0 { return found }
    let token = tokenString(event, ticksPerBeat: ticksPerBeat)
    if let id = vocabulary.id(token) { return Int32(id) }
    throw TokensError(.notInVocabulary(token: token))
  }

  @inline(__always)
  private func lookUp(_ event: TokenEvent, ticksPerBeat: Int) -> Int32 {
    let value = Int(event.value)
    func at(_ table: [Int32], _ index: Int) -> Int32 { index >= 0 && index < table.count ? table[index] : -1 }
    func byTicks(_ tables: [(ticksPerBeat: Int, ids: [Int32])]) -> Int32 {
      for table in tables where table.ticksPerBeat == ticksPerBeat { return at(table.ids, value) }
      return -1
    }
    switch event.kind {
    case .pitch: return at(pitch, value)
    case .pitchDrum: return at(pitchDrum, value)
    case .noteOn: return at(noteOn, value)
    case .drumOn: return at(drumOn, value)
    case .noteOff: return at(noteOff, value)
    case .drumOff: return at(drumOff, value)
    case .velocity: return at(velocity, value)
    case .programForNote, .programForNoteOff, .programForPitchBend, .programForControlChange,
      .programForChord,
      .programChange:
      return at(program, value + 1)
    case .pedal: return at(pedal, value + 1)
    case .pedalOff: return at(pedalOff, value + 1)
    case .position: return at(position, value)
    case .bar: return value < 0 ? barNone : at(barIndexed, value)
    case .barEnd: return barEnd
    case .timeShift: return at(timeShift, value)
    case .structuredTimeShift:
      return value < 0 ? timeShiftZero : byTicks(timeShiftByTicks)
    case .rest: return at(rest, value)
    case .duration, .pedalDuration: return byTicks(durationByTicks)
    case .tempo: return tempo[event.value] ?? -1
    case .timeSignature: return timeSignature[event.value] ?? -1
    case .keySignature: return keySignature[event.value] ?? -1
    case .pitchBend: return pitchBend[event.value] ?? -1
    case .controlChange: return control[event.value] ?? -1
    case .chord: return at(chord, value)
    case .pitchIntervalTime, .pitchIntervalChord: return at(interval[event.kind] ?? [], value + maxInterval)
    }
  }

  /// The token MidiTok makes of an event (`str(event)`).
  func tokenString(_ event: TokenEvent, ticksPerBeat: Int) -> String {
    Self.tokenText(event, durationValues: durationValueByTicks, ticksPerBeat: ticksPerBeat)
  }

  /// The token MidiTok makes of an event (`str(event)`); a Duration's ticks per beat is in its
  /// ``TokenEvent/noteEnd`` unless given.
  static func tokenText(
    _ event: TokenEvent, durationValues: [Int: [Int: TimeValue]], ticksPerBeat given: Int? = nil
  ) -> String {
    let ticksPerBeat = given ?? Int(event.noteEnd)
    let durationValueByTicks = durationValues
    let value = Int(event.value)
    let text: String
    switch event.kind {
    case .timeSignature: text = "\(value >> 16)/\(value & 0xFFFF)"
    case .tempo: text = NumPy.pythonRepr(NumPy.pythonRoundTwoDecimals(60_000_000 / Double(value)))
    case .keySignature: text = "\((value >> 8) - 8):\(value & 0xFF)"
    case .controlChange: text = "\(value >> 8)-\(value & 0xFF)"
    case .bar: text = value < 0 ? "None" : "\(value)"
    case .barEnd: text = "End"
    case .structuredTimeShift where value < 0: text = "0.0.1"
    case .duration, .pedalDuration, .structuredTimeShift:
      if let duration = durationValueByTicks[ticksPerBeat]?[value] {
        text = duration.description
      } else {
        text = "(\(value) ticks at \(ticksPerBeat) ticks per beat)"
      }
    default: text = "\(value)"
    }
    return "\(event.kind.typeName)_\(text)"
  }
}

/// The ids of the token kinds whose value indexes a table (pitches, velocities, programs,
/// positions, time values…), in one buffer with each kind's offset, length and bias: one
/// bounds check and one load a token.
final class FlatIDTable: @unchecked Sendable {
  private let ids: UnsafeMutablePointer<Int32>
  /// Per kind (its raw value): offset, count, bias; count 0 for the kinds looked up otherwise.
  private let ranges: UnsafeMutablePointer<(offset: Int, count: Int, bias: Int)>
  /// Duration ids by ticks: ticks per beat, offset and count of each table.
  private let durations: UnsafeMutablePointer<(ticksPerBeat: Int, offset: Int, count: Int)>
  private let durationTableCount: Int
  private static let kindCount = 64

  init(
    _ tables: [(TokenEvent.Kind, [Int32], Int)] = [],
    durations byTicks: [(ticksPerBeat: Int, ids: [Int32])] = []
  ) {
    let total = tables.reduce(0) { $0 + $1.1.count } + byTicks.reduce(0) { $0 + $1.ids.count }
    ids = .allocate(capacity: max(total, 1))
    ranges = .allocate(capacity: Self.kindCount)
    ranges.initialize(repeating: (0, 0, 0), count: Self.kindCount)
    durations = .allocate(capacity: max(byTicks.count, 1))
    durationTableCount = byTicks.count
    var offset = 0
    for (kind, table, bias) in tables {
      (ids + offset).initialize(from: table, count: table.count)
      ranges[Int(kind.rawValue)] = (offset, table.count, bias)
      offset += table.count
    }
    for (index, table) in byTicks.enumerated() {
      (ids + offset).initialize(from: table.ids, count: table.ids.count)
      (durations + index).initialize(to: (table.ticksPerBeat, offset, table.ids.count))
      offset += table.ids.count
    }
  }

  deinit {
    ids.deallocate()
    ranges.deallocate()
    durations.deallocate()
  }

  /// The table's storage, for lookups that retain nothing; the table must outlive it.
  var lookup: Lookup {
    Lookup(ids: ids, ranges: ranges, durations: durations, durationTableCount: durationTableCount)
  }

  /// A view of the table's storage: a lookup through it costs no reference counting, which a
  /// lookup through the class costs in the loop that emits every token.
  struct Lookup {
    fileprivate let ids: UnsafeMutablePointer<Int32>
    fileprivate let ranges: UnsafeMutablePointer<(offset: Int, count: Int, bias: Int)>
    fileprivate let durations: UnsafeMutablePointer<(ticksPerBeat: Int, offset: Int, count: Int)>
    fileprivate let durationTableCount: Int

    /// The ids of one kind's values, as ``IDRow/id(_:)`` looks them up: the row of a
    /// duration's at `ticksPerBeat`; an empty row where there is none.
    func row(kind: TokenEvent.Kind, ticksPerBeat: Int = 0) -> IDRow {
      if kind == .duration || kind == .pedalDuration {
        for index in 0..<durationTableCount where durations[index].ticksPerBeat == ticksPerBeat {
          return IDRow(ids: ids + durations[index].offset, count: durations[index].count, bias: 0)
        }
        return .empty
      }
      let range = ranges[Int(kind.rawValue)]
      return IDRow(ids: ids + range.offset, count: range.count, bias: range.bias)
    }

    /// The id of a kind's value (a duration's at `ticksPerBeat`), or −1 (not such a kind, out
    /// of the table, or not in the vocabulary).
    @inline(__always)
    func id(kind: TokenEvent.Kind, value: Int32, ticksPerBeat: Int) -> Int32 {
      if kind == .duration || kind == .pedalDuration {
        for index in 0..<durationTableCount where durations[index].ticksPerBeat == ticksPerBeat {
          let table = durations[index]
          guard value >= 0 && Int(value) < table.count else { return -1 }
          return ids[table.offset + Int(value)]
        }
        return -1
      }
      let range = ranges[Int(kind.rawValue)]
      let index = Int(value) &+ range.bias
      guard index >= 0 && index < range.count else { return -1 }
      return ids[range.offset + index]
    }
  }
}

/// The ids of one kind's values in a ``FlatIDTable`` (which must outlive it): a value's id is
/// at `value + bias`, −1 outside the row or where the vocabulary has no such token.
struct IDRow: @unchecked Sendable {
  fileprivate let ids: UnsafeMutablePointer<Int32>
  fileprivate let count: Int
  fileprivate let bias: Int

  /// A row of no id.
  static let empty = IDRow(ids: .allocate(capacity: 1), count: 0, bias: 0)

  /// Whether the row holds no id.
  var isEmpty: Bool { count == 0 }

  /// The id of a value, or −1.
  @inline(__always)
  func id(_ value: Int32) -> Int32 {
    let index = Int(value) &+ bias
    guard index >= 0 && index < count else { return -1 }
    return ids[index]
  }
}

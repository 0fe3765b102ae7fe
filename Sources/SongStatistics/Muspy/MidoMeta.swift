/// What mido 1.3 (`mido/midifiles/meta.py`, `midifiles.py`) accepts in a meta or SysEx event,
/// and which meta types it knows.
enum MidoMeta {
  /// The longest meta or SysEx data mido reads (`MAX_MESSAGE_LENGTH`); longer raises OSError.
  static let maximumLength = 1_000_000

  /// Whether mido has a spec for the meta type (00–07, 09, 20, 21, 2F, 51, 54, 58, 59, 7F).
  /// Any other type becomes an `UnknownMetaMessage`, built with time 0: its delta-time is lost.
  static func isKnown(_ type: UInt8) -> Bool {
    switch type {
    case 0x00...0x07, 0x09, 0x20, 0x21, 0x2F, 0x51, 0x54, 0x58, 0x59, 0x7F: true
    default: false
    }
  }

  /// What mido's decoder of the type raises on these bytes, if anything: a byte it indexes
  /// that is not there (IndexError), an SMPTE rate code above 3 (KeyError), a key it cannot
  /// name (KeySignatureError).
  static func problem(type: UInt8, _ data: ArraySlice<UInt8>) -> MuspyRefusal? {
    let needed: Int
    switch type {
    case 0x00: needed = data.isEmpty ? 0 : 2  // sequence_number: 0 bytes allowed, else two
    case 0x20: needed = 1  // channel_prefix
    case 0x51: needed = 3  // set_tempo
    case 0x54: needed = 5  // smpte_offset
    case 0x58: needed = 4  // time_signature
    case 0x59: needed = 2  // key_signature
    default: needed = 0
    }
    guard data.count >= needed else { return MuspyRefusal("IndexError", "list index out of range") }
    let first = data.first ?? 0
    if type == 0x54, first >> 5 > 3 { return MuspyRefusal("KeyError", "\(first >> 5)") }
    if type == 0x59 {
      let key = Int(Int8(bitPattern: first))
      let mode = data[data.startIndex + 1]
      guard (-7...7).contains(key), mode <= 1 else {
        let what = key < 7 ? "\(abs(key)) flats" : "\(key) sharps"
        return MuspyRefusal("KeySignatureError", "Could not decode key with \(what) and mode \(mode)")
      }
    }
    return nil
  }

  /// What mido raises for SysEx data: longer than it reads (OSError), or a byte above 127 once a
  /// leading `F0` and a trailing `F7` are stripped (ValueError, from `Message('sysex', …)`).
  static func sysExProblem(_ data: ArraySlice<UInt8>) -> MuspyRefusal? {
    if data.count > maximumLength {
      return MuspyRefusal("OSError", "Message length \(data.count) exceeds maximum length 1000000")
    }
    var body = data
    if body.first == 0xF0 { body = body.dropFirst() }
    if body.last == 0xF7 { body = body.dropLast() }
    guard body.allSatisfy({ $0 <= 127 }) else {
      return MuspyRefusal("ValueError", "data byte must be in range 0..127")
    }
    return nil
  }
}

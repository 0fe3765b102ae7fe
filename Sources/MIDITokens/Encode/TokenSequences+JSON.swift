extension TokenSequences {
  /// Writes the tokens as MidiTok's `tokenize_dataset` saves them (`save_tokens` through
  /// Python's `json.dump`): `{"ids": …, "ids_encoded": …}`, the ids a list (one stream) or a
  /// list per track, a token a list of ids for CPWord and Octuple; `ids_encoded` (true for a
  /// trained model's ids) one flag, or
  /// one per track; then `"programs"`, the programs and drum flags of the file's tracks as
  /// read (before preprocessing), when given (MidiTok gives them without Program tokens).
  /// `", "` and `": "` separate as Python's do, so the bytes are MidiTok's.
  ///
  /// Only integers, brackets and fixed words are written, so the text is assembled in a
  /// buffer of 64 KiB handed to `sink` whenever it fills.
  public func writeJSON<E: Error>(
    programs: [(program: Int, isDrum: Bool)]?, to sink: (UnsafeRawBufferPointer) throws(E) -> Void
  ) throws(E) {
    let out = IDTextBuffer()
    func flushIfFull() throws(E) {
      if out.count > IDTextBuffer.capacity - 1024 {
        try sink(UnsafeRawBufferPointer(start: out.base, count: out.count))
        out.count = 0
      }
    }
    func writeSequence(_ sequence: [Int32]) throws(E) {
      out.append("[")
      if width == 1 {
        // In chunks that fit the buffer's margin: no check per id.
        var start = 0
        while start < sequence.count {
          try flushIfFull()
          let end = min(start + 64, sequence.count)
          sequence.withUnsafeBufferPointer { ids in
            for index in start..<end {
              if index > 0 { out.appendSeparator() }
              out.append(Int(ids[index]))
            }
          }
          start = end
        }
      } else {
        var index = 0
        while index < sequence.count {
          if index > 0 { out.append(", ") }
          out.append("[")
          for offset in 0..<width {
            if offset > 0 { out.append(", ") }
            out.append(Int(sequence[index + offset]))
          }
          out.append("]")
          try flushIfFull()
          index += width
        }
      }
      out.append("]")
    }
    out.append("{\"ids\": ")
    if isOneStream {
      try writeSequence(sequences.first ?? [])
      out.append(idsAreEncoded ? ", \"ids_encoded\": true" : ", \"ids_encoded\": false")
    } else {
      out.append("[")
      for (index, sequence) in sequences.enumerated() {
        if index > 0 { out.append(", ") }
        try writeSequence(sequence)
        try flushIfFull()
      }
      out.append("], \"ids_encoded\": [")
      for index in sequences.indices {
        if index > 0 { out.append(", ") }
        out.append(idsAreEncoded ? "true" : "false")
        try flushIfFull()
      }
      out.append("]")
    }
    if let programs {
      out.append(", \"programs\": [")
      for (index, (program, isDrum)) in programs.enumerated() {
        if index > 0 { out.append(", ") }
        out.append("[")
        out.append(program)
        out.append(isDrum ? ", true]" : ", false]")
        try flushIfFull()
      }
      out.append("]")
    }
    out.append("}")
    try sink(UnsafeRawBufferPointer(start: out.base, count: out.count))
  }
}

/// A fixed buffer of text being written: integers and ASCII words (a class, so that the
/// writing functions share it without copying or boxing).
private final class IDTextBuffer {
  static let capacity = 65_536
  let base = UnsafeMutablePointer<UInt8>.allocate(capacity: IDTextBuffer.capacity)
  var count = 0

  deinit { base.deallocate() }

  /// `", "`.
  @inline(__always)
  func appendSeparator() {
    base[count] = UInt8(ascii: ",")
    base[count + 1] = UInt8(ascii: " ")
    count += 2
  }

  @inline(__always)
  func append(_ text: StaticString) {
    text.withUTF8Buffer { bytes in
      (base + count).update(from: bytes.baseAddress!, count: bytes.count)
      count += bytes.count
    }
  }

  /// The decimal digits of `value` (at most 20 characters).
  @inline(__always)
  func append(_ value: Int) {
    if value >= 0 && value < 1000 {
      if value < 10 {
        base[count] = 0x30 &+ UInt8(truncatingIfNeeded: value)
        count += 1
      } else if value < 100 {
        base[count] = 0x30 &+ UInt8(truncatingIfNeeded: value / 10)
        base[count + 1] = 0x30 &+ UInt8(truncatingIfNeeded: value % 10)
        count += 2
      } else {
        base[count] = 0x30 &+ UInt8(truncatingIfNeeded: value / 100)
        base[count + 1] = 0x30 &+ UInt8(truncatingIfNeeded: value / 10 % 10)
        base[count + 2] = 0x30 &+ UInt8(truncatingIfNeeded: value % 10)
        count += 3
      }
      return
    }
    appendAny(value)
  }

  /// The decimal digits of any integer.
  func appendAny(_ value: Int) {
    if value < 0 {
      base[count] = UInt8(ascii: "-")
      count += 1
    }
    var magnitude = value.magnitude
    if magnitude < 10 {
      base[count] = 0x30 &+ UInt8(truncatingIfNeeded: magnitude)
      count += 1
      return
    }
    var digits = 0
    var rest = magnitude
    while rest > 0 {
      rest /= 10
      digits += 1
    }
    var cursor = base + count + digits
    while magnitude >= 100 {
      let pair = Int(magnitude % 100) * 2
      magnitude /= 100
      cursor -= 2
      cursor[0] = Self.pairs[pair]
      cursor[1] = Self.pairs[pair + 1]
    }
    if magnitude >= 10 {
      let pair = Int(magnitude) * 2
      cursor -= 2
      cursor[0] = Self.pairs[pair]
      cursor[1] = Self.pairs[pair + 1]
    } else {
      cursor -= 1
      cursor[0] = 0x30 &+ UInt8(truncatingIfNeeded: magnitude)
    }
    count += digits
  }

  /// "00" to "99".
  static let pairs: [UInt8] = {
    var pairs: [UInt8] = []
    for value in 0..<100 {
      let tens = UInt8(value / 10)
      let ones = UInt8(value % 10)
      pairs.append(0x30 + tens)
      pairs.append(0x30 + ones)
    }
    return pairs
  }()
}

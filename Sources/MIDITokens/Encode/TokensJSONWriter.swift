extension Tokenizer {
  /// Tokenizes a song as ``tokenize(_:)`` does and writes MidiTok's tokens JSON as the ids are
  /// made (``TokensJSONWriter``), so that a song's ids are never held whole (a trained
  /// tokenizer's base ids one bar at a time). Returns the number of tokens.
  /// - Parameter programs: The programs and drum flags of the file's tracks as read, written
  ///   after the ids (MidiTok gives them without Program tokens), or `nil`.
  /// - Throws: ``TokensError`` where MidiTok itself fails on the song; `sink` may then have
  ///   been given part of the text.
  public func tokenizeJSON(
    _ score: consuming Score, programs: [(program: Int, isDrum: Bool)]?,
    to sink: (UnsafeRawBufferPointer) -> Void
  ) throws(TokensError) -> Int {
    var handedOver: Score? = consume score
    return try withoutActuallyEscaping(sink) { sink throws(TokensError) in
      let writer = TokensJSONWriter(isOneStream: oneTokenStream, sink: sink)
      let score = handedOver.take()!
      try tokenize(consume score, to: writer)
      writer.finish(idsAreEncoded: trainedModel != nil, programs: programs)
      return writer.tokenCount
    }
  }
}

/// MidiTok's tokens JSON as `tokenize_dataset` saves it (`save_tokens` through Python's
/// `json.dump`), written while the song is tokenized: `{"ids": …, "ids_encoded": …}`, the ids
/// a list (one stream) or a list per track, a token a list of ids for CPWord and Octuple;
/// `ids_encoded` (true for a trained model's ids) one flag, or one per track; then
/// `"programs"`, the programs and drum flags of the file's tracks as read (before
/// preprocessing), when given (MidiTok gives them without Program tokens). `", "` and `": "`
/// separate as Python's do, so the bytes are MidiTok's.
///
/// Only integers, brackets and fixed words are written, so the text is assembled in a buffer
/// handed to `sink` in pieces of 64 KiB: the ids of a sequence are written as they
/// come and never held whole.
final class TokensJSONWriter: TokenSequenceReceiver {
  let takesPieces = true
  let needsTimes = false
  private let isOneStream: Bool
  private let sink: (UnsafeRawBufferPointer) -> Void
  private let out = IDTextBuffer()
  /// Ids per token.
  private(set) var width = 1
  /// The sequences begun.
  private(set) var sequenceCount = 0
  /// The tokens written.
  private(set) var tokenCount = 0
  /// Ids written in the current sequence.
  private var idsInSequence = 0

  init(isOneStream: Bool, sink: @escaping (UnsafeRawBufferPointer) -> Void) {
    self.isOneStream = isOneStream
    self.sink = sink
    out.append(isOneStream ? "{\"ids\": " : "{\"ids\": [")
  }

  func begin(score: Score, width: Int) { self.width = width }

  func beginSequence() {
    if sequenceCount > 0 { out.append(", ") }
    sequenceCount += 1
    idsInSequence = 0
    out.append("[")
  }

  func receive(_ ids: UnsafeBufferPointer<Int32>, times: UnsafeBufferPointer<Int32>) {
    tokenCount += ids.count / max(width, 1)
    if width == 1 {
      // In chunks that fit the buffer's margin: no check per id.
      do {
        var start = 0
        while start < ids.count {
          flushIfFull()
          let end = min(start + 64, ids.count)
          var index = start
          if idsInSequence == 0 && index < end {
            out.append(Int(ids[index]))
            index += 1
          }
          out.appendSeparated(UnsafeBufferPointer(rebasing: ids[index..<end]))
          idsInSequence += end - start
          start = end
        }
      }
    } else {
      var index = 0
      while index + width <= ids.count {
        if idsInSequence > 0 { out.append(", ") }
        out.append("[")
        // A MuMIDI token shorter than the vocabularies ends at its first −1.
        for offset in 0..<width where ids[index + offset] >= 0 {
          if offset > 0 { out.append(", ") }
          out.append(Int(ids[index + offset]))
        }
        out.append("]")
        flushIfFull()
        idsInSequence += width
        index += width
      }
    }
  }

  func endSequence() {
    out.append("]")
    flushIfFull()
  }

  /// Ends the text: the `ids_encoded` flags and the programs, when given.
  func finish(idsAreEncoded: Bool, programs: [(program: Int, isDrum: Bool)]?) {
    if isOneStream {
      if sequenceCount == 0 { out.append("[]") }
      out.append(idsAreEncoded ? ", \"ids_encoded\": true" : ", \"ids_encoded\": false")
    } else {
      out.append("], \"ids_encoded\": [")
      for index in 0..<sequenceCount {
        if index > 0 { out.append(", ") }
        out.append(idsAreEncoded ? "true" : "false")
        flushIfFull()
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
        flushIfFull()
      }
      out.append("]")
    }
    out.append("}")
    sink(UnsafeRawBufferPointer(start: out.base, count: out.count))
    out.count = 0
  }

  private func flushIfFull() {
    if out.count >= IDTextBuffer.flushSize {
      sink(UnsafeRawBufferPointer(start: out.base, count: out.count))
      out.count = 0
    }
  }
}

/// A fixed buffer of text being written: integers and ASCII words (a class, so that the
/// writing functions share it without copying or boxing).
private final class IDTextBuffer {
  /// Text handed on at a time: 64 KiB, which an `OutputSink` writes without copying it.
  static let flushSize = 65_536
  /// The buffer's size: a margin of 1 KiB past ``flushSize`` for what is written between
  /// checks.
  static let capacity = flushSize + 1024
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

  /// `", "` and the digits of each id: 8 bytes stored for each (the buffer's margin has room)
  /// from ``separatedIDs`` for the ids below its size.
  @inline(__always)
  func appendSeparated(_ ids: UnsafeBufferPointer<Int32>) {
    Self.separatedIDs.withUnsafeBufferPointer { table in
      for id in ids {
        if UInt32(bitPattern: id) < UInt32(table.count) {
          let entry = table[Int(id)]
          UnsafeMutableRawPointer(base + count).storeBytes(of: entry.littleEndian, as: UInt64.self)
          count += Int(truncatingIfNeeded: entry >> 56)
        } else {
          appendSeparator()
          append(Int(id))
        }
      }
    }
  }

  /// `", "` and the digits of each id below 32,768, in the low bytes of a word (first
  /// character lowest), its length in the top byte.
  static let separatedIDs: [UInt64] = (0..<32_768).map { id in
    let text = Array(", \(id)".utf8)
    var word = UInt64(text.count) << 56
    for (index, byte) in text.enumerated() { word |= UInt64(byte) << (8 * UInt64(index)) }
    return word
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

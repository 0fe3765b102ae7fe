import CMIDIRoll
import JSON
import MIDIRollFiles
import MIDIRollKit
import MIDIRollOptions
import MIDITokens
import SMF

/// What a `midiroll_tokenizer *` points to: a MidiTok tokenizer made from its file once, never
/// changed, so any number of threads may tokenize with it at once.
final class TokenizerHandle: Sendable {
  /// The tokenizer.
  let tokenizer: Tokenizer
  /// The name of its file, for messages.
  let name: String?

  init(_ tokenizer: Tokenizer, name: String?) {
    self.tokenizer = tokenizer
    self.name = name
  }

  /// The handle behind a caller's pointer.
  /// - Throws: ``ABIError`` (`MIDIROLL_USAGE`) for NULL.
  static func of(_ pointer: OpaquePointer?, in call: String) throws(ABIError) -> TokenizerHandle {
    guard let pointer else { throw ABIError(usage: "\(call): the tokenizer is NULL") }
    return Unmanaged<TokenizerHandle>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
  }
}

/// Makes a tokenizer from a MidiTok tokenizer file's bytes (see `include/midiroll.h`).
@_cdecl("midiroll_tokenizer_read")
public func midirollTokenizerRead(
  _ bytes: UnsafePointer<UInt8>?, _ count: Int, _ name: UnsafePointer<CChar>?,
  _ tokenizer: UnsafeMutablePointer<OpaquePointer?>?, _ error: UnsafeMutablePointer<midiroll_error>?
) -> Int32 {
  reportingErrors(error) { () throws(ABIError) in
    let call = "midiroll_tokenizer_read"
    guard let tokenizer else { throw ABIError(usage: "\(call): the tokenizer's pointer is NULL") }
    tokenizer.pointee = nil
    let input = try callerBytes(bytes, count: count, in: call)
    let name = name.map { String(cString: $0) }
    let made: Tokenizer
    do throws(TokensError) {
      made = try Tokenizer(file: TokenizerFile(bytes: input))
    } catch {
      throw ABIError(badInput: OneLine.escaping(name.map { "\($0): \(error)" } ?? error.description))
    }
    tokenizer.pointee = OpaquePointer(Unmanaged.passRetained(TokenizerHandle(made, name: name)).toOpaque())
  }
}

/// Frees a tokenizer (NULL is allowed).
@_cdecl("midiroll_tokenizer_free")
public func midirollTokenizerFree(_ tokenizer: OpaquePointer?) {
  guard let tokenizer else { return }
  Unmanaged<TokenizerHandle>.fromOpaque(UnsafeRawPointer(tokenizer)).release()
}

/// What a tokenizer is, as JSON: its tokenization, vocabularies, length (MidiTok's
/// `len(tokenizer)`), one-stream and trained flags (see `include/midiroll.h`).
@_cdecl("midiroll_tokenizer_describe")
public func midirollTokenizerDescribe(
  _ tokenizer: OpaquePointer?, _ json: UnsafeMutablePointer<OpaquePointer?>?,
  _ error: UnsafeMutablePointer<midiroll_error>?
) -> Int32 {
  reportingErrors(error) { () throws(ABIError) in
    let call = "midiroll_tokenizer_describe"
    guard let json else { throw ABIError(usage: "\(call): the JSON's pointer is NULL") }
    json.pointee = nil
    let tokenizer = try TokenizerHandle.of(tokenizer, in: call).tokenizer
    let vocabularies = tokenizer.vocabularies
    let length =
      vocabularies.count > 1
      ? vocabularies.reduce(0) { $0 + $1.count }
      : tokenizer.trainedModel?.vocabularySize ?? vocabularies.first?.count ?? 0
    let bytes = JSONWriter.bytes { writer in
      writer.raw("{\"tokenization\": ", string: tokenizer.tokenization.rawValue)
      writer.raw(", \"length\": ", integer: length)
      writer.raw(", \"one_token_stream\": ")
      writer.rawBool(tokenizer.oneTokenStream)
      writer.raw(", \"is_trained\": ")
      writer.rawBool(tokenizer.trainedModel != nil)
      writer.raw(", \"vocabularies\": [")
      for (index, vocabulary) in vocabularies.enumerated() {
        writer.raw(index == 0 ? "[" : ", [")
        for (id, token) in vocabulary.tokens.enumerated() {
          if id > 0 { writer.raw(", ") }
          writer.rawString(token)
        }
        writer.raw("]")
      }
      writer.raw("]}")
    }
    json.pointee = OpaquePointer(Unmanaged.passRetained(BytesHandle(bytes)).toOpaque())
  }
}

/// Tokenizes a song, whole or in chunks (see `include/midiroll.h`).
@_cdecl("midiroll_tokenizer_encode")
public func midirollTokenizerEncode(
  _ tokenizer: OpaquePointer?, _ song: OpaquePointer?, _ bytes: UnsafePointer<UInt8>?, _ count: Int,
  _ name: UnsafePointer<CChar>?, _ arguments: UnsafePointer<UnsafePointer<CChar>?>?, _ wordCount: Int32,
  _ tokens: UnsafeMutablePointer<OpaquePointer?>?, _ error: UnsafeMutablePointer<midiroll_error>?
) -> Int32 {
  reportingErrors(error) { () throws(ABIError) in
    let call = "midiroll_tokenizer_encode"
    guard let tokens else { throw ABIError(usage: "\(call): the tokens' pointer is NULL") }
    tokens.pointee = nil
    let tokenizer = try TokenizerHandle.of(tokenizer, in: call).tokenizer
    let words = try callerWords(arguments, count: wordCount, in: call)
    let name = name.map { String(cString: $0) }
    let plan = try ABIError.translating { () throws(KitError) in
      try tokenizeWords.value(for: words) { () throws(KitError) in
        let parsed = try TokenizeWords(parsing: words)
        return TokenizePlan(
          augmentation: try parsed.augment.augmentation(), chunking: try parsed.chunks.chunking())
      }
    }
    let midi: [UInt8]
    if let song {
      midi = try SongHandle.of(song, in: call).song.serialized()
    } else if bytes == nil, let name {
      midi = try DescriptorReader.readRegularFile(name)
    } else {
      midi = try callerBytes(bytes, count: count, in: call)
    }
    let table: TokenTable
    do throws(TokensError) {
      var score = try Score.reading(midiBytes: midi).score
      if !plan.augmentation.isIdentity { score = try score.augmented(plan.augmentation) }
      table = TokenTable(
        chunks: try tokenizer.sequences(score, chunking: plan.chunking), width: tokenizer.tokenWidth)
    } catch {
      let text = OneLine.escaping(name.map { "\($0): \(error)" } ?? error.description)
      switch error.kind {
      case .chunkImpossible, .augmentationOutOfRange: throw ABIError(usage: text)
      default: break
      }
      if case .unreadableMIDI(let problem) = error.kind { throw ABIError(reading: problem, name: name) }
      throw ABIError(badInput: text)
    }
    tokens.pointee = OpaquePointer(Unmanaged.passRetained(BytesHandle(table.bytes)).toOpaque())
  }
}

/// Decodes MidiTok's tokens JSON (`{"ids": …}`) into a song, as `detokenize` does (see
/// `include/midiroll.h`).
@_cdecl("midiroll_tokenizer_decode")
public func midirollTokenizerDecode(
  _ tokenizer: OpaquePointer?, _ bytes: UnsafePointer<UInt8>?, _ count: Int, _ name: UnsafePointer<CChar>?,
  _ song: UnsafeMutablePointer<OpaquePointer?>?, _ error: UnsafeMutablePointer<midiroll_error>?
) -> Int32 {
  reportingErrors(error) { () throws(ABIError) in
    let call = "midiroll_tokenizer_decode"
    guard let song else { throw ABIError(usage: "\(call): the song's pointer is NULL") }
    song.pointee = nil
    let tokenizer = try TokenizerHandle.of(tokenizer, in: call).tokenizer
    let input = try callerBytes(bytes, count: count, in: call)
    let name = name.map { String(cString: $0) }
    var options = DecodingOptions()
    options.tokens.tokenizer = tokenizer
    let decoded = try ABIError.translating { () throws(KitError) in
      guard let decoder = TokensFormat.format.decoder else { throw KitError(.usage, "tokens cannot be read") }
      return try decoder.decode(input, path: name ?? "the tokens", options: options).song()
    }
    song.pointee = SongHandle.retained(try SongHandle(song: decoded, warnings: [], name: name))
  }
}

/// What `tokenize`'s words ask for: an augmentation first, then chunks or not.
struct TokenizePlan: Sendable {
  let augmentation: ScoreAugmentation
  let chunking: TokenChunking?
}

/// The plans callers' words were read into.
private let tokenizeWords = WordsMemo<TokenizePlan>()

/// Token sequences or chunks laid out for the caller: 8-byte integers — the count of rows, ids
/// per token, then per row its track (−1 for none), start tick, end tick (−1 for none), first
/// id and id count — then every row's ids as 4-byte integers.
struct TokenTable {
  let bytes: [UInt8]

  /// Sequences or chunks (``Tokenizer/sequences(_:chunking:)``).
  init(chunks: [TokenChunk], width: Int) {
    self.init(
      width: width,
      rows: chunks.map { ($0.track ?? -1, $0.startTick, $0.endTick, $0.ids) })
  }

  private init(width: Int, rows: [(track: Int, start: Int, end: Int, ids: [Int32])]) {
    var header: [Int64] = [Int64(rows.count), Int64(width)]
    var offset = 0
    for row in rows {
      header += [Int64(row.track), Int64(row.start), Int64(row.end), Int64(offset), Int64(row.ids.count)]
      offset += row.ids.count
    }
    var out: [UInt8] = []
    out.reserveCapacity(header.count * 8 + offset * 4)
    for value in header { withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) } }
    for row in rows { row.ids.withUnsafeBytes { out.append(contentsOf: $0) } }
    bytes = out
  }
}

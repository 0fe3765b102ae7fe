import CMIDIRoll
import JSON
import MIDITokens
import SMF
import TokenizerModels

/// What a `midiroll_training *` points to: a tokenizer training (`midiroll train-tokenizer`'s)
/// gathering the words of songs from any number of threads at once, then trained once.
final class TrainingHandle: @unchecked Sendable {
  /// The training set up from the base file.
  let training: TokenizerTraining
  private let lock = POSIXLock()
  /// Guarded by `lock`: the words so far and the songs counted.
  private var words = TrainingWords()
  private var read = 0
  private var unreadable = 0
  private var refused = 0

  init(_ training: TokenizerTraining) { self.training = training }

  /// The handle behind a caller's pointer.
  /// - Throws: ``ABIError`` (`MIDIROLL_USAGE`) for NULL.
  static func of(_ pointer: OpaquePointer?, in call: String) throws(ABIError) -> TrainingHandle {
    guard let pointer else { throw ABIError(usage: "\(call): the training is NULL") }
    return Unmanaged<TrainingHandle>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
  }

  /// Adds a song's words (made without the lock, summed under it).
  /// - Returns: 0 when added, 1 when symusic would not read it, 2 when MidiTok fails on it, with
  ///   the reason.
  func add(_ bytes: [UInt8], name: String?) -> (outcome: Int32, reason: String?) {
    var local = TrainingWords()
    let outcome: (Int32, String?)
    switch training.addWords(ofMIDIFile: bytes, to: &local) {
    case .added: outcome = (0, nil)
    case .unreadable(let reason): outcome = (1, reason)
    case .refused(let reason): outcome = (2, reason)
    }
    lock.lock()
    defer { lock.unlock() }
    switch outcome.0 {
    case 0:
      words.merge(local)
      read += 1
    case 1: unreadable += 1
    default: refused += 1
    }
    return (outcome.0, outcome.1.map { reason in name.map { "\($0): \(reason)" } ?? reason })
  }

  /// The words gathered and the counts, taken under the lock.
  func gathered() -> (words: TrainingWords, read: Int, unreadable: Int, refused: Int) {
    lock.lock()
    defer { lock.unlock() }
    return (words, read, unreadable, refused)
  }
}

/// Sets up a training from a MidiTok tokenizer file's bytes (see `include/midiroll.h`).
@_cdecl("midiroll_training_new")
public func midirollTrainingNew(
  _ bytes: UnsafePointer<UInt8>?, _ count: Int, _ name: UnsafePointer<CChar>?, _ model: UnsafePointer<CChar>?,
  _ vocabularySize: Int64, _ options: UnsafePointer<CChar>?,
  _ training: UnsafeMutablePointer<OpaquePointer?>?,
  _ error: UnsafeMutablePointer<midiroll_error>?
) -> Int32 {
  reportingErrors(error) { () throws(ABIError) in
    let call = "midiroll_training_new"
    guard let training else { throw ABIError(usage: "\(call): the training's pointer is NULL") }
    training.pointee = nil
    let input = try callerBytes(bytes, count: count, in: call)
    let name = name.map { String(cString: $0) }
    let modelName = model.map { String(cString: $0) } ?? "BPE"
    guard let trainingModel = TrainingModel(name: modelName) else {
      throw ABIError(usage: "\(call): model \"\(modelName)\": expected BPE, WordPiece or Unigram")
    }
    let trainerOptions = try trainingOptions(options.map { String(cString: $0) } ?? "{}", in: call)
    let made: TokenizerTraining
    do throws(TokensError) {
      made = try TokenizerTraining(
        baseFile: input, model: trainingModel, vocabularySize: Int(vocabularySize), options: trainerOptions)
    } catch {
      if case .trainingRefused = error.kind { throw ABIError(usage: OneLine.escaping(error.description)) }
      throw ABIError(badInput: name.map { "\($0): \(error)" } ?? error.description)
    }
    training.pointee = OpaquePointer(Unmanaged.passRetained(TrainingHandle(made)).toOpaque())
  }
}

/// The trainer options of a JSON object `{"min_frequency": 2, …}`.
private func trainingOptions(_ text: String, in call: String) throws(ABIError) -> TrainingOptions {
  let value: JSONValue
  do throws(JSONError) {
    value = try JSONReader.read(Array(text.utf8)) {
      (reader: inout JSONReader) throws(JSONError) -> JSONValue in
      try reader.beginDocument()
      let value = try reader.readValue()
      try reader.finishDocument()
      return value
    }
  } catch {
    throw ABIError(usage: "\(call): the options are not JSON: \(error)")
  }
  guard case .object(let object) = value else {
    throw ABIError(usage: "\(call): the options are not an object")
  }
  var options = TrainingOptions()
  for member in object.members {
    switch (member.name, member.value) {
    case ("min_frequency", .integer(let number)): options.minFrequency = number
    case ("limit_alphabet", .integer(let number)): options.limitAlphabet = number
    case ("max_token_length", .integer(let number)): options.maxTokenLength = number
    case ("max_input_chars_per_word", .integer(let number)): options.maxInputCharsPerWord = number
    case ("max_piece_length", .integer(let number)): options.maxPieceLength = number
    case ("n_sub_iterations", .integer(let number)): options.subIterations = number
    case ("shrinking_factor", .integer(let number)): options.shrinkingFactor = Double(number)
    case ("shrinking_factor", .number(let number)): options.shrinkingFactor = number.double()
    default:
      throw ABIError(
        usage: "\(call): option \(member.name) = \(member.value.summary) is not a trainer option")
    }
  }
  return options
}

/// Adds a song's words to a training; any number of threads may call it at once.
@_cdecl("midiroll_training_add")
public func midirollTrainingAdd(
  _ training: OpaquePointer?, _ bytes: UnsafePointer<UInt8>?, _ count: Int, _ name: UnsafePointer<CChar>?,
  _ outcome: UnsafeMutablePointer<Int32>?, _ error: UnsafeMutablePointer<midiroll_error>?
) -> Int32 {
  reportingErrors(error) { () throws(ABIError) in
    let call = "midiroll_training_add"
    let handle = try TrainingHandle.of(training, in: call)
    let input = try callerBytes(bytes, count: count, in: call)
    let added = handle.add(input, name: name.map { String(cString: $0) })
    outcome?.pointee = added.outcome
    if let reason = added.reason { throw ABIError(badInput: reason) }
  }
}

/// Trains on the words gathered and makes the trained tokenizer's file (see `include/midiroll.h`).
@_cdecl("midiroll_training_train")
public func midirollTrainingTrain(
  _ training: OpaquePointer?, _ file: UnsafeMutablePointer<OpaquePointer?>?,
  _ summary: UnsafeMutablePointer<OpaquePointer?>?, _ error: UnsafeMutablePointer<midiroll_error>?
) -> Int32 {
  reportingErrors(error) { () throws(ABIError) in
    let call = "midiroll_training_train"
    guard let file, let summary else { throw ABIError(usage: "\(call): an output pointer is NULL") }
    file.pointee = nil
    summary.pointee = nil
    let handle = try TrainingHandle.of(training, in: call)
    let gathered = handle.gathered()
    guard gathered.read > 0 else {
      throw ABIError(badInput: "no readable MIDI file: \(gathered.unreadable + gathered.refused) tried")
    }
    let trained: TrainedTokenizer
    do throws(TokensError) {
      trained = try handle.training.train(gathered.words)
    } catch {
      throw ABIError(badInput: error.description)
    }
    let text = JSONWriter.bytes { writer in
      writer.raw("{\"files\": ", integer: gathered.read)
      writer.raw(", \"unreadable\": ", integer: gathered.unreadable)
      writer.raw(", \"refused\": ", integer: gathered.refused)
      writer.raw(", \"base_tokens\": ", integer: gathered.words.scalarCount)
      writer.raw(", \"unique_words\": ", integer: gathered.words.counts.count)
      writer.raw(", \"merges\": ", integer: trained.merges)
      writer.raw("}")
    }
    file.pointee = OpaquePointer(Unmanaged.passRetained(BytesHandle(trained.fileBytes)).toOpaque())
    summary.pointee = OpaquePointer(Unmanaged.passRetained(BytesHandle(text)).toOpaque())
  }
}

/// Frees a training (NULL is allowed).
@_cdecl("midiroll_training_free")
public func midirollTrainingFree(_ training: OpaquePointer?) {
  guard let training else { return }
  Unmanaged<TrainingHandle>.fromOpaque(UnsafeRawPointer(training)).release()
}

import JSON

extension TrainedTokenizerModel {
  /// Loads a trained tokenizer from the file MidiTok's `tokenizer.save(path)` writes: its
  /// `_model`, `_vocab_base` and `_vocab_base_byte_to_token` (the other fields are the caller's).
  /// The objects are read member by member, in order and as code points, as
  /// ``init(modelJSON:vocabBase:vocabBaseByteToToken:)`` needs them.
  /// - Throws: ``TrainedModelError`` with the JSON path: a missing field (an untrained
  ///   tokenizer's file has none of the three), malformed JSON, or what the fields' init refuses.
  public init(tokenizerFile bytes: [UInt8]) throws(TrainedModelError) {
    typealias Fields = (
      model: [UInt8]?, vocabBase: [(token: String, id: Int)]?, bytes: [(byte: String, token: String)]?
    )
    let read = JSONReader.read(bytes) { reader -> Result<Fields, JSONError> in
      do throws(JSONError) {
        var fields: Fields = (nil, nil, nil)
        try reader.beginDocument()
        try reader.beginObject()
        while let name = try reader.nextName() {
          switch name {
          case "_model":
            fields.model = Array(
              try reader.readString(expected: "the Hugging Face tokenizer's JSON as a string").utf8)
          case "_vocab_base":
            var members: [(token: String, id: Int)] = []
            try reader.beginObject()
            while let token = try reader.nextName() {
              members.append((token, try reader.readInteger(expected: "a base id")))
            }
            fields.vocabBase = members
          case "_vocab_base_byte_to_token":
            var members: [(byte: String, token: String)] = []
            try reader.beginObject()
            while let byte = try reader.nextName() {
              members.append((byte, try reader.readString(expected: "a base token")))
            }
            fields.bytes = members
          default:
            try reader.skipValue()
          }
        }
        try reader.finishDocument()
        return .success(fields)
      } catch {
        return .failure(error)
      }
    }
    let fields: Fields
    switch read {
    case .success(let value): fields = value
    case .failure(let error): throw TrainedModelError(.json(error), path: error.path)
    }
    let trained = "a trained tokenizer's field (MidiTok's `save` writes it once the tokenizer is trained)"
    guard let model = fields.model else {
      throw TrainedModelError(.missingField("_model", expected: trained), path: JSONPath())
    }
    guard let vocabBase = fields.vocabBase else {
      throw TrainedModelError(.missingField("_vocab_base", expected: trained), path: JSONPath())
    }
    guard let byteToToken = fields.bytes else {
      throw TrainedModelError(.missingField("_vocab_base_byte_to_token", expected: trained), path: JSONPath())
    }
    try self.init(modelJSON: model, vocabBase: vocabBase, vocabBaseByteToToken: byteToToken)
  }
}

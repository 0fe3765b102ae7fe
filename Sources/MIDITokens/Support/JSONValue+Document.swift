import JSON

extension JSONValue {
  /// A whole JSON document (a tokenizer file, a tokens file): one value and nothing after it.
  /// - Throws: ``TokensError`` wrapping the JSON error, with its byte offset.
  static func document(_ bytes: [UInt8]) throws(TokensError) -> JSONValue {
    do {
      return try JSONReader.read(bytes) { (reader: inout JSONReader) throws(JSONError) -> JSONValue in
        let value = try reader.readValue()
        try reader.finishDocument()
        return value
      }
    } catch {
      throw TokensError(.json(error))
    }
  }
}

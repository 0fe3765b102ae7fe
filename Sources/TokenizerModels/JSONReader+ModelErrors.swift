import JSON

/// The JSON reader's calls the model parser makes, with its errors as ``TrainedModelError``s
/// whose paths start at `_model`.
extension JSONReader {
  mutating func modelBeginObject() throws(TrainedModelError) {
    do { try beginObject() } catch { throw TrainedModelError(modelJSON: error) }
  }

  mutating func modelNextName() throws(TrainedModelError) -> String? {
    do { return try nextName() } catch { throw TrainedModelError(modelJSON: error) }
  }

  mutating func modelBeginArray() throws(TrainedModelError) {
    do { try beginArray() } catch { throw TrainedModelError(modelJSON: error) }
  }

  mutating func modelNextElement() throws(TrainedModelError) -> Bool {
    do { return try nextElement() } catch { throw TrainedModelError(modelJSON: error) }
  }

  mutating func modelString(_ expected: String) throws(TrainedModelError) -> String {
    do { return try readString(expected: expected) } catch { throw TrainedModelError(modelJSON: error) }
  }

  mutating func modelInteger(_ expected: String) throws(TrainedModelError) -> Int {
    do { return try readInteger(expected: expected) } catch { throw TrainedModelError(modelJSON: error) }
  }

  mutating func modelDouble(_ expected: String) throws(TrainedModelError) -> Double {
    do { return try readDouble(expected: expected) } catch { throw TrainedModelError(modelJSON: error) }
  }

  mutating func modelBool() throws(TrainedModelError) -> Bool {
    do { return try readBool() } catch { throw TrainedModelError(modelJSON: error) }
  }

  mutating func modelNull() throws(TrainedModelError) -> Bool {
    do { return try readNullIfPresent() } catch { throw TrainedModelError(modelJSON: error) }
  }

  mutating func modelKind() throws(TrainedModelError) -> Kind {
    do { return try peekKind() } catch { throw TrainedModelError(modelJSON: error) }
  }

  mutating func modelDescribe() throws(TrainedModelError) -> String {
    do { return try describeValue() } catch { throw TrainedModelError(modelJSON: error) }
  }

  mutating func modelBeginDocument() throws(TrainedModelError) {
    do { try beginDocument() } catch { throw TrainedModelError(modelJSON: error) }
  }

  mutating func modelFinishDocument() throws(TrainedModelError) {
    do { try finishDocument() } catch { throw TrainedModelError(modelJSON: error) }
  }

  /// The path of the value being read, as a path of the saved file (under `_model`).
  var modelPath: JSONPath { JSONPath.model(path) }

  /// Reads a value that must be `null` (a setting this module supports only when absent).
  mutating func modelRequireNull(_ expected: String = "null") throws(TrainedModelError) {
    let at = modelPath
    guard try modelNull() else {
      throw TrainedModelError(.unsupported(found: try modelDescribe(), expected: expected), path: at)
    }
  }

  /// Reads a string that must be `value` (a setting this module supports only so).
  mutating func modelRequireString(_ value: String, found: String, expected: String) throws(TrainedModelError)
  {
    let at = modelPath
    let read = try modelString(expected)
    guard read == value else {
      throw TrainedModelError(.unsupported(found: "\(found) \"\(read)\"", expected: expected), path: at)
    }
  }

  /// Reads `[` and stands at the first of a pair's two values.
  mutating func modelBeginPair() throws(TrainedModelError) {
    try modelBeginArray()
    guard try modelNextElement() else { throw pairExpected() }
  }

  /// Stands at the second value of a pair.
  mutating func modelSecondOfPair() throws(TrainedModelError) {
    guard try modelNextElement() else { throw pairExpected() }
  }

  /// Reads the `]` after a pair's second value.
  mutating func modelEndPair() throws(TrainedModelError) {
    guard try !modelNextElement() else { throw pairExpected() }
  }

  private func pairExpected() -> TrainedModelError {
    TrainedModelError(
      .invalidValue(found: "another number of values", expected: "a pair of two values"), path: modelPath)
  }

  /// Reads an optional string (`null` gives `nil`).
  mutating func modelOptionalString(_ expected: String) throws(TrainedModelError) -> String? {
    if try modelNull() { return nil }
    return try modelString(expected)
  }

  /// Refuses the member being read: a name this module does not know.
  mutating func modelRefuseName(_ name: String, in object: String) throws(TrainedModelError) -> Never {
    throw TrainedModelError(
      .unsupported(
        found: "the field \"\(name)\"", expected: "only the fields of \(object) that tokenizers 0.23 writes"),
      path: modelPath)
  }
}

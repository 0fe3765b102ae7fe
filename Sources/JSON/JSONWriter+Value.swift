extension JSONWriter {
  /// Writes a value held in memory: objects with their members in order, numbers with a
  /// fraction as they were written, whole numbers as integers.
  public mutating func value(_ value: JSONValue) {
    switch value {
    case .null: null()
    case .bool(let flag): bool(flag)
    case .integer(let number): integer(number)
    case .number(let number):
      separate()
      Array(number.text.utf8).withUnsafeBufferPointer { raw($0) }
    case .string(let text): string(text)
    case .array(let items):
      beginArray()
      for item in items { self.value(item) }
      endArray()
    case .object(let object):
      beginObject()
      for member in object.members {
        name(member.name)
        self.value(member.value)
      }
      endObject()
    }
  }
}

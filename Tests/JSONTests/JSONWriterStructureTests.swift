import Foundation
import JSON
import TestSupport
import Testing

/// The JSON module on its own: the structured writer, in its own style and in Python's.
@Suite("JSON writer")
struct JSONWriterStructureTests {
  @Test("the structured writer puts commas, colons and escapes where they belong")
  func structured() {
    let bytes = JSONWriter.bytes { json in
      json.beginObject()
      json.name("notes")
      json.integer(-3)
      json.name("title \"1\"")
      json.string("a\\b\n\u{1}é")
      json.name("list")
      json.beginArray()
      json.double(0.5)
      json.double(.infinity)
      json.bool(true)
      json.null()
      json.beginObject()
      json.endObject()
      json.beginArray()
      json.endArray()
      json.endArray()
      json.endObject()
    }
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == #"{"notes":-3,"title \"1\"":"a\\b\n\u0001é","list":[0.5,null,true,null,{},[]]}"#)
  }

  @Test("nesting deeper than 64 levels keeps its commas")
  func deep() {
    let bytes = JSONWriter.bytes { json in
      for _ in 0..<100 { json.beginArray() }
      json.integer(1)
      json.integer(2)
      for _ in 0..<100 { json.endArray() }
    }
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text == String(repeating: "[", count: 100) + "1,2" + String(repeating: "]", count: 100))
  }

  @Test("the Python style writes what Python's json.dumps writes, byte for byte", .tags(.judge), .tiered)
  func pythonStyle() throws {
    var json = JSONWriter()
    json.writesPythonStyle = true
    json.beginObject()
    json.name("name")
    json.string("é\"\n\u{8}\u{C}\u{1}/\u{1F3B9}")
    json.name("list")
    json.beginArray()
    json.integer(-3)
    json.double(120.0)
    json.double(0.1)
    json.bool(false)
    json.null()
    json.endArray()
    json.endObject()
    let bytes = json.collectedBytes()
    let script = """
      import json, sys
      value = {"name": "é\\"\\n\\b\\f\\u0001/\\U0001F3B9", "list": [-3, 120.0, 0.1, False, None]}
      sys.stdout.write(json.dumps(value))
      """
    let python = try Python.run(script: script, [])
    #expect(python.status == 0, "\(python.output)")
    #expect(String(decoding: bytes, as: UTF8.self) == python.output)
  }
}

import JSON

extension TokenSequences {
  /// Writes the tokens as MidiTok's `tokenize_dataset` saves them (`save_tokens` through
  /// Python's `json.dump`): `{"ids": …, "ids_encoded": …}`, the ids a list (one stream) or a
  /// list per track, a token a list of ids for CPWord and Octuple; `ids_encoded` one flag, or
  /// one per track; then `"programs"`, the programs and drum flags of the file's tracks as
  /// read (before preprocessing), when given (MidiTok gives them without Program tokens).
  /// `", "` and `": "` separate as Python's do, so the bytes are MidiTok's.
  public func writeJSON<E: Error>(
    programs: [(program: Int, isDrum: Bool)]?, to sink: (UnsafeRawBufferPointer) throws(E) -> Void
  ) throws(E) {
    try JSONWriter.stream(to: sink) { writer in
      writer.writesPythonStyle = true
      writer.beginObject()
      writer.name("ids")
      func write(_ sequence: [Int32], into writer: inout JSONWriter) {
        writer.beginArray()
        if width == 1 {
          for id in sequence { writer.integer(Int(id)) }
        } else {
          var index = 0
          while index < sequence.count {
            writer.beginArray()
            for offset in 0..<width { writer.integer(Int(sequence[index + offset])) }
            writer.endArray()
            index += width
          }
        }
        writer.endArray()
      }
      if isOneStream {
        write(sequences.first ?? [], into: &writer)
        writer.name("ids_encoded")
        writer.bool(false)
      } else {
        writer.beginArray()
        for sequence in sequences { write(sequence, into: &writer) }
        writer.endArray()
        writer.name("ids_encoded")
        writer.beginArray()
        for _ in sequences { writer.bool(false) }
        writer.endArray()
      }
      if let programs {
        writer.name("programs")
        writer.beginArray()
        for (program, isDrum) in programs {
          writer.beginArray()
          writer.integer(program)
          writer.bool(isDrum)
          writer.endArray()
        }
        writer.endArray()
      }
      writer.endObject()
    }
  }
}

extension Score {
  /// The programs and drum flags of the tracks (`get_score_programs`).
  public var programs: [(program: Int, isDrum: Bool)] { tracks.map { ($0.program, $0.isDrum) } }
}

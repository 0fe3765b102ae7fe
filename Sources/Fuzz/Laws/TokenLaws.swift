import JSON
import MIDITokens
import SMF

/// The laws midiroll's MidiTok tokens keep for every input, hostile or not.
///
/// - any list of ids, in any nesting, decodes to a song or gives a typed ``TokensError`` (an id
///   outside the vocabulary, a token of the wrong width, an empty list, what MidiTok's own
///   decode raises on): never a crash, a hang or a trap; the song is written as a Standard
///   MIDI File that midiroll reads back with no warning, every note of it (of velocity above
///   0) there;
/// - any bytes read as a MIDI file give a score as symusic reads it, or a typed error; a score
///   tokenizes to ids or a typed error, and every id is in the vocabulary;
/// - any song augmented with any offsets, then cut into chunks of any length and overlap,
///   gives chunks or a typed error: no chunk longer than asked, none without a note, in order,
///   and every note's onset inside a chunk of its track.
public enum TokenLaws {
  /// Tokenizers of several tokenizations and options, made from the configurations MidiTok
  /// would save (its defaults, and some options on).
  public static let tokenizers: [Tokenizer] = {
    let specs: [(String, [(String, JSONValue)])] = [
      ("REMI", []),
      ("REMI", [("use_programs", .bool(true)), ("use_tempos", .bool(true)), ("use_rests", .bool(true))]),
      (
        "REMI",
        [
          ("use_pitch_intervals", .bool(true)), ("use_chords", .bool(true)),
          ("use_sustain_pedals", .bool(true)),
        ]
      ),
      (
        "TSD",
        [("use_programs", .bool(true)), ("program_changes", .bool(true)), ("use_pitch_bends", .bool(true))]
      ),
      ("MIDILike", [("use_rests", .bool(true)), ("use_control_changes", .bool(true))]),
      ("MIDILike", [("use_programs", .bool(true)), ("one_token_stream_for_programs", .bool(false))]),
      ("Structured", [("use_programs", .bool(true))]),
      ("CPWord", [("use_programs", .bool(true)), ("use_tempos", .bool(true))]),
      ("Octuple", [("use_programs", .bool(true)), ("use_tempos", .bool(true))]),
      (
        "PerTok",
        [
          (
            "beat_res",
            .object(
              JSONObject(
                members: [("0_4", 4), ("0_2", 3)].map { JSONMember(name: $0.0, value: .integer($0.1)) }))
          ),
          ("use_programs", .bool(true)), ("use_tempos", .bool(true)), ("use_pitch_bends", .bool(true)),
          ("use_control_changes", .bool(true)), ("use_sustain_pedals", .bool(true)),
          (
            "additional_params",
            perTokParameters(ticksPerQuarter: 320, microtiming: true, shift: 1, positions: false)
          ),
        ]
      ),
      (
        "PerTok",
        [
          ("use_programs", .bool(true)), ("one_token_stream_for_programs", .bool(false)),
          (
            "additional_params",
            perTokParameters(ticksPerQuarter: 96, microtiming: true, shift: 0, positions: true)
          ),
        ]
      ),
      (
        "MMM",
        [("use_tempos", .bool(true)), ("use_rests", .bool(true)), ("additional_params", mmmBase("REMI"))]
      ),
      (
        "MMM",
        [
          ("use_chords", .bool(true)), ("use_sustain_pedals", .bool(true)),
          ("additional_params", mmmBase("MIDILike")),
        ]
      ),
      (
        "MuMIDI",
        [
          ("use_tempos", .bool(true)), ("use_chords", .bool(true)),
          ("drums_pitch_range", .array([.integer(30), .integer(70)])),
          (
            "additional_params",
            .object(JSONObject(members: [JSONMember(name: "max_bar_embedding", value: .integer(40))]))
          ),
        ]
      ),
    ]
    return specs.compactMap { tokenization, options in
      let config = JSONValue.object(JSONObject(members: options.map { JSONMember(name: $0.0, value: $0.1) }))
      let document = JSONValue.object(
        JSONObject(members: [
          JSONMember(name: "config", value: config),
          JSONMember(name: "tokenization", value: .string(tokenization)),
        ]))
      return try? Tokenizer(file: TokenizerFile(json: document))
    }
  }()

  /// MMM's `additional_params`: its base tokenization.
  static func mmmBase(_ name: String) -> JSONValue {
    .object(JSONObject(members: [JSONMember(name: "base_tokenizer", value: .string(name))]))
  }

  /// PerTok's `additional_params`: its resolution, 16 MicroTiming bins of up to `shift`
  /// quarters (0: every bin 0), TimeShift or Position tokens.
  static func perTokParameters(ticksPerQuarter: Int, microtiming: Bool, shift: Int, positions: Bool)
    -> JSONValue
  {
    .object(
      JSONObject(members: [
        JSONMember(name: "ticks_per_quarter", value: .integer(ticksPerQuarter)),
        JSONMember(name: "use_microtiming", value: .bool(microtiming)),
        JSONMember(name: "max_microtiming_shift", value: .integer(shift)),
        JSONMember(name: "num_microtiming_bins", value: .integer(16)),
        JSONMember(name: "use_position_toks", value: .bool(positions)),
      ]))
  }

  /// Reads the input as a list of ids for one of `tokenizers` (``tokenizers`` unless given,
  /// such as trained ones read from their files): the first byte picks the tokenizer, the second
  /// the nesting (flat, per track, a token a list), the rest are 16-bit ids a little past the
  /// vocabulary; then decodes them.
  public static func checkDecode(_ bytes: [UInt8], tokenizers: [Tokenizer] = tokenizers) -> LawViolation? {
    guard bytes.count >= 2, !tokenizers.isEmpty else { return nil }
    let tokenizer = tokenizers[Int(bytes[0]) % tokenizers.count]
    let shape = bytes[1]
    let size = tokenizer.vocabularySize + 8
    var ids: [Int] = []
    var index = 2
    while index + 1 < bytes.count {
      ids.append((Int(bytes[index]) | Int(bytes[index + 1]) << 8) % size)
      index += 2
    }
    let width = max(tokenizer.vocabularies.count, 1)
    func tokens(_ ids: ArraySlice<Int>) -> JSONValue {
      if width == 1 || shape & 4 != 0 { return .array(ids.map { .integer($0) }) }
      let rowWidth = shape & 8 != 0 ? width + 1 : width
      return .array(
        stride(from: ids.startIndex, to: ids.endIndex, by: rowWidth).map { start in
          .array(ids[start..<min(start + rowWidth, ids.endIndex)].map { .integer($0) })
        })
    }
    let nested: JSONValue
    if shape & 1 != 0 {
      let split = ids.count / 2
      nested = .array([tokens(ids[..<split]), tokens(ids[split...])])
    } else if shape & 2 != 0 {
      nested = .array([tokens(ids[...])])
    } else {
      nested = tokens(ids[...])
    }
    let document = JSONValue.object(JSONObject(members: [JSONMember(name: "ids", value: nested)]))
    let list: TokenIDList
    do {
      list = try TokenIDList(json: document, tokenizer: tokenizer)
    } catch {
      return nil
    }
    let score: Score
    do {
      score = try tokenizer.decode(list)
    } catch {
      return nil
    }
    let midi = score.midiBytes()
    let file: MIDIFile
    let warnings: [SMFWarning]
    do {
      let result = try MIDIFile.read(midi)
      file = result.file
      warnings = result.warnings
    } catch {
      return LawViolation("a decoded song is written as a MIDI file that reads", "\(error)")
    }
    guard warnings.isEmpty else {
      return LawViolation("a decoded song's MIDI file reads without warnings", "\(warnings[0])")
    }
    let noteOns = file.tracks.reduce(0) { count, track in
      count + track.events.filter { $0.event.channelMessage?.isNoteStart == true }.count
    }
    // A note of velocity 0 (MIDI-Like takes the next token's value as the velocity) is a
    // note-off in a MIDI file, as symusic writes it too.
    let notes = score.tracks.reduce(0) { $0 + $1.notes.filter { $0.velocity > 0 }.count }
    guard noteOns == notes else {
      return LawViolation("every decoded note is in the MIDI file", "\(notes) notes, \(noteOns) note-ons")
    }
    return nil
  }

  /// Reads the input as a MIDI file (as symusic does) and tokenizes it with the first five of
  /// ``tokenizers`` and those after the seventh (the multi-vocabulary ones, PerTok, MMM,
  /// MuMIDI): every id stays in its own vocabulary (a MuMIDI token shorter than the
  /// vocabularies ends in −1s).
  public static func checkEncode(_ bytes: [UInt8]) -> LawViolation? {
    let score: Score
    do {
      score = try Score(midiBytes: bytes)
    } catch {
      return nil
    }
    for tokenizer in tokenizers.prefix(5) + tokenizers.dropFirst(7) {
      guard let tokens = try? tokenizer.encode(score) else { continue }
      // A token of several vocabularies holds one id of each, in their order; a MuMIDI token
      // may end early, −1 in the fields it lacks.
      let sizes = tokenizer.vocabularies.map(\.count)
      let short = tokenizer.tokenization.hasShortTokens
      for sequence in tokens.sequences {
        guard sequence.count % sizes.count == 0 else {
          return LawViolation("every token has one id per vocabulary", "\(tokenizer.tokenization.rawValue)")
        }
        for (index, id) in sequence.enumerated() {
          let field = index % sizes.count
          if short && id == -1 && field > 0 {
            guard field == sizes.count - 1 || sequence[index + 1] == -1 else {
              return LawViolation("a short token's −1s end it", "\(tokenizer.tokenization.rawValue)")
            }
            continue
          }
          guard id >= 0 && Int(id) < sizes[field] else {
            return LawViolation("every id is in its vocabulary", "\(tokenizer.tokenization.rawValue)")
          }
        }
      }
    }
    return nil
  }

  /// Reads the input but its last four bytes as a MIDI file, and those four as the tokenizer,
  /// the chunks' length, overlap, BOS and EOS, and the pitch, velocity and duration offsets
  /// (``checkChunks(of:tail:)``).
  public static func checkChunks(_ bytes: [UInt8]) -> LawViolation? {
    guard bytes.count >= 18, let score = try? Score(midiBytes: Array(bytes.dropLast(4))) else { return nil }
    return checkChunks(of: score, tail: Array(bytes.suffix(4))).violation
  }

  /// Augments a song and cuts it into chunks as four bytes say (a song of at most 256 bars and
  /// 4,096 notes: each candidate chunk is tokenized); the law broken, if any, and the chunks
  /// made (0 when the song or the bytes ask for what is refused, with a typed error).
  public static func checkChunks(of original: Score, tail: [UInt8]) -> (violation: LawViolation?, chunks: Int)
  {
    let notes = original.tracks.reduce(0) { $0 + $1.notes.count }
    let bars = Tokenizer.barCount(of: original)
    guard notes > 0, notes <= 4096, bars <= 256, tail.count == 4 else { return (nil, 0) }
    let tokenizer = tokenizers[Int(tail[0]) % tokenizers.count]
    var augmentation = ScoreAugmentation()
    augmentation.pitchOffset = Int(Int8(bitPattern: tail[1])) % 16
    augmentation.velocityOffset = Int(Int8(bitPattern: tail[2])) % 32
    augmentation.durationOffset = Double(Int(tail[3] & 0x0F) - 8) / 4
    augmentation.durationInTicks = tail[3] & 0x10 != 0
    let chunking = TokenChunking(
      maxSequenceLength: 1 + Int(tail[0] >> 4) * 24, overlapBars: Int(tail[3] >> 5) % 3,
      bos: tail[1] & 1 != 0,
      eos: tail[2] & 1 != 0)
    guard let score = try? original.augmented(augmentation),
      let chunks = try? tokenizer.encodeChunks(score, chunking)
    else { return (nil, 0) }
    var covered: [Int?: [(Int, Int)]] = [:]
    var previous: [Int?: Int] = [:]
    for chunk in chunks {
      guard chunk.tokenCount <= chunking.maxSequenceLength else {
        return (
          LawViolation(
            "no chunk is longer than max_seq_len", "\(chunk.tokenCount) > \(chunking.maxSequenceLength)"),
          chunks.count
        )
      }
      guard chunk.startTick < chunk.endTick, chunk.startTick >= previous[chunk.track, default: Int.min] else {
        return (LawViolation("chunks are in order", "\(chunk.startTick)..<\(chunk.endTick)"), chunks.count)
      }
      previous[chunk.track] = chunk.startTick
      covered[chunk.track, default: []].append((chunk.startTick, chunk.endTick))
    }
    for (index, track) in score.tracks.enumerated() {
      let spans = covered[tokenizer.oneTokenStream ? nil : index, default: []]
      for note in track.notes
      where !spans.contains(where: { Int(note.time) >= $0.0 && Int(note.time) < $0.1 }) {
        return (LawViolation("every note lies in a chunk", "track \(index), tick \(note.time)"), chunks.count)
      }
    }
    return (nil, chunks.count)
  }
}

/// The words a trainer learns from, each with how many times it came: what Hugging Face
/// `tokenizers`' trainers gather in `feed` (a word per pre-tokenized piece of every sequence).
///
/// Words are kept as Unicode scalar values (a Swift `String` would merge canonically equivalent
/// characters, which MidiTok's `chr(id + 33)` gives from base id 735 on). Gathering is cheap to
/// split: each reading job fills its own and ``merge(_:)`` sums them.
///
/// ```swift
/// var words = TrainingWords()
/// words.add([0x2581, 0x21, 0x22])
/// words.add([0x2581, 0x21, 0x22])  // count 2
/// ```
public struct TrainingWords: Sendable {
  /// Word → count.
  public private(set) var counts: [[UInt32]: Int] = [:]
  /// The sequences fed (before pre-tokenization), for the summary.
  public private(set) var sequenceCount = 0
  /// The scalars of the sequences fed, before pre-tokenization (MidiTok's base tokens).
  public private(set) var scalarCount = 0

  /// An empty collection.
  public init() {}

  /// Counts one more `word` (an empty word is not counted, as no trainer sees it).
  public mutating func add(_ word: some Collection<UInt32>) {
    guard !word.isEmpty else { return }
    counts[Array(word), default: 0] += 1
  }

  /// Feeds one sequence (a string of `train_from_iterator`), as the trainers' `feed` does: cut
  /// into words by MidiTok's Metaspace pre-tokenizer (replacement "▁" put in front, words cut
  /// before each "▁") when `metaspace`, else one word, and each word counted.
  public mutating func feed(_ sequence: [UInt32], metaspace: Bool) {
    sequenceCount += 1
    scalarCount += sequence.count
    guard metaspace else { return add(sequence) }
    var scratch: [UInt32] = []
    sequence.withUnsafeBufferPointer { piece in
      // The body does not throw, so neither does the pre-tokenizer.
      try? Self.metaspace.pretokenize(piece, offset: 0, scratch: &scratch) { word in add(word) }
    }
  }

  /// MidiTok's pre-tokenizer when it splits ids per bar or beat.
  static let metaspace = Metaspace(replacement: 0x2581, prependScheme: .always, split: true)

  /// Adds another collection's counts.
  public mutating func merge(_ other: TrainingWords) {
    counts.merge(other.counts, uniquingKeysWith: +)
    sequenceCount += other.sequenceCount
    scalarCount += other.scalarCount
  }

  /// The words with their counts, sorted by their scalars: the trainers depend on the order of
  /// words only where Hugging Face's follows its hash map's (new prefixed tokens, ties of the
  /// alphabet limit), and a sorted order makes those cases the same on every run.
  public var sorted: [(word: [UInt32], count: Int)] {
    counts.map { ($0.key, $0.value) }.sorted { $0.word.lexicographicallyPrecedes($1.word) }
  }
}

extension Tokenization {
  /// The rules of the tokenization: the registry, the one place that names each
  /// tokenization's rules. A new tokenization is a case of ``Tokenization``, a folder of its
  /// rules, and one line here.
  var rules: any TokenizationRules {
    switch self {
    case .remi: REMIRules()
    case .tsd: TSDRules()
    case .midiLike: MIDILikeRules()
    case .structured: StructuredRules()
    case .cpWord: CPWordRules()
    case .octuple: OctupleRules()
    case .perTok: PerTokRules()
    case .mmm: MMMRules()
    case .muMIDI: MuMIDIRules()
    }
  }

  /// Whether a token is a list of ids, one per vocabulary.
  public var isMultiVocabulary: Bool { rules.isMultiVocabulary }

  /// Whether a token may hold fewer ids than there are vocabularies (MuMIDI): midiroll's rows
  /// of ids are then −1 where MidiTok's token has no id.
  public var hasShortTokens: Bool { rules.hasShortTokens }
}

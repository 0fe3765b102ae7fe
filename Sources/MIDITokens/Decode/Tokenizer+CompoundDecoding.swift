extension Tokenizer {
  /// Each sequence's tokens grouped into CPWord's or Octuple's compound tokens, one token per
  /// field (a last token cut short keeps what it has).
  func compoundTokens(_ flat: [[String]]) -> [[[String]]] {
    let width = vocabularies.count
    return flat.map { tokens in
      stride(from: 0, to: tokens.count, by: width).map { Array(tokens[$0..<min($0 + width, tokens.count)]) }
    }
  }

  /// The value half of a token (`token.split("_")[1]`).
  static func value(_ token: String) throws(TokensError) -> Substring {
    let parts = token.split(separator: "_", omittingEmptySubsequences: false)
    guard parts.count >= 2 else { throw TokensError(.decodingFails("the token \(token) has no \"_\"")) }
    return parts[1]
  }

  /// The type half of a token (`token.split("_")[0]`).
  static func type(_ token: String) -> Substring {
    token.split(separator: "_", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
  }

  static func integer(_ token: String) throws(TokensError) -> Int {
    guard let value = DecodedToken.pythonInt(try value(token)) else {
      throw TokensError(.decodingFails("the value of \(token)"))
    }
    return value
  }

  /// MidiTok's first-tempo handling of CPWord and Octuple: the mocked tempo removed; the
  /// default tempo at tick 0 unless the first tempo is the default (moved to tick 0).
  func finishCompoundTempos(_ tempos: inout [ScoreTempo]) {
    tempos.removeFirst()
    func rounded(_ tempo: ScoreTempo) -> Double { NumPy.pythonRoundTwoDecimals(tempo.qpm) }
    if tempos.isEmpty || (tempos[0].time != 0 && rounded(tempos[0]) != defaultTempo) {
      tempos.insert(ScoreTempo(time: 0, mspq: Self.mspq(qpm: defaultTempo)), at: 0)
    } else if rounded(tempos[0]) == defaultTempo {
      tempos[0].time = 0
    }
  }
}

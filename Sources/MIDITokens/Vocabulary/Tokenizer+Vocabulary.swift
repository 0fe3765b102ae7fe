extension Tokenizer {
  /// One vocabulary: the special tokens, then the base vocabulary `body` appends.
  func oneVocabulary(_ body: (inout Vocabulary) -> Void) -> [Vocabulary] {
    var vocabulary = Vocabulary()
    vocabulary.append(contentsOf: config.specialTokens)
    body(&vocabulary)
    return [vocabulary]
  }

  /// The Position tokens of the longest bar of the vocabulary's time signatures.
  var positionTokens: [String] {
    let maxBeats = timeSignatures.map(\.numerator).max() ?? 0
    return (0..<(config.maxPositionsPerBeat * maxBeats)).map { "Position_\($0)" }
  }

  /// `_add_note_tokens_to_vocab_list`.
  func appendNoteTokens(to vocabulary: inout Vocabulary) {
    let pitches = config.pitchRange
    if noteOnOff {
      vocabulary.append(contentsOf: pitches.map { "NoteOn_\($0)" })
      if !config.noteDurationPrograms.isEmpty {
        vocabulary.append(contentsOf: pitches.map { "NoteOff_\($0)" })
      }
    } else {
      vocabulary.append(contentsOf: pitches.map { "Pitch_\($0)" })
    }
    vocabulary.append(contentsOf: velocities.map { "Velocity_\($0)" })
    if (!noteOnOff && config.usingNoteDurationTokens) || config.sustainPedalDuration {
      vocabulary.append(contentsOf: durations.map { "Duration_\($0)" })
    }
  }

  /// `_add_additional_tokens_to_vocab_list`.
  func appendAdditionalTokens(to vocabulary: inout Vocabulary) {
    if config.usePitchIntervals {
      for kind in ["PitchIntervalTime", "PitchIntervalChord"] {
        vocabulary.append(
          contentsOf: (-config.maxPitchInterval...config.maxPitchInterval).map { "\(kind)_\($0)" })
      }
    }
    if config.usePitchDrumTokens {
      let drums = config.drumsPitchRange
      vocabulary.append(contentsOf: drums.map { (noteOnOff ? "DrumOn_" : "PitchDrum_") + "\($0)" })
      if noteOnOff { vocabulary.append(contentsOf: drums.map { "DrumOff_\($0)" }) }
    }
    if config.useChords { vocabulary.append(contentsOf: chordTokens) }
    if config.useRests { vocabulary.append(contentsOf: rests.map { "Rest_\($0)" }) }
    if config.useTempos { vocabulary.append(contentsOf: tempos.map { "Tempo_" + NumPy.pythonRepr($0) }) }
    if config.usePrograms { vocabulary.append(contentsOf: config.programs.map { "Program_\($0)" }) }
    if config.useTimeSignatures {
      vocabulary.append(contentsOf: timeSignatures.map { "TimeSig_\($0.numerator)/\($0.denominator)" })
    }
    if config.useKeySignatures {
      for key in -7...7 {
        for tonality in 0...1 { vocabulary.append("KeySig_\(key):\(tonality)") }
      }
    }
    if config.useSustainPedals {
      if config.usePrograms {
        vocabulary.append(contentsOf: config.programs.map { "Pedal_\($0)" })
        if !config.sustainPedalDuration {
          vocabulary.append(contentsOf: config.programs.map { "PedalOff_\($0)" })
        }
      } else {
        vocabulary.append("Pedal_0")
        if !config.sustainPedalDuration { vocabulary.append("PedalOff_0") }
      }
    }
    if config.usePitchBends { vocabulary.append(contentsOf: pitchBends.map { "PitchBend_\($0)" }) }
    if config.useControlChanges {
      for (number, values) in controlChangeValues {
        vocabulary.append(contentsOf: values.map { "ControlChange_\(number)-\($0)" })
      }
    }
  }

  /// `_create_chords_tokens`.
  var chordTokens: [String] {
    var tokens: [String] = []
    if config.chordTokensWithRootNote {
      for (quality, _) in config.chordMaps {
        tokens += Self.pitchClasses.map { "Chord_\($0):\(quality)" }
      }
    } else {
      tokens += config.chordMaps.map { "Chord_\($0.name)" }
    }
    if let unknown = config.chordUnknown {
      if config.chordTokensWithRootNote {
        for count in unknown { tokens += Self.pitchClasses.map { "Chord_\($0):ukn\(count)" } }
      } else {
        tokens += unknown.map { "Chord_\($0)" }
      }
    }
    return tokens
  }

  /// MidiTok's `PITCH_CLASSES`.
  static let pitchClasses = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]
}

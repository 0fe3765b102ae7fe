extension Note {
  /// The pitch class (0 = C … 11 = B) of a note name without octave, case-insensitively:
  /// a letter `A`–`G` and any number of sharps (`#`, `♯`) or flats (`b`, `♭`): `F#` is 6,
  /// `Bb` is 10, `Cb` is 11, `E#` is 5. `nil` for anything else.
  public static func pitchClass(named name: some StringProtocol) -> Int? {
    guard let (pitchClass, rest) = leadingPitchClass(of: Substring(name)), rest.isEmpty else { return nil }
    return pitchClass.flooredDivision(by: 12).remainder
  }

  /// The MIDI pitch of a note name with octave (`C4` = 60, `F#3` = 54, `Bb-1` = 10,
  /// `G9` = 127), case-insensitively; or of a number written as digits (`60`). `nil` for
  /// anything else or outside 0…127.
  ///
  /// Octaves are numbered as in ``Note/name``: octave 4 starts at middle C (60), octave −1
  /// at 0. A flat or sharp may cross the octave's edge: `Cb4` is 59, `B#3` is 60.
  public static func pitch(named name: some StringProtocol) -> Int? {
    let text = Substring(name)
    if let first = text.first, first.isASCII, first.isNumber {
      guard text.allSatisfy({ $0.isASCII && $0.isNumber }), text.count <= 3, let value = Int(text),
        (0...127).contains(value)
      else { return nil }
      return value
    }
    guard let (pitchClass, rest) = leadingPitchClass(of: text), !rest.isEmpty else { return nil }
    var digits = rest
    var negative = false
    if let sign = digits.first, sign == "-" || sign == "−" {
      negative = true
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty, digits.count <= 2, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let octave = Int(digits)
    else { return nil }
    let pitch = ((negative ? -octave : octave) + 1) * 12 + pitchClass
    return (0...127).contains(pitch) ? pitch : nil
  }

  /// The pitch class of a leading letter and accidentals (not wrapped into 0…11: `Cb` is −1),
  /// and what follows them.
  private static func leadingPitchClass(of text: Substring) -> (Int, Substring)? {
    guard let letter = text.first else { return nil }
    let naturals: [Character: Int] = ["C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11]
    guard let natural = naturals[Character(letter.uppercased())] else { return nil }
    var pitchClass = natural
    var rest = text.dropFirst()
    while let accidental = rest.first {
      switch accidental {
      case "#", "♯": pitchClass += 1
      case "b", "♭": pitchClass -= 1
      default: return (pitchClass, rest)
      }
      rest = rest.dropFirst()
    }
    return (pitchClass, rest)
  }
}

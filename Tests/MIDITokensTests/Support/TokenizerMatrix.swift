/// The configurations the tests hold midiroll's ids to MidiTok's with: each tokenization with
/// its default, and with the options switched on together in a few combinations (programs in
/// one stream or not, program changes, rests, tempos, time signatures on and off, pedals with
/// PedalOff and with durations, pitch bends, control changes, key signatures, chords, pitch
/// intervals, REMI's bar options, velocities off, durations for some programs only, other beat
/// resolutions and special tokens).
enum TokenizerMatrix {
  typealias Spec = MidiTokJudge.Spec

  static func specs(for tokenization: String) -> [Spec] {
    if tokenization == "PerTok" { return perTokSpecs }
    if tokenization == "MMM" { return mmmSpecs }
    if tokenization == "MuMIDI" { return muMIDISpecs }
    let name = tokenization.lowercased()
    var specs: [Spec] = [
      Spec(name: "\(name)-default", tokenization: tokenization, params: [:]),
      Spec(
        name: "\(name)-programs-all", tokenization: tokenization,
        params: [
          "use_programs": true, "use_rests": true, "use_tempos": true, "use_time_signatures": true,
          "use_sustain_pedals": true, "use_pitch_bends": true, "use_chords": true, "use_key_signatures": true,
          "use_control_changes": true, "control_change_numbers": .raw("[1, 7, 10, 11, 91, 121]"),
        ]),
      Spec(
        name: "\(name)-tracks-changes", tokenization: tokenization,
        params: [
          "use_programs": true, "one_token_stream_for_programs": false, "program_changes": true,
          "use_tempos": true,
          "use_rests": true, "use_sustain_pedals": true, "sustain_pedal_duration": true,
          "use_pitch_intervals": true,
          "log_tempos": true, "num_tempos": 20,
        ]),
      Spec(
        name: "\(name)-plain", tokenization: tokenization,
        params: [
          "use_time_signatures": false, "use_velocities": false, "remove_duplicated_notes": true,
          "special_tokens": .raw("['BOS', 'EOS_x_y']"), "beat_res": .raw("{(0, 2): 16, (2, 8): 4}"),
          "use_note_duration_programs": .raw("list(range(0, 60))"), "use_pitch_bends": true,
          "pitch_range": .raw("(30, 100)"), "use_chords": true, "chord_tokens_with_root_note": true,
          "chord_unknown": .raw("(3, 6)"),
        ]),
      Spec(
        name: "\(name)-stream-changes", tokenization: tokenization,
        params: [
          "use_programs": true, "program_changes": true, "use_control_changes": true,
          "use_pitchdrum_tokens": false,
          "use_key_signatures": true, "num_velocities": 16, "programs": .raw("list(range(0, 48)) + [-1, 90]"),
          "use_sustain_pedals": true,
          "time_signature_range": .raw("{8: [3, 6, 9, 12], 4: [2, 3, 4, 5], 2: [2]}"),
        ]),
    ]
    if tokenization == "REMI" {
      specs.append(
        Spec(
          name: "remi-bars", tokenization: tokenization,
          params: [
            "max_bar_embedding": 400, "use_bar_end_tokens": true, "add_trailing_bars": true,
            "use_rests": true,
            "use_tempos": true, "delete_equal_successive_tempo_changes": true,
          ]))
    }
    if tokenization == "Octuple" {
      specs.append(
        Spec(
          name: "octuple-bars", tokenization: tokenization,
          params: [
            "max_bar_embedding": 250, "use_time_signatures": false, "use_programs": true, "use_tempos": true,
            "use_velocities": false, "use_note_duration_programs": .raw("[]"),
          ]))
    }
    if tokenization == "CPWord" {
      specs.append(
        Spec(
          name: "cpword-rests", tokenization: tokenization,
          params: [
            "use_rests": true, "use_tempos": true, "use_time_signatures": false, "use_chords": true,
            "use_note_duration_programs": .raw("[]"),
          ]))
    }
    return specs
  }

  /// MuMIDI's configurations: its default (no tempos: a song without tempos is refused), with
  /// programs, tempos (log-spaced) and chords, and with a drum pitch range, fewer programs (a
  /// drum track of another program left out), no velocities, no durations and fewer bars.
  static let muMIDISpecs: [Spec] = [
    Spec(name: "mumidi-default", tokenization: "MuMIDI", params: [:]),
    Spec(
      name: "mumidi-programs-tempos", tokenization: "MuMIDI",
      params: [
        "use_programs": true, "use_tempos": true, "programs": .raw("list(range(0, 64)) + [-1]"),
        "num_tempos": 20, "log_tempos": true, "use_chords": true,
      ]),
    Spec(
      name: "mumidi-drums", tokenization: "MuMIDI",
      params: [
        "drums_pitch_range": .raw("(35, 60)"), "programs": .raw("list(range(0, 48)) + [-1]"),
        "use_velocities": false, "max_bar_embedding": 30, "use_note_duration_programs": .raw("[]"),
        "use_tempos": true,
      ]),
  ]

  /// PerTok's configurations: with and without microtiming, at 320 and 480 ticks per quarter,
  /// beat ranges that overlap (sixteenths and triplets), TimeShift or Position tokens, with
  /// programs and the global and control tokens, chords, pitch intervals, rests (which PerTok
  /// never writes) and pedals with durations.
  static let perTokSpecs: [Spec] = [
    Spec(
      name: "pertok-microtiming", tokenization: "PerTok",
      params: [
        "beat_res": .raw("{(0, 4): 4, (0, 2): 3}"), "use_time_signatures": false, "ticks_per_quarter": 320,
        "use_microtiming": true, "max_microtiming_shift": 0.125, "num_microtiming_bins": 30,
      ]),
    Spec(
      name: "pertok-plain", tokenization: "PerTok",
      params: [
        "beat_res": .raw("{(0, 4): 8, (0, 4): 3, (4, 8): 2}"), "use_time_signatures": false,
        "ticks_per_quarter": 480, "use_microtiming": false, "max_microtiming_shift": 0.25,
      ]),
    Spec(
      name: "pertok-positions", tokenization: "PerTok",
      params: [
        "beat_res": .raw("{(0, 4): 4, (0, 1): 6}"), "use_time_signatures": false, "ticks_per_quarter": 480,
        "use_microtiming": true, "max_microtiming_shift": 0.0625, "num_microtiming_bins": 16,
        "use_position_toks": true, "use_velocities": false,
      ]),
    Spec(
      name: "pertok-programs", tokenization: "PerTok",
      params: [
        "beat_res": .raw("{(0, 4): 4, (0, 2): 3}"), "ticks_per_quarter": 320, "use_microtiming": true,
        "max_microtiming_shift": 0.125, "num_microtiming_bins": 20, "use_programs": true, "use_tempos": true,
        "use_time_signatures": true, "use_key_signatures": true, "use_pitch_bends": true,
        "use_control_changes": true, "control_change_numbers": .raw("[1, 7, 10, 11, 91, 121]"),
      ]),
    Spec(
      name: "pertok-tracks", tokenization: "PerTok",
      params: [
        "beat_res": .raw("{(0, 4): 4, (0, 2): 3}"), "ticks_per_quarter": 480, "use_microtiming": true,
        "max_microtiming_shift": 0.125, "num_microtiming_bins": 30, "use_programs": true,
        "one_token_stream_for_programs": false, "program_changes": true, "use_sustain_pedals": true,
        "use_time_signatures": false, "use_note_duration_programs": .raw("list(range(0, 60))"),
      ]),
    Spec(
      name: "pertok-intervals", tokenization: "PerTok",
      params: [
        "beat_res": .raw("{(0, 4): 4, (0, 2): 3}"), "ticks_per_quarter": 480, "use_microtiming": true,
        "max_microtiming_shift": 0.125, "num_microtiming_bins": 30, "use_position_toks": true,
        "use_chords": true, "use_pitch_intervals": true, "use_rests": true,
        "beat_res_rest": .raw("{(0, 1): 4, (1, 4): 2}"), "use_sustain_pedals": true,
        "sustain_pedal_duration": true, "use_tempos": true,
      ]),
  ]

  /// MMM's configurations: over REMI, TSD and MIDI-Like, with tempos (MMM decodes the first
  /// track's), time signatures, rests, chords, pitch intervals, pedals, pitch bends, control
  /// changes (which MMM switches off), and durations for some programs only.
  static let mmmSpecs: [Spec] = [
    Spec(
      name: "mmm-remi", tokenization: "MMM",
      params: [
        "base_tokenizer": "REMI", "use_tempos": true, "use_time_signatures": true, "use_rests": true,
        "use_sustain_pedals": true, "use_pitch_bends": true, "use_chords": true, "use_key_signatures": true,
        "use_control_changes": true,
      ]),
    Spec(
      name: "mmm-tsd", tokenization: "MMM",
      params: [
        "base_tokenizer": "TSD", "use_tempos": true, "use_pitch_intervals": true, "use_rests": true,
        "use_velocities": false, "use_note_duration_programs": .raw("list(range(0, 60))"),
        "special_tokens": .raw("['PAD', 'BOS', 'Track_End']"),
      ]),
    Spec(
      name: "mmm-midilike", tokenization: "MMM",
      params: [
        "base_tokenizer": "MIDILike", "use_tempos": true, "use_time_signatures": true, "use_chords": true,
        "use_sustain_pedals": true, "sustain_pedal_duration": true, "log_tempos": true, "num_tempos": 20,
      ]),
  ]
}

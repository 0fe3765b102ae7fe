/// What `midiroll report` reads back of one input's statistics in a report line (`batch
/// --stats`): the parts of ``SongStats/jsonLine`` the dataset summary counts.
struct StatsLine: Decodable, Sendable {
  /// A tempo range.
  struct TempoRange: Decodable, Sendable {
    var min: Double
    var max: Double
  }
  /// A pitch range.
  struct PitchRange: Decodable, Sendable {
    var low: Int
    var high: Int
  }

  var notes: Int
  var seconds: Double
  var bars: Int
  var tempo: TempoRange
  var pitchRange: PitchRange?
  var meters: [String]
  var keys: [String]
  var instruments: [String: Int]
  var drumNotes: Int
  /// muspy's metrics by name (`nil`: NaN or raised), or `nil` when muspy refuses the file.
  var metrics: [String: Double?]?
  var muspyRefused: String?
}

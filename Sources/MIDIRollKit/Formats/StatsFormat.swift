import MIDIRollFiles
import SongStatistics

/// A song's statistics (``SongStats``) as one JSON line (`.jsonl`), written only: what `stats
/// --json` prints and `convert song.mid song.jsonl` and `batch --to stats` write.
public enum StatsFormat {
  /// The format's description.
  public static let format = SongFormat(
    kind: .stats, title: "statistics (muspy's metrics, facts, hashes) as a JSON line", extensions: ["jsonl"],
    makeEncoder: { _ in Encoder() })

  /// Writes the statistics of a song as one JSON line.
  struct Encoder: SongEncoder {
    func write(_ input: SongInput, to sink: OutputSink) throws(KitError) -> [KitNotice] {
      sink.write(Array((try SongStats(input).jsonLine + "\n").utf8))
      return []
    }
  }
}

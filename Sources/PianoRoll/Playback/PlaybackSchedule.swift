import SMF

/// Everything a synthesizer receives while a song plays, in playing order, with the song's
/// tempo map to place each message in seconds or samples.
///
/// The messages of all tracks are merged (the tracks of a format 0 or 1 file share the 16
/// channels). Within one tick the order is the one a player needs: controllers, programs,
/// pitch bends, pressure and SysEx first (in track order, then file order), then note-offs, then
/// note-ons, and last the note-offs of notes that last 0 ticks, so a note struck again at the
/// tick where it ends sounds again, a program change reaches the note it comes with, and a
/// 0-tick note is still struck. Meta events are not messages; tempos are in ``tempos``.
public struct PlaybackSchedule: Hashable, Sendable {
  /// The messages, in playing order.
  public let events: [PlaybackEvent]
  /// Ticks ⇄ seconds for the song.
  public let tempos: TempoMap

  /// The schedule of a song.
  ///
  /// - Complexity: O(*n* log *n*) in the number of notes and events.
  public init(song: Song) {
    var keyed: [(tick: Int, rank: Int, order: Int, message: PlaybackEvent.Message)] = []
    keyed.reserveCapacity(song.tracks.reduce(0) { $0 + 2 * $1.notes.count + $1.events.count })
    var order = 0
    for track in song.tracks {
      for item in track.events {
        switch item.event {
        case .channel(let message):
          let rank = message.isNoteStart ? Rank.noteOn : message.isNoteEnd ? Rank.noteOff : Rank.control
          keyed.append((item.tick, rank, order, .channel(message)))
        case .sysEx(let packet):
          if let body = Self.completeSysEx(packet) {
            keyed.append((item.tick, Rank.control, order, .sysEx(body)))
          }
        case .meta:
          continue
        }
        order += 1
      }
      for note in track.notes {
        keyed.append(
          (
            note.tick, Rank.noteOn, order,
            .channel(.noteOn(channel: note.channel, key: note.pitch, velocity: note.velocity))
          ))
        let off = ChannelMessage.noteOff(channel: note.channel, key: note.pitch, velocity: note.offVelocity)
        keyed.append(
          (note.endTick, note.durationTicks > 0 ? Rank.noteOff : Rank.zeroLengthNoteOff, order, .channel(off))
        )
        order += 1
      }
    }
    keyed.sort { ($0.tick, $0.rank, $0.order) < ($1.tick, $1.rank, $1.order) }
    events = keyed.map { PlaybackEvent(tick: $0.tick, message: $0.message) }
    tempos = song.makeTimeline().tempos
  }

  /// Where a message goes within its tick.
  private enum Rank {
    static let control = 0
    static let noteOff = 1
    static let noteOn = 2
    static let zeroLengthNoteOff = 3
  }

  /// The body of a complete `F0` packet (without its closing `F7`), or `nil` for an escape
  /// (`F7`) packet or a packet split over several events, which a synthesizer cannot take whole.
  static func completeSysEx(_ packet: SysExEvent) -> [UInt8]? {
    guard packet.kind == .start, packet.data.last == 0xF7 else { return nil }
    return Array(packet.data.dropLast())
  }

  /// The tick of the last message, or `nil` without messages.
  public var lastTick: Int? { events.last?.tick }

  /// The time of a tick in seconds.
  public func seconds(atTick tick: Int) -> Double { tempos.seconds(atTick: tick) }

  /// The sample frame nearest the time of a tick, at `sampleRate` frames a second.
  ///
  /// Computed from the exact time (a fraction) with one rounding, half up; through `Double`
  /// only when the fraction does not fit in 64 bits.
  public func frame(atTick tick: Int, sampleRate: Int) -> Int {
    if let (numerator, denominator) = tempos.exactSeconds(atTick: max(0, tick)), numerator >= 0,
      denominator > 0
    {
      let (product, overflow) = numerator.multipliedReportingOverflow(by: sampleRate)
      if !overflow, product <= Int.max - denominator / 2 { return (product + denominator / 2) / denominator }
    }
    let frames = seconds(atTick: max(0, tick)) * Double(sampleRate)
    return frames < Double(Int.max / 2) ? Int(frames.rounded()) : Int.max / 2
  }
}

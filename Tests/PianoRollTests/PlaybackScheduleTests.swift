import PianoRoll
import SMF
import Testing

/// The order and times in which a synthesizer receives a song's messages.
@Suite struct PlaybackScheduleTests {
  func song(_ tracks: [SongTrack], ticksPerQuarter: Int = 480) -> Song {
    Song(format: .multipleTracks, division: .ticksPerQuarter(ticksPerQuarter), tracks: tracks)
  }

  @Test func aNoteStruckAgainWhereItEndsIsReleasedFirst() {
    let notes = [
      Note(pitch: 60, tick: 0, durationTicks: 480), Note(pitch: 60, tick: 480, durationTicks: 480),
    ]
    let schedule = PlaybackSchedule(song: song([SongTrack(notes: notes)]))
    let messages = schedule.events.map { ($0.tick, $0.message) }
    #expect(messages.map(\.0) == [0, 480, 480, 960])
    #expect(messages[1].1 == .channel(.noteOff(channel: 0, key: 60)))
    #expect(messages[2].1 == .channel(.noteOn(channel: 0, key: 60, velocity: 100)))
  }

  @Test func programsAndControllersComeBeforeTheNotesOfTheirTickAcrossTracks() {
    let first = SongTrack(notes: [Note(pitch: 64, tick: 0, durationTicks: 10)])
    let second = SongTrack(events: [
      TrackEvent(tick: 0, .channel(.programChange(channel: 0, program: 40))),
      TrackEvent(tick: 0, .channel(.controlChange(channel: 0, controller: 7, value: 90))),
      TrackEvent(tick: 0, .meta(.tempo(microsecondsPerQuarter: 400_000))),
    ])
    let schedule = PlaybackSchedule(song: song([first, second]))
    #expect(
      schedule.events.map(\.message) == [
        .channel(.programChange(channel: 0, program: 40)),
        .channel(.controlChange(channel: 0, controller: 7, value: 90)),
        .channel(.noteOn(channel: 0, key: 64, velocity: 100)),
        .channel(.noteOff(channel: 0, key: 64)),
      ])
  }

  @Test func aZeroTickNoteIsStruckThenReleased() {
    let schedule = PlaybackSchedule(
      song: song([SongTrack(notes: [Note(pitch: 50, tick: 100, durationTicks: 0)])]))
    #expect(
      schedule.events.map(\.message) == [
        .channel(.noteOn(channel: 0, key: 50, velocity: 100)), .channel(.noteOff(channel: 0, key: 50)),
      ])
  }

  @Test func completeSysExIsSentWithoutItsFramingAndEscapesAreLeftOut() {
    let track = SongTrack(events: [
      TrackEvent(tick: 0, .sysEx(SysExEvent(.start, data: [0x7E, 0x7F, 0x09, 0x01, 0xF7]))),
      TrackEvent(tick: 0, .sysEx(SysExEvent(.continuation, data: [0x01, 0x02]))),
      TrackEvent(tick: 0, .sysEx(SysExEvent(.start, data: [0x43, 0x12]))),  // split packet
    ])
    let schedule = PlaybackSchedule(song: song([track]))
    #expect(schedule.events.map(\.message) == [.sysEx([0x7E, 0x7F, 0x09, 0x01])])
  }

  @Test func framesFollowTheTempoMapExactly() {
    let track = SongTrack(
      notes: [Note(pitch: 60, tick: 1440, durationTicks: 1)],
      events: [
        TrackEvent(tick: 0, .meta(.tempo(microsecondsPerQuarter: 500_000))),
        TrackEvent(tick: 960, .meta(.tempo(microsecondsPerQuarter: 1_000_000))),
      ])
    let schedule = PlaybackSchedule(song: song([track]))
    #expect(schedule.frame(atTick: 960, sampleRate: 44_100) == 44_100)  // 1 s
    #expect(schedule.frame(atTick: 1440, sampleRate: 44_100) == 88_200)  // 2 s
    #expect(schedule.frame(atTick: 1441, sampleRate: 44_100) == 88_292)  // + 1/480 s = 91.875 frames
    #expect(schedule.frame(atTick: 1, sampleRate: 48_000) == 50)  // 1/960 s = 50 frames
    #expect(schedule.lastTick == 1441)
  }
}

#if LibSMF
  import LibSMFBridge
  import SMF
  import Testing

  @Suite("comparing the two readers' events")
  struct ComparisonTests {
    /// Note on C4 at 0, note on C4 velocity 0 at 480, End of Track at 480.
    let file = MIDIFile(tracks: [
      Track(events: [
        TrackEvent(tick: 0, .channel(.noteOn(channel: 0, key: 60, velocity: 100))),
        TrackEvent(tick: 480, .channel(.noteOn(channel: 0, key: 60, velocity: 0))),
        TrackEvent(tick: 480, .meta(.endOfTrack)),
      ])
    ])
    let same: [[LibSMFEvent]] = [
      [
        LibSMFEvent(tick: 0, bytes: [0x90, 0x3C, 0x64]),
        LibSMFEvent(tick: 480, bytes: [0x90, 0x3C, 0x00]),
        LibSMFEvent(tick: 480, bytes: [0xFF, 0x2F, 0x00]),
      ]
    ]

    @Test("the same events give no difference")
    func identical() {
      #expect(ReaderComparison.compare(swift: file, libsmf: same).isEmpty)
    }

    @Test("a different event is one line naming track, event, bytes and ticks")
    func differentEvent() {
      var other = same
      other[0][1] = LibSMFEvent(tick: 480, bytes: [0x80, 0x3C, 0x00])
      let differences = ReaderComparison.compare(swift: file, libsmf: other)
      #expect(
        differences.map(\.description) == [
          "track 0, event 1: Swift reader has 90 3C 00 at tick 480, libsmf has 80 3C 00 at tick 480"
        ])
    }

    @Test("a missing event and a missing track are named")
    func missing() {
      let differences = ReaderComparison.compare(swift: file, libsmf: [Array(same[0].prefix(2)), []])
      #expect(
        differences.map(\.description) == [
          "file: Swift reader has 1 track(s), libsmf has 2",
          "track 0, event 2: Swift reader has FF 2F 00 at tick 480, libsmf has no event",
        ])
    }

    @Test("differences beyond the limit are counted in one line")
    func limit() {
      let shifted = [same[0].map { LibSMFEvent(tick: $0.tick + 1, bytes: $0.bytes) }]
      let differences = ReaderComparison.compare(swift: file, libsmf: shifted, limitPerTrack: 1)
      #expect(differences.count == 2)
      #expect(differences.last?.description == "track 0: 2 more event(s) differ")
    }

    @Test("F0 SysEx is compared without its length, long buffers are cut")
    func sysExForm() {
      let data = [UInt8](0..<20) + [0xF7]
      let event = TrackEvent(tick: 5, .sysEx(SysExEvent(.start, data: data)))
      let form = ReaderComparison.libsmfForm(of: event)
      #expect(form == LibSMFEvent(tick: 5, bytes: [0xF0] + data))
      #expect(
        form.description
          == "F0 00 01 02 03 04 05 06 07 08 09 0A 0B 0C 0D 0E … (22 bytes) at tick 5")
    }
  }
#endif

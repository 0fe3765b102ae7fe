#if LibSMF
  import LibSMFBridge
  import SMF
  import Testing

  @Suite("libsmf and the Swift reader on real MIDI files")
  struct RealFileTests {
    @Test("the MIDI files of the Debian packages are installed")
    func debianFilesArePresent() {
      #expect(
        !TestData.debianFiles.isEmpty,
        """
        no .mid files found in the Debian packages \(TestData.debianPackages.joined(separator: ", ")) \
        (dpkg -L): run `make deps`
        """)
    }

    @Test("libsmf reads each real file exactly as the Swift reader does", arguments: TestData.debianFiles)
    func realFileAgrees(path: String) throws {
      let bytes = try TestData.bytes(at: path)
      let result = try MIDIFile.read(bytes)
      let outcome = LibSMFCrossCheck.run(bytes: bytes, result: result, limitPerTrack: 5)
      switch outcome {
      case .agree(let events):
        #expect(events == result.file.eventCount)
      case .differ(let differences):
        Issue.record(
          Comment(rawValue: "\(path): \(outcome)\n" + differences.map(\.description).joined(separator: "\n")))
      case .refused, .failed:
        Issue.record("\(path): \(outcome)")
      }
    }

    @Test(
      "every corpus file the Swift reader accepts agrees with libsmf or is refused",
      arguments: TestData.corpusFiles)
    func corpusFileAgreesOrIsRefused(name: String) throws {
      let bytes = try TestData.bytes(at: TestData.corpus.appendingPathComponent(name).path)
      let result: ReadResult
      do {
        result = try MIDIFile.read(bytes)
      } catch {
        return  // not accepted by the Swift reader: never handed to libsmf
      }
      let outcome = LibSMFCrossCheck.run(bytes: bytes, result: result, limitPerTrack: 5)
      switch outcome {
      case .agree:
        break
      case .refused(let reason):
        #expect(!reason.isEmpty)
      case .differ(let differences):
        Issue.record(
          Comment(rawValue: "\(name): \(outcome)\n" + differences.map(\.description).joined(separator: "\n")))
      case .failed:
        Issue.record("\(name): \(outcome)")
      }
    }

    @Test(
      "the corpus files that crash libsmf are refused",
      arguments: [
        // Running status right after a SysEx: libsmf 1.3 fails an assertion and aborts.
        "jazz-soft/midi/test-running-status-sysex.mid",
        // An F7 event: libsmf 1.3 fails an assertion and aborts.
        "shkyrockett/track-events/system-common/0xF7-EndOfExclusive.mid",
      ])
    func corpusCrashersAreRefused(name: String) throws {
      let bytes = try TestData.bytes(at: TestData.corpus.appendingPathComponent(name).path)
      let result = try MIDIFile.read(bytes)
      let outcome = LibSMFCrossCheck.run(bytes: bytes, result: result)
      guard case .refused = outcome else {
        Issue.record("\(name): expected a refusal, got \(outcome)")
        return
      }
    }

    @Test("concurrent reads are serialised and all agree")
    func concurrentReadsAgree() async throws {
      let paths = Array(TestData.debianFiles.prefix(8))
      try #require(!paths.isEmpty, "no Debian MIDI files: run `make deps`")
      let outcomes = try await withThrowingTaskGroup(of: LibSMFCrossCheck.Outcome.self) { group in
        for path in paths + paths {
          group.addTask {
            let bytes = try TestData.bytes(at: path)
            return LibSMFCrossCheck.run(bytes: bytes, result: try MIDIFile.read(bytes))
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(outcomes.count == paths.count * 2)
      for outcome in outcomes {
        guard case .agree = outcome else {
          Issue.record("\(outcome)")
          continue
        }
      }
    }
  }
#endif

import Foundation
import PianoRoll
import SMF
import TestSupport
import Testing

/// `--steps 1/16`: steps laid bar by bar, downbeats exactly at the bars' first steps.
@Suite("Bar-relative steps in changing meters", .tags(.judge), .tiered, .requires(.python))
struct BarStepTests {
  /// One stretch of a meter: numerator, denominator, and its length in ticks (at 96 per quarter);
  /// a length that is not a whole number of bars ends in a cut bar.
  static let stretches: [(Int, Int, Int)] = [
    (3, 8, 2 * 144), (5, 8, 2 * 240), (7, 8, 336), (6, 8, 288), (12, 8, 576),
    (4, 4, 100),  // a cut bar of 100 ticks: 4⅙ sixteenths, 5 steps
    (3, 4, 288 + 30),  // one 3/4 bar, then a cut bar of 30 ticks: 1¼ sixteenths, 2 steps
    (5, 8, 240),
  ]

  /// The file: the meters in track 0, a note at the start of every bar (and one 10 ticks in) in
  /// track 1; and the expected first step of every bar, from the stretches alone.
  static func song() -> (bytes: [UInt8], barSteps: [Int], noteTicks: [Int]) {
    var meters: [(Int, [UInt8])] = []
    var barTicks: [Int] = []
    var barSteps: [Int] = []  // steps of each bar: its length in sixteenths (24 ticks), rounded up
    var tick = 0
    var lastEvent = 0
    for (numerator, denominator, length) in stretches {
      meters.append((tick - lastEvent, meter(numerator, denominator)))
      lastEvent = tick
      let bar = numerator * 4 * 96 / denominator
      var offset = 0
      while offset < length {
        barTicks.append(tick + offset)
        barSteps.append((min(bar, length - offset) + 23) / 24)
        offset += bar
      }
      tick += length
    }
    let end = tick
    var notes: [(Int, [UInt8])] = []
    var previous = 0
    var noteTicks: [Int] = []
    for start in barTicks {
      for at in [start, start + 10] {
        noteTicks.append(at)
        notes.append((at - previous, [0x90, 60 + UInt8(noteTicks.count % 12), 100]))
        notes.append((5, [0x80, 60 + UInt8(noteTicks.count % 12), 0]))
        previous = at + 5
      }
    }
    meters.append((end - lastEvent, [0xFF, 0x01, 0x03] + Array("end".utf8)))
    let bytes = SMFBytes.file(division: 96, [track(meters), track(notes)])
    return (bytes, barSteps, noteTicks)
  }

  @Test(
    "--steps 1/16: downbeats exactly at bar starts, each bar its length in sixteenths (cut bars round up)")
  func sixteenths() throws {
    let (bytes, barSteps, noteTicks) = Self.song()
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("meters.mid")
    try Data(bytes).write(to: input)
    let output = folder.appendingPathComponent("meters.npz").path
    let run = try runMIDIRoll(["convert", input.path, output, "--steps", "1/16"])
    try #require(run.status == 0, "\(run.stderr)")
    let script = """
      import sys, json, numpy as np, pypianoroll
      m = pypianoroll.load(sys.argv[1])
      roll = m.tracks[0].pianoroll
      onsets = sorted(int(s) for s in np.flatnonzero(np.any(roll[1:] > roll[:-1], axis=1)) + 1)
      if roll[0].any(): onsets = [0] + onsets
      print(json.dumps({"resolution": m.resolution, "steps": int(roll.shape[0]),
        "downbeats": [int(i) for i in np.flatnonzero(m.downbeat)], "onsets": onsets,
        "cells": [[int(s), int(p)] for s, p in np.argwhere(roll > 0)]}))
      """
    let result = try Python.run(script: script, [output])
    struct Loaded: Decodable {
      var resolution: Int
      var steps: Int
      var downbeats: [Int]
      var cells: [[Int]]
    }
    let loaded = try JSONDecoder().decode(
      Loaded.self, from: Data(result.output.split(separator: "\n").last.map(String.init)?.utf8 ?? "".utf8))
    var firstSteps: [Int] = []
    var total = 0
    for steps in barSteps {
      firstSteps.append(total)
      total += steps
    }
    #expect(loaded.resolution == 4)
    #expect(loaded.steps == total)
    #expect(loaded.downbeats == firstSteps)
    // Every bar's first note starts on its bar's first step; the one 10 ticks in rounds to the
    // nearest sixteenth of its bar (10 ticks < half of 24: the same step).
    let onsets = Set(loaded.cells.map { $0[0] })
    for step in firstSteps { #expect(onsets.contains(step), "no note at bar step \(step)") }
    #expect(noteTicks.count == 2 * firstSteps.count)
  }

  @Test("the library's step map agrees: every bar's first step, cut bars rounded up, on 1/16, 1/8t and 1/8.")
  func library() throws {
    let (bytes, barSteps, _) = Self.song()
    let song = try Song(bytes: bytes)
    let meters = song.makeTimeline().timeSignatures
    for grid in [Grid.sixteenth, Grid.eighth.triplet, Grid.eighth.dotted] {
      let map = try StepMap(
        grid: .bars(grid), timeSignatures: meters, endTick: song.endTick, maximumSteps: 1 << 20)
      let (numerator, denominator) = grid.cellTicks(ticksPerQuarter: 96)
      var step = 0
      for bar in 0..<barSteps.count {
        let start = meters.startTick(ofBar: bar)
        let length = meters.startTick(ofBar: bar + 1) - start
        #expect(map.step(atTick: start) == step, "\(grid) bar \(bar)")
        #expect(map.startTick(ofStep: step) == start, "\(grid) bar \(bar)")
        step += (length * denominator + numerator - 1) / numerator
      }
      #expect(map.songSteps == step, "\(grid)")
      if grid == .sixteenth { #expect(map.songSteps == barSteps.reduce(0, +)) }
    }
  }
}

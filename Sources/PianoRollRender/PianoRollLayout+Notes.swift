import PianoRoll

extension PianoRollLayout {
  /// The faded fill of a note of the song compared with.
  public static let beforeFill = RGBColor(hex: 0xD4D4D4)
  /// The outline of a note of the song compared with (drawn dashed).
  public static let beforeStroke = RGBColor(hex: 0x808080)

  /// The index of each track among the tracks that hold notes (`nil` for a track without).
  static func colorIndices(_ song: Song) -> [Int?] {
    var next = 0
    return song.tracks.map { track in
      guard !track.notes.isEmpty else { return nil }
      defer { next += 1 }
      return next
    }
  }

  /// The name of a track as shown: its track name, or `Track N` (1-based).
  static func trackName(_ song: Song, _ index: Int) -> String {
    let name = song.tracks.indices.contains(index) ? song.tracks[index].name : nil
    return name.map { $0.isEmpty ? "Track \(index + 1)" : $0 } ?? "Track \(index + 1)"
  }

  /// Adds a box for every note shown that has a row, cut at the edges of the bars drawn.
  /// - Parameter timeline: The song's timeline, computed once by the caller.
  mutating func addNotes(_ shown: [ShownNote], song: Song, timeline: Timeline, before: Song?) {
    guard let lowest = rows.last?.pitch, let highest = rows.first?.pitch else { return }
    let indices = Self.colorIndices(song)
    let beforeTimeline = before?.makeTimeline()
    let inset = options.rowHeight >= 4 ? 1.0 : 0
    notes.reserveCapacity(shown.count)
    for item in shown {
      guard let row = row(ofPitch: item.note.pitch) else {
        if item.layer == .current { hiddenNoteCount += 1 }
        continue
      }
      let left = x(atTick: max(item.start, Double(startTick)))
      let right = x(atTick: min(item.end, Double(endTick)))
      let fill: RGBColor
      let stroke: RGBColor
      let position: Position
      let trackName: String
      switch item.layer {
      case .current:
        let index = indices.indices.contains(item.note.track) ? indices[item.note.track] ?? 0 : 0
        let base = options.coloring.base(
          pitch: item.note.pitch, colorIndex: index, pitchRange: lowest...highest)
        fill = NoteColoring.fill(base: base, velocity: item.note.velocity)
        stroke = base.mixed(with: RGBColor(hex: 0), amount: 0.3)
        position = timeline.position(atTick: item.note.tick)
        trackName = Self.trackName(song, item.note.track)
      case .before:
        fill = Self.beforeFill
        stroke = Self.beforeStroke
        position = beforeTimeline?.position(atTick: item.note.tick) ?? .zero
        trackName = before.map { Self.trackName($0, item.note.track) } ?? ""
      }
      notes.append(
        NoteBox(
          layer: item.layer, x: left, y: row.y + inset, width: max(Self.minimumNoteWidth, right - left),
          height: row.height - 2 * inset, fill: fill, stroke: stroke, note: item.note, position: position,
          trackName: trackName))
    }
  }

  /// Adds the legend under the grid (tracks and their colours, or the colour scheme; the song
  /// compared with; notes hidden), wrapping to more lines as needed, and sets the height.
  mutating func addLegend(song: Song, hasBefore: Bool) {
    var entries: [(RGBColor?, String)] = []
    switch options.coloring {
    case .track:
      // The notes drawn per track (within the bars and rows shown), not the song's.
      var drawn = [Int](repeating: 0, count: song.tracks.count)
      for box in notes where box.layer == .current && drawn.indices.contains(box.note.track) {
        drawn[box.note.track] += 1
      }
      for (index, colorIndex) in Self.colorIndices(song).enumerated() {
        guard let colorIndex else { continue }
        let count = drawn[index]
        let base = options.coloring.base(pitch: 60, colorIndex: colorIndex, pitchRange: 60...60)
        entries.append((base, "\(Self.trackName(song, index)) (\(count) note\(count == 1 ? "" : "s"))"))
      }
    case .rainbow:
      entries.append((nil, "Rainbow: a colour per pitch class, intensity by velocity"))
    case .fire:
      entries.append((nil, "Fire: low pitches dark red to high yellow, intensity by velocity"))
    case .ocean:
      entries.append((nil, "Ocean: low pitches deep blue to high cyan, intensity by velocity"))
    }
    if !options.rows.highlighted.isEmpty {
      let label = options.rows.label.map { ": \($0)" } ?? ""
      let text = (options.rows.onlyHighlighted ? "Rows shown" : "Highlighted rows") + label
      entries.append((options.rows.onlyHighlighted ? nil : SVGWriter.highlightedWhiteRow, text))
    }
    if hasBefore {
      entries.append((Self.beforeFill, "Underneath: \(options.beforeTitle ?? "the song compared with")"))
    }
    if hiddenNoteCount > 0 {
      entries.append((nil, "\(hiddenNoteCount) note(s) outside the rows drawn"))
    }
    let swatch = 14.0
    let entryWidths = entries.map { ($0.0 == nil ? 0 : swatch) + Self.textWidth($0.1) + 18 }
    let titleWidth = labels.first { $0.kind == .title }.map { $0.x + Self.textWidth($0.text) + 6 } ?? 0
    width = max(width, keyColumnWidth + (entryWidths.max() ?? 0), titleWidth).rounded(.up)
    var left = keyColumnWidth
    var line = 0
    for (entry, entryWidth) in zip(entries, entryWidths) {
      if left > keyColumnWidth, left + entryWidth > width {
        left = keyColumnWidth
        line += 1
      }
      let baseline = gridBottom + 6 + Double(line) * Self.legendLineHeight + 12
      legend.append(LegendEntry(color: entry.0, text: entry.1, x: left, y: baseline))
      left += entryWidth
    }
    let lines = entries.isEmpty ? 0 : line + 1
    height = gridBottom + 6 + Double(lines) * Self.legendLineHeight + 4
  }
}

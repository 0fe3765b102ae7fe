/// Keeps the kinds of warning that come once per file to one each in a list of problems:
/// ``SMFProblem/Kind/systemMessagesSkipped(first:count:bytes:)`` and
/// ``SMFProblem/Kind/eventCutShort(expected:droppedBytes:tracks:)``. A later one is added into
/// the first (its place and wording stay; the counts add up); every other kind is appended.
struct OncePerFileWarnings {
  /// Where the system-messages warning is in the list.
  private var skipped: Int?
  /// Where the cut-event warning is in the list.
  private var cut: Int?

  /// Appends `warning` to `list`, or adds it into the warning of its kind already there.
  mutating func append(_ warning: SMFWarning, to list: inout [SMFProblem]) {
    switch warning.kind {
    case .systemMessagesSkipped(_, let count, let bytes):
      Self.add(warning, to: &list, at: &skipped) { kind in
        guard case .systemMessagesSkipped(let first, let before, let beforeBytes) = kind else { return nil }
        return .systemMessagesSkipped(first: first, count: before + count, bytes: beforeBytes + bytes)
      }
    case .eventCutShort(_, let dropped, let tracks):
      Self.add(warning, to: &list, at: &cut) { kind in
        guard case .eventCutShort(let expected, let before, let beforeTracks) = kind else { return nil }
        return .eventCutShort(
          expected: expected, droppedBytes: before + dropped, tracks: beforeTracks + tracks)
      }
    default:
      list.append(warning)
    }
  }

  /// Adds `warning` into the warning at `index` in `list` (the kind `merged` makes of that one's),
  /// or, when there is none yet, appends it and keeps its index.
  private static func add(
    _ warning: SMFWarning, to list: inout [SMFProblem], at index: inout Int?,
    merged: (SMFProblem.Kind) -> SMFProblem.Kind?
  ) {
    if let found = index, let kind = merged(list[found].kind) {
      list[found] = list[found].with(kind)
    } else {
      index = list.count
      list.append(warning)
    }
  }

  /// Appends each of `warnings` in turn.
  mutating func append(contentsOf warnings: [SMFWarning], to list: inout [SMFProblem]) {
    for warning in warnings { append(warning, to: &list) }
  }
}

extension SMFProblem {
  /// The same problem (place and severity) with another kind.
  fileprivate func with(_ kind: Kind) -> SMFProblem {
    SMFProblem(kind, offset: offset, track: track, severity: severity)
  }
}

/// The events of a track in a compact layout: a value-semantic collection of ``TrackEvent``.
///
/// Each event takes one 16-byte record (its tick, status byte, two data bytes and where its
/// data is); the data of meta and SysEx events lives in one byte buffer per track (a
/// variable-length quantity with its length, then its bytes). So a track holds no heap
/// allocation per event and no padding, while reading as simply as an array:
/// `track.events[i].event`, `for item in track.events`, `track.events.append(…)`,
/// `track.events == [...]`. A ``TrackEvent`` is made on access.
///
/// Replacing or removing a meta or SysEx event leaves its old bytes in the buffer until the
/// buffer is rebuilt (``compacted()``); reading never does.
public struct TrackEvents: Sendable {
  /// One event: 16 bytes.
  @usableFromInline
  struct Record: Sendable {
    @usableFromInline var tick: Int64
    /// For meta and SysEx events: where the data's length starts in `payloads`.
    @usableFromInline var payload: UInt32
    /// The channel message's status byte, `FF` for meta, `F0` or `F7` for SysEx.
    @usableFromInline var status: UInt8
    /// The first data byte, or the meta event's type.
    @usableFromInline var data1: UInt8
    /// The second data byte.
    @usableFromInline var data2: UInt8

    @inlinable
    init(tick: Int64, payload: UInt32, status: UInt8, data1: UInt8, data2: UInt8) {
      self.tick = tick
      self.payload = payload
      self.status = status
      self.data1 = data1
      self.data2 = data2
    }
  }

  @usableFromInline var records: [Record]
  @usableFromInline var payloads: [UInt8]

  /// An empty collection.
  @inlinable public init() {
    records = []
    payloads = []
  }

  /// Reserves room for `count` events and `payloadBytes` bytes of meta and SysEx data.
  public mutating func reserveCapacity(_ count: Int, payloadBytes: Int) {
    records.reserveCapacity(count)
    payloads.reserveCapacity(payloadBytes)
  }

  /// How many events the storage has room for without growing.
  public var capacity: Int { records.capacity }

  /// The tick of the event at `index`, without making the event.
  @inlinable public func tick(at index: Int) -> Int { Int(records[index].tick) }

  /// Moves the event at `index` to `tick` (its place in the collection stays).
  @inlinable public mutating func setTick(_ tick: Int, at index: Int) {
    records[index].tick = Int64(tick)
  }

  /// Appends a channel message from its status and data bytes, which the caller has checked
  /// (status `80`–`EF`, data bytes below `80`; `data2` 0 for one-byte messages).
  @inlinable
  public mutating func appendChannel(tick: Int, status: UInt8, _ data1: UInt8, _ data2: UInt8) {
    records.append(Record(tick: Int64(tick), payload: 0, status: status, data1: data1, data2: data2))
  }

  /// Appends a meta (`FF`, `type` its type) or SysEx (`F0`/`F7`) event whose data are `data`.
  public mutating func appendData(tick: Int, status: UInt8, type: UInt8, _ data: some Collection<UInt8>) {
    let offset = payloads.count
    precondition(offset <= Int(UInt32.max), "a track's meta and SysEx data exceed 4 GiB")
    var length = data.count
    var buffer: (UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0)
    var digits = 0
    withUnsafeMutableBytes(of: &buffer) { out in
      repeat {
        out[digits] = UInt8(length & 0x7F)
        length >>= 7
        digits += 1
      } while length > 0 && digits < 5
      for index in stride(from: digits - 1, through: 0, by: -1) {
        payloads.append(out[index] | (index > 0 ? 0x80 : 0))
      }
    }
    payloads.append(contentsOf: data)
    records.append(Record(tick: Int64(tick), payload: UInt32(offset), status: status, data1: type, data2: 0))
  }

  /// The data bytes of the meta or SysEx event of `record`, as a range of `payloads`.
  @usableFromInline
  func dataRange(of record: Record) -> Range<Int> {
    var offset = Int(record.payload)
    var length = 0
    while true {
      let byte = payloads[offset]
      offset += 1
      length = length << 7 | Int(byte & 0x7F)
      if byte < 0x80 { break }
    }
    return offset..<(offset + length)
  }

  /// The event a record stands for.
  @usableFromInline
  func event(of record: Record) -> TrackEvent {
    let tick = Int(record.tick)
    switch record.status {
    case 0xFF:
      return TrackEvent(
        tick: tick, .meta(MetaEvent(type: record.data1, data: Array(payloads[dataRange(of: record)]))))
    case 0xF0, 0xF7:
      let kind: SysExEvent.Kind = record.status == 0xF0 ? .start : .continuation
      return TrackEvent(tick: tick, .sysEx(SysExEvent(kind, data: Array(payloads[dataRange(of: record)]))))
    default:
      return TrackEvent(
        tick: tick, .channel(ChannelMessage(unchecked: record.status, record.data1, record.data2)))
    }
  }

  /// Appends an event.
  public mutating func append(_ item: TrackEvent) { take(item) }

  /// The indices of the channel messages of one kind (`0xC0`: program changes), in order: one
  /// pass over the records, no ``TrackEvent`` made.
  public func indices(ofChannelKind kind: UInt8) -> [Int] {
    var found: [Int] = []
    records.withUnsafeBufferPointer { records in
      for index in records.indices where records[index].status < 0xF0 && records[index].status & 0xF0 == kind
      {
        found.append(index)
      }
    }
    return found
  }

  /// The status and data bytes of the event at `index` when it is a channel message (`nil` for
  /// a meta or SysEx event), without making a ``TrackEvent``.
  @inlinable
  public func channelBytes(at index: Int) -> (status: UInt8, data1: UInt8, data2: UInt8)? {
    let record = records[index]
    return record.status < 0xF0 ? (record.status, record.data1, record.data2) : nil
  }

  /// The type of the meta event at `index` (`0x59`: a key signature), `nil` for a channel
  /// message or SysEx, without making a ``TrackEvent``.
  @inlinable
  public func metaType(at index: Int) -> UInt8? {
    let record = records[index]
    return record.status == 0xFF ? record.data1 : nil
  }

  /// Sets the first data byte of the channel message at `index` (the key of a note message or
  /// of key pressure); the event must be a channel message.
  public mutating func setChannelData1(_ value: UInt8, at index: Int) {
    precondition(records[index].status < 0xF0, "setChannelData1: not a channel message")
    records[index].data1 = value
  }

  /// Hands the event at `index` to `sink` as the reader would, without making a ``TrackEvent``.
  @inlinable
  public func send<Sink: TrackEventSink>(_ index: Int, to sink: inout Sink) {
    let record = records[index]
    if record.status < 0xF0 {
      sink.appendChannel(tick: Int(record.tick), status: record.status, record.data1, record.data2)
    } else {
      sink.appendData(
        tick: Int(record.tick), status: record.status, type: record.data1, payloads[dataRange(of: record)])
    }
  }

  /// Hands every event to `sink` as the reader would: channel messages in batches
  /// (``TrackEventSink/appendChannels(_:)``), meta and SysEx events one by one, and no
  /// ``TrackEvent`` made.
  @inlinable
  public func send<Sink: TrackEventSink>(to sink: inout Sink) {
    records.withUnsafeBufferPointer { records in
      withUnsafeTemporaryAllocation(of: RawChannelEvent.self, capacity: RawChannelEvent.batchSize) { batch in
        var count = 0
        for record in records {
          if record.status < 0xF0 {
            batch[count] = RawChannelEvent(
              tick: Int(record.tick), status: record.status, record.data1, record.data2)
            count += 1
            if count < batch.count { continue }
          }
          if count > 0 {
            sink.appendChannels(UnsafeBufferPointer(rebasing: batch[..<count]))
            count = 0
          }
          if record.status >= 0xF0 {
            sink.appendData(
              tick: Int(record.tick), status: record.status, type: record.data1,
              payloads[dataRange(of: record)])
          }
        }
        if count > 0 { sink.appendChannels(UnsafeBufferPointer(rebasing: batch[..<count])) }
      }
    }
  }

  /// The same events with a data buffer that holds only the data they use.
  public func compacted() -> TrackEvents {
    var copy = TrackEvents()
    copy.reserveCapacity(count, payloadBytes: payloads.count)
    for item in self { copy.append(item) }
    return copy
  }

  /// Whether the events at `i` and `j` (of `a` and `b`) are the same event.
  @usableFromInline
  static func same(_ a: TrackEvents, _ i: Int, _ b: TrackEvents, _ j: Int) -> Bool {
    let x = a.records[i]
    let y = b.records[j]
    guard x.tick == y.tick, x.status == y.status, x.data1 == y.data1 else { return false }
    if x.status < 0xF0 { return x.data2 == y.data2 }
    return a.payloads[a.dataRange(of: x)].elementsEqual(b.payloads[b.dataRange(of: y)])
  }
}

extension TrackEvents: RandomAccessCollection, MutableCollection {
  /// The position of the first event: 0.
  @inlinable public var startIndex: Int { 0 }
  /// One past the last event: the number of events.
  @inlinable public var endIndex: Int { records.count }
  /// The number of events.
  @inlinable public var count: Int { records.count }

  /// The event at `index`, made on access; setting it replaces the event.
  public subscript(index: Int) -> TrackEvent {
    get { event(of: records[index]) }
    set {
      precondition(records.indices.contains(index), "index out of range")
      var one = TrackEvents()
      one.append(newValue)
      replaceSubrange(index..<(index + 1), with: one)
    }
  }
}

extension TrackEvents: RangeReplaceableCollection {
  /// Replaces the events in `subrange` with `newElements`.
  public mutating func replaceSubrange<C: Collection<TrackEvent>>(_ subrange: Range<Int>, with newElements: C)
  {
    var added = TrackEvents()
    if let compact = newElements as? TrackEvents {
      added = compact
    } else {
      added.records.reserveCapacity(newElements.count)
      for item in newElements { added.append(item) }
    }
    let base = payloads.count
    precondition(base + added.payloads.count <= Int(UInt32.max), "a track's meta and SysEx data exceed 4 GiB")
    payloads.append(contentsOf: added.payloads)
    records.replaceSubrange(
      subrange,
      with: added.records.lazy.map { record in
        var moved = record
        if moved.status >= 0xF0 { moved.payload += UInt32(base) }
        return moved
      })
  }

  /// Reserves room for `n` events.
  public mutating func reserveCapacity(_ n: Int) {
    records.reserveCapacity(n)
  }

  /// Removes every event (and, unless kept, the storage).
  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    records.removeAll(keepingCapacity: keepCapacity)
    payloads.removeAll(keepingCapacity: keepCapacity)
  }
}

extension TrackEvents: ExpressibleByArrayLiteral {
  /// Events from a list.
  public init(arrayLiteral elements: TrackEvent...) {
    self.init(elements)
  }
}

extension TrackEvents: Hashable {
  /// Whether both hold the same events in the same order (however their data is stored).
  public static func == (lhs: TrackEvents, rhs: TrackEvents) -> Bool {
    guard lhs.count == rhs.count else { return false }
    for index in 0..<lhs.count where !same(lhs, index, rhs, index) { return false }
    return true
  }

  /// Hashes the events (not how their data is stored).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(records.count)
    for record in records {
      hasher.combine(record.tick)
      hasher.combine(record.status)
      hasher.combine(record.data1)
      if record.status < 0xF0 {
        hasher.combine(record.data2)
      } else {
        for byte in payloads[dataRange(of: record)] { hasher.combine(byte) }
      }
    }
  }
}

extension TrackEvents: CustomStringConvertible {
  /// The events as an array would print them.
  public var description: String { Array(self).description }
}

extension TrackEvents {
  /// The text of the first track-name meta event (`FF 03`), if any.
  public var trackName: String? {
    for item in self {
      if case .meta(let meta) = item.event, meta.type == MetaEvent.Kind.trackName.rawValue {
        return meta.text
      }
    }
    return nil
  }
}

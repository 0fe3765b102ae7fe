/* exported SongModel */
"use strict";

// The piano-roll model of the page: a song read from piano-roll JSON (docs/DESIGN.md), with
// the same rules as midiroll's Swift model: positions through every meter change
// (TimeSignatureMap), seconds through every tempo change (TempoMap) and bar-relative grids
// (Grid, GridLines). Ticks are the truth; every other view is derived from them, so the page
// reads the full and the compact profile alike: notes and events as objects or as rows.
const SongModel = (() => {
  const CENTS_PER_BEAT = 960;
  // The fields of each event type's row, `[tick, "type", fields…]`, in their order (midiroll's
  // PianoRollJSON.eventRows; a test checks that the two agree). A note row is
  // [tick, durationTicks, pitch, velocity, channel, off].
  const EVENT_ROW_FIELDS = {
    noteOff: ["channel", "pitch", "velocity"],
    noteOn: ["channel", "pitch", "velocity"],
    polyPressure: ["channel", "pitch", "pressure"],
    controlChange: ["channel", "controller", "value"],
    programChange: ["channel", "program"],
    channelPressure: ["channel", "pressure"],
    pitchBend: ["channel", "value"],
    sysEx: ["kind", "hex"],
    meta: ["metaType", "hex"],
    sequenceNumber: ["number"],
    text: ["text"],
    copyright: ["text"],
    trackName: ["text"],
    instrumentName: ["text"],
    lyric: ["text"],
    marker: ["text"],
    cuePoint: ["text"],
    programName: ["text"],
    deviceName: ["text"],
    channelPrefix: ["channel"],
    port: ["port"],
    endOfTrack: [],
    tempo: ["microsecondsPerBeat"],
    smpteOffset: ["hours", "minutes", "seconds", "frames", "subframes"],
    timeSignature: ["numerator", "denominator", "clocksPerClick", "thirtySecondsPerQuarter"],
    keySignature: ["sharps", "minor"],
    sequencerSpecific: ["hex"],
  };
  const PITCH_CLASSES = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"];
  const MAJOR_KEYS = ["Cb", "Gb", "Db", "Ab", "Eb", "Bb", "F", "C", "G", "D", "A", "E", "B", "F#", "C#"];
  const MINOR_KEYS = ["Ab", "Eb", "Bb", "F", "C", "G", "D", "A", "E", "B", "F#", "C#", "G#", "D#", "A#"];

  /** `a / b` rounded down, exact for integers below 2^53 (b > 0). */
  function floorDiv(a, b) {
    let q = Math.floor(a / b);
    const r = a - q * b;
    if (r < 0) q -= 1;
    else if (r >= b) q += 1;
    return q;
  }

  /** `a / b` rounded up, exact for integers below 2^53 (b > 0). */
  function ceilDiv(a, b) {
    return -floorDiv(-a, b);
  }

  function gcd(a, b) {
    while (b !== 0) [a, b] = [b, a % b];
    return a;
  }

  /** A pitch's name, C4 = 60, sharps as midiroll writes them. */
  function noteName(pitch) {
    return PITCH_CLASSES[pitch % 12] + (Math.floor(pitch / 12) - 1);
  }

  /** An event as an object, whether the document gives it as one or as a row (`null`: absent). */
  function eventObject(event) {
    if (!Array.isArray(event)) return event;
    const object = { tick: event[0], type: event[1] };
    (EVENT_ROW_FIELDS[event[1]] || []).forEach((name, i) => {
      const value = event[2 + i];
      if (value !== null && value !== undefined) object[name] = value;
    });
    return object;
  }

  /** The `[index, rank]` pairs of a track's `onOrders` or `offOrders` as a map. */
  function ranks(list) {
    return new Map((list || []).map(([index, rank]) => [index, rank]));
  }

  /** A key signature's name, e.g. `G major`, `Eb minor`. */
  function keyName(sharps, minor) {
    const index = Math.max(-7, Math.min(7, sharps)) + 7;
    return (minor ? MINOR_KEYS[index] + " minor" : MAJOR_KEYS[index] + " major");
  }

  /** Ticks ⇄ bar, beat, subbeat and cent through every meter change (TimeSignatureMap). */
  class Meters {
    constructor(ticksPerQuarter, summaries) {
      this.ticksPerQuarter = ticksPerQuarter;
      const valid = (summaries || [])
        .filter((m) => m.numerator > 0 && m.denominator > 0 && (m.denominator & (m.denominator - 1)) === 0)
        .map((m, order) => ({ tick: Math.max(0, m.tick || 0), numerator: m.numerator, denominator: m.denominator, order }))
        .sort((a, b) => a.tick - b.tick || a.order - b.order);
      const merged = [];
      for (const item of valid) {
        if (merged.length > 0 && merged[merged.length - 1].tick === item.tick) merged[merged.length - 1] = item;
        else merged.push(item);
      }
      if (merged.length === 0 || merged[0].tick !== 0) merged.unshift({ tick: 0, numerator: 4, denominator: 4 });
      this.changes = [];
      for (const item of merged) {
        const change = { tick: item.tick, numerator: item.numerator, denominator: item.denominator, bar: 0 };
        const previous = this.changes[this.changes.length - 1];
        if (previous) {
          // Bars of the previous meter up to this tick, the cut one included.
          const span = item.tick - previous.tick;
          change.bar = previous.bar + ceilDiv(span * previous.denominator, 4 * ticksPerQuarter * previous.numerator);
        }
        this.changes.push(change);
      }
    }

    /** The index of the last change whose `key` is at or before `value`. */
    indexAtOrBefore(key, value) {
      let low = 0;
      let high = this.changes.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (this.changes[middle][key] <= value) low = middle;
        else high = middle - 1;
      }
      return low;
    }

    /** The meter in force at a tick. */
    meterAtTick(tick) {
      return this.changes[this.indexAtOrBefore("tick", tick)];
    }

    /** The meter of a bar. */
    meterOfBar(bar) {
      return this.changes[this.indexAtOrBefore("bar", bar)];
    }

    /** The position of a tick, 0-based: the nearest cent at or before it. */
    position(tick) {
      const change = this.meterAtTick(tick);
      const cents = floorDiv((tick - change.tick) * 240 * change.denominator, this.ticksPerQuarter);
      const perBar = change.numerator * CENTS_PER_BEAT;
      const bars = floorDiv(cents, perBar);
      const offset = cents - bars * perBar;
      return {
        bar: change.bar + bars,
        beat: Math.floor(offset / CENTS_PER_BEAT),
        subbeat: Math.floor((offset % CENTS_PER_BEAT) / 240),
        cent: offset % 240,
      };
    }

    /** The bar holding a tick. */
    barAtTick(tick) {
      return this.position(tick).bar;
    }

    /** The tick where a bar starts. */
    startTickOfBar(bar) {
      const change = this.meterOfBar(bar);
      return change.tick + ceilDiv((bar - change.bar) * change.numerator * 4 * this.ticksPerQuarter, change.denominator);
    }

    /** Ticks of a beat in a meter, whole (as the SVG draws beat lines). */
    beatTicks(change) {
      return Math.max(1, Math.floor((this.ticksPerQuarter * 4) / change.denominator));
    }
  }

  /** Ticks → seconds through every tempo change (TempoMap); SMPTE time is fixed. */
  class Tempos {
    constructor(ticksPerQuarter, smpte, summaries) {
      this.smpte = smpte;
      if (smpte) {
        const frames = smpte.framesPerSecond === 29 ? 29.97 : smpte.framesPerSecond;
        this.ticksPerSecond = frames * smpte.ticksPerFrame;
      }
      this.ticksPerQuarter = ticksPerQuarter;
      const valid = (summaries || [])
        .filter((t) => t.microsecondsPerBeat > 0)
        .map((t) => ({ tick: Math.max(0, t.tick || 0), micros: t.microsecondsPerBeat }))
        .sort((a, b) => a.tick - b.tick);
      if (valid.length === 0 || valid[0].tick !== 0) valid.unshift({ tick: 0, micros: 500000 });
      this.changes = [];
      let seconds = 0;
      for (const item of valid) {
        const previous = this.changes[this.changes.length - 1];
        if (previous && previous.tick === item.tick) {
          previous.micros = item.micros;
          continue;
        }
        if (previous) seconds += ((item.tick - previous.tick) * previous.micros) / (ticksPerQuarter * 1e6);
        this.changes.push({ tick: item.tick, micros: item.micros, seconds });
      }
    }

    changeAtTick(tick) {
      let low = 0;
      let high = this.changes.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (this.changes[middle].tick <= tick) low = middle;
        else high = middle - 1;
      }
      return this.changes[low];
    }

    /** Seconds from the start to a tick. */
    seconds(tick) {
      if (this.smpte) return tick / this.ticksPerSecond;
      const change = this.changeAtTick(tick);
      return change.seconds + ((tick - change.tick) * change.micros) / (this.ticksPerQuarter * 1e6);
    }

    /** The tick at a time in seconds (not always whole). */
    tick(seconds) {
      if (this.smpte) return seconds * this.ticksPerSecond;
      let low = 0;
      let high = this.changes.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (this.changes[middle].seconds <= seconds) low = middle;
        else high = middle - 1;
      }
      const change = this.changes[low];
      return change.tick + ((seconds - change.seconds) * this.ticksPerQuarter * 1e6) / change.micros;
    }

    /** Beats per minute at a tick. */
    bpm(tick) {
      return 60e6 / this.changeAtTick(tick).micros;
    }
  }

  /** A zoom level: whole … sixty-fourth, straight, triplet or dotted (Grid). */
  class Grid {
    constructor(noteValue, kind) {
      this.noteValue = noteValue;
      this.kind = kind || "straight";
    }

    /** Reads `1/16`, `1/8t`, `1/4.`; null for anything else. */
    static parse(text) {
      const match = /^1\/(\d{1,2})([t.]?)$/.exec(String(text).trim().toLowerCase());
      if (!match || !Grid.noteValues.includes(Number(match[1]))) return null;
      return new Grid(Number(match[1]), match[2] === "t" ? "triplet" : match[2] === "." ? "dotted" : "straight");
    }

    /** One cell in whole notes, as [numerator, denominator]. */
    get cellWholeNotes() {
      if (this.kind === "triplet") {
        return this.noteValue % 2 === 0 ? [1, (this.noteValue / 2) * 3] : [2, 3 * this.noteValue];
      }
      if (this.kind === "dotted") return [3, 2 * this.noteValue];
      return [1, this.noteValue];
    }

    toString() {
      return "1/" + this.noteValue + (this.kind === "triplet" ? "t" : this.kind === "dotted" ? "." : "");
    }

    get name() {
      const base = Grid.names[Grid.noteValues.indexOf(this.noteValue)];
      if (this.kind === "triplet") return base + " triplet";
      if (this.kind === "dotted") return "dotted " + base;
      return base;
    }
  }
  Grid.noteValues = [1, 2, 4, 8, 16, 32, 64];
  Grid.names = ["whole", "half", "quarter", "eighth", "sixteenth", "thirty-second", "sixty-fourth"];

  /** Where a grid's lines fall, restarting at every bar line (GridLines, no swing). */
  class GridLines {
    constructor(grid, meters) {
      this.grid = grid;
      this.meters = meters;
      const [numerator, denominator] = grid.cellWholeNotes;
      const ticks = 4 * meters.ticksPerQuarter * numerator;
      const common = gcd(ticks, denominator);
      this.cellNumerator = ticks / common;
      this.cellDenominator = denominator / common;
    }

    /** A cell in ticks (not always whole). */
    get cellTicks() {
      return this.cellNumerator / this.cellDenominator;
    }

    /** Ticks from a bar's start to its line k, rounded to the nearest tick (halves up). */
    offset(k) {
      return floorDiv(2 * this.cellNumerator * k + this.cellDenominator, 2 * this.cellDenominator);
    }

    /** The lines of the bar holding `tick` near it, ending with the next bar line. */
    candidates(tick) {
      const bar = this.meters.barAtTick(tick);
      const start = this.meters.startTickOfBar(bar);
      const end = this.meters.startTickOfBar(bar + 1);
      const k = Math.floor(((tick - start) * this.cellDenominator) / this.cellNumerator);
      const lines = [];
      for (let line = Math.max(0, k - 1); line <= k + 3; line++) {
        const at = start + this.offset(line);
        if (at < end) lines.push(at);
      }
      lines.push(end);
      return lines;
    }

    /** The line nearest a tick; between two at the same distance, the later one. */
    nearestLine(tick) {
      let best = Infinity;
      for (const line of this.candidates(Math.max(0, tick))) {
        if (Math.abs(line - tick) <= Math.abs(best - tick)) best = line;
      }
      return best;
    }

    /** The first line strictly after a tick. */
    lineAfter(tick) {
      return this.candidates(Math.max(0, tick)).find((line) => line > tick);
    }

    /** Every line from `start` through `end`, in order. */
    lines(start, end) {
      const result = [];
      let tick = this.candidates(Math.max(0, start)).find((line) => line >= start);
      while (tick !== undefined && tick <= end) {
        result.push(tick);
        tick = this.lineAfter(tick);
      }
      return result;
    }
  }

  /**
   * Every note of a song in typed arrays, with an index by start tick in blocks so that the notes
   * of a time window are found without looking at the others. Edited and added notes leave the
   * index and are kept in a short `loose` list, looked at always.
   */
  class NoteStore {
    constructor(capacity) {
      this.count = 0;
      this.allocate(Math.max(16, capacity));
      this.loose = [];
    }

    allocate(capacity) {
      const grow = (Type, old) => {
        const array = new Type(capacity);
        if (old) array.set(old.subarray(0, this.count));
        return array;
      };
      this.tick = grow(Float64Array, this.tick);
      this.duration = grow(Float64Array, this.duration);
      this.pitch = grow(Uint8Array, this.pitch);
      this.velocity = grow(Uint8Array, this.velocity);
      this.channel = grow(Uint8Array, this.channel);
      this.track = grow(Uint16Array, this.track);
      this.flags = grow(Uint8Array, this.flags);
      this.source = this.source || [];
      this.capacity = capacity;
    }

    /** Adds a note; returns its index. */
    add(tick, duration, pitch, velocity, channel, track, source) {
      if (this.count === this.capacity) this.allocate(this.capacity * 2);
      const index = this.count++;
      this.tick[index] = tick;
      this.duration[index] = duration;
      this.pitch[index] = pitch;
      this.velocity[index] = velocity;
      this.channel[index] = channel;
      this.track[index] = track;
      this.flags[index] = 0;
      this.source[index] = source || null;
      return index;
    }

    /** Sorts the index by start tick and builds its blocks (after loading). */
    buildIndex() {
      const order = new Uint32Array(this.count);
      const tick = this.tick;
      let maximum = 0;
      for (let i = 0; i < this.count; i++) maximum = Math.max(maximum, tick[i]);
      if ((maximum + 1) * this.count < Number.MAX_SAFE_INTEGER) {
        // One number per note, tick then index, sorted natively (much faster than a comparator).
        const keys = new Float64Array(this.count);
        for (let i = 0; i < this.count; i++) keys[i] = tick[i] * this.count + i;
        keys.sort();
        for (let i = 0; i < this.count; i++) order[i] = keys[i] % this.count;
      } else {
        for (let i = 0; i < this.count; i++) order[i] = i;
        order.sort((a, b) => tick[a] - tick[b] || a - b);
      }
      this.order = order;
      const blockSize = NoteStore.blockSize;
      const blocks = Math.ceil(order.length / blockSize);
      this.blockMaxEnd = new Float64Array(blocks);
      for (let block = 0; block < blocks; block++) {
        let maxEnd = -Infinity;
        const last = Math.min(order.length, (block + 1) * blockSize);
        for (let i = block * blockSize; i < last; i++) {
          const note = order[i];
          maxEnd = Math.max(maxEnd, tick[note] + this.duration[note]);
        }
        this.blockMaxEnd[block] = maxEnd;
      }
      this.loose = [];
    }

    /** Takes a note out of the index (it is being edited). */
    loosen(index) {
      if ((this.flags[index] & NoteStore.looseFlag) === 0) {
        this.flags[index] |= NoteStore.looseFlag;
        this.loose.push(index);
      }
    }

    /** Calls `visit(index)` for every live note that sounds in [start, end). */
    forEachIn(start, end, visit) {
      const order = this.order;
      const tick = this.tick;
      const duration = this.duration;
      const flags = this.flags;
      const blockSize = NoteStore.blockSize;
      // The first block whose notes start at or after `end` ends the search (notes are sorted).
      let low = 0;
      let high = order.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (tick[order[middle]] < end) low = middle + 1;
        else high = middle;
      }
      const stop = low;
      for (let block = 0; block * blockSize < stop; block++) {
        if (this.blockMaxEnd[block] <= start) continue;
        const last = Math.min(stop, (block + 1) * blockSize);
        for (let i = block * blockSize; i < last; i++) {
          const note = order[i];
          if (flags[note] !== 0) continue;
          if (tick[note] + Math.max(duration[note], 1) > start) visit(note);
        }
      }
      for (const note of this.loose) {
        if ((flags[note] & NoteStore.deletedFlag) !== 0) continue;
        if (tick[note] < end && tick[note] + Math.max(duration[note], 1) > start) visit(note);
      }
    }

    /** The number of notes not deleted. */
    get liveCount() {
      let count = 0;
      for (let i = 0; i < this.count; i++) if ((this.flags[i] & NoteStore.deletedFlag) === 0) count++;
      return count;
    }
  }
  NoteStore.blockSize = 256;
  NoteStore.looseFlag = 1;
  NoteStore.deletedFlag = 2;

  /** A song read from a piano-roll JSON document. */
  class Song {
    constructor(doc) {
      this.doc = doc;
      this.smpte = doc.smpte || null;
      this.ticksPerQuarter = this.smpte
        ? Math.max(1, (this.smpte.framesPerSecond === 29 ? 30 : this.smpte.framesPerSecond) * this.smpte.ticksPerFrame)
        : Math.max(1, doc.ticksPerBeat || 480);
      // The tracks' events are the truth; the summaries at the top count only where no track
      // has an event of their kind (as midiroll reads them), and the compact profile has none.
      const fromEvents = (type) => {
        const found = [];
        for (const track of doc.tracks || []) {
          for (const event of track.events || []) {
            const object = eventObject(event);
            if (object.type === type) found.push(object);
          }
        }
        return found;
      };
      const meters = fromEvents("timeSignature");
      const tempos = fromEvents("tempo");
      const keys = fromEvents("keySignature");
      this.meters = new Meters(this.ticksPerQuarter, meters.length > 0 ? meters : doc.timeSignatures);
      this.tempos = new Tempos(this.ticksPerQuarter, this.smpte, tempos.length > 0 ? tempos : doc.tempos);
      this.keys = (keys.length > 0 ? keys : doc.keySignatures || [])
        .map((k) => ({ tick: k.tick || 0, name: k.name || keyName(k.sharps || 0, Boolean(k.minor)) }))
        .sort((a, b) => a.tick - b.tick);
      const tracks = doc.tracks || [];
      const total = tracks.reduce((sum, track) => sum + (track.notes ? track.notes.length : 0), 0);
      this.notes = new NoteStore(total);
      // The ranks within a tick of notes given as rows (`onOrders`, `offOrders`), by note index
      // in the store: [onRank, offRank].
      this.rowRanks = new Map();
      this.tracks = [];
      let colorIndex = 0;
      let endTick = 0;
      for (let t = 0; t < tracks.length; t++) {
        const notes = tracks[t].notes || [];
        const events = (tracks[t].events || []).map(eventObject);
        const named = events.find((event) => event.type === "trackName");
        const name = tracks[t].name || (named && named.text) || "Track " + (t + 1);
        this.tracks.push({ name, colorIndex: notes.length > 0 ? colorIndex++ : -1 });
        const onRanks = ranks(tracks[t].onOrders);
        const offRanks = ranks(tracks[t].offOrders);
        for (let n = 0; n < notes.length; n++) {
          const note = notes[n];
          let i;
          if (Array.isArray(note)) {
            const [tick, duration, pitch, velocity, channel] = note;
            i = this.notes.add(tick, Math.max(0, duration), pitch, velocity, channel, t, note);
            if (onRanks.has(n) || offRanks.has(n)) this.rowRanks.set(i, [onRanks.get(n), offRanks.get(n)]);
          } else {
            const tick = this.noteTick(note);
            const duration = Math.max(0, this.noteDuration(note, tick));
            i = this.notes.add(tick, duration, note.pitch, note.velocity === undefined ? 100 : note.velocity,
              note.channel || 0, t, note);
          }
          endTick = Math.max(endTick, this.notes.tick[i] + this.notes.duration[i]);
        }
        for (const event of events) endTick = Math.max(endTick, event.tick || 0);
      }
      this.notes.buildIndex();
      this.endTick = endTick;
      this.updatePitchRange();
    }

    /** A note's start tick: `tick`, else from its position, else from its seconds. */
    noteTick(note) {
      if (typeof note.tick === "number") return note.tick;
      if (note.position) return this.tickAtPosition(note.position);
      if (typeof note.seconds === "number") return Math.round(this.tempos.tick(note.seconds));
      return 0;
    }

    noteDuration(note, tick) {
      if (typeof note.durationTicks === "number") return note.durationTicks;
      if (typeof note.durationSeconds === "number") {
        return Math.round(this.tempos.tick(this.tempos.seconds(tick) + note.durationSeconds)) - tick;
      }
      return this.ticksPerQuarter;
    }

    /** The first tick at or after a 0-based position (beats past a bar carry on). */
    tickAtPosition(position) {
      const bar = position.bar || 0;
      const start = this.meters.startTickOfBar(bar);
      const meter = this.meters.meterOfBar(bar);
      const cents = (position.beat || 0) * CENTS_PER_BEAT + (position.subbeat || 0) * 240 + (position.cent || 0);
      return start + ceilDiv(cents * this.ticksPerQuarter, 240 * meter.denominator);
    }

    /** The lowest and highest pitch of the notes (fire and ocean spread over it). */
    updatePitchRange() {
      let low = 127;
      let high = 0;
      for (let i = 0; i < this.notes.count; i++) {
        if ((this.notes.flags[i] & NoteStore.deletedFlag) !== 0) continue;
        low = Math.min(low, this.notes.pitch[i]);
        high = Math.max(high, this.notes.pitch[i]);
      }
      this.pitchLow = low <= high ? low : 60;
      this.pitchHigh = low <= high ? high : 72;
    }

    /** A tick's position as people write it: bar.beat.subbeat.cent, each counted from 1. */
    positionText(tick) {
      const p = this.meters.position(tick);
      return [p.bar + 1, p.beat + 1, p.subbeat + 1, p.cent + 1].join(".");
    }

    /**
     * The notes as piano-roll JSON: the document read, with the notes as they are now, each in
     * the form it was read in (an added note as a row in a compact document), and the ranks
     * within a tick of unchanged row notes renumbered in `onOrders` and `offOrders`.
     */
    toJSON() {
      const doc = Object.assign({}, this.doc);
      const store = this.notes;
      const perTrack = (doc.tracks || []).map(() => []);
      for (let i = 0; i < store.count; i++) {
        if ((store.flags[i] & NoteStore.deletedFlag) !== 0) continue;
        perTrack[store.track[i]].push(i);
      }
      doc.tracks = (doc.tracks || []).map((track, t) => {
        const indices = perTrack[t].sort((a, b) => store.tick[a] - store.tick[b] || a - b);
        const saved = Object.assign({}, track, { notes: indices.map((i) => this.noteJSON(i)) });
        delete saved.onOrders;
        delete saved.offOrders;
        const onOrders = [];
        const offOrders = [];
        indices.forEach((i, n) => {
          const rank = this.rowRanks.get(i);
          if (rank === undefined || (store.flags[i] & NoteStore.looseFlag) !== 0) return;
          if (rank[0] !== undefined) onOrders.push([n, rank[0]]);
          if (rank[1] !== undefined) offOrders.push([n, rank[1]]);
        });
        if (onOrders.length > 0) saved.onOrders = onOrders;
        if (offOrders.length > 0) saved.offOrders = offOrders;
        return saved;
      });
      return doc;
    }

    /**
     * One note as JSON: as read when unchanged; else with its derived fields and its ranks
     * within a tick left out (its tick is not the file's any more).
     */
    noteJSON(i) {
      const store = this.notes;
      const source = store.source[i];
      if (source && (store.flags[i] & NoteStore.looseFlag) === 0) return source;
      const row = [store.tick[i], store.duration[i], store.pitch[i], store.velocity[i], store.channel[i]];
      if (Array.isArray(source)) return row.concat([source[5]]);
      if (!source && this.doc.profile === "compact") return row.concat([0]);
      const note = {};
      for (const key of Object.keys(source || {})) {
        if (!Song.derivedKeys.includes(key)) note[key] = source[key];
      }
      note.pitch = store.pitch[i];
      note.name = noteName(store.pitch[i]);
      note.velocity = store.velocity[i];
      if (note.offVelocity === undefined) note.offVelocity = 0;
      note.channel = store.channel[i];
      note.tick = store.tick[i];
      note.durationTicks = store.duration[i];
      return note;
    }
  }
  // Derived from ticks, or the note's place within its old tick: left out of an edited note,
  // since ticks win when midiroll reads it.
  Song.derivedKeys = ["name", "position", "duration", "seconds", "durationSeconds", "onOrder", "offOrder"];

  return { Song, Meters, Tempos, Grid, GridLines, NoteStore, noteName, keyName, eventObject, floorDiv, ceilDiv };
})();

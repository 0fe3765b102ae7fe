"""An independent reading of a MIDI file with mido, for checking midiroll's .npz outputs.

Implements the rules of docs/DESIGN.md and issue 12 from the events alone, without midiroll:
note pairing (note-on velocity 0 ends a note, first-in-first-out per channel and pitch, a note
still sounding ends at its track's last tick), meters (a change starts a new bar, cut bars keep
their length, 4/4 by default), tempos (120 BPM by default), and the piano-roll rules.
"""
import collections
import resource

import mido

# A check that goes wrong must not take the machine's memory: 4 GiB at most.
resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))


def text(value):
    """Meta text as midiroll decodes it: UTF-8 when valid, else Latin-1 (mido gives Latin-1)."""
    raw = value.encode("latin1")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return value


def ceil_div(a, b):
    return -((-a) // b)


class Song:
    """The notes, meters and tempos of a MIDI file, read with mido."""

    def __init__(self, path):
        mid = mido.MidiFile(path)
        self.tpq = mid.ticks_per_beat
        self.tracks = []  # per track: dict(name, notes, programs, end)
        meters, tempos = [], []
        for track in mid.tracks:
            tick = 0
            sounding = collections.defaultdict(collections.deque)
            notes, programs, name, last = [], [], None, 0
            for message in track:
                tick += message.time
                last = max(last, tick)
                if message.type == "track_name" and name is None:
                    name = text(message.name)
                elif message.type == "time_signature":
                    meters.append((tick, message.numerator, message.denominator))
                elif message.type == "set_tempo":
                    tempos.append((tick, message.tempo))
                elif message.type == "program_change":
                    programs.append((tick, message.channel, message.program))
                elif message.type == "note_on" and message.velocity > 0:
                    sounding[(message.channel, message.note)].append(len(notes))
                    notes.append([tick, None, message.note, message.velocity, message.channel])
                elif message.type in ("note_off", "note_on"):
                    queue = sounding[(message.channel, message.note)]
                    if queue:
                        notes[queue.popleft()][1] = tick
            for note in notes:
                if note[1] is None:
                    note[1] = last
            self.tracks.append(
                {"name": name or "", "notes": notes, "programs": programs, "end": last})
        self.end = max([t["end"] for t in self.tracks] + [0])
        # Meters: valid ones, merged per tick (the last wins), 4/4 at 0 by default.
        merged = {}
        for tick, num, den in sorted(meters, key=lambda m: m[0]):
            if num > 0 and den > 0 and den & (den - 1) == 0:
                merged[tick] = (num, den)
        if 0 not in merged:
            merged[0] = (4, 4)
        self.meters = sorted((t, n, d) for t, (n, d) in merged.items())
        tempo_by_tick = {}
        for tick, tempo in sorted(tempos, key=lambda t: t[0]):
            if tempo > 0:
                tempo_by_tick[tick] = tempo
        if 0 not in tempo_by_tick:
            tempo_by_tick[0] = 500000
        self.tempos = sorted(tempo_by_tick.items())

    def bars(self, until):
        """(start tick, numerator, denominator, beat ticks) of every bar starting before `until`."""
        result = []
        for index, (tick, num, den) in enumerate(self.meters):
            next_tick = self.meters[index + 1][0] if index + 1 < len(self.meters) else None
            k = 0
            while True:
                start = tick + ceil_div(k * num * 4 * self.tpq, den)
                if next_tick is not None and start >= next_tick:
                    break
                if start >= until:
                    return result
                end = tick + ceil_div((k + 1) * num * 4 * self.tpq, den)
                if next_tick is not None:
                    end = min(end, next_tick)
                beats = [tick + ceil_div((k * num + j) * 4 * self.tpq, den) for j in range(num)]
                result.append((start, end, num, den, [b for b in beats if b < end]))
                k += 1
        return result

    def tempo_at(self, tick):
        current = self.tempos[0][1]
        for at, tempo in self.tempos:
            if at <= tick:
                current = tempo
        return current

    def voices(self):
        """One voice per track and channel with notes: (track, channel, name, program, notes)."""
        for index, track in enumerate(self.tracks):
            by_channel = collections.defaultdict(list)
            for note in track["notes"]:
                by_channel[note[4]].append(note)
            for channel in sorted(by_channel):
                notes = sorted(by_channel[channel], key=lambda n: n[0])  # stable: file order
                first = notes[0][0]
                program = 0
                for tick, ch, value in track["programs"]:
                    if tick <= first and ch == channel:
                        program = value
                yield index, channel, track["name"], program, notes

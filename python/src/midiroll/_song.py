"""A song read into NumPy arrays: its notes as one structured array, its tracks, tempo, meter
and key maps, and the seconds and bar/beat positions of its notes."""

from __future__ import annotations

import ctypes
import enum
import io
import os
import weakref
from dataclasses import dataclass
from typing import Any, Dict, Iterable, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from . import _library
from ._errors import EditError, MidiError
from ._library import library


class NoteEnd(enum.IntEnum):
    """How a note ended in its file: the values of the notes' `end` field."""

    NOTE_OFF = 0
    """A note-off message, carrying the note's off velocity."""
    NOTE_ON_VELOCITY_0 = 1
    """A note-on with velocity 0 (the running-status idiom); the off velocity is 0."""
    END_OF_TRACK = 2
    """No message: still sounding when its track ended, it ends at the End of Track."""


NOTE_DTYPE = np.dtype({
    "names": ["tick", "duration", "track", "channel", "pitch", "velocity", "off_velocity", "end", "program",
              "is_drum"],
    "formats": [np.int64, np.int64, np.uint16, np.uint8, np.int8, np.int8, np.int8, np.uint8, np.uint8, np.bool_],
    "offsets": [0, 8, 16, 18, 19, 20, 21, 22, 23, 24],
    "itemsize": 32,
})
"""The notes' fields: tick (its start), duration (ticks), track (the 0-based track chunk),
channel (0–15), pitch (0–127), velocity (1–127), off_velocity (0 unless it ended with a
note-off), end (a `NoteEnd`), program (the program in force on its channel, in its track, when
it starts: 0 without a program change), is_drum (channel 10). Pitch and velocities are signed,
as symusic's, so `np.diff(notes["pitch"])` does not wrap. 32 bytes a note, every field aligned,
in the order of their offsets (so `numpy.save` takes the array): the ABI's
`midiroll_note_record`, which the library writes whole, its last 7 bytes 0."""

SECONDS_DTYPE = np.dtype([("start", np.float64), ("duration", np.float64)])
"""When each note starts and how long it lasts, in seconds through every tempo change."""

POSITION_DTYPE = np.dtype([("bar", np.int32), ("beat", np.int32), ("subbeat", np.int32), ("cent", np.int32)])
"""Where each note starts, 0-based: the bar; the beat (of the meter's denominator) in the bar;
the subbeat (a quarter of a beat, 0–3); the cent (1/240 of a subbeat, 0–239)."""

TEMPO_DTYPE = np.dtype([
    ("tick", np.int64), ("microseconds_per_quarter", np.int64), ("quarters_per_minute", np.float64),
    ("seconds", np.float64)])
"""A tempo in force from its tick (and its time in seconds)."""

TIME_SIGNATURE_DTYPE = np.dtype([
    ("tick", np.int64), ("bar", np.int64), ("numerator", np.int32), ("denominator", np.int32)])
"""A meter in force from its tick, which begins bar `bar` (0-based)."""

KEY_SIGNATURE_DTYPE = np.dtype([("tick", np.int64), ("sharps", np.int32), ("minor", np.bool_)])
"""A key signature: sharps (positive) or flats (negative), and whether it is minor."""


@dataclass(frozen=True)
class Track:
    """One track chunk of the file.

    Attributes:
        name: The text of its first track-name event ("" without one).
        program: The last program change on `channel` at or before its first note (0 without
            one), or -1 for a track without notes.
        channel: The channel of its first note (0–15), or -1 for a track without notes.
        note_count: How many notes it holds.
    """

    name: str
    program: int
    channel: int
    note_count: int


class _Layout:
    """How the rows of a NumPy array fill a columns struct of the ABI: for each of the ABI's
    columns (`names`), the byte offset of the array's field it goes to, or None to skip it."""

    def __init__(self, names: Sequence[str], dtype: np.dtype, fields: dict) -> None:
        self.dtype = dtype
        # A dtype with padding between its fields is zeroed first, so the same song always
        # gives the same bytes (`tobytes()`, a hash, a saved .npy).
        self.allocate = np.zeros if dtype.itemsize > sum(
            dtype.fields[name][0].itemsize for name in dtype.names) else np.empty
        self.struct = ctypes.c_int64 * (2 * len(names))
        # The struct with the offsets as addresses and the strides filled in; `new` adds the
        # array's address to the requested slots.
        template = self.struct()
        self.slots = []
        for index, name in enumerate(names):
            if name in fields:
                offset = dtype.fields[fields[name]][1]
                template[2 * index], template[2 * index + 1] = offset, dtype.itemsize
                self.slots.append((2 * index, offset))
        self.template = bytes(template)

    def new(self, rows: int) -> Tuple[np.ndarray, ctypes.Array]:
        """An array of `rows` rows and the columns struct describing it (keep both referenced
        through the call that fills it)."""
        array = self.allocate(rows, self.dtype)
        base = array.ctypes.data  # (__array_interface__ spells out the dtype first: slower)
        columns = self.struct.from_buffer_copy(self.template)
        for slot, offset in self.slots:
            columns[slot] = base + offset
        return array, columns


def _same(names: Sequence[str]) -> dict:
    return {name: name for name in names}


_SECONDS = _Layout(_library.NOTE_COLUMNS, SECONDS_DTYPE, {"start_seconds": "start", "duration_seconds": "duration"})
_POSITIONS = _Layout(_library.NOTE_COLUMNS, POSITION_DTYPE, _same(POSITION_DTYPE.names))
_TRACKS = _Layout(
    _library.TRACK_COLUMNS,
    np.dtype([("note_count", np.int64), ("channel", np.int32), ("program", np.int32), ("name_end", np.int64)]),
    _same(_library.TRACK_COLUMNS))
_TEMPOS = _Layout(_library.TEMPO_COLUMNS, TEMPO_DTYPE, _same(_library.TEMPO_COLUMNS))
_TIME_SIGNATURES = _Layout(_library.TIME_SIGNATURE_COLUMNS, TIME_SIGNATURE_DTYPE,
                           _same(_library.TIME_SIGNATURE_COLUMNS))
_KEY_SIGNATURES = _Layout(_library.KEY_SIGNATURE_COLUMNS, KEY_SIGNATURE_DTYPE, _same(_library.KEY_SIGNATURE_COLUMNS))


def _check(code: int, error: _library.Error) -> None:
    """Raises for a failed call: MidiError for an input that does not read, RuntimeError for a
    wrong call (a bug of this package)."""
    if code == _library.OK:
        return
    message = error.message.decode("utf-8", "replace")
    if code == _library.BAD_INPUT:
        raise MidiError(
            message, code=code, offset=error.offset if error.offset >= 0 else None,
            track=error.track if error.track >= 0 else None)
    raise RuntimeError(f"midiroll: {message} (code {code})")


class _Handle:
    """Owns a song handle of the ABI and frees it with its owner."""

    __slots__ = ("value",)

    def __init__(self, value: int) -> None:
        self.value = value

    def __del__(self) -> None:
        _library.holding_gil.midiroll_song_free(self.value)


_UNSET = object()


class Song:
    """A Standard MIDI File read into arrays (`midiroll.read` makes one).

    `ticks_per_quarter`, `format` and `smpte` are there at once; the notes, the tracks, the
    tempo, meter and key maps, the warnings, the song's length and the notes' seconds and
    positions are made when first asked for (each once: a song edited and written, never looked
    at, never makes them). A song is never changed, so threads
    may share it.

    Attributes:
        ticks_per_quarter: Ticks in a quarter note (for an SMPTE file, those of a quarter at
            120 BPM, which positions use).
        format: The file's format, 0, 1 or 2.
        smpte: For an SMPTE file, (frames per second, ticks per frame); else None.
        name: The path it was read from, or None for bytes.
    """

    __slots__ = ("_handle", "_info", "_lazy", "name", "ticks_per_quarter", "format", "smpte",
                 "__weakref__")

    def __init__(self, handle: int, info: _library.SongInfo, name: Optional[str]) -> None:
        """Takes over a song handle of the ABI (use `midiroll.read`)."""
        self._handle = _Handle(handle)
        self._info = info
        self._lazy: dict = {}
        self.name = name
        self.format: int = info.format
        self.ticks_per_quarter: int = info.ticks_per_quarter
        self.smpte: Optional[Tuple[int, int]] = (
            (info.smpte_frames_per_second, info.smpte_ticks_per_frame) if info.smpte_frames_per_second else None)

    @property
    def notes(self) -> np.ndarray:
        """Every note, in track order, each track's in the order they start (`NOTE_DTYPE`),
        read-only; `notes_by_time()` gives them in time order."""
        return self._once("notes", lambda: self._note_records(self._info.note_count))

    def _note_records(self, rows: int, flags: int = 0) -> np.ndarray:
        """The notes as `midiroll_note_record`s, written whole by one call of the ABI (the GIL
        released unless the rows are few: `_library.FEW_ROWS`)."""
        array = np.empty(rows, NOTE_DTYPE)
        error = _library.Error()
        calls = _library.holding_gil if rows <= _library.FEW_ROWS else library
        _check(calls.midiroll_song_note_records(
            self._handle.value, array.ctypes.data, rows, flags, ctypes.byref(error)), error)
        array.flags.writeable = False
        return array

    def _fill(self, layout: _Layout, name: str, rows: int) -> np.ndarray:
        """An array of `rows` rows filled through one call of the ABI, `midiroll_song_{name}`
        (the GIL released unless the rows are few: `_library.FEW_ROWS`)."""
        array, columns = layout.new(rows)
        error = _library.Error()
        calls = _library.holding_gil if rows <= _library.FEW_ROWS else library
        function = getattr(calls, "midiroll_song_" + name)
        _check(function(self._handle.value, ctypes.addressof(columns), rows, ctypes.byref(error)), error)
        array.flags.writeable = False
        return array

    def _once(self, key: str, make):
        """`make()`, made on first use and kept (two threads asking at once may both make it;
        either result is the same)."""
        value = self._lazy.get(key, _UNSET)
        if value is _UNSET:
            value = self._lazy[key] = make()
        return value

    @property
    def tracks(self) -> Tuple[Track, ...]:
        """The tracks, in file order."""
        return self._once("tracks", self._make_tracks)

    def _make_tracks(self) -> Tuple[Track, ...]:
        rows = self._info.track_count
        size = self._info.track_name_bytes
        columns, described = _TRACKS.new(rows)
        names = ctypes.create_string_buffer(max(1, size))
        error = _library.Error()
        _check(library.midiroll_song_tracks(
            self._handle.value, ctypes.addressof(described), rows, names, size, ctypes.byref(error)), error)
        text = names.raw
        tracks = []
        start = 0
        for note_count, channel, program, end in columns.tolist():
            tracks.append(Track(text[start:end].decode("utf-8"), program, channel, note_count))
            start = end
        return tuple(tracks)

    @property
    def seconds(self) -> np.ndarray:
        """When each note of `notes` starts and how long it lasts, in seconds through every tempo
        change (`SECONDS_DTYPE`)."""
        return self._once("seconds", lambda: self._fill(_SECONDS, "notes", self._info.note_count))

    @property
    def positions(self) -> np.ndarray:
        """Where each note of `notes` starts in bars, beats, subbeats and cents, 0-based
        (`POSITION_DTYPE`), through every meter change: a time signature begins a new bar at
        its tick."""
        return self._once(
            "positions", lambda: self._fill(_POSITIONS, "notes", self._info.note_count))

    @property
    def tempos(self) -> np.ndarray:
        """The tempo map (`TEMPO_DTYPE`): the first at tick 0 (120 quarters a minute when the
        file has none there), changes at one tick merged (the last wins)."""
        return self._once(
            "tempos", lambda: self._fill(_TEMPOS, "tempos", self._info.tempo_count))

    @property
    def time_signatures(self) -> np.ndarray:
        """The meter map (`TIME_SIGNATURE_DTYPE`): the first at tick 0 (4/4 when the file has
        none there), changes at one tick merged (the last wins)."""
        return self._once("time_signatures", lambda: self._fill(
            _TIME_SIGNATURES, "time_signatures", self._info.time_signature_count))

    @property
    def key_signatures(self) -> np.ndarray:
        """The key signatures in tick order (`KEY_SIGNATURE_DTYPE`); empty when the file has none."""
        return self._once("key_signatures", lambda: self._fill(
            _KEY_SIGNATURES, "key_signatures", self._info.key_signature_count))

    @property
    def warnings(self) -> Tuple[str, ...]:
        """What the reader tolerated, one line each with the file's name (when read from a path)
        and the byte offset, as the command line prints them (a missing End of Track, a wrong
        track length, ...); `read(..., strict=True)` refuses them instead. An edited song has
        none."""
        return self._once("warnings", self._make_warnings)

    def _make_warnings(self) -> Tuple[str, ...]:
        size = self._info.warning_bytes
        text = ctypes.create_string_buffer(max(1, size))
        error = _library.Error()
        _check(library.midiroll_song_warnings(self._handle.value, text, size, ctypes.byref(error)), error)
        lines = text.raw[:size].decode("utf-8").splitlines()
        return tuple(f"{self.name}: {line}" if self.name is not None else line for line in lines)

    def _extent(self) -> _library.SongExtent:
        def make():
            extent = _library.SongExtent()
            error = _library.Error()
            _check(_library.holding_gil.midiroll_song_extent_get(
                self._handle.value, ctypes.byref(extent), ctypes.byref(error)), error)
            return extent
        return self._once("extent", make)

    @property
    def end_tick(self) -> int:
        """The last tick of the song: the latest End of Track or note end."""
        return self._extent().end_tick

    @property
    def duration_seconds(self) -> float:
        """`end_tick` in seconds."""
        return self._extent().duration_seconds

    @property
    def bar_count(self) -> int:
        """The bars the song takes."""
        return self._extent().bar_count

    def __repr__(self) -> str:
        source = f" {self.name!r}" if self.name is not None else ""
        return (f"<midiroll.Song{source}: {self._info.note_count} notes, {self._info.track_count} tracks, "
                f"{self.ticks_per_quarter} ticks per quarter>")

    # Values: a song is never changed, so a copy is the song itself, and a pickle holds the
    # song's contents (the .mid it writes, its name and warnings), never a pointer.

    def __copy__(self) -> "Song":
        return self

    def __deepcopy__(self, memo: dict) -> "Song":
        return self

    def __reduce__(self):
        return (_unpickle, (self.to_midi(), self.name, self.warnings))

    # Building.

    @classmethod
    def from_notes(cls, notes: Union[np.ndarray, Mapping[str, Any]], *, ticks_per_quarter: int = 480,
                   tempos: Optional[Iterable] = None, time_signatures: Optional[Iterable] = None,
                   key_signatures: Optional[Iterable] = None, programs: Optional[Mapping[int, int]] = None,
                   track_names: Optional[Sequence[str]] = None) -> "Song":
        """A song built from notes: the inverse of `song.notes`.

        Args:
            notes: A structured array or a dict of columns: `tick`, `duration`, `pitch` and
                `velocity` required; `track`, `channel` and `off_velocity` optional (0). Other
                fields (`song.notes`' `end`, `program`, `is_drum`) are not read.
            ticks_per_quarter: Ticks per quarter note, 1–32767.
            tempos: (tick, quarters per minute) pairs, or `song.tempos` (120 at tick 0 without).
            time_signatures: (tick, numerator, denominator) triples, or `song.time_signatures`.
            key_signatures: (tick, sharps, minor) triples, or `song.key_signatures`.
            programs: The program (0–127) of each track that has one: a program change at tick 0
                on every channel of its notes.
            track_names: Each track's name, from the first.

        Tempos, meters and keys go in the first track; each track's notes in tick order (those
        of one tick in the order given); format 0 for one track, else 1.

            >>> song = midiroll.Song.from_notes({"tick": [0, 480], "duration": [480, 480],
            ...                                  "pitch": [60, 64], "velocity": [100, 90]})
            >>> song.write("two.mid")
        """
        parts = _library.SongParts()
        parts.ticks_per_quarter = _bounded("ticks_per_quarter", ticks_per_quarter, 1, 32767)
        keep = []  # the arrays the columns point into, alive through the call
        columns = _columns(notes, "notes", {
            "tick": (np.int64, True), "duration": (np.int64, True), "pitch": (np.uint8, True),
            "velocity": (np.uint8, True), "track": (np.uint16, False), "channel": (np.uint8, False),
            "off_velocity": (np.uint8, False)})
        parts.note_count = _rows(columns, "notes")
        _point(parts.notes, _library.NOTE_COLUMNS, columns, keep)
        for name, values, fields, kinds in (
                ("tempos", tempos, ("tick", "quarters_per_minute"), (np.int64, np.float64)),
                ("time_signatures", time_signatures, ("tick", "numerator", "denominator"),
                 (np.int64, np.int32, np.int32)),
                ("key_signatures", key_signatures, ("tick", "sharps", "minor"), (np.int64, np.int32, np.uint8))):
            table = _table(name, values, fields, kinds)
            setattr(parts, name[:-1] + "_count", _rows(table, name))
            _point(getattr(parts, name), getattr(_library, name[:-1].upper() + "_COLUMNS"), table, keep)
        names = [] if track_names is None else list(track_names)
        if any(not isinstance(name, str) for name in names):
            raise TypeError("track_names: expected a list of str")
        programs = dict(programs or {})
        tracks = max([len(names)] + [int(track) + 1 for track in programs])
        program_column = np.full(tracks, -1, np.int32)
        for track, program in programs.items():
            program_column[_bounded("programs", track, 0, 65534)] = _bounded(f"programs[{track}]", program, 0, 127)
        encoded = [name.encode("utf-8") for name in names] + [b""] * (tracks - len(names))
        name_ends = np.cumsum([len(name) for name in encoded], dtype=np.int64)
        parts.track_count = tracks
        _point(parts.tracks, _library.TRACK_COLUMNS, {"program": program_column, "name_end": name_ends}, keep)
        text = b"".join(encoded)
        parts.names = text
        handle = ctypes.c_void_p()
        error = _library.Error()
        code = library.midiroll_song_build(ctypes.byref(parts), ctypes.byref(handle), ctypes.byref(error))
        if code == _library.USAGE:
            raise ValueError(error.message.decode("utf-8", "replace").replace("midiroll_song_build: ", ""))
        _check(code, error)
        return _song_of(handle, None)

    # Time order.

    @property
    def note_order(self) -> np.ndarray:
        """The notes' time order (int64): row k is the index in `notes` of the k-th note to
        start; notes that start at one tick keep track order, then their track's order.
        `song.seconds[song.note_order]` gives the seconds in time order.

            >>> song.notes["tick"][song.note_order]   # never decreasing
        """
        def make() -> np.ndarray:
            rows = self._info.note_count
            order = np.empty(rows, np.int64)
            error = _library.Error()
            _check(library.midiroll_song_note_order(
                self._handle.value, order.ctypes.data_as(ctypes.POINTER(ctypes.c_int64)), rows,
                ctypes.byref(error)), error)
            order.flags.writeable = False
            return order
        return self._once("note_order", make)

    def notes_by_time(self) -> np.ndarray:
        """Every note in time order (`NOTE_DTYPE`): `notes[note_order]`, written in that order by
        the library (no sort in Python).

            >>> notes = song.notes_by_time()
            >>> bool((np.diff(notes["tick"]) >= 0).all())
            True
        """
        return self._once(
            "notes_by_time", lambda: self._note_records(self._info.note_count, _library.NOTES_BY_TIME))

    # Edits: each is `midiroll convert`'s option of the same name, through the same Swift code
    # (`midiroll_song_transform`), and returns a new song.

    def transpose(self, semitones: int, *, drums: str = "keep", out_of_range: str = "fail") -> "Song":
        """The song with every note moved by `semitones` (-127 to 127), key signatures with
        them: `midiroll transpose IN OUT --semitones N` (`convert --transpose N`).

        Args:
            semitones: How far, up (positive) or down.
            drums: "keep" (channel 10 stays) or "transpose" (it moves too).
            out_of_range: What happens to notes pushed past 0–127: "fail" (raise `EditError`),
                "drop" or "clamp".

            >>> song.transpose(2).to_midi() == midiroll.read("up2.mid").to_midi()
        """
        _require_choice("drums", drums, ("keep", "transpose"))
        _require_choice("out_of_range", out_of_range, ("fail", "drop", "clamp"))
        return self._transform(
            ["--transpose", _whole("semitones", semitones), "--out-of-range", out_of_range, "--drums", drums])

    def slice(self, *, bars: Union[str, int, Tuple[int, Optional[int]], None] = None,
              seconds: Union[str, float, Tuple[float, Optional[float]], None] = None,
              crossing: str = "cut") -> "Song":
        """The song cut to bars or to seconds: `midiroll slice IN OUT --bars 5...12`.

        Args:
            bars: Bars counted from 1, inclusive: "5...12", "5-12", "5..." (to the end), 5, or
                (5, 12) / (5, None).
            seconds: "30...60.5", "30...", or (30, 60.5) / (30, None).
            crossing: Notes across a cut are "cut" there, "keep" their length, or "drop".

            >>> song.slice(bars=(5, 12)).bar_count
            8
        """
        _require_choice("crossing", crossing, ("cut", "keep", "drop"))
        words = ["--crossing", crossing]
        if bars is not None:
            words += ["--bars", _span("bars", bars, _whole)]
        if seconds is not None:
            words += ["--seconds", _span("seconds", seconds, _number)]
        if bars is None and seconds is None:
            raise ValueError("slice: give bars or seconds")
        return self._transform(words)

    def resample(self, ticks_per_quarter: int) -> "Song":
        """The song at another tick resolution (1–32767 ticks a quarter note; ticks that do not
        divide are rounded): `midiroll resample IN OUT --ticks-per-beat N`.

            >>> song.resample(96).ticks_per_quarter
            96
        """
        return self._transform(["--ticks-per-beat", _whole("ticks_per_quarter", ticks_per_quarter)])

    def quantize(self, grid: str, *, strength: int = 100, swing: int = 0, window: int = 100,
                 ends: Optional[bool] = None, min_duration: bool = False, all_events: bool = False) -> "Song":
        """The song's notes moved toward a grid, bar by bar: `midiroll quantize IN OUT --grid G`.

        Args:
            grid: "1/16", "1/8t" (triplets), "1/8." (dotted) or a name ("sixteenth").
            strength: How far each note moves toward its line, 0–100 %.
            swing: Delay of every second line, 0–100 % of a third of a cell.
            window: Move only notes within this % of half a cell of their line.
            ends: Quantize note ends too (True), or keep lengths (False or None, the default).
            min_duration: Make every note at least one cell long.
            all_events: Move the other events too (controllers, programs, text).

            >>> song.quantize("1/16", strength=50)
        """
        words = ["--grid", _text("grid", grid), "--strength", _whole("strength", strength),
                 "--swing", _whole("swing", swing), "--window", _whole("window", window)]
        if ends is not None:
            words.append("--ends" if _flag("ends", ends) else "--no-ends")
        if _flag("min_duration", min_duration):
            words.append("--min-duration")
        if _flag("all_events", all_events):
            words.append("--all-events")
        return self._transform(words)

    def filter(self, *, keys: Union[str, Tuple[Union[int, str], Union[int, str]], None] = None,
               scale: Optional[str] = None, octaves: Union[str, Tuple[int, int], None] = None,
               pitches: Union[str, Iterable[Union[int, str]], None] = None, mode: str = "drop",
               snap: str = "nearest", drums: str = "keep") -> "Song":
        """The song with only the notes of a key range, a scale or pitches, the others dropped or
        snapped to the nearest allowed pitch: `midiroll filter IN OUT --scale "D dorian"`.

        Args:
            keys: "36...84", "C2...C6" or (36, 84).
            scale: "D dorian", "F# harmonic minor", "Bb blues", ...
            octaves: With a scale, only these octaves: "2...6" or (2, 6).
            pitches: "60,64,67", "C4,E4,G4" or [60, 64, 67].
            mode: "drop" the notes outside, or "snap" them.
            snap: Where a note snaps: "nearest" (ties down), "up" or "down" (implies "snap").
            drums: "keep" channel 10 as it is, or "filter" it too.

            >>> song.filter(scale="C major", mode="snap")
        """
        _require_choice("mode", mode, ("drop", "snap"))
        _require_choice("snap", snap, ("nearest", "up", "down"))
        _require_choice("drums", drums, ("keep", "filter"))
        words = ["--drums", drums]
        if keys is not None:
            words += ["--keys", _pair("keys", keys)]
        if scale is not None:
            words += ["--scale", _text("scale", scale)]
        if octaves is not None:
            words += ["--octaves", _pair("octaves", octaves)]
        if pitches is not None:
            words += ["--pitches", pitches if isinstance(pitches, str) else ",".join(str(p) for p in pitches)]
        if mode == "snap" or snap != "nearest":
            words += ["--mode", "snap", "--snap", snap]
        if len(words) == 2:
            raise ValueError("filter: give keys, scale or pitches")
        return self._transform(words)

    def velocities(self, *, scale: Optional[int] = None, set: Optional[int] = None,
                   range: Union[str, Tuple[int, int], None] = None) -> "Song":
        """The song with its velocities scaled (a percentage, 1–1000), set (1–127) or
        compressed into a range (low, high): `convert --velocity-scale 80`, and so on.

            >>> song.velocities(range=(40, 110))
        """
        words = []
        if scale is not None:
            words += ["--velocity-scale", _whole("scale", scale)]
        if set is not None:
            words += ["--velocity-set", _whole("set", set)]
        if range is not None:
            words += ["--velocity-range", _pair("range", range)]
        if not words:
            raise ValueError("velocities: give scale, set or range")
        return self._transform(words)

    def merge_tracks(self) -> "Song":
        """The song with every track merged into one (format 0): `midiroll merge IN OUT`."""
        return self._transform(["--merge-tracks"])

    def split_tracks(self, by: str) -> "Song":
        """The song split into a conductor track and one track per "channel" or "program"
        (format 1): `midiroll split IN OUT --by channel`."""
        _require_choice("by", by, ("channel", "program"))
        return self._transform(["--split", by])

    def extend_sustain(self) -> "Song":
        """The song with every note released while the sustain pedal (CC64 ≥ 64) is down
        sounding until the pedal lifts or its pitch starts again: `convert --sustain extend`."""
        return self._transform(["--sustain", "extend"])

    def _transform(self, words: Sequence[str]) -> "Song":
        """The song `convert`'s option words make of this one (`midiroll_song_transform`)."""
        encoded = [word.encode("utf-8") for word in words]
        array = (ctypes.c_char_p * len(encoded))(*encoded)
        handle = ctypes.c_void_p()
        error = _library.Error()
        name = os.fsencode(self.name) if self.name is not None else None
        code = library.midiroll_song_transform(
            self._handle.value, array, len(encoded), name, ctypes.byref(handle), ctypes.byref(error))
        _check_edit(code, error)
        return _song_of(handle, self.name)

    # Writing: each is `midiroll convert`'s output of that kind, through the same encoder
    # (`midiroll_song_write`).

    def to_midi(self) -> bytes:
        """The song as a Standard MIDI File: the bytes `midiroll convert IN OUT.mid` writes.

            >>> midiroll.read(song.to_midi()).notes.size == song.notes.size
            True
        """
        return self._write("mid", [])

    def to_json(self, *, compact: bool = False) -> bytes:
        """The song as piano-roll JSON (UTF-8): `midiroll convert IN OUT.json [--compact]`."""
        return self._write("json", ["--compact"] if _flag("compact", compact) else [])

    def to_npz(self, *, content: str = "matrix", resolution: Optional[int] = None, steps: Optional[str] = None,
               binary: bool = False, merge: bool = False, compress: bool = True) -> bytes:
        """The song as a NumPy `.npz` archive: `midiroll convert IN OUT.npz` with the same
        options. `content="matrix"` holds pypianoroll's piano rolls (`pypianoroll.load` reads
        it), `"notes"` the note columns per track.

        Args:
            content: "matrix" or "notes" (`--npz`).
            resolution: Time steps per quarter note (default 24, as pypianoroll).
            steps: Lay the steps on this grid bar by bar ("1/16", "1/8t", ...).
            binary: Booleans instead of velocities.
            merge: One piano roll for all notes.
            compress: DEFLATE the members (False: stored, as `numpy.savez`).

            >>> numpy.load(io.BytesIO(song.to_npz(resolution=12)))
        """
        _require_choice("content", content, ("matrix", "notes"))
        words = ["--npz", content]
        if resolution is not None:
            words += ["--resolution", _whole("resolution", resolution)]
        if steps is not None:
            words += ["--steps", _text("steps", steps)]
        if _flag("binary", binary):
            words.append("--binary")
        if _flag("merge", merge):
            words.append("--merge")
        if not _flag("compress", compress):
            words.append("--no-compress")
        return self._write("npz", words)

    def piano_roll(self, *, resolution: Optional[int] = None, steps: Optional[str] = None, binary: bool = False,
                   merge: bool = False, sustain: bool = False) -> Union[np.ndarray, list]:
        """The piano rolls `midiroll convert IN OUT.npz` holds, dense: a `(time steps, 128)`
        array per track and channel with notes (velocities as uint8, or bool when `binary`),
        equal to `pypianoroll.load(npz).tracks[i].pianoroll`; one array when `merge`.

        Args:
            resolution: Time steps per quarter note (default 24, as pypianoroll).
            steps: Lay the steps on this grid bar by bar ("1/16", "1/8t", ...).
            binary: Booleans instead of velocities.
            merge: One piano roll for all notes.
            sustain: Notes released while the sustain pedal is down sound until it lifts
                (`extend_sustain()` first).

            >>> roll = song.piano_roll(resolution=12, merge=True)
            >>> roll.shape[1]
            128
        """
        song = self.extend_sustain() if _flag("sustain", sustain) else self
        data = song.to_npz(resolution=resolution, steps=steps, binary=binary, merge=merge, compress=False)
        with np.load(io.BytesIO(data)) as archive:
            rolls = []
            while f"pianoroll_{len(rolls)}_csc_shape" in archive.files:
                prefix = f"pianoroll_{len(rolls)}_csc_"
                shape = tuple(int(size) for size in archive[prefix + "shape"])
                values, rows = archive[prefix + "data"], archive[prefix + "indices"]
                columns = np.repeat(np.arange(shape[1]), np.diff(archive[prefix + "indptr"]))
                roll = np.zeros(shape, values.dtype)
                roll[rows, columns] = values
                rolls.append(roll)
        return rolls[0] if merge and rolls else rolls

    def write(self, path: Union[str, "os.PathLike[str]"], *, force: bool = False) -> None:
        """Writes the song to `path`, its kind from the extension (.mid, .json, .npz, .svg,
        .html, .wav) as `midiroll convert` (and `render`) write them: through a temporary file
        in the same folder, renamed into place, so the file appears whole or not at all. The
        file the song was read from is not overwritten unless `force`.

            >>> song.transpose(2).write("up.mid")
        """
        target = os.fspath(path)
        extension = os.path.splitext(target)[1].lower().lstrip(".")
        kind = {"midi": "mid", "smf": "mid"}.get(extension, extension)
        if kind not in ("mid", "json", "npz", "svg", "html", "wav"):
            raise ValueError(f"path: {target}: cannot tell the kind from the extension "
                             "(expected .mid, .json, .npz, .svg, .html or .wav)")
        if not force and self.name is not None and os.path.exists(target) and os.path.exists(self.name) \
                and os.path.samefile(target, self.name):
            raise ValueError(f"path: {target} is the file the song was read from (force=True overwrites it)")
        data = self._write(kind, [])
        folder = os.path.dirname(os.path.abspath(target))
        temporary = os.path.join(folder, f".{os.path.basename(target)}.midiroll-{os.getpid()}.tmp")
        try:
            with open(temporary, "xb") as file:
                file.write(data)
            os.replace(temporary, target)
        except BaseException:
            if os.path.exists(temporary):
                os.unlink(temporary)
            raise

    def _write(self, kind: str, words: Sequence[str]) -> bytes:
        """The bytes of the song written as `kind` with `convert`'s option words."""
        encoded = [word.encode("utf-8") for word in words]
        array = (ctypes.c_char_p * len(encoded))(*encoded)
        written = ctypes.c_void_p()
        error = _library.Error()
        name = os.fsencode(self.name) if self.name is not None else None
        code = library.midiroll_song_write(
            self._handle.value, kind.encode("ascii"), array, len(encoded), name, ctypes.byref(written),
            ctypes.byref(error))
        _check_edit(code, error)
        try:
            size = _library.holding_gil.midiroll_bytes_size(written)
            return ctypes.string_at(_library.holding_gil.midiroll_bytes_data(written), size) if size else b""
        finally:
            _library.holding_gil.midiroll_bytes_free(written)


def _check_edit(code: int, error: _library.Error) -> None:
    """Raises for a failed edit or write: ValueError with the command line's words for a bad
    value, EditError for an edit the command line refuses for this song."""
    if code == _library.OK:
        return
    message = error.message.decode("utf-8", "replace")
    if code == _library.USAGE:
        raise ValueError(message)
    if code == _library.BAD_INPUT:
        raise EditError(message)
    _check(code, error)


def _song_of(handle: ctypes.c_void_p, name: Optional[str]) -> "Song":
    """The Song of a handle just made."""
    info = _library.SongInfo()
    error = _library.Error()
    code = _library.holding_gil.midiroll_song_info_get(handle, ctypes.byref(info), ctypes.byref(error))
    if code != _library.OK:
        _library.holding_gil.midiroll_song_free(handle)
        _check(code, error)
    return Song(handle.value, info, name)


def _unpickle(data: bytes, name: Optional[str], warnings: Tuple[str, ...]) -> Song:
    """A pickled song: its .mid read again, its name and warnings as they were."""
    handle = ctypes.c_void_p()
    error = _library.Error()
    _check(library.midiroll_song_read(data, len(data), None, 0, ctypes.byref(handle), ctypes.byref(error)), error)
    song = _song_of(handle, name)
    song._lazy["warnings"] = tuple(warnings)
    return song


def _require_choice(name: str, value: Any, choices: Tuple[str, ...]) -> None:
    if not isinstance(value, str):
        raise TypeError(f"{name}: expected one of {', '.join(map(repr, choices))}, not {type(value).__name__}")
    if value not in choices:
        raise ValueError(f"{name}: expected one of {', '.join(map(repr, choices))}, not {value!r}")


def _whole(name: str, value: Any) -> str:
    """A whole number as the command line's word (bool and float refused)."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name}: expected an int, not {type(value).__name__}")
    return str(int(value))


def _number(name: str, value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError(f"{name}: expected a number, not {type(value).__name__}")
    return repr(float(value))


def _flag(name: str, value: Any) -> bool:
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name}: expected True or False, not {type(value).__name__}")
    return bool(value)


def _text(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name}: expected a str, not {type(value).__name__}")
    return value


def _span(name: str, value: Any, word) -> str:
    """A range as the command line writes it: text as given, one value, or (from, to) with to
    None for "to the end"."""
    if isinstance(value, str):
        return value
    if isinstance(value, tuple):
        if len(value) != 2:
            raise ValueError(f"{name}: expected (from, to), not {len(value)} values")
        start, end = value
        return f"{word(name, start)}..." + ("" if end is None else word(name, end))
    return word(name, value)


def _pair(name: str, value: Any) -> str:
    """(low, high) as "low...high", or text as given."""
    if isinstance(value, str):
        return value
    if isinstance(value, tuple) and len(value) == 2:
        return f"{value[0]}...{value[1]}"
    raise TypeError(f"{name}: expected \"low...high\" or (low, high), not {value!r}")


def _bounded(name: str, value: Any, low: int, high: int) -> int:
    """A whole number from `low` to `high`, named in the error."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name}: expected an int, not {type(value).__name__}")
    if not low <= value <= high:
        raise ValueError(f"{name}: {value} is not {low}-{high}")
    return int(value)


def _columns(values: Any, name: str, kinds: Dict[str, Tuple[Any, bool]]) -> Dict[str, np.ndarray]:
    """The columns of a structured array or a dict of columns as contiguous arrays of the ABI's
    types, each checked to fit its type (the library checks the ranges)."""
    if isinstance(values, np.ndarray) and values.dtype.names:
        present = set(values.dtype.names)
        get = lambda field: values[field]  # noqa: E731
    elif isinstance(values, Mapping):
        present = set(values)
        get = lambda field: values[field]  # noqa: E731
    else:
        raise TypeError(f"{name}: expected a structured array or a dict of columns, not {type(values).__name__}")
    columns = {}
    rows = None
    for field, (kind, required) in kinds.items():
        if field not in present:
            if required:
                raise ValueError(f"{name}: the column {field!r} is missing")
            continue
        column = np.asarray(get(field))
        if column.dtype == np.bool_:
            column = column.astype(np.uint8)
        if column.ndim != 1:
            raise ValueError(f"{name}: the column {field!r} is not one-dimensional")
        if rows is not None and len(column) != rows:
            raise ValueError(f"{name}: the column {field!r} has {len(column)} rows, the others {rows}")
        rows = len(column)
        if np.issubdtype(kind, np.integer):
            if column.size and not np.issubdtype(column.dtype, np.integer):
                if not np.issubdtype(column.dtype, np.number) or not np.all(np.mod(column, 1) == 0):
                    raise ValueError(f"{name}: the column {field!r} holds values that are not whole numbers")
            limits = np.iinfo(kind)
            if column.size and (column.min() < limits.min or column.max() > limits.max):
                row = int(np.argmax((column < limits.min) | (column > limits.max)))
                raise ValueError(f"{name} row {row}: {field} {column[row]} is out of range")
        columns[field] = np.ascontiguousarray(column, dtype=kind)
    return columns


def _table(name: str, values: Any, fields: Tuple[str, ...], kinds: Tuple[Any, ...]) -> Dict[str, np.ndarray]:
    """A map (tempos, meters, keys) as columns: from the structured array a song gives, or rows
    of tuples."""
    if values is None:
        return {}
    if isinstance(values, np.ndarray) and values.dtype.names:
        return _columns(values, name, {field: (kind, True) for field, kind in zip(fields, kinds)})
    rows = [tuple(row) for row in values]
    if any(len(row) != len(fields) for row in rows):
        raise ValueError(f"{name}: expected rows of ({', '.join(fields)})")
    return _columns({field: [row[index] for row in rows] for index, field in enumerate(fields)}, name,
                    {field: (kind, True) for field, kind in zip(fields, kinds)})


def _rows(columns: Dict[str, np.ndarray], name: str) -> int:
    return len(next(iter(columns.values()))) if columns else 0


def _point(struct: ctypes.Array, names: Sequence[str], columns: Dict[str, np.ndarray], keep: list) -> None:
    """Points a columns struct (pairs of data, stride) at the arrays given, by column name."""
    for index, name in enumerate(names):
        if name in columns:
            array = columns[name]
            keep.append(array)
            struct[2 * index], struct[2 * index + 1] = array.ctypes.data, array.strides[0] if array.size else 0

"""A song read into NumPy arrays: its notes as one structured array, its tracks, tempo, meter
and key maps, and the seconds and bar/beat positions of its notes."""

from __future__ import annotations

import ctypes
import enum
import weakref
from dataclasses import dataclass
from typing import Optional, Sequence, Tuple

import numpy as np

from . import _library
from ._errors import MidiError
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
    "names": ["tick", "duration", "track", "channel", "pitch", "velocity", "off_velocity", "end"],
    "formats": [np.int64, np.int64, np.uint16, np.uint8, np.uint8, np.uint8, np.uint8, np.uint8],
    "offsets": [0, 8, 16, 18, 19, 20, 21, 22],
    "itemsize": 24,
})
"""The notes' fields: tick (its start), duration (ticks), track (the 0-based track chunk),
channel (0–15), pitch (0–127), velocity (1–127), off_velocity (0 unless it ended with a
note-off), end (a `NoteEnd`). 24 bytes a note, every field aligned, in the order of their
offsets (so `numpy.save` takes the array): the ABI's `midiroll_note_record`, which the
library writes whole, its last byte 0."""

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

    `notes`, `ticks_per_quarter`, `format` and `smpte` are there at once; the tracks, the
    tempo, meter and key maps, the warnings, the song's length and the notes' seconds and
    positions are made when first asked for (each once). A song is never changed, so threads
    may share it.

    Attributes:
        notes: Every note, in track order, each track's in the order they start
            (`NOTE_DTYPE`).
        ticks_per_quarter: Ticks in a quarter note (for an SMPTE file, those of a quarter at
            120 BPM, which positions use).
        format: The file's format, 0, 1 or 2.
        smpte: For an SMPTE file, (frames per second, ticks per frame); else None.
        name: The path it was read from, or None for bytes.
    """

    __slots__ = ("_handle", "_info", "_lazy", "name", "notes", "ticks_per_quarter", "format", "smpte",
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
        self.notes: np.ndarray = self._note_records(info.note_count)

    def _note_records(self, rows: int) -> np.ndarray:
        """The notes as `midiroll_note_record`s, written whole by one call of the ABI (the GIL
        released unless the rows are few: `_library.FEW_ROWS`)."""
        array = np.empty(rows, NOTE_DTYPE)
        error = _library.Error()
        calls = _library.holding_gil if rows <= _library.FEW_ROWS else library
        _check(calls.midiroll_song_note_records(
            self._handle.value, array.ctypes.data, rows, ctypes.byref(error)), error)
        return array

    def _fill(self, layout: _Layout, name: str, rows: int) -> np.ndarray:
        """An array of `rows` rows filled through one call of the ABI, `midiroll_song_{name}`
        (the GIL released unless the rows are few: `_library.FEW_ROWS`)."""
        array, columns = layout.new(rows)
        error = _library.Error()
        calls = _library.holding_gil if rows <= _library.FEW_ROWS else library
        function = getattr(calls, "midiroll_song_" + name)
        _check(function(self._handle.value, ctypes.addressof(columns), rows, ctypes.byref(error)), error)
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
        """What the reader tolerated, one line each with its byte offset (a missing End of
        Track, a wrong track length, ...); `read(..., strict=True)` refuses them instead."""
        return self._once("warnings", self._make_warnings)

    def _make_warnings(self) -> Tuple[str, ...]:
        size = self._info.warning_bytes
        text = ctypes.create_string_buffer(max(1, size))
        error = _library.Error()
        _check(library.midiroll_song_warnings(self._handle.value, text, size, ctypes.byref(error)), error)
        return tuple(text.raw[:size].decode("utf-8").splitlines())

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
        return (f"<midiroll.Song{source}: {len(self.notes)} notes, {self._info.track_count} tracks, "
                f"{self.ticks_per_quarter} ticks per quarter>")

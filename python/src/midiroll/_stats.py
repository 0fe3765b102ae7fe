"""`midiroll.stats`: what `midiroll stats --json` says of a file, as a dict."""

from __future__ import annotations

import ctypes
import json
import os
from typing import Any, Dict, Optional

from . import _library
from ._library import library
from ._read import Source, _check_size, _limit_and_flags, _path_of, _pointer, _read_bytes
from ._song import _check


def stats(source: Source, *, max_size: Optional[int] = None, strict: bool = False) -> Dict[str, Any]:
    """Measures a Standard MIDI File (or an RMID file wrapping one) as `midiroll stats --json`
    does, in-process.

    Args:
        source: A path (str, or os.PathLike of str or bytes) or the file's bytes (bytes,
            bytearray, memoryview), as for `read`.
        max_size: Refuse inputs larger than this many bytes, before reading them (default
            `DEFAULT_MAX_SIZE`, 64 MiB).
        strict: Refuse the first problem the reader would otherwise tolerate (--strict).

    Returns:
        The command line's JSON object for the file, as a dict: "path" (the path as given, None
        for bytes), "bytes", "sha256" (of the bytes), "fingerprint" (the content fingerprint:
        the same notes on the same beats give the same one, whatever the division, track order,
        names or note-off style), "notes", "pitchRange" ({"low", "high"}, absent without notes),
        "seconds", "bars", "tempo" ({"min", "max"} in BPM), "meters" and "keys" (in order of
        first use), "instruments" (notes per General MIDI family), "drumNotes", and "metrics":
        muspy 0.5's 13 metrics under muspy's function names (pitch_range, n_pitches_used,
        n_pitch_classes_used, polyphony, polyphony_rate, pitch_entropy, pitch_class_entropy,
        scale_consistency, empty_beat_rate, empty_measure_rate, groove_consistency,
        drum_in_pattern_rate, drum_pattern_consistency) computed as muspy computes them on
        `muspy.read_midi(path)`, None where muspy gives NaN. Where muspy raises, the value is
        None and "metricsRaised" maps the metric to what muspy raises; where muspy refuses the
        file, "metrics" is None and "muspyRefused" says why.

    Raises:
        MidiError: The input is not a MIDI file midiroll reads, or is larger than `max_size`.
        OSError: The file cannot be opened or read, or is not a regular file.

    The GIL is released while the file is measured, so threads measure in parallel.
    """
    limit, flags = _limit_and_flags(max_size, strict)
    path = _path_of(source)
    if path is None:
        _check_size(source, limit)
        data = source
    else:
        data = _read_bytes(path, limit)
    return json.loads(_measure(data, None if path is None else os.fsencode(path), flags))


_CAPACITY = 16 << 10
"""The buffer first given to the call: the object of every real file tried takes less than
2 KiB; a longer one (a long path, many meters) is asked for again at its size."""


def _measure(data, name: Optional[bytes], flags: int) -> bytes:
    """The JSON object of `midiroll_stats` for bytes in memory (the GIL released)."""
    pointer, count = _pointer(data)
    capacity = _CAPACITY
    while True:
        buffer = ctypes.create_string_buffer(capacity)
        length = ctypes.c_int64()
        error = _library.Error()
        code = library.midiroll_stats(
            pointer, count, name, flags, buffer, capacity, ctypes.byref(length), ctypes.byref(error))
        if code == _library.USAGE and length.value > capacity:
            capacity = length.value
            continue
        _check(code, error)
        return buffer.raw[:length.value]

"""The law of every edit and writer, over random methods and arguments (valid and not): a call
returns a song (or bytes), or raises ValueError (EditError among them) or TypeError, and the song
it was called on is unchanged. Never another exception, never a crash."""

import zlib

import numpy as np
import pytest

import midiroll
from conftest import DEBIAN, SAMPLES, relative

GRIDS = ["1/16", "1/8t", "1/8.", "sixteenth", "1/7", "", "1/0", "quarter", "1/64", "x"]
SCALES = ["C major", "D dorian", "F# harmonic minor", "Bb blues", "H lydian", "", "C"]
WORDS = ["keep", "transpose", "filter", "fail", "drop", "clamp", "cut", "snap", "up", "down", "nearest", "",
         "channel", "program", "matrix", "notes", "all"]


def _value(rng, kind):
    """A random argument: mostly of the kind asked for, sometimes anything."""
    choice = rng.random()
    if choice < 0.1:
        return [None, 1.5, "3", True, -1, 2 ** 70, (1,), [], b"x"][int(rng.integers(0, 9))]
    if kind == "int":
        return int(rng.integers(-200, 1200))
    if kind == "small":
        return int(rng.integers(-5, 130))
    if kind == "word":
        return WORDS[int(rng.integers(0, len(WORDS)))]
    if kind == "grid":
        return GRIDS[int(rng.integers(0, len(GRIDS)))]
    if kind == "scale":
        return SCALES[int(rng.integers(0, len(SCALES)))]
    if kind == "span":
        start = int(rng.integers(-2, 12))
        return [start, (start, start + int(rng.integers(-2, 6))), f"{start}...", f"{start}-{start + 3}",
                (start, None)][int(rng.integers(0, 5))]
    if kind == "seconds":
        start = float(rng.uniform(-1, 30))
        return [(start, start + float(rng.uniform(-1, 20))), f"{start:.2f}...", start][int(rng.integers(0, 3))]
    if kind == "bool":
        return bool(rng.random() < 0.5)
    raise AssertionError(kind)


CALLS = [
    lambda s, r: s.transpose(_value(r, "int") // 8, drums=_value(r, "word"), out_of_range=_value(r, "word")),
    lambda s, r: s.transpose(_value(r, "small") - 64, out_of_range=["fail", "drop", "clamp"][int(r.integers(0, 3))]),
    lambda s, r: s.slice(bars=_value(r, "span"), crossing=_value(r, "word")),
    lambda s, r: s.slice(seconds=_value(r, "seconds")),
    lambda s, r: s.resample(_value(r, "int") * 8),
    lambda s, r: s.quantize(_value(r, "grid"), strength=_value(r, "small"), swing=_value(r, "small"),
                            window=_value(r, "small"), ends=_value(r, "bool"), min_duration=_value(r, "bool")),
    lambda s, r: s.filter(scale=_value(r, "scale"), mode=_value(r, "word"), snap=_value(r, "word")),
    lambda s, r: s.filter(keys=(_value(r, "small"), _value(r, "small")), drums=_value(r, "word")),
    lambda s, r: s.filter(pitches=[_value(r, "small") for _ in range(int(r.integers(0, 4)))]),
    lambda s, r: s.velocities(scale=_value(r, "int")),
    lambda s, r: s.velocities(set=_value(r, "small")),
    lambda s, r: s.velocities(range=(_value(r, "small"), _value(r, "small"))),
    lambda s, r: s.merge_tracks(),
    lambda s, r: s.split_tracks(_value(r, "word")),
    lambda s, r: s.extend_sustain(),
    lambda s, r: s.to_npz(content=_value(r, "word"), resolution=_value(r, "small"), binary=_value(r, "bool")),
    lambda s, r: s.to_json(compact=_value(r, "bool")),
]


@pytest.mark.parametrize("path", DEBIAN[::10] + SAMPLES[:3], ids=relative)
def test_a_call_returns_a_song_or_raises_value_error_and_leaves_the_song(path):
    rng = np.random.default_rng(zlib.crc32(relative(path).encode()))
    song = midiroll.read(path)
    notes, tempos, midi = song.notes.copy(), song.tempos.copy(), song.to_midi()
    outcomes = {"song": 0, "refused": 0}
    for _ in range(150):
        call = CALLS[int(rng.integers(0, len(CALLS)))]
        try:
            result = call(song, rng)
        except (ValueError, TypeError) as error:
            assert str(error), "an error says what it refused"
            outcomes["refused"] += 1
        else:
            assert isinstance(result, (midiroll.Song, bytes)), type(result)
            if isinstance(result, midiroll.Song):
                assert result.notes.dtype == midiroll.NOTE_DTYPE
                midiroll.read(result.to_midi())  # what it writes reads
            outcomes["song"] += 1
        assert np.array_equal(song.notes, notes) and np.array_equal(song.tempos, tempos)
    assert song.to_midi() == midi
    assert outcomes["song"] and outcomes["refused"], outcomes

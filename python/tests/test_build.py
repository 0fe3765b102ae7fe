"""`Song.from_notes`: songs built from arrays, written as .mid, read back the same by symusic and
mido, track by track; the inverse of `song.notes`; bad columns refused naming them."""

import io

import numpy as np
import pytest

import midiroll
from conftest import DEBIAN, SAMPLES, relative


def _random_song(rng):
    """Notes of 1-3 tracks at a random resolution, with random meters and tempos; no two notes
    of one track, channel and pitch overlap (a file could not tell which note-off ends which)."""
    tracks = int(rng.integers(1, 4))
    ticks_per_quarter = int(rng.choice([24, 96, 100, 220, 384, 480, 960, 32767]))
    rows = []
    for track in range(tracks):
        channel = int(rng.integers(0, 16))
        busy = {}
        for _ in range(int(rng.integers(0, 40))):
            pitch = int(rng.integers(0, 128))
            start = max(busy.get(pitch, 0), int(rng.integers(0, 20 * ticks_per_quarter)))
            duration = int(rng.integers(1, 4 * ticks_per_quarter))
            busy[pitch] = start + duration + 1
            rows.append((start, duration, pitch, int(rng.integers(1, 128)), track, channel,
                         int(rng.integers(0, 128))))
    notes = np.array(rows, dtype=[("tick", np.int64), ("duration", np.int64), ("pitch", np.int8),
                                  ("velocity", np.int8), ("track", np.uint16), ("channel", np.uint8),
                                  ("off_velocity", np.uint8)])
    tempos = [(0, float(rng.uniform(30, 240)))] + [
        (int(rng.integers(1, 20 * ticks_per_quarter)), float(rng.uniform(30, 240))) for _ in range(int(rng.integers(0, 3)))]
    meters = [(0, int(rng.integers(1, 13)), int(rng.choice([2, 4, 8, 16])))]
    programs = {track: int(rng.integers(0, 128)) for track in range(tracks) if rng.random() < 0.7}
    return notes, ticks_per_quarter, tempos, meters, programs, tracks


def test_a_thousand_random_songs_read_back_the_same_in_symusic_and_mido():
    symusic = pytest.importorskip("symusic")
    mido = pytest.importorskip("mido")
    rng = np.random.default_rng(2026)
    for case in range(1000):
        notes, ticks_per_quarter, tempos, meters, programs, tracks = _random_song(rng)
        song = midiroll.Song.from_notes(notes, ticks_per_quarter=ticks_per_quarter, tempos=tempos,
                                        time_signatures=meters, programs=programs)
        data = song.to_midi()
        tracks = max([1] + [int(track) + 1 for track in notes["track"]] + [track + 1 for track in programs])
        assert song.ticks_per_quarter == ticks_per_quarter and len(song.tracks) == tracks, case
        for track in range(tracks):
            ours = sorted((int(n["tick"]), int(n["duration"]), int(n["pitch"]), int(n["velocity"]))
                          for n in notes[notes["track"] == track])
            # mido: the track's messages, paired by channel and pitch.
            midi = mido.MidiFile(file=io.BytesIO(data))
            sounding, theirs, tick = {}, [], 0
            for message in midi.tracks[track]:
                tick += message.time
                if message.type == "note_on" and message.velocity > 0:
                    sounding[(message.channel, message.note)] = (tick, message.velocity)
                elif message.type in ("note_off", "note_on"):
                    start, velocity = sounding.pop((message.channel, message.note))
                    theirs.append((start, tick - start, message.note, velocity))
            assert sorted(theirs) == ours, (case, track, "mido")
        score = symusic.Score.from_midi(data)
        assert score.ticks_per_quarter == ticks_per_quarter
        theirs = sorted((n.time, n.duration, n.pitch, n.velocity) for t in score.tracks for n in t.notes)
        assert theirs == sorted((int(n["tick"]), int(n["duration"]), int(n["pitch"]), int(n["velocity"]))
                                for n in notes), (case, "symusic")
        theirs = sorted((n.time, n.pitch, t.program) for t in score.tracks for n in t.notes)
        assert theirs == sorted((int(n["tick"]), int(n["pitch"]), programs.get(int(n["track"]), 0))
                                for n in notes), (case, "programs")
        assert {(t.time, t.mspq) for t in score.tempos} == {
            (tick, round(60_000_000 / bpm)) for tick, bpm in tempos}, (case, "tempos")


@pytest.mark.parametrize("path", DEBIAN[::5] + SAMPLES, ids=relative)
def test_from_notes_is_the_inverse_of_notes(path):
    song = midiroll.read(path)
    names = [track.name for track in song.tracks]
    built = midiroll.Song.from_notes(song.notes, ticks_per_quarter=song.ticks_per_quarter or 480,
                                     tempos=song.tempos, time_signatures=song.time_signatures,
                                     key_signatures=song.key_signatures, track_names=names)
    fields = ["tick", "duration", "track", "channel", "pitch", "velocity", "off_velocity"]
    key = lambda notes: np.sort(notes[fields], order=fields)  # noqa: E731
    assert np.array_equal(key(built.notes), key(song.notes))
    again = midiroll.read(built.to_midi())
    assert np.array_equal(key(again.notes), key(song.notes))
    assert np.array_equal(again.tempos["microseconds_per_quarter"], song.tempos["microseconds_per_quarter"])
    assert [t.name for t in again.tracks] == names


def test_programs_and_names_are_written():
    notes = {"tick": [0, 0, 480], "duration": [480, 480, 240], "pitch": [60, 36, 62], "velocity": [100, 90, 80],
             "track": [0, 1, 0], "channel": [0, 9, 0]}
    song = midiroll.read(midiroll.Song.from_notes(notes, programs={0: 40}, track_names=["violin", "drums"]).to_midi())
    assert [t.name for t in song.tracks] == ["violin", "drums"]
    assert song.notes["program"].tolist() == [40, 40, 0] and song.notes["is_drum"].tolist() == [False, False, True]


@pytest.mark.parametrize("notes,words", [
    ({"tick": [0], "duration": [1], "pitch": [128], "velocity": [1]}, "pitch"),
    ({"tick": [0], "duration": [1], "pitch": [60], "velocity": [0]}, "velocity 0 is not 1-127"),
    ({"tick": [-1], "duration": [1], "pitch": [60], "velocity": [1]}, "tick"),
    ({"tick": [0], "duration": [1], "pitch": [60]}, "'velocity' is missing"),
    ({"tick": [0, 1], "duration": [1], "pitch": [60], "velocity": [1]}, "rows"),
    ({"tick": [0.5], "duration": [1], "pitch": [60], "velocity": [1]}, "whole numbers"),
    ({"tick": [0], "duration": [1], "pitch": [60], "velocity": [1], "channel": [16]}, "channel 16 is not 0-15"),
])
def test_bad_notes_are_refused_naming_the_column(notes, words):
    with pytest.raises(ValueError, match=words):
        midiroll.Song.from_notes(notes)


def test_bad_maps_are_refused():
    notes = {"tick": [0], "duration": [1], "pitch": [60], "velocity": [1]}
    with pytest.raises(ValueError, match="ticks_per_quarter"):
        midiroll.Song.from_notes(notes, ticks_per_quarter=0)
    with pytest.raises(ValueError, match="denominator 3 is not a power of two"):
        midiroll.Song.from_notes(notes, time_signatures=[(0, 3, 3)])
    with pytest.raises(ValueError, match="quarters_per_minute"):
        midiroll.Song.from_notes(notes, tempos=[(0, 0.0)])
    with pytest.raises(TypeError, match="notes"):
        midiroll.Song.from_notes([1, 2, 3])

"""`midiroll.read`: every kind of source, every field, the maps, checked against the command
line's own piano-roll JSON of the same files."""

import json
import os
import pathlib
import re
import shutil
import subprocess
import sys

import numpy as np
import pytest

import midiroll
from conftest import CORPUS, DEBIAN, ROOT, SAMPLES, relative, run_cli


def test_the_files_are_there():
    assert len(DEBIAN) == 41, "install openttd-openmsx and planetblupi-music-midi (make deps)"
    assert len(SAMPLES) > 5 and len(CORPUS) > 300


def test_version_is_midirolls():
    swift = open(os.path.join(ROOT, "Sources", "SMF", "MIDIRollVersion.swift")).read()
    pyproject = open(os.path.join(ROOT, "python", "pyproject.toml")).read()
    version = re.search(r'current = "([^"]+)"', swift).group(1)
    assert midiroll.__version__ == version
    assert f'\nversion = "{version}"' in pyproject
    header = open(os.path.join(ROOT, "include", "midiroll.h")).read()
    assert midiroll.ABI_VERSION == int(re.search(r"#define MIDIROLL_ABI_VERSION (\d+)", header).group(1))


@pytest.mark.parametrize("path", SAMPLES, ids=os.path.basename)
def test_every_source_gives_the_same_song(path):
    data = pathlib.Path(path).read_bytes()
    songs = [midiroll.read(path), midiroll.read(pathlib.Path(path)), midiroll.read(data),
             midiroll.read(bytearray(data)), midiroll.read(memoryview(data)), midiroll.read(os.fsencode(path).decode())]
    for song in songs[1:]:
        assert np.array_equal(song.notes, songs[0].notes)
        assert song.tracks == songs[0].tracks
    assert songs[0].name == path and songs[2].name is None


def test_note_fields():
    assert midiroll.NOTE_DTYPE.names == (
        "tick", "duration", "track", "channel", "pitch", "velocity", "off_velocity", "end", "program", "is_drum")
    assert midiroll.NOTE_DTYPE.itemsize == 32
    assert all(midiroll.NOTE_DTYPE.fields[name][1] % midiroll.NOTE_DTYPE.fields[name][0].itemsize == 0
               for name in midiroll.NOTE_DTYPE.names)  # every field aligned
    assert [int(end) for end in midiroll.NoteEnd] == [0, 1, 2]
    song = midiroll.read(next(path for path in DEBIAN if path.endswith("chuggachugga.mid")))
    # Its last note still sounds when its track ends: it ends there (symusic drops it).
    assert list(song.notes["end"]).count(midiroll.NoteEnd.END_OF_TRACK) == 1
    assert set(np.unique(song.notes["end"])) == {midiroll.NoteEnd.NOTE_ON_VELOCITY_0, midiroll.NoteEnd.END_OF_TRACK}


def cli_song(cli, path):
    return json.loads(run_cli(cli, "convert", path, "-", "--to", "json"))


@pytest.mark.parametrize("path", SAMPLES + DEBIAN[::4], ids=relative)
def test_everything_is_what_the_command_line_says(cli, path):
    """Notes, seconds, positions, tracks, tempos, meters and keys: the CLI's full JSON."""
    song = midiroll.read(path)
    document = cli_song(cli, path)
    notes = [note for track in document["tracks"] for note in track["notes"]]
    tracks = [index for index, track in enumerate(document["tracks"]) for _ in track["notes"]]
    assert len(song.notes) == len(notes)
    ends = {"noteOff": 0, "noteOnVelocity0": 1, "endOfTrack": 2}
    assert song.notes["track"].tolist() == tracks
    for field, key in [("tick", "tick"), ("duration", "durationTicks"), ("pitch", "pitch"),
                       ("velocity", "velocity"), ("channel", "channel")]:
        assert song.notes[field].tolist() == [note[key] for note in notes], field
    assert song.notes["end"].tolist() == [ends[note.get("end", "noteOff")] for note in notes]
    assert song.notes["off_velocity"].tolist() == [note.get("offVelocity", 0) for note in notes]
    for field in ("bar", "beat", "subbeat", "cent"):
        assert song.positions[field].tolist() == [note["position"][field] for note in notes], field
    np.testing.assert_allclose(song.seconds["start"], [note["seconds"] for note in notes], rtol=0, atol=1e-9)
    np.testing.assert_allclose(song.seconds["duration"], [note["durationSeconds"] for note in notes], rtol=0,
                               atol=1e-9)
    assert [track.name for track in song.tracks] == [track.get("name") or "" for track in document["tracks"]]
    assert [track.note_count for track in song.tracks] == [len(track["notes"]) for track in document["tracks"]]
    assert song.ticks_per_quarter == document["ticksPerBeat"]
    assert song.tempos["tick"].tolist() == [tempo["tick"] for tempo in document["tempos"]]
    assert song.tempos["microseconds_per_quarter"].tolist() == [t["microsecondsPerBeat"] for t in document["tempos"]]
    np.testing.assert_allclose(song.tempos["seconds"], [t["seconds"] for t in document["tempos"]], atol=1e-9)
    np.testing.assert_allclose(song.tempos["quarters_per_minute"], [t["bpm"] for t in document["tempos"]], atol=1e-5)
    meters = [(m["tick"], m["bar"], m["numerator"], m["denominator"]) for m in document["timeSignatures"]]
    assert song.time_signatures.tolist() == meters
    keys = [(k["tick"], k["sharps"], k["minor"]) for k in document.get("keySignatures", [])]
    assert song.key_signatures.tolist() == keys


def test_arrays_save_and_load(tmp_path):
    song = midiroll.read(SAMPLES[0])
    np.savez(tmp_path / "song.npz", notes=song.notes, seconds=song.seconds, positions=song.positions,
             tempos=song.tempos, time_signatures=song.time_signatures, key_signatures=song.key_signatures)
    loaded = np.load(tmp_path / "song.npz")
    assert loaded["notes"].tolist() == song.notes.tolist() and loaded["notes"].dtype.names == song.notes.dtype.names
    assert loaded["positions"].tolist() == song.positions.tolist()


def test_tracks_name_their_instrument():
    song = midiroll.read(next(path for path in DEBIAN if path.endswith("5432gone_redfarn.mid")))
    assert song.tracks[0] == midiroll.Track(name="5432Gone", program=-1, channel=-1, note_count=0)
    assert song.tracks[1] == midiroll.Track(name="Alto", program=53, channel=4, note_count=114)
    assert sum(track.note_count for track in song.tracks) == len(song.notes)


def test_extent_and_repr(cli):
    path = SAMPLES[0]
    song = midiroll.read(path)
    info = json.loads(run_cli(cli, "info", path, "--json"))
    assert song.end_tick == info["endTick"] and song.bar_count == info["bars"]
    assert song.duration_seconds == pytest.approx(info["seconds"], abs=1e-9)
    assert repr(song).startswith(f"<midiroll.Song {path!r}: {len(song.notes)} notes")


def test_warnings_and_strict():
    # A track without End of Track: read with a warning, or refused when strict.
    data = b"MThd\x00\x00\x00\x06\x00\x00\x00\x01\x00\x60MTrk\x00\x00\x00\x08\x00\x90\x3c\x40\x10\x80\x3c\x00"
    song = midiroll.read(data)
    assert len(song.notes) == 1 and len(song.warnings) == 1 and "End of Track" in song.warnings[0]
    with pytest.raises(midiroll.MidiError, match=r"\(strict mode\)$"):
        midiroll.read(data, strict=True)


def test_size_limit(tmp_path):
    path = SAMPLES[0]
    size = os.path.getsize(path)
    assert len(midiroll.read(path, max_size=size).notes) > 0
    with pytest.raises(midiroll.MidiError) as refused:
        midiroll.read(path, max_size=size - 1)
    assert str(refused.value) == f"{path}: byte 0: file is {size} bytes, more than the limit of {size - 1} bytes"
    assert refused.value.offset == 0 and refused.value.code == 1
    with pytest.raises(midiroll.MidiError, match="^byte 0: file is"):
        midiroll.read(pathlib.Path(path).read_bytes(), max_size=10)
    big = tmp_path / "big.mid"
    big.write_bytes(b"\0" * (midiroll.DEFAULT_MAX_SIZE + 1))
    with pytest.raises(midiroll.MidiError, match="more than the limit of 67108864 bytes"):
        midiroll.read(big)


def test_errors(cli, tmp_path):
    broken = os.path.join(ROOT, "Tests", "Fixtures", "corpus", "jazz-soft", "midi", "test-not-a-midi-file.mid")
    with pytest.raises(midiroll.MidiError) as refused:
        midiroll.read(broken)
    error = refused.value
    assert isinstance(error, ValueError) and error.code == 1 and error.offset == 0 and error.track is None
    # The command line's own line: `midiroll info` prints it after "midiroll: ".
    result = subprocess.run([cli, "info", broken], capture_output=True, text=True)
    assert result.returncode == 1 and result.stderr.strip() == f"midiroll: {error}"
    cut = pathlib.Path(SAMPLES[0]).read_bytes()[:10]  # inside the header
    with pytest.raises(midiroll.MidiError) as refused:
        midiroll.read(cut)
    assert refused.value.offset is not None and str(refused.value).startswith("byte ")
    with pytest.raises(FileNotFoundError):
        midiroll.read(tmp_path / "missing.mid")
    with pytest.raises(IsADirectoryError):
        midiroll.read(tmp_path)
    fifo = tmp_path / "fifo.mid"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match="not a regular file"):
        midiroll.read(fifo)  # refused at once, never waited on
    unreadable = tmp_path / "locked.mid"
    unreadable.write_bytes(b"MThd")
    unreadable.chmod(0)
    if os.geteuid() != 0:  # root reads it anyway
        with pytest.raises(PermissionError):
            midiroll.read(unreadable)
    with pytest.raises(TypeError):
        midiroll.read(12)


def test_a_name_with_a_newline_stays_one_line(tmp_path):
    path = tmp_path / "two\nlines.mid"
    path.write_bytes(b"MThd")
    with pytest.raises(midiroll.MidiError) as refused:
        midiroll.read(path)
    assert "\n" not in str(refused.value) and "two\\nlines.mid: byte " in str(refused.value)


MALLOPT_SPY = r"""
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
int mallopt(int param, int value) {
    static int (*real)(int, int);
    if (!real) real = (int (*)(int, int))dlsym(RTLD_NEXT, "mallopt");
    FILE *log = fopen(getenv("MALLOPT_LOG"), "a");
    if (log) { fprintf(log, "%d %d\n", param, value); fclose(log); }
    return real(param, value);
}
"""


def test_import_and_use_change_no_allocator_setting_unless_asked(tmp_path):
    """`import midiroll`, reading, measuring and dropping songs make no `mallopt` call (a library
    changes nothing process-wide unasked); `midiroll.keep_freed_memory()` makes the three. Seen by
    a `mallopt` interposed with LD_PRELOAD, which logs each call."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    assert compiler, "a C compiler is needed to interpose mallopt"
    source = tmp_path / "spy.c"
    source.write_text("#include <stdlib.h>\n" + MALLOPT_SPY)
    spy = tmp_path / "spy.so"
    subprocess.run([compiler, "-shared", "-fPIC", "-o", str(spy), str(source), "-ldl"], check=True)
    sample = str(SAMPLES[0])
    use = (f"import midiroll\nsong = midiroll.read({sample!r})\nsong.notes; song.tracks; song.positions\n"
           f"midiroll.stats({sample!r})\ndel song\n")
    for code, calls in [(use, 0), (use + "assert midiroll.keep_freed_memory()\n", 3)]:
        log = tmp_path / f"calls-{calls}.txt"
        environment = dict(os.environ, LD_PRELOAD=str(spy), MALLOPT_LOG=str(log))
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=environment)
        assert out.returncode == 0, out.stderr
        logged = log.read_text().splitlines() if log.exists() else []
        assert len(logged) == calls, logged


def test_keep_freed_memory_keeps_large_blocks_on_the_heap():
    """After `keep_freed_memory()` (M_MMAP_THRESHOLD 32 MiB, never trimmed) a 20 MB block is heap
    memory; after a plain `import midiroll` it is a mapping of its own, as glibc's default."""
    code = (
        "import ctypes, sys, midiroll\n"
        "if sys.argv[1] == 'keep': midiroll.keep_freed_memory()\n"
        "libc = ctypes.CDLL(None); libc.malloc.restype = ctypes.c_void_p\n"
        "block = libc.malloc(20 << 20)\n"
        "maps = [line.split()[0] for line in open('/proc/self/maps')]\n"
        "print(any(int(r.split('-')[0], 16) == block - 16 for r in maps))\n")
    for setting, mapped in [("keep", "False"), ("import", "True")]:
        out = subprocess.run([sys.executable, "-c", code, setting], capture_output=True, text=True)
        assert out.stdout.strip() == mapped, out.stderr


def test_a_large_song_is_read_again_without_faulting_its_memory_in():
    """With the allocator kept (`keep_freed_memory()`), a thread reading a song of a million notes again reuses the
    memory of the last read: no page faults. (Until the pairing reserved room for its last
    batch, the notes' storage doubled past 32 MiB at the end of the track, a block glibc maps
    afresh each time: 5,860 faults a read.)"""
    code = (
        "import resource, threading, midiroll\n"
        "midiroll.keep_freed_memory()\n"
        "notes = 1_000_000\n"
        "track = b'\\x00\\x90\\x3c\\x40' + b'\\x01\\x3c\\x00\\x00\\x3c\\x40' * (notes - 1) + b'\\x01\\x3c\\x00'"
        " + b'\\x00\\xff\\x2f\\x00'\n"
        "song = b'MThd' + (6).to_bytes(4, 'big') + bytes([0, 0, 0, 1, 1, 224]) + b'MTrk'"
        " + len(track).to_bytes(4, 'big') + track\n"
        "faults = []\n"
        "def work():\n"
        "    for _ in range(3):\n"
        "        before = resource.getrusage(resource.RUSAGE_THREAD).ru_minflt\n"
        "        assert len(midiroll.read(song).notes) == notes\n"
        "        faults.append(resource.getrusage(resource.RUSAGE_THREAD).ru_minflt - before)\n"
        "thread = threading.Thread(target=work); thread.start(); thread.join()\n"
        "print(faults[-1])\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert int(out.stdout) < 100, out.stdout

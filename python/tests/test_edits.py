"""The toolkit in Python: every edit and writer gives the command line's bytes, songs are values
(copied, pickled, sent to other processes), each note says what plays it and songs come in time
order, and bad arguments are refused naming them."""

import copy
import io
import multiprocessing
import os
import pickle
import re
import shutil
import subprocess
import sys
from collections import Counter

import numpy as np
import pytest

import midiroll
from conftest import CORPUS, DEBIAN, SAMPLES, relative, run_cli

FILES = DEBIAN + SAMPLES

# Every option of `midiroll convert` that edits or writes a song, with the Python call that asks
# for the same: (convert's words, the call). `test_every_convert_option_has_a_python_keyword`
# fails when convert gains an option that no row here gives.
WALK = [
    (["--transpose", "3"], lambda song: song.transpose(3)),
    (["--transpose", "-5", "--out-of-range", "drop", "--drums", "transpose"],
     lambda song: song.transpose(-5, out_of_range="drop", drums="transpose")),
    (["--transpose", "30", "--out-of-range", "clamp"], lambda song: song.transpose(30, out_of_range="clamp")),
    (["--bars", "2...3", "--crossing", "keep"], lambda song: song.slice(bars=(2, 3), crossing="keep")),
    (["--bars", "2..."], lambda song: song.slice(bars="2...")),
    (["--seconds", "1...4.5", "--crossing", "drop"], lambda song: song.slice(seconds=(1, 4.5), crossing="drop")),
    (["--ticks-per-beat", "96"], lambda song: song.resample(96)),
    (["--velocity-scale", "80"], lambda song: song.velocities(scale=80)),
    (["--velocity-set", "100"], lambda song: song.velocities(set=100)),
    (["--velocity-range", "40...110"], lambda song: song.velocities(range=(40, 110))),
    (["--merge-tracks"], lambda song: song.merge_tracks()),
    (["--split", "program"], lambda song: song.split_tracks("program")),
    (["--grid", "1/16", "--strength", "50", "--swing", "20", "--window", "80", "--ends", "--min-duration",
      "--all-events"],
     lambda song: song.quantize("1/16", strength=50, swing=20, window=80, ends=True, min_duration=True,
                                all_events=True)),
    (["--grid", "1/8t", "--no-ends"], lambda song: song.quantize("1/8t", ends=False)),
    (["--keys", "48...72"], lambda song: song.filter(keys=(48, 72))),
    (["--scale", "D dorian", "--octaves", "3...5", "--mode", "snap", "--snap", "up", "--drums", "filter"],
     lambda song: song.filter(scale="D dorian", octaves=(3, 5), mode="snap", snap="up", drums="filter")),
    (["--pitches", "60,64,67"], lambda song: song.filter(pitches=[60, 64, 67])),
    (["--sustain", "extend"], lambda song: song.extend_sustain()),
]

# Writers: (the output's extension, convert's words, the call giving the bytes).
WRITERS = [
    ("mid", [], lambda song: song.to_midi()),
    ("json", [], lambda song: song.to_json()),
    ("json", ["--compact"], lambda song: song.to_json(compact=True)),
    ("npz", [], lambda song: song.to_npz()),
    ("npz", ["--npz", "notes", "--no-compress"], lambda song: song.to_npz(content="notes", compress=False)),
    ("npz", ["--resolution", "12", "--binary", "--merge"],
     lambda song: song.to_npz(resolution=12, binary=True, merge=True)),
    ("npz", ["--steps", "1/16"], lambda song: song.to_npz(steps="1/16")),
]

# convert's options that neither edit nor write a song: reading, naming and printing.
NOT_EDITS = {"--from", "--strict", "--max-file-size", "--prefer", "--quiet", "--to", "--force", "--version",
             "--help", "--list-scales"}


def _convert_options(cli):
    text = run_cli(cli, "convert", "--help").decode()
    options = set(re.findall(r"^\s+(?:-\w, )?(--[a-z-]+)", text, flags=re.M))
    options |= {"--no-" + name[2:] for name in re.findall(r"(--[a-z-]+)/--no-", text)}
    return options - NOT_EDITS


def test_every_convert_option_has_a_python_keyword(cli):
    walked = {word for words, _ in WALK for word in words if word.startswith("--")}
    walked |= {word for _, words, _ in WRITERS for word in words if word.startswith("--")}
    walked |= {"--npz"}  # to_npz(content=...) passes it on every call
    missing = _convert_options(cli) - walked
    assert not missing, f"convert options with no Python call in WALK or WRITERS: {sorted(missing)}"


def _batch(cli, folder, out, extension, words):
    """`midiroll batch` over `folder` with convert's words: the outputs by input name."""
    subprocess.run([cli, "batch", folder, out, "--to", extension, "--quiet", *words], capture_output=True)
    return {name: os.path.join(out, os.path.splitext(name)[0] + "." + extension) for name in os.listdir(folder)}


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    """The Debian files and the samples in one folder (links), as batch reads a folder."""
    folder = tmp_path_factory.mktemp("inputs")
    for index, path in enumerate(FILES):
        os.symlink(path, folder / f"{index:03d}-{os.path.basename(path)}")
    return str(folder)


@pytest.mark.parametrize("words,call", WALK, ids=[" ".join(words) for words, _ in WALK])
def test_each_edit_gives_the_command_lines_bytes(cli, inputs, tmp_path, words, call):
    outputs = _batch(cli, inputs, str(tmp_path / "out"), "mid", words)
    for name, output in sorted(outputs.items()):
        song = midiroll.read(os.path.join(inputs, name))
        before = song.notes.copy()
        if not os.path.exists(output):
            with pytest.raises(midiroll.EditError):
                call(song)
        else:
            with open(output, "rb") as file:
                assert call(song).to_midi() == file.read(), name
        assert np.array_equal(song.notes, before), f"{name}: the song changed"


@pytest.mark.parametrize("extension,words,call", WRITERS, ids=[f"{e} {' '.join(w)}" for e, w, _ in WRITERS])
def test_each_writer_gives_the_command_lines_bytes(cli, inputs, tmp_path, extension, words, call):
    outputs = _batch(cli, inputs, str(tmp_path / "out"), extension, words)
    for name, output in sorted(outputs.items()):
        with open(output, "rb") as file:
            assert call(midiroll.read(os.path.join(inputs, name))) == file.read(), name


def test_one_file_commands_give_the_same_bytes(cli, tmp_path):
    path = SAMPLES[0]
    for command, words, call in [
        ("transpose", ["--semitones", "3"], lambda song: song.transpose(3)),
        ("quantize", ["--grid", "1/16"], lambda song: song.quantize("1/16")),
        ("resample", ["--ticks-per-beat", "240"], lambda song: song.resample(240)),
        ("merge", [], lambda song: song.merge_tracks()),
    ]:
        output = str(tmp_path / f"{command}.mid")
        run_cli(cli, command, path, output, "--quiet", *words)
        with open(output, "rb") as file:
            assert call(midiroll.read(path)).to_midi() == file.read(), command


def test_bad_values_raise_value_error_in_the_command_lines_words():
    song = midiroll.read(SAMPLES[0])
    with pytest.raises(ValueError, match=r"--transpose '200': expected a whole number of semitones"):
        song.transpose(200)
    with pytest.raises(ValueError, match="grid"):
        song.quantize("1/7x")
    with pytest.raises(ValueError, match="--ticks-per-beat '0'"):
        song.resample(0)
    with pytest.raises(ValueError, match="scale"):
        song.filter(scale="H lydian")
    with pytest.raises(ValueError, match="bars"):
        song.slice(bars="12...5")
    with pytest.raises(TypeError, match="semitones"):
        song.transpose(2.5)
    with pytest.raises(ValueError, match="out_of_range"):
        song.transpose(2, out_of_range="wrap")
    with pytest.raises(midiroll.EditError, match=relative(SAMPLES[0]).split("/")[-1]):
        song.transpose(127)
    assert issubclass(midiroll.EditError, ValueError)


def test_write_picks_the_kind_by_extension_and_never_overwrites_the_input(tmp_path):
    source = tmp_path / "song.mid"
    shutil.copy(SAMPLES[0], source)
    song = midiroll.read(str(source))
    for extension in ("mid", "json", "npz", "svg", "html"):
        song.write(tmp_path / f"out.{extension}")
        assert (tmp_path / f"out.{extension}").stat().st_size > 0
    with pytest.raises(ValueError, match="read from"):
        song.transpose(2).write(source)
    assert source.read_bytes() == open(SAMPLES[0], "rb").read()
    song.transpose(2).write(source, force=True)
    assert midiroll.read(str(source)).notes.size == song.notes.size
    with pytest.raises(ValueError, match="extension"):
        song.write(tmp_path / "out.txt")
    assert not [name for name in os.listdir(tmp_path) if name.endswith(".tmp")]


# Values.

def _same(a, b):
    assert np.array_equal(a.notes, b.notes)
    assert np.array_equal(a.tempos, b.tempos) and np.array_equal(a.time_signatures, b.time_signatures)
    assert a.tracks == b.tracks and a.ticks_per_quarter == b.ticks_per_quarter and a.warnings == b.warnings


def test_copies_are_the_song_and_arrays_are_read_only():
    song = midiroll.read(SAMPLES[0])
    copied, deep = copy.copy(song), copy.deepcopy(song)
    del copied, deep
    assert song.notes.size > 0 and song.transpose(1).notes.size == song.notes.size
    for array in (song.notes, song.seconds, song.positions, song.tempos, song.notes_by_time(), song.note_order):
        with pytest.raises(ValueError):
            array[...] = 0


@pytest.mark.parametrize("path", FILES[:12], ids=relative)
def test_a_pickle_holds_the_songs_contents(path):
    song = midiroll.read(path)
    _same(pickle.loads(pickle.dumps(song)), song)


def test_a_pickle_reads_in_a_fresh_process(tmp_path):
    song = midiroll.read(DEBIAN[0])
    (tmp_path / "song.pickle").write_bytes(pickle.dumps(song))
    script = ("import pickle, sys, midiroll; song = pickle.load(open(sys.argv[1], 'rb'));"
              "print(song.notes.size, int(song.notes['pitch'].astype(int).sum()), song.name)")
    out = subprocess.run([sys.executable, "-c", script, str(tmp_path / "song.pickle")], check=True,
                         capture_output=True, text=True).stdout.split()
    assert out == [str(song.notes.size), str(int(song.notes["pitch"].astype(int).sum())), song.name]


@pytest.mark.parametrize("method", ["spawn", "fork"])
def test_songs_cross_processes(method):
    paths = DEBIAN[:6]
    with multiprocessing.get_context(method).Pool(2) as pool:
        songs = pool.map(midiroll.read, paths)
    for path, song in zip(paths, songs):
        _same(song, midiroll.read(path))


# What plays each note, and time order.

@pytest.mark.parametrize("path", FILES + CORPUS, ids=relative)
def test_program_and_is_drum_are_symusics(path):
    symusic = pytest.importorskip("symusic")
    try:
        score = symusic.Score(path)
        notes = midiroll.read(path).notes
    except Exception:  # refused by either: test_symusic.py holds which, and why
        return
    theirs = Counter(
        (note.time, note.pitch, track.program, track.is_drum) for track in score.tracks for note in track.notes)
    ours = Counter(zip(notes["tick"].tolist(), notes["pitch"].tolist(), notes["program"].tolist(),
                       notes["is_drum"].tolist()))
    # Where symusic reads notes midiroll does not (test_symusic.py lists why: a SysEx
    # continuation, running status across a SysEx), there is no program to compare.
    onsets = {(tick, pitch) for tick, pitch, _, _ in ours}
    other = [note for note in theirs - ours if note[:2] in onsets]
    assert not other, f"{relative(path)}: symusic's notes with another program or drum flag: {other[:5]}"


@pytest.mark.parametrize("path", FILES, ids=relative)
def test_notes_by_time_are_in_time_order(path):
    song = midiroll.read(path)
    by_time = song.notes_by_time()
    assert (np.diff(by_time["tick"]) >= 0).all()
    assert np.array_equal(by_time, song.notes[song.note_order])
    assert np.array_equal(np.sort(song.note_order), np.arange(song.notes.size))


def test_pitch_arithmetic_does_not_wrap():
    notes = midiroll.read(SAMPLES[0]).notes
    assert notes["pitch"].dtype == np.int8 and notes["velocity"].dtype == np.int8
    assert np.diff(notes["pitch"]).min() < 0


# Arguments.

@pytest.mark.parametrize("bad,error", [
    ("10", TypeError), (True, TypeError), (1.5, TypeError), (-1, ValueError), (0, ValueError),
    (2 ** 63, ValueError), (2 ** 64 + 100, ValueError)])
def test_a_bad_max_size_is_refused_naming_it(bad, error):
    with pytest.raises(error, match="max_size"):
        midiroll.read(SAMPLES[0], max_size=bad)


def test_any_buffer_is_content_and_bytes_naming_a_path_are_refused():
    data = open(SAMPLES[0], "rb").read()
    expected = midiroll.read(SAMPLES[0]).notes
    for source in (data, bytearray(data), memoryview(data), np.frombuffer(data, np.uint8)):
        assert np.array_equal(midiroll.read(source).notes, expected)
    with pytest.raises(ValueError, match="names a path"):
        midiroll.read(b"song.mid")
    with pytest.raises(ValueError, match="names a path"):
        midiroll.read(os.fsencode(SAMPLES[0]))
    with pytest.raises(TypeError, match="source"):
        midiroll.read(12)


def test_a_warning_names_its_file():
    song = midiroll.read(DEBIAN[0])
    broken = open(DEBIAN[0], "rb").read()[:-3]
    warned = midiroll.read(broken)
    assert warned.warnings and all(not line.startswith("None") for line in warned.warnings)
    for path in FILES:
        for line in midiroll.read(path).warnings:
            assert line.startswith(path + ": "), line
    assert song.name == DEBIAN[0]


@pytest.mark.parametrize("path", DEBIAN[::8] + SAMPLES, ids=relative)
def test_piano_roll_is_pypianorolls(path, tmp_path):
    pypianoroll = pytest.importorskip("pypianoroll")
    song = midiroll.read(path)
    for options in ({}, {"resolution": 12, "binary": True}, {"steps": "1/16"}, {"sustain": True}):
        npz = tmp_path / "song.npz"
        words = {key: value for key, value in options.items() if key != "sustain"}
        npz.write_bytes((song.extend_sustain() if options.get("sustain") else song).to_npz(**words))
        theirs = [track.pianoroll for track in pypianoroll.load(npz).tracks]
        ours = song.piano_roll(**options)
        assert len(ours) == len(theirs), options
        for mine, their in zip(ours, theirs):
            assert mine.dtype == their.dtype and np.array_equal(mine, their), options
    merged = song.piano_roll(merge=True)
    assert isinstance(merged, np.ndarray) and merged.shape[1] == 128


@pytest.mark.parametrize("path", DEBIAN[::8] + SAMPLES, ids=relative)
def test_piano_roll_json_reads_as_the_song(path, tmp_path):
    song = midiroll.read(path)
    for compact in (False, True):
        data = song.to_json(compact=compact)
        assert np.array_equal(midiroll.read(data).notes, song.notes)
        (tmp_path / "song.json").write_bytes(data)
        again = midiroll.read(str(tmp_path / "song.json"))
        assert np.array_equal(again.notes, song.notes) and again.to_midi() == song.to_midi()
    with pytest.raises(midiroll.MidiError, match=r"song\.json: tracks\[0\] \(line 1, column 26\): not valid JSON"):
        (tmp_path / "song.json").write_bytes(b'{"format": 1, "tracks": [}')
        midiroll.read(str(tmp_path / "song.json"))

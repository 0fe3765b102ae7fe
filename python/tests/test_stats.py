"""`midiroll.stats`: the command line's `stats --json` object of every Debian file, sample,
corpus file and fuzz regression (tolerant and strict), every kind of source, the size limit and
the errors, a result larger than the first buffer, and threads."""

import json
import math
import os
import pathlib
import struct
import subprocess
import threading

import pytest

import midiroll
from conftest import ALL_FILES, DEBIAN, FUZZ_REGRESSIONS, SAMPLES

FILES = ALL_FILES + FUZZ_REGRESSIONS

METRICS = [
    "pitch_range", "n_pitches_used", "n_pitch_classes_used", "polyphony", "polyphony_rate", "pitch_entropy",
    "pitch_class_entropy", "scale_consistency", "empty_beat_rate", "empty_measure_rate", "groove_consistency",
    "drum_in_pattern_rate", "drum_pattern_consistency",
]


def cli_stats(cli, paths, *options):
    """What `midiroll stats --json --quiet` says of `paths`: each measured file's object by its
    path (its keys in order), and the error lines of the others."""
    result = subprocess.run([cli, "stats", "--json", "--quiet", *options, *paths], capture_output=True)
    assert result.returncode in (0, 1), result.stderr
    objects = [json.loads(line) for line in result.stdout.decode("utf-8").splitlines()]
    return {item["path"]: item for item in objects}, set(result.stderr.decode("utf-8").splitlines())


@pytest.mark.parametrize("strict", [False, True], ids=["tolerant", "strict"])
def test_every_file_is_what_the_command_line_says(cli, strict):
    assert len(DEBIAN) == 41 and len(SAMPLES) > 5 and len(FILES) > 400
    expected, errors = cli_stats(cli, FILES, *(["--strict"] if strict else []))
    measured = refused = 0
    for path in FILES:
        try:
            found = midiroll.stats(path, strict=strict)
        except midiroll.MidiError as error:
            refused += 1
            assert path not in expected, f"{path}: the command line measures it"
            assert f"midiroll: {error}" in errors
            assert error.code == 1 and error.offset is not None and error.offset >= 0
            with pytest.raises(midiroll.MidiError) as again:
                midiroll.stats(pathlib.Path(path).read_bytes(), strict=strict)
            assert f"{path}: {again.value}" == str(error)  # the bytes, without the name
            continue
        measured += 1
        assert list(found.items()) == list(expected[path].items()), path  # the keys in order too
        assert midiroll.stats(pathlib.Path(path).read_bytes(), strict=strict) == {**found, "path": None}
    assert measured == len(expected) and measured > 380
    assert refused >= (30 if strict else 3)


def test_metrics_are_muspys_names_with_none_for_nan():
    seen_none = seen_values = 0
    for path in DEBIAN + SAMPLES:
        found = midiroll.stats(path)
        assert list(found["metrics"]) == METRICS
        for value in found["metrics"].values():
            if value is None:
                seen_none += 1
            else:
                assert isinstance(value, (int, float)) and not math.isnan(value)
                seen_values += 1
    assert seen_none > 0 and seen_values > 400
    drums = midiroll.stats(next(path for path in SAMPLES if path.endswith("drum-pattern.mid")))
    assert drums["drumNotes"] > 0 and drums["metrics"]["drum_in_pattern_rate"] is not None


def test_what_muspy_refuses_or_raises():
    """Files muspy refuses ("metrics": None, "muspyRefused") or raises on ("metricsRaised")."""
    refused = raised = 0
    for path in FILES:
        try:
            found = midiroll.stats(path)
        except midiroll.MidiError:
            continue
        if found["metrics"] is None:
            refused += 1
            assert "Error" in found["muspyRefused"]  # what mido or muspy raises (MIDIError, EOFError, ...)
        for name, note in found.get("metricsRaised", {}).items():
            raised += 1
            assert found["metrics"][name] is None and "Error" in note
    assert refused > 0 and raised > 0


def test_every_source_gives_the_same_object():
    path = SAMPLES[0]
    data = pathlib.Path(path).read_bytes()
    by_path = midiroll.stats(path)
    assert by_path["path"] == path and by_path["bytes"] == len(data)
    assert midiroll.stats(pathlib.Path(path)) == by_path
    assert midiroll.stats(os.fsencode(path).decode()) == by_path
    assert midiroll.stats(pathlib.PurePosixPath(path)) == by_path
    without_name = {**by_path, "path": None}
    for source in (data, bytearray(data), memoryview(data)):
        assert midiroll.stats(source) == without_name


def test_size_limit_and_errors(tmp_path):
    path = SAMPLES[0]
    size = os.path.getsize(path)
    assert midiroll.stats(path, max_size=size)["bytes"] == size
    with pytest.raises(midiroll.MidiError) as refused:
        midiroll.stats(path, max_size=size - 1)
    # The reader's words, as `read` gives them (the command line adds its option's name).
    assert str(refused.value) == f"{path}: byte 0: file is {size} bytes, more than the limit of {size - 1} bytes"
    assert refused.value.offset == 0
    with pytest.raises(midiroll.MidiError, match="^byte 0: file is"):
        midiroll.stats(pathlib.Path(path).read_bytes(), max_size=10)
    with pytest.raises(FileNotFoundError):
        midiroll.stats(tmp_path / "missing.mid")
    with pytest.raises(IsADirectoryError):
        midiroll.stats(tmp_path)
    fifo = tmp_path / "fifo.mid"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match="not a regular file"):
        midiroll.stats(fifo)  # refused at once, never waited on
    with pytest.raises(TypeError):
        midiroll.stats(12)
    newline = tmp_path / "two\nlines.mid"
    newline.write_bytes(b"MThd")
    with pytest.raises(midiroll.MidiError) as refused:
        midiroll.stats(newline)
    assert "\n" not in str(refused.value) and "two\\nlines.mid: byte " in str(refused.value)


def many_meters():
    """A song of 2,000 meters, each once: an object of more than 16 KiB, the first buffer."""
    events = b"".join(
        b"\x60\xff\x58\x04" + bytes([numerator, exponent, 24, 8])
        for numerator in range(1, 251) for exponent in range(8))
    events += b"\x00\x90\x3c\x40\x60\x80\x3c\x00\x00\xff\x2f\x00"
    return b"MThd" + struct.pack(">IHHH", 6, 0, 1, 96) + b"MTrk" + struct.pack(">I", len(events)) + events


def test_an_object_larger_than_the_first_buffer(cli, tmp_path):
    data = many_meters()
    song = tmp_path / "meters.mid"
    song.write_bytes(data)
    found = midiroll.stats(song)
    assert len(found["meters"]) == 2000 and len(json.dumps(found)) > 16 << 10
    expected, _ = cli_stats(cli, [str(song)])
    assert found == expected[str(song)]
    assert midiroll.stats(data) == {**found, "path": None}


def test_four_threads_measure_what_one_thread_measures():
    paths = DEBIAN + SAMPLES
    expected = [midiroll.stats(path) for path in paths]
    results = [None] * 4
    start = threading.Barrier(4)

    def work(index):
        start.wait()
        order = paths if index % 2 else list(reversed(paths))
        found = {path: midiroll.stats(path if index < 2 else pathlib.Path(path).read_bytes()) for path in order}
        results[index] = [found[path] for path in paths]

    threads = [threading.Thread(target=work, args=(index,)) for index in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for index, found in enumerate(results):
        assert found == (expected if index < 2 else [{**item, "path": None} for item in expected])


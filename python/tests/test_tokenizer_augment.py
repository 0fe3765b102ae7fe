"""`Tokenizer.encode` with offsets beside MidiTok 3.1's `augment_score` then `encode`, on the
407 files (Debian, samples, corpus): one MidiTok tokenizer per configuration for all files."""

import os

import numpy as np
import pytest

import midiroll
from conftest import ALL_FILES, DEBIAN, relative

miditok = pytest.importorskip("miditok")
symusic = pytest.importorskip("symusic")
from miditok.data_augmentation import augment_score  # noqa: E402

# (pitch, velocity, duration, duration_in_ticks): beats and ticks, whole and fractional, both
# signs; a negative offset in beats becomes +1 tick (MidiTok's max(round(...), 1)).
OFFSETS = [
    (2, 0, 0, False), (-3, 8, 0, False), (0, -10, 0.5, False), (1, 5, -0.25, False),
    (0, 0, -40, True), (0, 0, 2.6, True),
]


@pytest.fixture(scope="module", params=[("REMI", {}), ("TSD", {"use_programs": True})], ids=["remi", "tsd-programs"])
def tokenizers(request, tmp_path_factory):
    name, params = request.param  # REMI judged on every file, TSD with programs on Debian's
    theirs = getattr(miditok, name)(miditok.TokenizerConfig(**params))
    path = tmp_path_factory.mktemp("augment") / f"{name}.json"
    theirs.save(path)
    return midiroll.Tokenizer(path), theirs


def miditok_ids(tokenizer, score):
    encoded = tokenizer.encode(score)
    if isinstance(encoded, list):
        return [np.array(sequence.ids, dtype=np.int32) for sequence in encoded]
    return np.array(encoded.ids, dtype=np.int32)


def same(ours, theirs):
    if isinstance(theirs, list):
        return len(ours) == len(theirs) and all(np.array_equal(a, b) for a, b in zip(ours, theirs))
    return np.array_equal(ours, theirs)


@pytest.mark.parametrize("offsets", OFFSETS, ids=[str(o) for o in OFFSETS])
def test_encode_with_offsets_equals_miditok_augment_score(tokenizers, offsets):
    ours_tokenizer, theirs_tokenizer = tokenizers
    pitch, velocity, duration, in_ticks = offsets
    compared = 0
    files = ALL_FILES if ours_tokenizer.tokenization == "REMI" else DEBIAN
    for path in files:
        try:
            score = symusic.Score(path)
            augmented = augment_score(score, pitch, velocity, duration, duration_in_ticks=in_ticks)
            theirs = miditok_ids(theirs_tokenizer, augmented)
        except Exception:  # noqa: BLE001 - a file MidiTok cannot read or augment is judged below
            continue
        ours = ours_tokenizer.encode(
            path, pitch_offset=pitch, velocity_offset=velocity, duration_offset=duration, duration_in_ticks=in_ticks)
        assert same(ours, theirs), f"{relative(path)} {offsets}"
        compared += 1
    assert compared > 0.9 * len(files)


def test_pitch_offset_past_the_range_is_a_value_error(tokenizers):
    ours, _ = tokenizers
    with pytest.raises(ValueError, match="past 0-127"):
        ours.encode(DEBIAN[0], pitch_offset=100)
    with pytest.raises(ValueError, match="past 0-127"):
        ours.encode_chunks(DEBIAN[0], 512, pitch_offset=-100)


@pytest.mark.parametrize("bad,error", [
    ({"pitch_offset": 1.5}, TypeError), ({"velocity_offset": "3"}, TypeError), ({"duration_offset": "x"}, TypeError),
    ({"velocity_range": (1,)}, TypeError), ({"pitch_offset": 2, "velocity_range": (0, 300)}, ValueError),
    ({"pitch_offset": 500}, ValueError),
])
def test_bad_offsets_are_refused_before_any_work(tokenizers, bad, error):
    ours, _ = tokenizers
    with pytest.raises(error):
        ours.encode(DEBIAN[0], **bad)


def test_the_command_line_augments_the_same(tokenizers, cli, tmp_path):
    ours, _ = tokenizers
    import json
    import subprocess
    path = DEBIAN[3]
    output = tmp_path / "tokens.json"
    subprocess.run([cli, "tokenize", path, str(output), "--tokenizer", ours.name, "--pitch-offset", "2",
                    "--velocity-offset=-8", "--duration-offset", "0.5"], check=True, capture_output=True)
    written = json.loads(output.read_text())["ids"]
    encoded = ours.encode(path, pitch_offset=2, velocity_offset=-8, duration_offset=0.5)
    if isinstance(encoded, list):
        assert [list(map(int, ids)) for ids in encoded] == written
    else:
        assert list(map(int, encoded)) == written
    assert os.path.getsize(output) > 0

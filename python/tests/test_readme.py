"""The README's Python example, as it is written there, run on Samples/."""

import os
import re

import numpy as np

import midiroll
from conftest import ROOT, SAMPLES


def readme_example(name=""):
    text = open(os.path.join(ROOT, "README.md")).read()
    marker = re.escape(f"<!-- tested: python/tests/test_readme.py{' ' + name if name else ''} -->")
    return re.search(marker + r"\n```python\n(.*?)```", text, re.S).group(1)


def test_the_readme_example_runs(monkeypatch):
    monkeypatch.chdir(ROOT)
    names = {}
    exec(compile(readme_example(), "README.md", "exec"), names)
    songs = [midiroll.read(path) for path in SAMPLES]
    assert len(names["notes"]) == sum(len(song.notes) for song in songs)
    assert names["song_of_note"].tolist() == [index for index, song in enumerate(songs) for _ in song.notes]
    assert names["downbeats"].sum() == sum(int((song.positions["beat"] == 0).sum()) for song in songs)
    assert names["entropy"] == [midiroll.stats(path)["metrics"]["pitch_class_entropy"] for path in SAMPLES]
    batch = names["batch"]
    assert batch.shape == (len(SAMPLES), 64, 3) and batch.dtype == np.float32
    first = songs[0].notes[songs[0].notes["channel"] != 9][:64]
    assert batch[0, : len(first), 0].tolist() == first["pitch"].tolist()
    assert batch[0, : len(first), 1].tolist() == (first["tick"] / songs[0].ticks_per_quarter).astype(np.float32).tolist()
    assert not batch[0, len(first):].any()


def test_the_readme_token_dataset_runs(monkeypatch):
    monkeypatch.chdir(ROOT)
    names = {}
    exec(compile(readme_example("tokens"), "README.md", "exec"), names)
    dataset, batch = names["dataset"], names["batch"]
    tokenizer = midiroll.Tokenizer(os.path.join(ROOT, "Samples", "tokenizers", "remi.json"))
    chunks = sum(len(tokenizer.encode_chunks(path, 256, bos=True, eos=True)) for path in SAMPLES)
    assert len(dataset) == chunks > len(SAMPLES)
    assert batch.shape == (min(8, chunks), 256)
    first = dataset[0]
    assert first["input_ids"][0] == tokenizer.bos_id and first["attention_mask"].sum() <= 256
    assert set(np.unique(batch)) <= set(range(len(tokenizer)))

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


def make_pack(cli, folder):
    """Packs the samples into `folder`/packs as the README's command does (without the split)."""
    import subprocess
    subprocess.run([cli, "batch", os.path.join(ROOT, "Samples"), os.path.join(folder, "packs"), "--to", "tokens",
                    "--tokenizer", os.path.join(ROOT, "Samples", "tokenizers", "remi.json"), "--pack",
                    "--max-seq-len", "256", "--bos", "--eos", "--augment", "pitch=-2,0,2", "--include", "*.mid", "--quiet"], check=True)


def test_the_readme_pack_is_read_with_numpy_alone(cli, tmp_path, monkeypatch, capsys):
    make_pack(cli, tmp_path)
    monkeypatch.chdir(tmp_path)
    names = {}
    exec(compile(readme_example("pack"), "README.md", "exec"), names)
    dataset = midiroll.TokenDataset(tmp_path / "packs")
    assert names["first"].tolist() == dataset[0].tolist() and len(dataset[0]) <= 256
    assert names["sources"][names["record"]["source"]] == dataset.info(0).source
    assert dataset.info(0).source in capsys.readouterr().out


def test_the_readme_token_dataset_runs_with_collate(cli, tmp_path, monkeypatch):
    make_pack(cli, tmp_path)
    monkeypatch.chdir(tmp_path)
    os.symlink(os.path.join(ROOT, "Samples"), tmp_path / "Samples")
    names = {}
    exec(compile(readme_example("dataset"), "README.md", "exec"), names)
    batch, ds = names["batch"], names["ds"]
    assert batch["input_ids"].shape[0] == 8 and batch["labels"].shape == batch["input_ids"].shape
    shortest = sorted(len(ds[i]) for i in range(len(ds)))[:8]
    assert batch["input_ids"].shape[1] == max(shortest) - 1

"""`midiroll batch --to tokens --pack` read back with `midiroll.TokenDataset`: every sequence is
`Tokenizer.encode_chunks` (or `encode`) of its source with its offsets; the augmented variants
are MidiTok 3.1's `augment_score_multiple_offsets` then `encode`, judged by MidiTok on the 407
files; a run killed at random points and resumed gives the same bytes; shards and splits give the
same dataset; a cut pack is refused.

The packs are made by the command line the wheel bundles (a release build of the same Swift code
as the debug binary the other tests run), so that packing the 407 files takes seconds.
"""

import collections
import json
import os
import random
import signal
import subprocess
import time

import numpy as np
import pytest

import midiroll
from midiroll import _command
from conftest import ALL_FILES, DEBIAN, ROOT, SAMPLES, relative

TOKENIZERS = os.path.join(ROOT, "Samples", "tokenizers")


@pytest.fixture(scope="module")
def packer(cli):
    """The command line that writes the packs: the wheel's release binary, else MIDIROLL_CLI."""
    return _command.BINARY if os.access(_command.BINARY, os.X_OK) else cli


def linked_folder(root, files):
    """A folder of symbolic links to `files` (batch follows them), each at its path relative to
    the repository (or under `abs/`); returns the folder and each link's relative path → file."""
    sources = {}
    for path in files:
        name = relative(path)
        name = name if not os.path.isabs(name) else "abs" + name
        link = os.path.join(root, name)
        os.makedirs(os.path.dirname(link), exist_ok=True)
        if not os.path.lexists(link):
            os.symlink(path, link)
        sources[name] = path
    return str(root), sources


def pack(packer, folder, out, tokenizer, *arguments, check=True):
    """Runs `batch --to tokens --pack`; returns the completed process."""
    command = [packer, "batch", folder, str(out), "--to", "tokens", "--tokenizer", tokenizer, "--pack", "--quiet",
               *arguments]
    result = subprocess.run(command, capture_output=True, text=True)
    if check:
        assert result.returncode in (0, 1), result.stderr
    return result


def by_source(dataset):
    """The dataset's sequences by source, each `(offsets, track, start, end, chunk, ids)` in order."""
    grouped = collections.defaultdict(list)
    for index in range(len(dataset)):
        info = dataset.info(index)
        grouped[info.source].append(
            (info.offsets, info.track, info.start_tick, info.end_tick, info.chunk, dataset[index].tolist()))
    return grouped


def minimum_ticks(path):
    """MidiTok's minimum duration in ticks for offsets in beats: max(round(0.03125 x tpq), 1)."""
    symusic = pytest.importorskip("symusic")
    return max(round(0.03125 * symusic.Score(path).ticks_per_quarter), 1)


@pytest.mark.parametrize("name,chunked", [("remi", True), ("tsd", True), ("remi-bpe", False), ("cpword", True),
                                          ("octuple", False), ("mmm", True)])
def test_every_sequence_is_the_tokenizers_own_encoding(packer, tmp_path, name, chunked):
    tokenizer_path = os.path.join(TOKENIZERS, f"{name}.json")
    tok = midiroll.Tokenizer(tokenizer_path)
    folder, sources = linked_folder(tmp_path / "in", SAMPLES + DEBIAN[:12])
    chunk_words = ["--max-seq-len", "300", "--overlap-bars", "1", "--bos", "--eos"] if chunked else []
    pack(packer, folder, tmp_path / "out", tokenizer_path, *chunk_words,
         "--augment", "pitch=-2,2", "--augment", "velocity=-8", "--augment", "duration=0.125")
    dataset = midiroll.TokenDataset(tmp_path / "out", tokenizer=tok)
    assert len(dataset) > 0 and dataset.manifests[0]["complete"]
    assert dataset.dtype == np.uint16 and dataset.manifests[0]["truncations"] == 0
    assert dataset.width == (len(tok.vocab) if tok.tokenization in ("CPWord", "Octuple") else 1)
    for source, sequences in by_source(dataset).items():
        path = sources[source]
        variants = collections.OrderedDict()
        for offsets, track, start, end, chunk, ids in sequences:
            variants.setdefault(offsets, []).append((track, start, end, ids))
        assert next(iter(variants)) == (0, 0, 0), source  # the original first
        for (pitch, velocity, duration), rows in variants.items():
            offsets = dict(pitch_offset=pitch, velocity_offset=velocity, duration_offset=duration,
                           duration_in_ticks=True, min_duration=minimum_ticks(path))
            if chunked:
                expected = [(c.track, c.start_tick, c.end_tick, c.ids.tolist())
                            for c in tok.encode_chunks(path, 300, overlap_bars=1, bos=True, eos=True, **offsets)]
            else:
                encoded = tok.encode(path, **offsets)
                streams = encoded if isinstance(encoded, list) else [encoded]
                expected = [(index if isinstance(encoded, list) else None, 0, None, ids.tolist())
                            for index, ids in enumerate(streams)]
            assert rows == expected, f"{source} {(pitch, velocity, duration)}"
            assert all(len(ids) <= 300 for *_, ids in rows) or not chunked


# MidiTok's augment_dataset arguments, judged on the 407 files: REMI, TSD with every
# combination, a trained BPE.
JUDGED = [
    ("remi", ALL_FILES, ["pitch=-2,0,2", "velocity=-8,8", "duration=-0.125,0.25"], False),
    ("tsd", ALL_FILES, ["pitch=-1,3", "velocity=5", "duration=0.5"], True),
    ("remi-bpe", ALL_FILES, ["pitch=2", "velocity=-4,4"], False),
]


def miditok_ids(tokenizer, score):
    encoded = tokenizer.encode(score)
    if isinstance(encoded, list):
        return [(index, list(sequence.ids)) for index, sequence in enumerate(encoded)]
    return [(None, list(encoded.ids))]


@pytest.mark.parametrize("name,files,augment,combinations", JUDGED, ids=[j[0] for j in JUDGED])
def test_augmented_variants_are_miditoks(packer, tmp_path, name, files, augment, combinations):
    miditok = pytest.importorskip("miditok")
    symusic = pytest.importorskip("symusic")
    from miditok.data_augmentation.data_augmentation import augment_score_multiple_offsets

    tokenizer_path = os.path.join(TOKENIZERS, f"{name}.json")
    theirs = miditok.REMI(params=tokenizer_path) if name.startswith("remi") else miditok.TSD(params=tokenizer_path)
    folder, sources = linked_folder(tmp_path / "in", files)
    words = [word for axis in augment for word in ("--augment", axis)]
    pack(packer, folder, tmp_path / "out", tokenizer_path, *words, *(["--all-combinations"] if combinations else []))
    dataset = midiroll.TokenDataset(tmp_path / "out")
    ours = by_source(dataset)
    lists = {axis.split("=")[0]: [float(v) if axis.startswith("duration") else int(v)
                                  for v in axis.split("=")[1].split(",")] for axis in augment}
    judged = refused = 0
    lines = {line["input"]: line for line in map(json.loads, open(tmp_path / "out" / "midiroll-report.jsonl"))
             if "input" in line}
    for source, path in sources.items():
        try:
            score = symusic.Score(path)
            variants = augment_score_multiple_offsets(
                score, lists.get("pitch", []), lists.get("velocity", []), lists.get("duration", []),
                combinations)
            expected = [((0, 0, 0), miditok_ids(theirs, score))]
            expected += [(tuple(int(o) for o in offsets), miditok_ids(theirs, augmented))
                         for offsets, augmented in variants
                         if tuple(offsets) != (0, 0, 0) and len(augmented.tracks) > 0]
        except Exception:  # noqa: BLE001 - a file MidiTok cannot read or tokenize: refused by both,
            # or read by midiroll with a warning (a cut file symusic refuses whole)
            assert source not in ours or lines[source].get("warnings"), f"{source}: MidiTok refuses it"
            refused += 1
            continue
        got = collections.OrderedDict()
        for offsets, track, _, _, _, ids in ours.get(source, []):
            got.setdefault(offsets, []).append((track, ids))
        want = collections.OrderedDict(expected)
        if not got and all(not rows for rows in want.values()):
            judged += 1  # no tracks: nothing to hold, in either
            continue
        assert list(got) == list(want), f"{source}: offsets {list(got)} != MidiTok's {list(want)}"
        for offsets in want:
            assert got[offsets] == want[offsets], f"{source} {offsets}"
        judged += 1
    assert judged > 0.75 * len(files) and judged + refused == len(files)
    report = [json.loads(line) for line in open(tmp_path / "out" / "midiroll-report.jsonl")]
    summary = report[-1]["summary"]
    assert summary["truncations"] == 0
    assert summary["sequences"] == len(dataset) and summary["tokens"] == dataset.tokens
    assert summary["skippedVariants"] == dataset.manifests[0]["skipped_variants"]


def pack_bytes(out, part=None):
    """Every pack's data files (cut to the committed counts) and counts, by pack folder."""
    found = {}
    base = os.path.join(out, part) if part else str(out)
    for name in sorted(os.listdir(base)):
        if not name.startswith("pack-"):
            continue
        folder = os.path.join(base, name)
        manifest = json.load(open(os.path.join(folder, "manifest.json")))
        width = manifest["width"] * np.dtype(manifest["dtype"]).itemsize
        cuts = {"ids.bin": manifest["tokens"] * width, "index.bin": manifest["sequences"] * 40,
                "sources.jsonl": manifest["sources_bytes"]}
        found[name] = {file: open(os.path.join(folder, file), "rb").read()[:size] for file, size in cuts.items()}
        found[name]["counts"] = {key: manifest[key] for key in ("sequences", "tokens", "sources", "files", "complete")}
    return found


def test_a_run_killed_at_random_points_then_resumed_gives_the_same_pack(packer, tmp_path):
    for copy in range(3):  # more files, so that kills land mid-run
        folder, _ = linked_folder(tmp_path / "in" / f"copy{copy}", DEBIAN + SAMPLES)
    folder = str(tmp_path / "in")
    tokenizer = os.path.join(TOKENIZERS, "remi.json")
    words = ["--max-seq-len", "400", "--augment", "pitch=-1,1", "--jobs", "2"]
    pack(packer, folder, tmp_path / "whole", tokenizer, *words)
    reference = pack_bytes(tmp_path / "whole")
    assert reference["pack-1-of-1"]["counts"]["complete"]

    generator = random.Random(20261127)
    out = tmp_path / "killed"
    first = True
    for _ in range(6):
        command = [packer, "batch", folder, str(out), "--to", "tokens", "--tokenizer", tokenizer, "--pack", "--quiet",
                   *words, *([] if first else ["--resume"])]
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(generator.uniform(0.05, 0.6))
        process.send_signal(generator.choice([signal.SIGKILL, signal.SIGKILL, signal.SIGINT]))
        process.wait()
        first = first and not os.path.exists(out / "pack-1-of-1" / "manifest.json")
    result = pack(packer, folder, out, tokenizer, *words, "--resume")
    assert result.returncode == 0, result.stderr
    assert pack_bytes(out) == reference


def dataset_rows(out, part=None):
    dataset = midiroll.TokenDataset(os.path.join(out, part) if part else out)
    return sorted((info.source, info.offsets, -1 if info.track is None else info.track, info.start_tick,
                   info.chunk, dataset[index].tobytes())
                  for index, info in ((i, dataset.info(i)) for i in range(len(dataset))))


def test_shards_and_splits_give_the_same_dataset_as_one_run(packer, tmp_path):
    folder, _ = linked_folder(tmp_path / "in", DEBIAN + SAMPLES)
    tokenizer = os.path.join(TOKENIZERS, "tsd.json")
    words = ["--max-seq-len", "512", "--augment", "velocity=-8"]
    pack(packer, folder, tmp_path / "one", tokenizer, *words)
    whole = dataset_rows(tmp_path / "one")
    for count in (2, 3):
        out = tmp_path / f"shards{count}"
        for index in range(1, count + 1):
            pack(packer, folder, out, tokenizer, *words, "--shard", f"{index}/{count}")
        assert sorted(os.listdir(out)) == sorted(
            [f"pack-{k}-of-{count}" for k in range(1, count + 1)]
            + [f"midiroll-report-{k}-of-{count}.jsonl" for k in range(1, count + 1)])
        assert dataset_rows(out) == whole
    split = tmp_path / "split"
    pack(packer, folder, split, tokenizer, *words, "--split", "train=0.7,valid=0.3")
    parts = dataset_rows(split, "train") + dataset_rows(split, "valid")
    assert sorted(parts) == whole
    assert dataset_rows(split, "train") and dataset_rows(split, "valid")


def test_a_cut_pack_is_refused(packer, tmp_path):
    folder, _ = linked_folder(tmp_path / "in", SAMPLES)
    tokenizer = os.path.join(TOKENIZERS, "remi.json")
    pack(packer, folder, tmp_path / "out", tokenizer)
    ids = tmp_path / "out" / "pack-1-of-1" / "ids.bin"
    size = ids.stat().st_size
    os.truncate(ids, size - 10)
    with pytest.raises(midiroll.TokenDatasetError, match="ids.bin"):
        midiroll.TokenDataset(tmp_path / "out")
    result = pack(packer, folder, tmp_path / "out", tokenizer, "--resume", check=False)
    assert result.returncode == 1, result.stderr
    assert "ids.bin" in result.stderr and "cut short" in result.stderr


@pytest.mark.parametrize("words,message", [
    (["--augment", "pitch=1.5"], "not a whole number"),
    (["--augment", "tempo=2"], "pitch, velocity or duration"),
    (["--augment", "pitch=1", "--augment", "pitch=2"], "given twice"),
    (["--augment", "duration=x"], "not a number of beats"),
    (["--all-combinations"], "goes with --augment"),
    (["--max-seq-len", "0"], "at least 1"),
    (["--retry-failed", "--resume"], "does not go with --pack"),
])
def test_bad_pack_options_are_usage_errors_before_any_file_is_read(packer, tmp_path, words, message):
    tokenizer = os.path.join(TOKENIZERS, "remi.json")
    result = pack(packer, str(tmp_path / "missing-input"), tmp_path / "out", tokenizer, *words, check=False)
    assert result.returncode == 2, result.stderr
    assert message in result.stderr and not (tmp_path / "out").exists()


def test_an_existing_pack_needs_resume_or_force_and_the_same_settings(packer, tmp_path):
    folder, _ = linked_folder(tmp_path / "in", SAMPLES)
    tokenizer = os.path.join(TOKENIZERS, "remi.json")
    pack(packer, folder, tmp_path / "out", tokenizer)
    again = pack(packer, folder, tmp_path / "out", tokenizer, check=False)
    assert again.returncode == 2 and "--resume continues it" in again.stderr
    other = pack(packer, folder, tmp_path / "out", tokenizer, "--resume", "--max-seq-len", "64", check=False)
    assert other.returncode == 2 and "other settings" in other.stderr
    done = pack(packer, folder, tmp_path / "out", tokenizer, "--resume")
    assert done.returncode == 0 and "already done" not in done.stdout
    replaced = pack(packer, folder, tmp_path / "out", tokenizer, "--force", "--max-seq-len", "64")
    assert replaced.returncode == 0
    assert midiroll.TokenDataset(tmp_path / "out").manifests[0]["max_seq_len"] == 64


def test_dedup_leaves_a_duplicate_out_of_the_pack(packer, tmp_path):
    folder, _ = linked_folder(tmp_path / "in", SAMPLES)
    copy = tmp_path / "in" / "zz-copy" / os.path.basename(SAMPLES[0])
    copy.parent.mkdir()
    copy.write_bytes(open(SAMPLES[0], "rb").read())
    tokenizer = os.path.join(TOKENIZERS, "remi.json")
    pack(packer, folder, tmp_path / "out", tokenizer, "--dedup", "--max-seq-len", "128")
    dataset = midiroll.TokenDataset(tmp_path / "out")
    sources = {dataset.info(index).source for index in range(len(dataset))}
    assert relative(SAMPLES[0]) in sources and not any(source.startswith("zz-copy") for source in sources)
    assert dataset.manifests[0]["files"] == len(SAMPLES) + 1


def test_a_dataset_pickles_by_path_and_crosses_a_spawned_process(packer, tmp_path):
    import multiprocessing
    import operator
    import pickle

    folder, _ = linked_folder(tmp_path / "in", SAMPLES)
    pack(packer, folder, tmp_path / "out", os.path.join(TOKENIZERS, "remi.json"), "--max-seq-len", "128")
    dataset = midiroll.TokenDataset(tmp_path / "out")
    data = pickle.dumps(dataset)
    assert len(data) < 2048  # a path and counts, not the mapped bytes
    clone = pickle.loads(data)
    assert len(clone) == len(dataset) and clone.info(3) == dataset.info(3)
    assert all(np.array_equal(clone[index], dataset[index]) for index in range(len(dataset)))
    with multiprocessing.get_context("spawn").Pool(1) as pool:  # as a DataLoader's workers get it
        assert pool.apply(len, (dataset,)) == len(dataset)
        assert pool.apply(operator.getitem, (dataset, 2)).tolist() == dataset[2].tolist()

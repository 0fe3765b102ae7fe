"""`midiroll train-tokenizer` and `midiroll.Tokenizer.train` beside MidiTok 3.1's own training
(`tokenizer.train(vocab_size, model, files_paths=files)` then `tokenizer.save`), judged by MidiTok
and Hugging Face tokenizers themselves on the real files (Debian's 41 and the corpus; the samples
are held out): BPE and WordPiece give MidiTok's model exactly (the vocabulary and the merges in
order, and the `_model` text), its base vocabulary and configuration, for REMI split per bar,
per beat and with programs in one stream, TSD not split, MIDI-Like with WordPiece, and MMM over TSD (each track trained apart), at two
vocabulary sizes each; MidiTok loads every file midiroll writes and encodes the held-out files
to the ids of its own trained tokenizer; Unigram, which tokenizers does not train
deterministically, gives a file MidiTok loads, of the size asked, whose ids decode to the base
ids and number within 3 % of MidiTok's own Unigram's. The summary line counts what was read; the
Python API writes the bytes the command line writes; usage errors, files that cannot be read and
a run killed at any moment (never a partial OUT.json).

The training files include 8 of the corpus that symusic cannot read: MidiTok's training skips
them, and so must midiroll's. MidiTok tokenizes the training files once per configuration
(`TokTrainingIterator`, as `files_paths=` does inside `train`), and that list is given as
`iterator=` to each of its trainings, each on a fresh tokenizer loaded from the saved
configuration. The trainings run through the command line the wheel bundles (a release build)
when it has `train-tokenizer`, else MIDIROLL_CLI. The Unigram tests have the word in their names:
`-k "not unigram"` leaves them out.
"""

import json
import os
import random
import re
import shutil
import signal
import subprocess
import time
import warnings

import pytest
from filelock import FileLock

import midiroll
from midiroll import _command
from conftest import ALL_FILES, DEBIAN, ROOT, SAMPLES, relative

miditok = pytest.importorskip("miditok")  # make venv installs MidiTok 3.1, symusic and tokenizers
symusic = pytest.importorskip("symusic")
from miditok.classes import TokSequence  # noqa: E402
from miditok.constants import SCORE_LOADING_EXCEPTION  # noqa: E402
from miditok.tokenizer_training_iterator import TokTrainingIterator  # noqa: E402

TOKENIZERS = os.path.join(ROOT, "Samples", "tokenizers")
HELD_OUT = SAMPLES
TRAINING = [path for path in ALL_FILES if path not in HELD_OUT]  # Debian's and the corpus

# name: (MidiTok's class, TokenizerConfig arguments, model). MidiTok's default configuration
# splits the ids per bar (encode_ids_split="bar") and has the special tokens PAD, BOS, EOS, MASK.
CONFIGS = {
    "REMI-bar": ("REMI", {"encode_ids_split": "bar"}, "BPE"),
    "REMI-beat": ("REMI", {"encode_ids_split": "beat"}, "BPE"),
    "REMI-programs": ("REMI", {"use_programs": True, "one_token_stream_for_programs": True}, "BPE"),
    "TSD-no-split": ("TSD", {"encode_ids_split": "no"}, "BPE"),
    "MIDILike-WordPiece": ("MIDILike", {"encode_ids_split": "bar"}, "WordPiece"),
    # MMM: each track's sequence split per bar and trained apart.
    "MMM-TSD": ("MMM", {"base_tokenizer": "TSD", "use_tempos": True}, "BPE"),
}
SIZES = ["base+300", "2000"]
CASES = [(name, size) for name in CONFIGS for size in SIZES]
UNIGRAM_CONFIG, UNIGRAM_SIZE = "REMI-bar", 1000
# The keys of the file MidiTok saves that midiroll's must give alike (the versions it names are
# the writer's).
SAME_KEYS = ("config", "tokenization", "_vocab_base", "_vocab_base_byte_to_token")
SUMMARY = re.compile(
    r"^trained (?P<model>BPE|WordPiece|Unigram) to (?P<tokens>\d+) tokens: (?P<files>\d+) files"
    r"(?: \((?P<unreadable>\d+) unreadable skipped\))?(?: \((?P<refused>\d+) MidiTok fails on left out\))?"
    r", (?P<base_tokens>\d+) base tokens, (?P<unique_words>\d+) unique words, (?P<merges>\d+) merges"
    r", (?P<seconds>\d+\.\d\d) s → (?P<out>.+)$")


def vocab_size(label, base):
    return base + 300 if label == "base+300" else int(label)


def summary_counts(stdout):
    """The summary line's counts, as `training_summary` names them."""
    match = SUMMARY.match(stdout.strip())
    assert match and "\n" not in stdout.strip(), f"not the summary line: {stdout!r}"
    counts = {key: int(match[key] or 0)
              for key in ("files", "unreadable", "refused", "base_tokens", "unique_words", "merges")}
    return match, counts


def readable(path):
    """Whether symusic reads the file (MidiTok's training skips the others)."""
    try:
        symusic.Score(path)
    except SCORE_LOADING_EXCEPTION:
        return False
    return True


def shown(token):
    """A trained token as the base ids it joins (each character is chr(id + 33))."""
    return [ord(c) - 33 if c != "▁" else "▁" for c in token]


def first_difference(ours, theirs, what, render=repr):
    """A message naming where two lists first differ (each item shown by `render`), or None."""
    if ours == theirs:
        return None
    index = next((i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b), min(len(ours), len(theirs)))
    window = slice(max(index - 1, 0), index + 3)
    mine, expected = [render(item) for item in ours[window]], [render(item) for item in theirs[window]]
    return (f"{what} differ first at {index} (midiroll {len(ours)}, MidiTok {len(theirs)}): "
            f"midiroll {mine} vs MidiTok {expected}")


class Judge:
    """The base tokenizer files (MidiTok's save of each configuration), MidiTok's training data
    and trainings, and midiroll's trainings, each made once, on first use (so that a training that
    fails fails its tests alone)."""

    def __init__(self, shared, folder, trainer):
        self.shared, self.folder, self.trainer = shared, folder, trainer
        self.paths, self.base_sizes = {}, {}
        self._data, self._theirs, self._ours = {}, {}, {}
        self._unreadable = None
        for name, (kind, arguments, _) in CONFIGS.items():
            tokenizer = getattr(miditok, kind)(miditok.TokenizerConfig(**arguments))
            path = folder / f"{name}.json"
            tokenizer.save(path)
            self.paths[name] = str(path)
            self.base_sizes[name] = len(tokenizer)

    def once(self, name, make):
        """The file `name` in the folder the test workers share, made by `make(path)` by the first
        worker that needs it (the others wait for it): MidiTok's work is done once per run."""
        path = self.shared / name
        with FileLock(str(path) + ".lock"):
            if not path.exists():
                temporary = path.with_suffix(".partial")
                make(temporary)
                os.replace(temporary, path)
        return path

    def tokenizer(self, name, path=None):
        """A fresh MidiTok tokenizer of the configuration, from its saved file or `path`."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return getattr(miditok, CONFIGS[name][0])(params=path or self.paths[name])

    def size(self, name, label):
        return vocab_size(label, self.base_sizes[name])

    @property
    def unreadable(self):
        if self._unreadable is None:
            self._unreadable = [path for path in TRAINING if not readable(path)]
        return self._unreadable

    def data(self, name):
        """MidiTok's training data: each training file's words (strings of chr(id + 33)), as its
        `TokTrainingIterator` gives them; and the files MidiTok fails to tokenize (with
        files_paths= its training stops there; midiroll leaves them out), left out here too."""
        if name not in self._data:
            def make(path):
                iterator = TokTrainingIterator(self.tokenizer(name), TRAINING)
                words, refused = [], []
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    for index in range(len(iterator)):
                        try:
                            words.append(iterator[index])
                        except Exception as error:  # noqa: BLE001 - any failure stops MidiTok's training
                            refused.append((TRAINING[index], repr(error)))
                path.write_text(json.dumps([words, refused]))

            words, refused = json.loads(self.once(f"{name}-data.json", make).read_text())
            self._data[name] = (words, [tuple(item) for item in refused])
        return self._data[name]

    def theirs(self, name, size, model=None):
        """The file MidiTok saves after training the configuration to `size`."""
        model = model or CONFIGS[name][2]
        key = (name, size, model)
        if key not in self._theirs:
            def make(path):
                tokenizer = self.tokenizer(name)
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    tokenizer.train(vocab_size=size, model=model, iterator=self.data(name)[0])
                tokenizer.save(path)

            self._theirs[key] = str(self.once(f"{name}-{model}-{size}-miditok.json", make))
        return self._theirs[key]

    def ours(self, name, size, model=None):
        """midiroll's training of the configuration to `size` on the same files: (OUT.json, the
        completed process, its wall seconds)."""
        model = model or CONFIGS[name][2]
        key = (name, size, model)
        if key not in self._ours:
            out = self.folder / f"{name}-{model}-{size}-midiroll.json"
            start = time.perf_counter()
            result = subprocess.run(
                [self.trainer, "train-tokenizer", self.paths[name], str(out), "--model", model.lower(),
                 "--vocab-size", str(size), "--quiet", *TRAINING], capture_output=True, text=True)
            self._ours[key] = (str(out), result, time.perf_counter() - start)
        out, result, seconds = self._ours[key]
        assert result.returncode == 0, f"train-tokenizer exited {result.returncode}: {result.stderr[-2000:]}"
        return out, result, seconds


@pytest.fixture(scope="module")
def trainer(cli):
    """The command line that trains: the wheel's release binary when it has train-tokenizer, else
    MIDIROLL_CLI (the debug build)."""
    if os.access(_command.BINARY, os.X_OK):
        probe = subprocess.run([_command.BINARY, "train-tokenizer", "--help"], capture_output=True)
        if probe.returncode == 0:
            return _command.BINARY
    return cli


@pytest.fixture(scope="module")
def judge(tmp_path_factory, trainer):
    # Under xdist, the base temporary folder's parent belongs to this run and its workers alone.
    run_folder = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        run_folder = run_folder.parent
    shared = run_folder / "train-judge"
    shared.mkdir(exist_ok=True)
    return Judge(shared, tmp_path_factory.mktemp("train"), trainer)


@pytest.fixture(scope="module")
def not_midi(tmp_path_factory):
    """A text file named .mid (symusic and midiroll refuse it)."""
    path = tmp_path_factory.mktemp("bad") / "notes.mid"
    path.write_text("these are not the notes you are looking for\n")
    return str(path)


def train(trainer, base, out, size, files, *words, check=True):
    result = subprocess.run([trainer, "train-tokenizer", str(base), str(out), "--vocab-size", str(size), "--quiet",
                             *words, *map(str, files)], capture_output=True, text=True)
    if check:
        assert result.returncode == 0, result.stderr[-2000:]
    return result


# --- BPE and WordPiece: MidiTok's model, exactly ---------------------------------------------

@pytest.mark.parametrize("name,label", CASES, ids=[f"{n}-{s}" for n, s in CASES])
def test_the_trained_model_is_miditoks(judge, name, label):
    size = judge.size(name, label)
    ours = json.load(open(judge.ours(name, size)[0]))
    theirs = json.load(open(judge.theirs(name, size)))
    missing = set(theirs) - set(ours) - {"symusic_version", "hf_tokenizers_version"}
    assert not missing, f"keys of MidiTok's file missing from midiroll's: {sorted(missing)}"
    ours_model, theirs_model = json.loads(ours["_model"]), json.loads(theirs["_model"])
    problems = [
        first_difference(list(ours_model["model"]["vocab"].items()), list(theirs_model["model"]["vocab"].items()),
                         "vocab entries (token as base ids, id)", lambda item: (shown(item[0]), item[1])),
        first_difference(ours_model["model"].get("merges") or [], theirs_model["model"].get("merges") or [],
                         "merges (as base ids)", lambda pair: [shown(part) for part in pair]),
        *(f"_model[{key!r}]: midiroll {ours_model.get(key)!r} vs MidiTok {theirs_model.get(key)!r}"
          for key in sorted(set(ours_model) | set(theirs_model)) if key != "model"
          and ours_model.get(key) != theirs_model.get(key)),
        *(f"_model['model'][{key!r}]: midiroll {ours_model['model'].get(key)!r} vs MidiTok "
          f"{theirs_model['model'].get(key)!r}"
          for key in sorted(set(ours_model["model"]) | set(theirs_model["model"])) if key not in ("vocab", "merges")
          and ours_model["model"].get(key) != theirs_model["model"].get(key)),
        *(f"{key}: midiroll's differs from MidiTok's" for key in SAME_KEYS if ours.get(key) != theirs[key]),
    ]
    problems = [problem for problem in problems if problem]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("name,label", CASES, ids=[f"{n}-{s}" for n, s in CASES])
def test_the_model_text_is_miditoks_byte_for_byte(judge, name, label):
    size = judge.size(name, label)
    ours = json.load(open(judge.ours(name, size)[0]))["_model"]
    theirs = json.load(open(judge.theirs(name, size)))["_model"]
    if ours != theirs:
        same = json.loads(ours) == json.loads(theirs)
        index = next((i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b), min(len(ours), len(theirs)))
        window = slice(max(index - 40, 0), index + 40)
        pytest.fail(f"_model text differs at character {index} "
                    f"({'only the text: the JSON is the same' if same else 'the JSON differs too'}): "
                    f"midiroll {ours[window]!r} vs MidiTok {theirs[window]!r}")


@pytest.mark.parametrize("name,label", CASES, ids=[f"{n}-{s}" for n, s in CASES])
def test_miditok_loads_the_file_and_encodes_held_out_files_alike(judge, name, label):
    size = judge.size(name, label)
    ours = judge.tokenizer(name, judge.ours(name, size)[0])
    theirs = judge.tokenizer(name, judge.theirs(name, size))
    assert ours.is_trained and len(ours) == len(theirs)
    for path in HELD_OUT:
        mine, expected = ours.encode(path), theirs.encode(path)
        mine = [seq.ids for seq in mine] if isinstance(mine, list) else mine.ids
        expected = [seq.ids for seq in expected] if isinstance(expected, list) else expected.ids
        assert mine == expected, relative(path)


@pytest.mark.parametrize("name", CONFIGS)
def test_the_summary_line_counts_what_was_read(judge, name):
    size = judge.size(name, "2000")
    out, result, _ = judge.ours(name, size)
    match, counts = summary_counts(result.stdout)
    words, refused = judge.data(name)
    missed = [relative(path) for path in judge.unreadable if path not in result.stderr]
    assert not missed, f"symusic refuses these (MidiTok's training skips them), midiroll trained on them: {missed}"
    model = json.loads(json.load(open(judge.theirs(name, size)))["_model"])["model"]
    every = [word for file in words for word in file if word]
    assert match["model"] == CONFIGS[name][2] and int(match["tokens"]) == len(model["vocab"])
    assert match["out"] == out
    assert counts == {
        "files": len(TRAINING) - len(judge.unreadable) - len(refused), "unreadable": len(judge.unreadable),
        "refused": len(refused), "base_tokens": sum(map(len, every)), "unique_words": len(set(every)),
        "merges": len(model["merges"]) if "merges" in model else counts["merges"]}, f"MidiTok fails on {refused}"


# --- Unigram: not deterministic in tokenizers; a model of the same quality --------------------

@pytest.fixture(scope="module")
def unigram(judge):
    """midiroll's Unigram file loaded in MidiTok, and MidiTok's own Unigram on the same files."""
    out, result, _ = judge.ours(UNIGRAM_CONFIG, UNIGRAM_SIZE, "Unigram")
    ours = judge.tokenizer(UNIGRAM_CONFIG, out)
    theirs = judge.tokenizer(UNIGRAM_CONFIG, judge.theirs(UNIGRAM_CONFIG, UNIGRAM_SIZE, "Unigram"))
    return out, result, ours, theirs


def trained_ids(tokenizer, words):
    """A file's ids as MidiTok's encode_token_ids gives them (its bars' bytes, pre-tokenized, in one
    call: Metaspace encodes each bar alone, so the tracks' calls give the same ids joined)."""
    return tokenizer._model.encode(words, is_pretokenized=True).ids if words else []


def test_unigram_file_loads_with_the_size_asked_and_miditoks_base(judge, unigram):
    out, result, ours, theirs = unigram
    assert ours.is_trained and len(ours) == UNIGRAM_SIZE
    assert json.loads(json.load(open(out))["_model"])["model"]["type"] == "Unigram"
    mine, expected = json.load(open(out)), json.load(open(judge.theirs(UNIGRAM_CONFIG, UNIGRAM_SIZE, "Unigram")))
    for key in SAME_KEYS:  # MidiTok adds the special tokens' Unigram forms to the base vocabulary
        assert mine[key] == expected[key], key
    assert summary_counts(result.stdout)[0]["model"] == "Unigram"


def test_unigram_ids_of_every_file_decode_to_its_base_ids(judge, unigram):
    _, _, ours, _ = unigram
    words, _ = judge.data(UNIGRAM_CONFIG)
    wrong = []
    for path, file_words in zip([p for p in TRAINING if p not in dict(judge.data(UNIGRAM_CONFIG)[1])], words):
        sequence = TokSequence(ids=trained_ids(ours, file_words), are_ids_encoded=True)
        ours.decode_token_ids(sequence)
        if sequence.ids != [ord(c) - 33 for word in file_words for c in word]:
            wrong.append(relative(path))
    assert not wrong, f"{len(wrong)} files do not decode to their base ids: {wrong[:10]}"
    base = judge.tokenizer(UNIGRAM_CONFIG)
    for path in HELD_OUT:  # and the held-out files, through MidiTok's encode
        encoded, plain = ours.encode(path), base.encode(path)
        encoded, plain = (encoded, plain) if isinstance(encoded, list) else ([encoded], [plain])
        for sequence, expected in zip(encoded, plain):
            ours.decode_token_ids(sequence)
            assert sequence.ids == expected.ids, relative(path)


def test_unigram_ids_per_file_are_within_3_percent_of_miditoks(judge, unigram):
    """On average over the training files (a file of a few bars may differ by an id or two)."""
    _, _, ours, theirs = unigram
    words, _ = judge.data(UNIGRAM_CONFIG)
    mine = sum(len(trained_ids(ours, file_words)) for file_words in words)
    expected = sum(len(trained_ids(theirs, file_words)) for file_words in words)
    base = sum(len(word) for file_words in words for word in file_words)
    assert abs(mine - expected) <= 0.03 * expected, (
        f"midiroll's Unigram gives {mine / len(words):.1f} ids per file, MidiTok's {expected / len(words):.1f} "
        f"(base {base / len(words):.1f}): {100 * (mine - expected) / expected:+.2f} %")


# --- The Python API ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def api_base(judge):
    return judge.paths["REMI-bar"]


def test_the_api_writes_the_bytes_the_command_line_writes(judge, api_base, trainer, tmp_path):
    trained = midiroll.Tokenizer(api_base).train(DEBIAN, vocab_size=500)
    assert isinstance(trained, midiroll.Tokenizer)
    trained.save(tmp_path / "api.json")
    result = train(trainer, api_base, tmp_path / "cli.json", 500, DEBIAN)
    assert (tmp_path / "api.json").read_bytes() == (tmp_path / "cli.json").read_bytes()
    assert trained.training_summary == summary_counts(result.stdout)[1]
    assert trained.training_summary["files"] == len(DEBIAN) and trained.training_summary["merges"] > 0
    # the trained tokenizer encodes as MidiTok does with the file it saved
    theirs = judge.tokenizer("REMI-bar", str(tmp_path / "api.json"))
    for path in HELD_OUT[:3]:
        mine, expected = trained.encode(path), theirs.encode(path)
        mine = [ids.tolist() for ids in mine] if isinstance(mine, list) else mine.tolist()
        expected = [seq.ids for seq in expected] if isinstance(expected, list) else expected.ids
        assert mine == expected, relative(path)
    # one job gives the same bytes
    train(trainer, api_base, tmp_path / "one-job.json", 500, DEBIAN, "--jobs", "1")
    assert (tmp_path / "one-job.json").read_bytes() == (tmp_path / "cli.json").read_bytes()


def test_the_api_passes_the_trainer_options_as_the_command_line_does(api_base, trainer, tmp_path):
    files = DEBIAN[:12]
    trained = midiroll.Tokenizer(api_base).train(files, 600, "WordPiece", jobs=1, max_input_chars_per_word=300,
                                                 min_frequency=3)
    trained.save(tmp_path / "api.json")
    train(trainer, api_base, tmp_path / "cli.json", 600, files, "--model", "wordpiece",
          "--max-input-chars-per-word", "300", "--min-frequency", "3")
    assert (tmp_path / "api.json").read_bytes() == (tmp_path / "cli.json").read_bytes()
    model = json.loads(json.load(open(tmp_path / "api.json"))["_model"])["model"]
    assert model["type"] == "WordPiece" and model["max_input_chars_per_word"] == 300


@pytest.mark.parametrize("model,options", [
    ("BPE", {"vocabulary": 3}),  # no trainer takes it
    ("BPE", {"shrinking_factor": 0.75}),  # Unigram's
    ("WordPiece", {"max_token_length": 4}),  # BPE's
    ("Unigram", {"min_frequency": 2}),  # BPE's and WordPiece's
], ids=["unknown", "bpe-shrinking_factor", "wordpiece-max_token_length", "unigram-min_frequency"])
def test_the_api_refuses_an_option_the_model_does_not_take(api_base, model, options):
    with pytest.raises(TypeError, match=next(iter(options))):
        midiroll.Tokenizer(api_base).train(SAMPLES, 600, model, **options)


def test_the_api_refuses_a_vocabulary_not_above_the_base_and_no_readable_file(judge, api_base, not_midi):
    base = judge.base_sizes["REMI-bar"]
    with pytest.raises(ValueError, match=str(base)):
        midiroll.Tokenizer(api_base).train(SAMPLES, base)
    with pytest.raises(midiroll.TokenizerError):
        midiroll.Tokenizer(api_base).train([not_midi], 600)


# --- The command line's errors, skips and atomic writes ---------------------------------------

def test_a_vocabulary_not_above_the_base_is_a_usage_error_naming_the_base_size(judge, trainer, tmp_path):
    base = judge.base_sizes["REMI-bar"]
    for size in (base, base - 100):
        result = train(trainer, judge.paths["REMI-bar"], tmp_path / "out.json", size, SAMPLES, check=False)
        assert result.returncode == 2, result.stderr
        assert str(base) in result.stderr and not (tmp_path / "out.json").exists()


@pytest.mark.parametrize("name", ["cpword", "octuple"])
def test_a_tokenizer_with_several_vocabularies_is_refused(trainer, tmp_path, name):
    result = train(trainer, os.path.join(TOKENIZERS, f"{name}.json"), tmp_path / "out.json", 2000, SAMPLES,
                   check=False)
    assert result.returncode == 2, result.stderr
    assert not (tmp_path / "out.json").exists()


@pytest.mark.parametrize("words", [
    ["--model", "wordlevel"],
    ["--model", "bpe", "--shrinking-factor", "0.75"],
    ["--model", "wordpiece", "--max-token-length", "4"],
    ["--model", "unigram", "--limit-alphabet", "100"],
], ids=["unknown-model", "bpe-shrinking-factor", "wordpiece-max-token-length", "unigram-limit-alphabet"])
def test_a_bad_model_or_an_option_it_does_not_take_is_a_usage_error(judge, trainer, tmp_path, words):
    result = train(trainer, judge.paths["REMI-bar"], tmp_path / "out.json", 600, SAMPLES, *words, check=False)
    assert result.returncode == 2, result.stderr
    assert not (tmp_path / "out.json").exists()


def test_no_readable_file_exits_1_naming_how_many_were_tried(judge, trainer, tmp_path, not_midi):
    result = train(trainer, judge.paths["REMI-bar"], tmp_path / "out.json", 600, [not_midi], check=False)
    assert result.returncode == 1, result.stderr
    assert "1 tried" in result.stderr and not (tmp_path / "out.json").exists()


def test_an_unreadable_file_among_good_ones_is_skipped_and_counted(judge, trainer, tmp_path, not_midi):
    files = DEBIAN[:8]
    skipped = train(trainer, judge.paths["REMI-bar"], tmp_path / "with.json", 600, [*files[:4], not_midi, *files[4:]])
    match, counts = summary_counts(skipped.stdout)
    assert counts["files"] == len(files) and counts["unreadable"] == 1
    assert "(1 unreadable skipped)" in skipped.stdout and not_midi in skipped.stderr
    clean = train(trainer, judge.paths["REMI-bar"], tmp_path / "without.json", 600, files)
    assert json.load(open(tmp_path / "with.json"))["_model"] == json.load(open(tmp_path / "without.json"))["_model"]
    assert summary_counts(clean.stdout)[1] == {**counts, "unreadable": 0}


def test_an_out_file_that_cannot_be_written_exits_3(judge, trainer, tmp_path):
    (tmp_path / "file").write_text("")
    result = train(trainer, judge.paths["REMI-bar"], tmp_path / "file" / "out.json", 600, SAMPLES, check=False)
    assert result.returncode == 3, result.stderr


def test_a_training_killed_at_any_moment_leaves_no_file_or_a_whole_one(judge, trainer, tmp_path):
    size = judge.size("REMI-bar", "2000")
    whole, _, seconds = judge.ours("REMI-bar", size)
    older = judge.ours("REMI-bar", judge.size("REMI-bar", "base+300"))[0]
    expected = {"new": open(whole, "rb").read(), "old": open(older, "rb").read()}
    generator = random.Random(20261128)
    outcomes = []
    for attempt in range(6):
        folder = tmp_path / f"run{attempt}"
        folder.mkdir()
        out = folder / "out.json"
        if attempt % 2:  # an older tokenizer is there: it stays whole until the new one replaces it
            shutil.copyfile(older, out)
        process = subprocess.Popen(
            [trainer, "train-tokenizer", judge.paths["REMI-bar"], str(out), "--vocab-size", str(size), "--quiet",
             *TRAINING], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(generator.uniform(0.0, 1.1 * seconds))
        process.send_signal(signal.SIGKILL)
        process.wait()
        if not out.exists():
            assert attempt % 2 == 0, "the older file was removed"
            outcomes.append("none")
            continue
        data = out.read_bytes()
        kind = next((name for name, content in expected.items() if content == data), None)
        assert kind is not None, f"a partial OUT.json ({len(data)} bytes) after a kill"
        assert kind == "new" or attempt % 2
        judge.tokenizer("REMI-bar", str(out))  # MidiTok loads it
        outcomes.append(kind)
    assert len(outcomes) == 6

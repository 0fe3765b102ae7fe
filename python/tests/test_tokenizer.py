"""midiroll.Tokenizer beside MidiTok 3.1 itself: the tokenizer files MidiTok saves (REMI, TSD,
MIDILike, Structured, CPWord and Octuple, each with the default configuration and with
use_programs; MuMIDI with tempos; and a REMI trained with BPE) give MidiTok's vocabulary, special ids and flags; a
file, its bytes or a Song give MidiTok's ids; MidiTok's ids decode to MidiTok's notes; and
encode_chunks cuts a song into chunks that are each MidiTok's ids of the ticks they name, no
longer than asked, in order, and covering every note MidiTok tokenizes.

One MidiTok tokenizer per configuration, and MidiTok's answers kept for the module, so that the
judge runs once per file.
"""

import bisect
import glob
import json
import os
import re
import threading
import warnings
from pathlib import Path

import numpy as np
import pytest

import midiroll
from conftest import ALL_FILES, CORPUS, DEBIAN, ROOT, SAMPLES, relative

miditok = pytest.importorskip("miditok")  # make venv installs MidiTok 3.1 and symusic
symusic = pytest.importorskip("symusic")
from miditok.utils import get_bars_ticks, split_score_per_tracks  # noqa: E402

# MIDIROLL_JUDGE_SCALE=full (`make test-judges-full`) judges every configuration, the decoding
# and the chunk contract on all the files (Debian, samples, corpus): three minutes on two cores
# where the scale below takes one, which `make test` (and CI's 40 minutes) keeps.
FULL = os.environ.get("MIDIROLL_JUDGE_SCALE") == "full"
FILES = ALL_FILES if FULL else DEBIAN + SAMPLES
# The planetblupi files are the ten largest (70% of the tokens, and of MidiTok's time): the
# configurations the chunks are checked with are judged on every file, the others on every file
# but eight of these (two kept: 120 and 192 ticks a quarter), so that the module stays well under
# a minute.
LARGE = [path for path in DEBIAN if "planetblupi" in path]
SOME_FILES = FILES if FULL else [path for path in FILES if path not in LARGE or path in LARGE[0:5:4]]  # music000, 004

# name: (MidiTok's class, TokenizerConfig arguments). The default configuration already has the
# special tokens PAD, BOS, EOS and MASK.
CONFIGS = {
    "REMI": ("REMI", {}),
    "REMI-programs": ("REMI", {"use_programs": True}),
    "TSD": ("TSD", {}),
    "TSD-programs": ("TSD", {"use_programs": True}),
    "MIDILike": ("MIDILike", {}),
    "MIDILike-programs": ("MIDILike", {"use_programs": True}),
    "Structured": ("Structured", {}),
    "Structured-programs": ("Structured", {"use_programs": True}),
    "CPWord": ("CPWord", {}),
    "CPWord-programs": ("CPWord", {"use_programs": True}),
    "Octuple": ("Octuple", {}),
    "Octuple-programs": ("Octuple", {"use_programs": True}),
    "MMM-REMI": ("MMM", {"base_tokenizer": "REMI", "use_tempos": True}),
    # MuMIDI needs tempos for songs without a Set Tempo (MidiTok reads score.tempos[0]).
    "MuMIDI": ("MuMIDI", {"use_tempos": True}),
}
# REMI (default configuration, a stream per track) trained with BPE on a few real files.
TRAINED = "REMI-BPE"
TRAINING_FILES = DEBIAN[10:41:6]
ALL_CONFIGS = [*CONFIGS, TRAINED]

# The chunk contract is checked on the samples and a few real files: time signatures that
# change (2/4 inside 4/4, 6/4, 5/4, 6/8 to 3/4), many tempos, none (96 ticks a quarter), 14
# tracks; every chunk is judged by MidiTok, so the large files would take long.
CHUNK_NAMES = {"ttsong_iii_imuh3.mid", "the_hobo_redfarn.mid", "5432gone_redfarn.mid", "midnight_snow_run.mid",
               "busy_schedule.mid", "tttheme2.mid"}
CHUNK_FILES = FILES if FULL else SAMPLES + [path for path in DEBIAN if os.path.basename(path) in CHUNK_NAMES]
CHUNK_CONFIGS = ["REMI", "REMI-programs", "TSD", "MMM-REMI", TRAINED]
# About ten files for decoding: the samples and some of the smaller real files.
DECODE_FILES = FILES if FULL else SAMPLES + [path for path in DEBIAN if path not in LARGE][::8]
SPECIALS = {"pad_id": "PAD_None", "bos_id": "BOS_None", "eos_id": "EOS_None", "mask_id": "MASK_None"}


class Judge:
    """The tokenizer files of every configuration, MidiTok's tokenizers loaded from them, the
    midiroll tokenizers (made on first use, so one that fails fails its tests alone) and
    MidiTok's answers, each computed once."""

    def __init__(self, folder):
        self.folder = folder
        self.paths, self.theirs, self._ours, self._ids, self._scores, self._chunks = {}, {}, {}, {}, {}, {}
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for name, (kind, params) in CONFIGS.items():
                self._save(name, getattr(miditok, kind)(miditok.TokenizerConfig(**params)))
            trained = miditok.REMI(miditok.TokenizerConfig())
            trained.train(vocab_size=1000, model="BPE", files_paths=[Path(path) for path in TRAINING_FILES])
            self._save(TRAINED, trained)

    def _save(self, name, tokenizer):
        path = self.folder / f"{name}.json"
        tokenizer.save(path)
        self.paths[name] = path
        kind = json.loads(path.read_text())["tokenization"]
        self.theirs[name] = getattr(miditok, kind)(params=path)  # as a reader of the file sees it

    def ours(self, name):
        if name not in self._ours:
            self._ours[name] = midiroll.Tokenizer(self.paths[name])
        return self._ours[name]

    def encode(self, name, source):
        """MidiTok's ids of a path or Score, as ``normalized`` gives them."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return normalized(self.theirs[name], self.theirs[name].encode(source))

    def ids(self, name, path):
        """MidiTok's ids of a file, or None where MidiTok raises on it."""
        key = (name, path)
        if key not in self._ids:
            try:
                self._ids[key] = self.encode(name, path)
            except Exception:  # noqa: BLE001 - a file MidiTok does not read is left out
                self._ids[key] = None
        return self._ids[key]

    def scores(self, name, path):
        """The scores a chunk's track indexes: symusic's tracks one a score (a tokenizer with a
        stream per track), or the whole score (one stream)."""
        key = (self.theirs[name].one_token_stream, path)
        if key not in self._scores:
            score = symusic.Score(path)
            self._scores[key] = [score] if self.theirs[name].one_token_stream else split_score_per_tracks(score)
        return self._scores[key]

    def chunk(self, name, path, index, start, end):
        """MidiTok's ids of the ticks [start, end) of one score of ``scores``, moved to tick 0:
        an array, or None where MidiTok gives no sequence (a chunk should not exist)."""
        key = (name, path, index, start, end)
        if key not in self._chunks:
            sub = self.scores(name, path)[index]
            ids = self.encode(name, sub.clip(start, end, clip_end=False).shift_time(-start))
            if isinstance(ids, list):
                assert len(ids) <= 1, f"MidiTok gave {len(ids)} sequences for one track"
                ids = ids[0] if ids else None
            self._chunks[key] = ids
        return self._chunks[key]


@pytest.fixture(scope="module")
def judge(tmp_path_factory):
    return Judge(tmp_path_factory.mktemp("tokenizers"))


def normalized(tokenizer, result):
    """MidiTok's TokSequence (or list of them) as arrays: 1-D, or 2-D (tokens, fields) for the
    tokenizations with a vocabulary per field (CPWord, Octuple, MuMIDI: a MuMIDI token shorter
    than the vocabularies ends in -1s, as midiroll's arrays hold it)."""
    def array(ids):
        if tokenizer.is_multi_voc:
            width = len(tokenizer.vocab)
            ids = [list(token) + [-1] * (width - len(token)) for token in ids]
        ids = np.asarray(ids, dtype=np.int64)
        return ids.reshape(-1, len(tokenizer.vocab)) if tokenizer.is_multi_voc else ids.reshape(-1)

    return [array(seq.ids) for seq in result] if isinstance(result, list) else array(result.ids)


def token_names(tokenizer, ids):
    """What ids say, for a failure's message (MidiTok's names; trained ids are left as ids)."""
    try:
        if tokenizer.is_trained:
            return ids.tolist()
        if ids.ndim == 2:
            return [[tokenizer[field, int(i)] for field, i in enumerate(row)] for row in ids]
        return [tokenizer[int(i)] for i in ids]
    except Exception:  # noqa: BLE001 - an id out of the vocabulary is shown as it is
        return ids.tolist()


def array_difference(tokenizer, theirs, ours):
    """None when midiroll's array is MidiTok's, else words naming the first difference."""
    if not isinstance(ours, np.ndarray):
        return f"a NumPy array expected, got {type(ours).__name__}"
    if ours.dtype != np.int32:
        return f"int32 expected, got {ours.dtype}"
    if ours.ndim != theirs.ndim or ours.shape[1:] != theirs.shape[1:]:
        return f"shape {theirs.shape} expected (MidiTok's), got {ours.shape}"
    common = min(len(theirs), len(ours))
    unequal = theirs[:common] != ours[:common]
    differ = np.nonzero(unequal.any(axis=1) if unequal.ndim == 2 else unequal)[0]
    if differ.size:
        at = int(differ[0])
        window = slice(max(0, at - 3), at + 4)
        return (f"first difference at index {at} of {len(theirs)} (midiroll has {len(ours)}): MidiTok "
                f"{theirs[at].tolist()} {token_names(tokenizer, theirs[at:at + 1])}, midiroll {ours[at].tolist()} "
                f"{token_names(tokenizer, ours[at:at + 1])}; around it MidiTok "
                f"{token_names(tokenizer, theirs[window])}, midiroll {token_names(tokenizer, ours[window])}")
    if len(theirs) != len(ours):
        extra = theirs[common:common + 4] if len(theirs) > common else ours[common:common + 4]
        return (f"MidiTok has {len(theirs)} tokens, midiroll {len(ours)}, equal up to {common}; then "
                f"{'MidiTok' if len(theirs) > common else 'midiroll'} has {token_names(tokenizer, extra)}")
    return None


def difference(tokenizer, theirs, ours):
    """None when midiroll's ids are MidiTok's (an array, or a list of them), else what differs."""
    if isinstance(theirs, list):
        if not isinstance(ours, list):
            return f"a list of {len(theirs)} sequences expected, got {type(ours).__name__}"
        if len(ours) != len(theirs):
            return f"MidiTok has {len(theirs)} sequences, midiroll {len(ours)}"
        for index, (one, other) in enumerate(zip(theirs, ours)):
            found = array_difference(tokenizer, one, other)
            if found:
                return f"sequence {index}: {found}"
        return None
    return array_difference(tokenizer, theirs, ours)


def report(failures, limit=12):
    """A failing assertion's message: how many failed and the first ``limit``."""
    return f"{len(failures)} failures:\n" + "\n".join(failures[:limit])


# The vocabulary, special ids and flags.

@pytest.mark.parametrize("name", ALL_CONFIGS)
def test_vocabulary_and_flags_are_miditoks(judge, name):
    theirs, ours = judge.theirs[name], judge.ours(name)
    assert len(ours) == len(theirs)
    assert ours.vocab == theirs.vocab
    assert ours.one_token_stream is theirs.one_token_stream
    assert ours.is_trained is theirs.is_trained
    first = theirs.vocab[0] if theirs.is_multi_voc else theirs.vocab
    for attribute, token in SPECIALS.items():
        assert getattr(ours, attribute) == first.get(token), attribute
    if not theirs.is_multi_voc:
        assert all(ours[token] == i for token, i in theirs.vocab.items())
        with pytest.raises(KeyError):
            ours["NotAToken_1"]


def test_the_tokenizer_file_is_read_from_a_path_a_pathlike_or_bytes(judge):
    path = judge.paths["REMI-programs"]
    for source in (str(path), path, path.read_bytes()):
        tokenizer = midiroll.Tokenizer(source)
        theirs = judge.theirs["REMI-programs"]
        assert tokenizer.vocab == theirs.vocab and len(tokenizer) == len(theirs)
    trained = midiroll.Tokenizer(judge.paths[TRAINED].read_bytes())
    assert trained.is_trained and len(trained) == len(judge.theirs[TRAINED])


# Encoding: MidiTok's ids.

@pytest.mark.parametrize("name", ALL_CONFIGS)
def test_encode_gives_miditoks_ids(judge, name):
    tokenizer, ours = judge.theirs[name], judge.ours(name)
    failures, judged = [], 0
    # REMI is judged on the 407 files (the corpus too), the chunks' configurations on every real
    # file and sample, the others on all but eight of the largest.
    files = FILES if FULL else FILES + CORPUS if name == "REMI" else FILES if name in CHUNK_CONFIGS else SOME_FILES
    for path in files:
        theirs = judge.ids(name, path)
        if theirs is None:
            continue
        judged += 1
        try:
            found = difference(tokenizer, theirs, ours.encode(path))
        except Exception as error:  # noqa: BLE001 - named in the failure
            found = f"raised {type(error).__name__}: {error}"
        if found:
            failures.append(f"{name} {relative(path)}: {found}")
    assert judged > len(files) // 2, f"MidiTok read only {judged} of {len(files)} files"
    assert not failures, report(failures)


SAVED = sorted(glob.glob(os.path.join(ROOT, "Samples", "tokenizers", "*.json"))
               + glob.glob(os.path.join(ROOT, "Tests", "Fixtures", "tokenizers", "*.json")))


@pytest.mark.parametrize("path", SAVED, ids=os.path.basename)
def test_the_saved_trained_tokenizers_give_miditoks_ids(path):
    """The trained tokenizers the command line is tested with (BPE, Unigram, WordPiece; split
    per bar, per beat or not at all), read from their files by both."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = getattr(miditok, json.load(open(path))["tokenization"])(params=path)
    ours = midiroll.Tokenizer(path)
    assert (len(ours), ours.is_trained, ours.one_token_stream) == (len(theirs), theirs.is_trained,
                                                                   theirs.one_token_stream)
    failures = []
    for file in FILES if FULL else DEBIAN[::5] + SAMPLES:
        try:
            symusic.Score(file)
        except Exception:  # noqa: BLE001 - a file symusic does not read has no MidiTok ids to judge
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                expected = normalized(theirs, theirs.encode(file))
            except KeyError:  # MidiTok fails on the file (a token not in its vocabulary): so do we
                with pytest.raises(midiroll.MidiError, match="not in the tokenizer's vocabulary"):
                    ours.encode(file)
                continue
            except Exception:  # noqa: BLE001 - MidiTok fails on the file: so do we
                with pytest.raises((midiroll.MidiError, ValueError)):
                    ours.encode(file)
                continue
        found = difference(theirs, expected, ours.encode(file))
        if found:
            failures.append(f"{relative(file)}: {found}")
    assert not failures, report(failures)


@pytest.mark.parametrize("name", ["REMI", "REMI-programs", "CPWord", TRAINED])
def test_bytes_and_songs_are_tokenized_as_files(judge, name, tmp_path):
    tokenizer, ours = judge.theirs[name], judge.ours(name)
    for path in SAMPLES[:4] + DEBIAN[:31:10]:
        from_path = ours.encode(path)
        assert difference(tokenizer, judge.ids(name, path), from_path) is None, relative(path)
        data = Path(path).read_bytes()
        assert difference(tokenizer, normalized_copy(from_path), ours.encode(data)) is None, relative(path)
        assert difference(tokenizer, normalized_copy(from_path), ours.encode(Path(path))) is None, relative(path)
        # A Song is tokenized as the .mid it writes.
        song = midiroll.read(path)
        written = tmp_path / "song.mid"
        written.write_bytes(song.to_midi())
        found = difference(tokenizer, judge.encode(name, str(written)), ours.encode(song))
        assert found is None, f"{name} {relative(path)} as a Song: {found}"


def normalized_copy(ids):
    """midiroll's ids as MidiTok's would be given (int64), to compare two of midiroll's answers."""
    return [np.asarray(one, dtype=np.int64) for one in ids] if isinstance(ids, list) else np.asarray(ids, np.int64)


def test_two_threads_encode_what_one_thread_encodes(judge):
    ours = judge.ours("REMI")
    ours_programs = judge.ours("REMI-programs")
    files = [path for path in FILES if judge.ids("REMI", path) is not None]  # those MidiTok reads
    alone = [(ours.encode(path), ours_programs.encode(path)) for path in files]
    results = [None, None]
    errors = []
    start = threading.Barrier(2)

    def work(index):
        try:
            start.wait()
            order = list(range(len(files))) if index == 0 else list(reversed(range(len(files))))
            found = {}
            for i in order:
                source = files[i] if index == 0 else Path(files[i]).read_bytes()
                found[i] = (ours.encode(source), ours_programs.encode(source))
            results[index] = found
        except BaseException as error:  # noqa: BLE001 - the main thread reports it
            errors.append(error)

    threads = [threading.Thread(target=work, args=(index,)) for index in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors
    for found in results:
        for i, (per_track, one_stream) in enumerate(alone):
            again, again_programs = found[i]
            assert len(again) == len(per_track), relative(files[i])
            assert all(np.array_equal(a, b) for a, b in zip(again, per_track)), relative(files[i])
            assert np.array_equal(again_programs, one_stream), relative(files[i])


# Decoding: MidiTok's notes.

def decoded_tracks(score):
    """A score's tracks with notes: (program, is_drum, its notes sorted), in order."""
    return [(track.program, track.is_drum,
             sorted((note.time, note.duration, note.pitch, note.velocity) for note in track.notes))
            for track in score.tracks if len(track.notes)]


def tracks_difference(theirs, ours):
    if len(theirs) != len(ours):
        return (f"MidiTok has {len(theirs)} tracks with notes {[t[:2] + (len(t[2]),) for t in theirs]}, "
                f"midiroll {len(ours)} {[t[:2] + (len(t[2]),) for t in ours]}")
    for index, (one, other) in enumerate(zip(theirs, ours)):
        if one[:2] != other[:2]:
            return f"track {index}: MidiTok's (program, drums) {one[:2]}, midiroll's {other[:2]}"
        if one[2] != other[2]:
            common = min(len(one[2]), len(other[2]))
            at = next((i for i in range(common) if one[2][i] != other[2][i]), common)
            return (f"track {index}: MidiTok has {len(one[2])} notes, midiroll {len(other[2])}; first difference "
                    f"(time, duration, pitch, velocity) at {at}: MidiTok {one[2][at:at + 2]}, "
                    f"midiroll {other[2][at:at + 2]}")
    return None


@pytest.mark.parametrize("name", ["REMI", "REMI-programs", "TSD", "CPWord", "MuMIDI"])
def test_decode_gives_miditoks_notes(judge, name):
    tokenizer, ours = judge.theirs[name], judge.ours(name)
    failures = []
    for path in DECODE_FILES:
        ids = judge.ids(name, path)
        if ids is None:
            continue
        as_lists = [one.tolist() for one in ids] if isinstance(ids, list) else ids.tolist()
        if name == "MuMIDI":  # MidiTok's own lists: a short token without the -1s
            as_lists = [[i for i in token if i != -1] for token in as_lists]
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                expected = tokenizer.decode(as_lists)
        except Exception as error:  # noqa: BLE001 - MidiTok refuses: midiroll must refuse too
            try:
                ours.decode(as_lists)
            except (ValueError, midiroll.TokenizerError):
                continue
            failures.append(f"{name} {relative(path)}: MidiTok's decode raises {type(error).__name__}, "
                            "midiroll decodes")
            continue
        theirs = decoded_tracks(expected)
        for given, source in ((as_lists, "MidiTok's ids as lists"), (ours.encode(path), "midiroll's encode")):
            try:
                song = ours.decode(given)
                assert isinstance(song, midiroll.Song)
                written = symusic.Score.from_midi(song.to_midi())
                found = tracks_difference(theirs, decoded_tracks(written))
                if found:
                    # Notes of one pitch that overlap pair again when a MIDI file is read
                    # (first on, first off): held to MidiTok's song written and read alike.
                    round_trip = symusic.Score.from_midi(expected.dumps_midi())
                    if not tracks_difference(decoded_tracks(round_trip), decoded_tracks(written)):
                        found = None
                if found and written.tpq != expected.tpq:
                    found += f" (ticks per quarter: MidiTok {expected.tpq}, midiroll {written.tpq})"
            except Exception as error:  # noqa: BLE001 - named in the failure
                found = f"raised {type(error).__name__}: {error}"
            if found:
                failures.append(f"{name} {relative(path)}, decoding {source}: {found}")
    assert not failures, report(failures)


# Chunks: each is MidiTok's ids of the ticks it names.

def bar_lines(tokenizer, sub):
    """The ticks of the bar lines of a score: symusic's time signatures, and those MidiTok keeps
    (4/4 throughout when the configuration has no time signatures)."""
    lines = set(get_bars_ticks(sub))
    kept = sub.copy()
    if tokenizer.config.use_time_signatures:
        signatures = kept.time_signatures.copy()
        tokenizer._filter_unsupported_time_signatures(signatures)
        kept.time_signatures = signatures
    else:
        kept.time_signatures = [symusic.TimeSignature(0, 4, 4)]
    return lines | set(get_bars_ticks(kept))


def union(spans):
    """The union of [start, end) spans, as sorted disjoint spans."""
    covered = []
    for start, end in sorted(spans):
        if covered and start <= covered[-1][1]:
            covered[-1] = (covered[-1][0], max(covered[-1][1], end))
        else:
            covered.append((start, end))
    return covered


def uncovered(ticks, spans):
    """The ticks in none of the spans."""
    covered = union(spans)
    starts = [start for start, _ in covered]
    missed = []
    for tick in ticks:
        at = bisect.bisect_right(starts, tick) - 1
        if at < 0 or tick >= covered[at][1]:
            missed.append(tick)
    return missed


def check_chunks(judge, name, path, chunks, max_seq_len, bos, eos):
    """The chunk contract's failures, each naming the chunk."""
    tokenizer = judge.theirs[name]
    ours = judge.ours(name)
    subs = judge.scores(name, path)
    where = f"{name} max_seq_len={max_seq_len} bos={bos} eos={eos} {relative(path)}"
    failures = []
    by_track = {}
    previous = None
    for index, chunk in enumerate(chunks):
        at = f"{where} chunk {index} (track {chunk.track}, ticks {chunk.start_tick}..{chunk.end_tick})"
        if tokenizer.one_token_stream:
            if chunk.track is not None:
                failures.append(f"{at}: track is {chunk.track!r}, None expected for one stream")
                continue
            track = 0
        else:
            if not isinstance(chunk.track, int) or not 0 <= chunk.track < len(subs):
                failures.append(f"{at}: track {chunk.track!r} is not an index of symusic's {len(subs)} tracks")
                continue
            track = chunk.track
        if not isinstance(chunk.start_tick, int) or not isinstance(chunk.end_tick, int):
            failures.append(f"{at}: start_tick and end_tick are not ints")
            continue
        if not 0 <= chunk.start_tick < chunk.end_tick:
            failures.append(f"{at}: not 0 <= start_tick < end_tick")
        if previous is not None and (track, chunk.start_tick) < previous:
            failures.append(f"{at}: out of order after (track, start tick) {previous}")
        previous = (track, chunk.start_tick)
        by_track.setdefault(track, []).append((index, chunk))
        if not isinstance(chunk.ids, np.ndarray) or chunk.ids.dtype != np.int32:
            failures.append(f"{at}: ids are {type(chunk.ids).__name__} "
                            f"{getattr(chunk.ids, 'dtype', '')}, an int32 array expected")
            continue
        if len(chunk.ids) > max_seq_len:
            failures.append(f"{at}: {len(chunk.ids)} ids, more than max_seq_len {max_seq_len}")
    for track, found in by_track.items():
        sub = subs[track]
        lines = bar_lines(tokenizer, sub)
        onsets = {note.time for sub_track in sub.tracks for note in sub_track.notes}
        for position, (index, chunk) in enumerate(found):
            at = f"{where} chunk {index} (track {chunk.track}, ticks {chunk.start_tick}..{chunk.end_tick})"
            if not isinstance(chunk.ids, np.ndarray):
                continue
            ids = chunk.ids
            if bos and position == 0:
                if len(ids) == 0 or ids[0] != ours.bos_id:
                    failures.append(f"{at}: the first chunk of its track does not begin with BOS {ours.bos_id}: "
                                    f"{ids[:3].tolist()}")
                    continue
                ids = ids[1:]
            if eos and position == len(found) - 1:
                if len(ids) == 0 or ids[-1] != ours.eos_id:
                    failures.append(f"{at}: the last chunk of its track does not end with EOS {ours.eos_id}: "
                                    f"{ids[-3:].tolist()}")
                    continue
                ids = ids[:-1]
            if len(ids) == 0:
                failures.append(f"{at}: empty")
                continue
            if chunk.start_tick not in lines and chunk.start_tick not in onsets:
                failures.append(f"{at}: starts neither on a bar line nor at a note onset")
            theirs = judge.chunk(name, path, track, chunk.start_tick, chunk.end_tick)
            if theirs is None:
                failures.append(f"{at}: MidiTok gives no sequence for these ticks, the chunk should not exist")
                continue
            found_difference = array_difference(tokenizer, theirs, ids)
            if found_difference:
                failures.append(f"{at}: {found_difference}")
    # Every note MidiTok tokenizes begins in a chunk of its track (drums are left out: their
    # pitch range is another).
    low, high = tokenizer.config.pitch_range
    for track, sub in enumerate(subs):
        spans = [(chunk.start_tick, chunk.end_tick) for _, chunk in by_track.get(track, [])
                 if isinstance(chunk.start_tick, int) and isinstance(chunk.end_tick, int)]
        onsets = {note.time for sub_track in sub.tracks if not sub_track.is_drum for note in sub_track.notes
                  if low <= note.pitch <= high}
        missed = uncovered(sorted(onsets), spans)
        if missed:
            failures.append(f"{where} track {None if tokenizer.one_token_stream else track}: "
                            f"{len(missed)} note onsets in no chunk, the first {missed[:5]} "
                            f"(chunks cover {union(spans)[:6]})")
    return failures


def check_refusal(judge, name, path, error, max_seq_len, bos, eos):
    """A refusal is honest when MidiTok's own ids of the onset it names, up to the next onset or
    bar line (BOS and EOS counted as they may be), are more than max_seq_len: MMM's tracks each
    bring their Track_Start, Program, time tokens and Track_End, so one onset of many tracks can
    outgrow a short max_seq_len. Only a one-stream tokenizer's message names its place."""
    where = f"{name} max_seq_len={max_seq_len} {relative(path)}"
    found = re.search(r"max_seq_len (\d+) is too short: the notes at tick (\d+) alone take (\d+) tokens", str(error))
    if not found or not judge.theirs[name].one_token_stream or int(found[1]) != max_seq_len:
        return [f"{where}: raised ValueError: {error}"]
    tick, needed = int(found[2]), int(found[3])
    sub = judge.scores(name, path)[0]
    onsets = {note.time for track in sub.tracks for note in track.notes}
    end = min([t for t in onsets | bar_lines(judge.theirs[name], sub) if t > tick], default=sub.end() + 1)
    ids = judge.chunk(name, path, 0, tick, end)
    theirs = 0 if ids is None else len(ids)
    if not theirs <= needed <= theirs + bos + eos or needed <= max_seq_len:
        return [f"{where}: refused, the notes at tick {tick} taking {needed} tokens, but MidiTok's ids of "
                f"ticks {tick}..{end} are {theirs}"]
    return []


@pytest.mark.parametrize("bos,eos", [(False, False), (True, True)], ids=["plain", "bos-eos"])
@pytest.mark.parametrize("max_seq_len", [64, 256, 1024])
@pytest.mark.parametrize("name", CHUNK_CONFIGS)
def test_chunks_are_miditoks_ids_of_their_ticks(judge, name, max_seq_len, bos, eos):
    ours = judge.ours(name)
    failures = []
    for path in CHUNK_FILES:
        if judge.ids(name, path) is None:
            continue
        try:
            chunks = ours.encode_chunks(path, max_seq_len, bos=bos, eos=eos)
        except ValueError as error:
            failures += check_refusal(judge, name, path, error, max_seq_len, bos, eos)
            continue
        except Exception as error:  # noqa: BLE001 - named in the failure
            failures.append(f"{name} max_seq_len={max_seq_len} {relative(path)}: raised "
                            f"{type(error).__name__}: {error}")
            continue
        assert isinstance(chunks, list)
        assert all(isinstance(chunk, midiroll.TokenChunk) for chunk in chunks)
        failures += check_chunks(judge, name, path, chunks, max_seq_len, bos, eos)
    assert not failures, report(failures)


def test_chunks_without_overlap_and_from_every_source(judge):
    name, max_seq_len = "REMI", 256
    ours = judge.ours(name)
    failures = []
    for path in CHUNK_FILES:
        if judge.ids(name, path) is None:
            continue
        chunks = ours.encode_chunks(path, max_seq_len, overlap_bars=0)
        failures += check_chunks(judge, name, path, chunks, max_seq_len, False, False)
        # Without overlap a chunk begins where the one before it in its track ends, or later.
        for one, other in zip(chunks, chunks[1:]):
            if one.track == other.track and other.start_tick < one.end_tick:
                failures.append(f"{relative(path)}: overlap_bars=0 yet chunks {one.start_tick}..{one.end_tick} and "
                                f"{other.start_tick}..{other.end_tick} overlap")
        again = ours.encode_chunks(Path(path).read_bytes(), max_seq_len, overlap_bars=0)
        same = [(c.track, c.start_tick, c.end_tick, c.ids.tolist()) for c in chunks]
        assert [(c.track, c.start_tick, c.end_tick, c.ids.tolist()) for c in again] == same, relative(path)
    assert not failures, report(failures)


# Refusals.

def test_bad_arguments_are_refused(judge, tmp_path):
    remi, programs, cpword = judge.ours("REMI"), judge.ours("REMI-programs"), judge.ours("CPWord")
    for max_seq_len in (0, -1):
        with pytest.raises(ValueError):
            remi.encode_chunks(SAMPLES[0], max_seq_len)
    for tokenizer in (programs, judge.ours(TRAINED)):
        for bad in (len(tokenizer), -1, 2 ** 40):
            with pytest.raises(ValueError):
                tokenizer.decode(np.array([bad], dtype=np.int64) if bad == 2 ** 40 else [bad])
    with pytest.raises(ValueError):
        remi.decode([[len(remi)]])
    with pytest.raises(ValueError):
        programs.decode(np.zeros((2, 3, 4), dtype=np.int32))
    width = len(judge.theirs["CPWord"].vocab)
    with pytest.raises(ValueError):
        cpword.decode([np.zeros((4, width + 1), dtype=np.int32)])
    with pytest.raises(ValueError):
        cpword.decode([np.zeros((2, 3, width), dtype=np.int32)])
    with pytest.raises(ValueError):
        cpword.decode([[[0] * width, [len(judge.theirs["CPWord"].vocab[0])] + [0] * (width - 1)]])
    garbage = tmp_path / "garbage.mid"
    garbage.write_bytes(b"MThd this is no MIDI file")
    for source in (bytes(garbage.read_bytes()), str(garbage), b"", b"RIFF\x00\x00\x00\x00"):
        with pytest.raises(midiroll.MidiError):
            remi.encode(source)
        with pytest.raises(midiroll.MidiError):
            programs.encode_chunks(source, 64)


def test_a_path_that_does_not_read_is_an_os_error(judge, tmp_path):
    # The library reads the path itself (the GIL released once): what Python's open would
    # raise, and a FIFO refused at once rather than waited on, as midiroll.read refuses it.
    remi = judge.ours("REMI")
    missing, fifo = tmp_path / "missing.mid", tmp_path / "pipe.mid"
    os.mkfifo(fifo)
    for source, kind in ((missing, FileNotFoundError), (tmp_path, IsADirectoryError), (fifo, OSError)):
        with pytest.raises(kind) as raised:
            remi.encode(source)
        assert raised.value.filename == str(source)
        with pytest.raises(kind):
            remi.encode_chunks(str(source), 64)


def _broken_files(judge):
    saved = json.loads(judge.paths["REMI"].read_text())
    trained = json.loads(judge.paths[TRAINED].read_text())

    def edited(base, change):
        copy = json.loads(json.dumps(base))
        change(copy)
        return json.dumps(copy).encode()

    return {
        "empty": b"",
        "not JSON": b"{\"tokenization\": ",
        "a list": b"[]",
        "unknown tokenization": edited(saved, lambda d: d.update(tokenization="NotATokenizer")),
        "no tokenization": edited(saved, lambda d: d.pop("tokenization")),
        "no config": edited(saved, lambda d: d.pop("config")),
        "pitch_range a string": edited(saved, lambda d: d["config"].update(pitch_range="wide")),
        "beat_res a list": edited(saved, lambda d: d["config"].update(beat_res=[1, 2])),
        "a model that is no JSON": edited(trained, lambda d: d.update(_model="{not json")),
    }


def test_a_broken_tokenizer_file_is_refused_in_one_line(judge):
    failures = []
    for what, data in _broken_files(judge).items():
        try:
            midiroll.Tokenizer(data)
        except ValueError as error:
            if "\n" in str(error).strip():
                failures.append(f"{what}: a message of more than one line: {str(error)!r}")
        except Exception as error:  # noqa: BLE001 - named in the failure
            failures.append(f"{what}: {type(error).__name__} rather than ValueError: {error}")
        else:
            failures.append(f"{what}: read without an error")
    assert not failures, report(failures)

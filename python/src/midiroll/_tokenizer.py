"""MidiTok 3.1's tokenizers in-process: ids, decoding and chunks, as `midiroll tokenize` gives them."""

from __future__ import annotations

import ctypes
import hashlib
import json
import os
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _library
from ._errors import MidiError, TokenizerError
from ._library import library, taken as _taken
from ._song import Song, _flag, _number, _song_of, _whole
from . import _training

Ids = Union[np.ndarray, List[np.ndarray]]
"""What `Tokenizer.encode` returns: int32 ids, 1-D for one stream, one array per track for a
per-track tokenizer, `(tokens, fields)` for CPWord, Octuple and MuMIDI (-1 where a MuMIDI
token is shorter than its vocabularies)."""


@dataclass(frozen=True)
class TokenChunk:
    """A piece of a song's tokens no longer than `max_seq_len` (`Tokenizer.encode_chunks`).

    Its ids are MidiTok's `encode` of the song clipped to `[start_tick, end_tick)` and moved
    to tick 0 (`score.clip(start_tick, end_tick, clip_end=False).shift_time(-start_tick)`), so
    it decodes on its own; BOS leads the first chunk of a song (or track) and EOS ends its last
    when asked.

        >>> chunk = tok.encode_chunks("song.mid", 1024)[0]
        >>> chunk.ids[:4], chunk.track, chunk.start_tick, chunk.end_tick
    """

    ids: np.ndarray
    """The int32 ids: 1-D, or `(tokens, fields)` for CPWord, Octuple and MuMIDI."""
    track: Optional[int]
    """The track (an index of symusic's tracks) for a per-track tokenizer; None for one stream."""
    start_tick: int
    """The song's first tick the chunk holds (notes by their onsets)."""
    end_tick: int
    """The tick after the last the chunk holds."""

    def __len__(self) -> int:
        """The number of tokens."""
        return int(self.ids.shape[0])


class Tokenizer:
    """A MidiTok 3.1 tokenizer, made from the file MidiTok saved (`tokenizer.save(path)`),
    trained or not: REMI, TSD, MIDILike, Structured, CPWord, Octuple, PerTok, MMM and MuMIDI. Its
    ids are MidiTok's, made by midiroll's Swift tokenizer (`midiroll tokenize`'s) with the GIL
    released, so threads tokenize in parallel. A tokenizer never changes once made.

        >>> tok = midiroll.Tokenizer("tokenizer.json")
        >>> ids = tok.encode("song.mid")                 # MidiTok's tokenizer.encode(path) ids
        >>> song = tok.decode(ids)                       # a midiroll.Song of MidiTok's decoded notes
        >>> chunks = tok.encode_chunks("song.mid", max_seq_len=1024, bos=True, eos=True)

    Args:
        source: The tokenizer file's path, or its bytes.

    Raises:
        TokenizerError: The file is not a tokenizer midiroll reproduces (one line with the JSON path).
        OSError: The file cannot be read.
    """

    def __init__(self, source: Union[str, "os.PathLike[str]", bytes, bytearray, memoryview]) -> None:
        if isinstance(source, (bytes, bytearray, memoryview)):
            data, name = bytes(source), None
        elif isinstance(source, (str, os.PathLike)):
            name = os.fspath(source)
            with open(name, "rb") as file:
                data = file.read()
        else:
            raise TypeError(f"source: expected a path or bytes, not {type(source).__name__}")
        handle = ctypes.c_void_p()
        error = _library.Error()
        code = library.midiroll_tokenizer_read(
            data, len(data), os.fsencode(name) if name is not None else None, ctypes.byref(handle), ctypes.byref(error))
        if code != _library.OK:
            message = error.message.decode("utf-8", "replace")
            if code == _library.BAD_INPUT:
                raise TokenizerError(message)
            raise RuntimeError(f"midiroll: {message} (code {code})")
        self._handle = _TokenizerHandle(handle)
        self._data = data
        self._sha256: str = hashlib.sha256(data).hexdigest()
        self.training_summary: Optional[Dict[str, int]] = None
        """What `train` read and learnt, on a tokenizer it made: "files" (songs read),
        "unreadable" and "refused" (songs left out), "base_tokens", "unique_words", "merges"."""
        self.name: Optional[str] = name
        """The tokenizer file's path, or None for bytes."""
        described = json.loads(_taken(_call_bytes(library.midiroll_tokenizer_describe, handle)))
        self.tokenization: str = described["tokenization"]
        """MidiTok's class name: "REMI", "TSD", "MIDILike", "Structured", "CPWord", "Octuple",
        "PerTok", "MMM" or "MuMIDI"."""
        self.one_token_stream: bool = described["one_token_stream"]
        """Whether all tracks make one sequence (MidiTok's `one_token_stream`)."""
        self.is_trained: bool = described["is_trained"]
        """Whether the tokenizer has a trained model (BPE, Unigram, WordPiece)."""
        self._length: int = described["length"]
        vocabularies = [{token: index for index, token in enumerate(tokens)} for tokens in described["vocabularies"]]
        self._vocabularies = vocabularies
        self.vocab: Union[Dict[str, int], List[Dict[str, int]]] = (
            vocabularies if self.tokenization in ("CPWord", "Octuple", "MuMIDI") else vocabularies[0])
        """MidiTok's `tokenizer.vocab`: token to id (the base vocabulary of a trained tokenizer),
        a list of them, one per field, for CPWord, Octuple and MuMIDI."""
        first = vocabularies[0] if vocabularies else {}
        self.pad_id: Optional[int] = first.get("PAD_None")
        """The id of PAD, or None."""
        self.bos_id: Optional[int] = first.get("BOS_None")
        """The id of BOS, or None."""
        self.eos_id: Optional[int] = first.get("EOS_None")
        """The id of EOS, or None."""
        self.mask_id: Optional[int] = first.get("MASK_None")
        """The id of MASK, or None."""

    def __len__(self) -> int:
        """MidiTok's `len(tokenizer)`: the vocabulary's size (the trained model's for a trained
        tokenizer, the sum of the fields' for CPWord, Octuple and MuMIDI)."""
        return self._length

    def __getitem__(self, token: str) -> int:
        """A base token's id: `tok["Bar_None"]` (KeyError for a token not in the vocabulary).
        CPWord, Octuple and MuMIDI have a vocabulary per field: look it up in `tok.vocab[field]`."""
        if isinstance(self.vocab, list):
            raise TypeError(f"{self.tokenization} has a vocabulary per field: use tok.vocab[field][token]")
        return self.vocab[token]

    def __repr__(self) -> str:
        return f"<midiroll.Tokenizer {self.tokenization} {self.name or 'from bytes'}: {len(self)} tokens>"

    def train(self, files: Union[str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]]],
              vocab_size: int, model: str = "BPE", *, jobs: Optional[int] = None,
              **trainer_options: Union[int, float]) -> "Tokenizer":
        """A new tokenizer trained on `files` as MidiTok 3.1's
        `tokenizer.train(vocab_size, model, files_paths=files, **trainer_options)` trains it, by
        `midiroll train-tokenizer`'s Swift code: BPE and WordPiece learn exactly MidiTok's
        vocabulary and merges; Unigram (which Hugging Face does not train deterministically) a
        model of the same quality. The files are read by `jobs` threads (default: one per core)
        with the GIL released. This tokenizer is not changed.

            >>> base = midiroll.Tokenizer("remi.json")
            >>> bpe = base.train(["a.mid", "songs/"], vocab_size=2000)   # files or folders
            >>> bpe.save("remi-bpe.json")            # miditok.REMI(params="remi-bpe.json") loads it
            >>> bpe.training_summary["merges"]
            1642

        Args:
            files: MIDI files (or folders, walked for .mid, .midi, .kar, .rmi and .smf files).
            vocab_size: The trained vocabulary's size; above the base vocabulary's.
            model: "BPE", "WordPiece" or "Unigram" (any case).
            jobs: Threads reading files.
            **trainer_options: MidiTok's keyword arguments for the trainer: `min_frequency`,
                `limit_alphabet`, `max_token_length` (BPE), `max_input_chars_per_word`
                (WordPiece), `shrinking_factor`, `max_piece_length`, `n_sub_iterations` (Unigram).

        Raises:
            TypeError: An option the model's trainer does not take.
            ValueError: An unknown model, a vocabulary size not above the base vocabulary's, a
                tokenizer of several vocabularies (CPWord, Octuple), which MidiTok cannot train.
            TokenizerError: No file could be read (files symusic cannot read are skipped and
                counted, as MidiTok skips them).
        """
        name = _training.model_name(model)
        options = _training.checked_options(name, trainer_options)
        paths = _training.midi_files(files)
        data, summary = _training.train(self._data, paths, vocab_size, name, jobs or os.cpu_count() or 1, options)
        trained = Tokenizer(data)
        trained.training_summary = summary
        return trained

    def save(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Writes the tokenizer file (MidiTok's `tokenizer.save(path)`; for a trained one, the file
        `midiroll train-tokenizer` writes). The file appears whole or not at all: it is written
        beside `path` and renamed onto it.

            >>> midiroll.Tokenizer("remi.json").train(["songs/"], vocab_size=1000).save("remi-bpe.json")
        """
        target = os.fspath(path)
        temporary = os.path.join(os.path.dirname(target) or ".", f".{os.path.basename(target)}.{os.getpid()}.tmp")
        try:
            with open(temporary, "wb") as file:
                file.write(self._data)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, target)
        except BaseException:
            if os.path.exists(temporary):
                os.unlink(temporary)
            raise

    def encode(self, source: Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, Song], *,
               pitch_offset: int = 0, velocity_offset: int = 0, duration_offset: Union[int, float] = 0,
               duration_in_ticks: bool = False, velocity_range: Tuple[int, int] = (1, 127),
               min_duration: Union[int, float] = 0.03125) -> Ids:
        """A song's ids, as MidiTok's `tokenizer.encode(path)` gives them (a trained
        tokenizer's encoded ids), and as `midiroll tokenize` writes them.

            >>> tok.encode("song.mid")[:8]
            array([  4, 189,  33, 109, 129, 190,  40, 109], dtype=int32)

        With offsets, the ids are MidiTok's `tokenizer.encode(augment_score(Score(path),
        pitch_offset, velocity_offset, duration_offset, velocity_range, duration_in_ticks,
        min_duration))`, its quirks included (`docs/DESIGN.md`, "MidiTok's augmentation").

            >>> tok.encode("song.mid", pitch_offset=2, velocity_offset=-8)

        Args:
            source: A MIDI file's path or bytes, or a `midiroll.Song` (tokenized as the `.mid`
                it writes).
            pitch_offset: Semitones added to the pitches of non-drum tracks.
            velocity_offset: Added to every velocity, clamped to `velocity_range` on its side.
            duration_offset: Added to the durations of non-drum tracks, in beats (or ticks).
            duration_in_ticks: `duration_offset` and `min_duration` count ticks.
            velocity_range: The velocities a shifted velocity is clamped to.
            min_duration: The shortest duration a negative `duration_offset` leaves.

        Returns:
            int32 ids: a 1-D array for one stream; a list of arrays, one per track, for a
            per-track tokenizer; `(tokens, fields)` arrays for CPWord, Octuple and MuMIDI (a
            MuMIDI token shorter than its vocabularies, Bar, Position, Program, ends in -1s).

        Raises:
            MidiError: The song does not read.
            ValueError: A pitch offset that pushes a note past 0–127, or a bad value.
        """
        rows = self._encode(source, _augment_words(
            pitch_offset, velocity_offset, duration_offset, duration_in_ticks, velocity_range, min_duration))
        arrays = [ids for (_, _, _, ids) in rows]
        if self.one_token_stream:
            return arrays[0] if arrays else np.zeros((0,) + self._token_shape(), dtype=np.int32)
        return arrays

    def encode_chunks(self, source: Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, Song],
                      max_seq_len: int, *, overlap_bars: int = 1, bos: bool = False,
                      eos: bool = False, pitch_offset: int = 0, velocity_offset: int = 0,
                      duration_offset: Union[int, float] = 0, duration_in_ticks: bool = False,
                      velocity_range: Tuple[int, int] = (1, 127),
                      min_duration: Union[int, float] = 0.03125) -> List[TokenChunk]:
        """A song's tokens cut into chunks of at most `max_seq_len` tokens, each MidiTok's
        `encode` of the song clipped to its ticks (`midiroll tokenize --max-seq-len`).

        The cut is measured, not estimated: every chunk is tokenized before it is kept. Chunks
        start and end at bar lines, hold as many bars as fit (a chunk nine tenths full is
        taken), and share `overlap_bars` bars; only a bar whose own tokens are too many is cut
        inside, at the latest note onset that fits. Every note
        lies in some chunk, and a chunk with no notes is left out. A per-track tokenizer cuts
        each track alone.

            >>> [len(chunk) for chunk in tok.encode_chunks("song.mid", 256, bos=True, eos=True)]
            [251, 244, 256, 97]

        Args:
            source: A MIDI file's path or bytes, or a `midiroll.Song`.
            max_seq_len: The most tokens a chunk holds, BOS and EOS included.
            overlap_bars: The bars consecutive chunks share.
            bos: Begin the first chunk of a song (or track) with BOS.
            eos: End the last chunk of a song (or track) with EOS.
            pitch_offset, velocity_offset, duration_offset, duration_in_ticks, velocity_range,
                min_duration: MidiTok's augmentation first, as in `encode`.

        Raises:
            MidiError: The song does not read.
            ValueError: `max_seq_len` below what one onset's notes need, a bad value, or BOS or
                EOS asked for and the tokenizer has none.
        """
        words = ["--max-seq-len", _whole("max_seq_len", max_seq_len),
                 "--overlap-bars", _whole("overlap_bars", overlap_bars)]
        if _flag("bos", bos):
            words.append("--bos")
        if _flag("eos", eos):
            words.append("--eos")
        words += _augment_words(
            pitch_offset, velocity_offset, duration_offset, duration_in_ticks, velocity_range, min_duration)
        return [TokenChunk(ids, None if track < 0 else track, start, end)
                for (track, start, end, ids) in self._encode(source, words)]

    def decode(self, ids: Union[Ids, Sequence[Any]]) -> Song:
        """The song MidiTok's `tokenizer.decode(ids)` makes, as `midiroll detokenize` writes it.

            >>> tok.decode(tok.encode("song.mid")).notes.size
            1234

        Args:
            ids: What `encode` returns, or the same as lists.

        Raises:
            ValueError: An id outside the vocabulary, a shape the tokenizer does not take, or
                tokens MidiTok cannot decode.
        """
        plain = _plain(ids, "ids")
        if self.tokenization == "MuMIDI":
            plain = _without_padding(plain)
        document = {"ids": plain}
        if self.is_trained:
            document["ids_encoded"] = True
        data = json.dumps(document).encode("ascii")
        handle = ctypes.c_void_p()
        error = _library.Error()
        code = library.midiroll_tokenizer_decode(
            self._handle.value, data, len(data), b"ids", ctypes.byref(handle), ctypes.byref(error))
        if code in (_library.BAD_INPUT, _library.USAGE):
            raise ValueError(error.message.decode("utf-8", "replace"))
        if code != _library.OK:
            raise RuntimeError(f"midiroll: {error.message.decode('utf-8', 'replace')} (code {code})")
        return _song_of(handle, None)

    def _token_shape(self) -> tuple:
        return (len(self._vocabularies),) if isinstance(self.vocab, list) else ()

    def _encode(self, source: Any, words: List[str]) -> List[tuple]:
        """The rows `midiroll_tokenizer_encode` lays out: (track, start, end, ids)."""
        song_handle, data, name = None, None, None
        if isinstance(source, Song):
            song_handle, name = source._handle.value, source.name
        elif isinstance(source, (bytes, bytearray, memoryview, np.ndarray)):
            data = bytes(memoryview(source).cast("B")) if not isinstance(source, bytes) else source
        elif isinstance(source, (str, os.PathLike)):
            name = os.fspath(source)  # read by the library, in the call (the GIL released once)
        else:
            raise TypeError(f"source: expected a path, bytes or a midiroll.Song, not {type(source).__name__}")
        encoded = [word.encode("utf-8") for word in words]
        array = (ctypes.c_char_p * len(encoded))(*encoded)
        table = ctypes.c_void_p()
        error = _library.Error()
        code = library.midiroll_tokenizer_encode(
            self._handle.value, song_handle, data, len(data) if data is not None else 0,
            os.fsencode(name) if name is not None else None, array, len(encoded), ctypes.byref(table),
            ctypes.byref(error))
        if code != _library.OK:
            message = error.message.decode("utf-8", "replace")
            if code == _library.IO:
                raise OSError(error.system_error, os.strerror(error.system_error), name)
            if code == _library.USAGE:
                raise ValueError(message)
            if code == _library.BAD_INPUT:
                raise MidiError(message, code=code, offset=error.offset if error.offset >= 0 else None,
                                track=error.track if error.track >= 0 else None)
            raise RuntimeError(f"midiroll: {message} (code {code})")
        count, width, header, ids = _token_table(table)
        if isinstance(self.vocab, list):  # CPWord, Octuple, MuMIDI: (tokens, fields)
            ids = ids.reshape(-1, width)
            header = [value // width if index % 5 >= 3 else value for index, value in enumerate(header)]
        return [(header[row], header[row + 1], header[row + 2], ids[header[row + 3]:header[row + 3] + header[row + 4]])
                for row in range(0, 5 * count, 5)]


_COUNT_AND_WIDTH = ctypes.c_int64 * 2


def _token_table(table: ctypes.c_void_p) -> Tuple[int, int, List[int], np.ndarray]:
    """A `midiroll_tokenizer_encode` table (`include/midiroll.h`), the handle freed: its row
    count, ids per token, the rows' five integers one after another, and every row's ids in one
    int32 array (copied with `ctypes.memmove`, which runs with the GIL released)."""
    try:
        address = _library.holding_gil.midiroll_bytes_data(table)
        count, width = _COUNT_AND_WIDTH.from_address(address)
        header = (ctypes.c_int64 * (5 * count)).from_address(address + 16)[:]
        start = 16 + 40 * count
        ids = np.empty((_library.holding_gil.midiroll_bytes_size(table) - start) // 4, dtype=np.int32)
        ctypes.memmove(ids.ctypes.data, address + start, 4 * ids.size)
    finally:
        _library.holding_gil.midiroll_bytes_free(table)
    return count, width, header, ids


class _TokenizerHandle:
    """Owns a tokenizer handle of the ABI and frees it with its owner."""

    def __init__(self, handle: ctypes.c_void_p) -> None:
        self.value = handle.value

    def __del__(self) -> None:
        if self.value:
            _library.holding_gil.midiroll_tokenizer_free(self.value)
            self.value = None


def _call_bytes(function, handle: ctypes.c_void_p) -> ctypes.c_void_p:
    """Calls `function(handle, &bytes, &error)` and returns the bytes' handle."""
    out = ctypes.c_void_p()
    error = _library.Error()
    code = function(handle, ctypes.byref(out), ctypes.byref(error))
    if code != _library.OK:
        raise RuntimeError(f"midiroll: {error.message.decode('utf-8', 'replace')} (code {code})")
    return out


def _plain(ids: Any, where: str) -> Any:
    """Ids as JSON lists: NumPy arrays and lists of them, whole numbers only."""
    if isinstance(ids, np.ndarray):
        if ids.dtype.kind not in "iu":
            raise ValueError(f"{where}: expected whole-number ids, not {ids.dtype}")
        return ids.tolist()
    if isinstance(ids, (list, tuple)):
        return [_plain(item, f"{where}[{index}]") for index, item in enumerate(ids)]
    if isinstance(ids, (bool, np.bool_)) or not isinstance(ids, (int, np.integer)):
        raise ValueError(f"{where}: expected an id, not {type(ids).__name__}")
    return int(ids)


def _without_padding(ids: Any) -> Any:
    """MuMIDI's ids as MidiTok's lists: each token (a list of ids) without its trailing -1s."""
    if isinstance(ids, list) and ids and all(isinstance(item, int) for item in ids):
        end = len(ids)
        while end > 1 and ids[end - 1] == -1:
            end -= 1
        return ids[:end]
    if isinstance(ids, list):
        return [_without_padding(item) for item in ids]
    return ids


def _augment_words(pitch_offset: Any, velocity_offset: Any, duration_offset: Any, duration_in_ticks: Any,
                   velocity_range: Any, min_duration: Any) -> List[str]:
    """`tokenize`'s augmentation words; none when nothing is shifted. A whole `duration_offset`
    is written as an int, a float as a float: MidiTok rounds the minimum only for a float."""
    if (all(type(offset) is int and offset == 0 for offset in (pitch_offset, velocity_offset, duration_offset))
            and duration_in_ticks is False and type(velocity_range) is tuple and velocity_range == (1, 127)
            and type(min_duration) is float and min_duration == 0.03125):
        return []  # every argument its default (the common call): nothing shifted, nothing to check
    pitch = _whole("pitch_offset", pitch_offset)
    velocity = _whole("velocity_offset", velocity_offset)
    if isinstance(duration_offset, (int, np.integer)) and not isinstance(duration_offset, bool):
        duration = str(int(duration_offset))
    else:
        duration = _number("duration_offset", duration_offset)
    minimum = _number("min_duration", min_duration)
    in_ticks = _flag("duration_in_ticks", duration_in_ticks)
    if not isinstance(velocity_range, (tuple, list)) or len(velocity_range) != 2:
        raise TypeError("velocity_range: expected (low, high)")
    low, high = (int(_whole("velocity_range", value)) for value in velocity_range)
    if pitch == "0" and velocity == "0" and float(duration) == 0:
        return []
    words = [f"--pitch-offset={pitch}", f"--velocity-offset={velocity}", f"--duration-offset={duration}",
             f"--min-duration={minimum}", f"--offset-velocity-range={min(low, high)}...{max(low, high)}"]
    if in_ticks:
        words.append("--duration-in-ticks")
    return words

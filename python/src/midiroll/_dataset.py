"""Packed token datasets read back in place (`TokenDataset`), and MidiTok's collator in NumPy (`collate`).

A pack is what `midiroll tokenize` writes for a folder of songs (the token pack layout,
format_version 1): `manifest.json` (the commit record), `ids.bin` (every sequence's ids back
to back), `index.bin` (one 40-byte record per sequence) and `sources.jsonl` (the inputs'
paths). Everything is memory-mapped: opening reads the manifests and two records per pack,
and a sequence is a read-only view of the ids, never a copy.
"""

from __future__ import annotations

import bisect
import errno
import json
import math
import mmap
import operator
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

import numpy as np

from ._errors import TokenDatasetError

if TYPE_CHECKING:
    from ._tokenizer import Tokenizer

PACK_FORMAT = "midiroll-token-pack"
"""The manifest's "format"."""
PACK_FORMAT_VERSION = 1
"""The manifest's "format_version" this reader reads."""
ID_DTYPES = ("<u2", "<u4")
"""The dtypes of ids.bin a manifest may name."""
INDEX_DTYPE = np.dtype([
    ("offset", "<u8"), ("length", "<u4"), ("source", "<u4"), ("track", "<i4"), ("start_tick", "<i4"),
    ("end_tick", "<i4"), ("pitch_offset", "<i2"), ("velocity_offset", "<i2"), ("duration_offset", "<i4"),
    ("chunk", "<u4"),
])
"""One record of index.bin: 40 bytes, little-endian, packed."""

MANIFEST, IDS, INDEX, SOURCES = "manifest.json", "ids.bin", "index.bin", "sources.jsonl"
_PACK_FOLDER = re.compile(r"pack-([0-9]+)-of-([0-9]+)")
_SCAN_BLOCK = 16 << 20  # bytes of sources.jsonl looked at at once for line ends
_MANIFEST_MAX_SIZE = 1 << 20  # a manifest is a few hundred bytes; midiroll's writer reads at most 1 MiB


@dataclass(frozen=True)
class SequenceInfo:
    """Where a sequence of a `TokenDataset` comes from (its record in index.bin, its source's
    path from sources.jsonl). Read as attributes or as keys:

        >>> info = ds.info(0)
        >>> info.source, info["start_tick"], info.offsets, dict(info)["chunk"]
        ('pop/song.mid', 0, (0, 0, 0), 0)
    """

    source: str
    """The input's path, relative to the folder `midiroll tokenize` read."""
    track: Optional[int]
    """The track (an index of symusic's tracks) for a per-track tokenizer; None for one stream."""
    start_tick: int
    """The source song's first tick the sequence holds (0 for a whole song)."""
    end_tick: Optional[int]
    """The tick after the last the sequence holds; None for a whole song (no --max-seq-len)."""
    offsets: Tuple[int, int, int]
    """MidiTok's augmentation offsets: pitch, velocity, duration (in ticks); (0, 0, 0) for the original."""
    chunk: int
    """The sequence's number among its source's sequences of the same track and offsets (0-based)."""

    def keys(self) -> Tuple[str, ...]:
        """The names `info[name]` takes, so that `dict(info)` works."""
        return tuple(field.name for field in fields(self))

    def __getitem__(self, key: str) -> Any:
        """`info["source"]`, the same as `info.source` (KeyError for another name)."""
        if key not in self.keys():
            raise KeyError(key)
        return getattr(self, key)


class TokenDataset:
    """The sequences of token ids `midiroll batch --to tokens --pack` wrote, read in place: `ds[i]` is a
    read-only NumPy view of sequence i's ids in the memory-mapped ids.bin (1-D, or
    `(tokens, width)` for CPWord and Octuple), never a copy. Opening reads the manifests and
    two records per pack, so a dataset of millions of sequences opens at once.

        >>> ds = midiroll.TokenDataset("tokens/train", tokenizer=midiroll.Tokenizer("tokenizer.json"))
        >>> len(ds), ds.tokens, ds.vocab_size
        (120000, 61440000, 357)
        >>> ds[0][:6], ds[-1].dtype
        (memmap([  4, 189,  33, 109, 129, 190], dtype=uint16), dtype('uint16'))
        >>> ds.info(0).source, ds.lengths.max()
        ('pop/song.mid', 512)
        >>> batch = midiroll.collate([ds[i] for i in range(8)], pad_id=0)

    Args:
        path: A dataset folder (holding `pack-K-of-N/` folders, read in the order of (N, K) as one
            dataset) or a pack folder (holding manifest.json).
        tokenizer: The tokenizer the ids were made with: refused unless its file's SHA-256 and
            `len(tokenizer)` are every manifest's.

    Raises:
        FileNotFoundError: The folder is missing, or holds neither a manifest nor pack folders.
        TokenDatasetError: A pack that does not hold what its manifest commits, packs that
            disagree (dtype, width, tokenizer), or a tokenizer that is not the packs'.
    """

    def __init__(self, path: Union[str, "os.PathLike[str]"], tokenizer: Optional["Tokenizer"] = None) -> None:
        self.path: str = os.fsdecode(os.fspath(path))
        """The folder opened."""
        self._packs = [_Pack(folder) for folder in _pack_folders(self.path)]
        _check_packs_agree(self._packs)
        if tokenizer is not None:
            for pack in self._packs:
                pack.check_tokenizer(tokenizer)
        self._starts = [0]
        for pack in self._packs:
            self._starts.append(self._starts[-1] + pack.sequences)
        self._lengths: Optional[np.ndarray] = None

    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        """Pickles by path and committed counts, never by the mapped bytes: a copy in another
        process (a `DataLoader` worker started with spawn) reopens the same packs and sees the
        same sequences, even if a writer has committed more since."""
        return (_reopen, (self.path, [pack.folder for pack in self._packs], [pack.sequences for pack in self._packs]))

    def __len__(self) -> int:
        """The number of sequences (every pack's committed records)."""
        return self._starts[-1]

    def __getitem__(self, key: Union[int, slice]) -> Union[np.ndarray, List[np.ndarray]]:
        """Sequence `key`'s ids, a read-only view (negative indices count from the end); a
        slice gives a list of views.

            >>> ds[0].shape, ds[-1].flags.writeable, len(ds[10:20])
            ((512,), False, 10)

        Raises:
            IndexError: An index past the end.
            TokenDatasetError: The sequence's record points past the committed ids or sources.
        """
        if isinstance(key, slice):
            return [self[index] for index in range(*key.indices(len(self)))]
        pack, local = self._locate(key)
        return pack.ids_of(local)

    def __iter__(self) -> Iterator[np.ndarray]:
        """Every sequence's ids, in order."""
        for index in range(len(self)):
            yield self[index]

    def __repr__(self) -> str:
        return (f"<midiroll.TokenDataset {self.path}: {len(self)} sequences, {self.tokens} tokens "
                f"in {len(self._packs)} pack{'s' if len(self._packs) != 1 else ''}>")

    def info(self, index: int) -> SequenceInfo:
        """Where sequence `index` comes from: its source's path, track, ticks, offsets and chunk.

            >>> ds.info(3)
            SequenceInfo(source='pop/song.mid', track=None, start_tick=7680, end_tick=15360, offsets=(2, 0, 0), chunk=3)

        Raises:
            IndexError: An index past the end.
            TokenDatasetError: The record points past the committed ids or sources, or
                sources.jsonl does not hold the line it names.
        """
        pack, local = self._locate(index)
        return pack.info(local)

    @property
    def lengths(self) -> np.ndarray:
        """Every sequence's length in tokens (uint32): a view of index.bin's column for one pack,
        the packs' columns joined (on first use, then kept) for several.

            >>> ds.lengths[:4], int(ds.lengths.sum()) == ds.tokens
            (memmap([512, 512, 498, 77], dtype=uint32), True)
        """
        if len(self._packs) == 1:
            return self._packs[0].index["length"]
        if self._lengths is None:
            joined = np.concatenate([pack.index["length"] for pack in self._packs])
            joined.flags.writeable = False
            self._lengths = joined
        return self._lengths

    @property
    def manifests(self) -> List[Dict[str, Any]]:
        """Every pack's manifest.json, as read, in the dataset's order."""
        return [pack.manifest for pack in self._packs]

    @property
    def vocab_size(self) -> int:
        """The tokenizer's `len(tokenizer)`, as the manifests give it."""
        return self._packs[0].manifest["vocab_size"]

    @property
    def dtype(self) -> np.dtype:
        """The ids' dtype: uint16 (`<u2`) or uint32 (`<u4`)."""
        return self._packs[0].dtype

    @property
    def width(self) -> int:
        """The ids a token holds: 1, or the number of fields of CPWord and Octuple."""
        return self._packs[0].width

    @property
    def tokens(self) -> int:
        """The number of tokens of every sequence together."""
        return sum(pack.tokens for pack in self._packs)

    def _locate(self, index: int) -> Tuple["_Pack", int]:
        """The pack holding sequence `index` (negative from the end) and its index in that pack."""
        position = operator.index(index)
        count = len(self)
        if position < 0:
            position += count
        if not 0 <= position < count:
            raise IndexError(f"sequence {index} is past the end: the dataset has {count}")
        pack_number = bisect.bisect_right(self._starts, position) - 1
        return self._packs[pack_number], position - self._starts[pack_number]


def _reopen(path: str, folders: List[str], sequences: List[int]) -> "TokenDataset":
    """A pickled `TokenDataset` opened again: the same packs, each cut to the sequences it had."""
    dataset = TokenDataset.__new__(TokenDataset)
    dataset.path = path
    dataset._packs = [_Pack(folder) for folder in folders]
    for pack, count in zip(dataset._packs, sequences):
        pack.limit(count)
    dataset._starts = [0]
    for pack in dataset._packs:
        dataset._starts.append(dataset._starts[-1] + pack.sequences)
    dataset._lengths = None
    return dataset


class _Pack:
    """One pack folder, opened: its manifest read and checked, index.bin and ids.bin
    memory-mapped up to the committed counts, sources.jsonl read on demand."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.manifest_path = os.path.join(folder, MANIFEST)
        self.index_path = os.path.join(folder, INDEX)
        self.ids_path = os.path.join(folder, IDS)
        self.manifest = _read_manifest(self.manifest_path)
        self.sequences: int = self.manifest["sequences"]
        self.tokens: int = self.manifest["tokens"]
        self.sources: int = self.manifest["sources"]
        self.width: int = self.manifest["width"]
        self.dtype = np.dtype(self.manifest["dtype"])
        self.index = _map(self.index_path, INDEX_DTYPE, (self.sequences,),
                          f"sequences {self.sequences} x {INDEX_DTYPE.itemsize} bytes")
        ids_shape = (self.tokens,) if self.width == 1 else (self.tokens, self.width)
        width_words = "" if self.width == 1 else f" x width {self.width}"
        self.ids = _map(self.ids_path, self.dtype, ids_shape,
                        f"tokens {self.tokens}{width_words} x {self.dtype.itemsize} bytes")
        self._source_lines = _SourceLines(os.path.join(folder, SOURCES), self.sources,
                                          self.manifest.get("sources_bytes"))
        self._check_ends()

    def limit(self, sequences: int) -> None:
        """Keeps only the first `sequences` records (those a pickled dataset had)."""
        if sequences > self.sequences:
            raise TokenDatasetError(
                f"{self.manifest_path}: commits {self.sequences} sequences, fewer than the {sequences} "
                "the dataset had when it was pickled (the pack was made again)")
        self.sequences = sequences
        self.index = self.index[:sequences]
        self.tokens = int(self.index[-1]["offset"]) + int(self.index[-1]["length"]) if sequences else 0
        self.ids = self.ids[:self.tokens]

    def ids_of(self, local: int) -> np.ndarray:
        """Sequence `local`'s ids: a read-only view of ids.bin."""
        record = self._record(local)
        offset = int(record["offset"])
        return self.ids[offset:offset + int(record["length"])]

    def info(self, local: int) -> SequenceInfo:
        """Sequence `local`'s record, with its source's path."""
        record = self._record(local)
        track, end_tick = int(record["track"]), int(record["end_tick"])
        return SequenceInfo(
            source=self._source_lines.line(int(record["source"])),
            track=None if track == -1 else track,
            start_tick=int(record["start_tick"]),
            end_tick=None if end_tick == -1 else end_tick,
            offsets=(int(record["pitch_offset"]), int(record["velocity_offset"]), int(record["duration_offset"])),
            chunk=int(record["chunk"]),
        )

    def check_tokenizer(self, tokenizer: "Tokenizer") -> None:
        """Refuses a tokenizer whose file or vocabulary is not the manifest's."""
        expected = str(self.manifest["tokenizer_sha256"]).lower()
        if tokenizer._sha256 != expected:
            raise TokenDatasetError(
                f"{self.manifest_path}: the tokenizer's SHA-256 is {tokenizer._sha256}, the ids were made "
                f"with {expected} (tokenizer_sha256)")
        if len(tokenizer) != self.manifest["vocab_size"]:
            raise TokenDatasetError(
                f"{self.manifest_path}: the tokenizer has {len(tokenizer)} tokens, "
                f"the manifest's vocab_size is {self.manifest['vocab_size']}")

    def _record(self, local: int) -> np.void:
        """Record `local` of index.bin, refused if it points past the committed ids or sources."""
        record = self.index[local]
        offset, length = int(record["offset"]), int(record["length"])
        if offset + length > self.tokens:
            raise TokenDatasetError(
                f"{self.index_path}: byte {local * INDEX_DTYPE.itemsize}: record {local} (tokens {offset} to "
                f"{offset + length}) points past the {self.tokens} tokens committed")
        source = int(record["source"])
        if source >= self.sources:
            raise TokenDatasetError(
                f"{self.index_path}: byte {local * INDEX_DTYPE.itemsize + INDEX_DTYPE.fields['source'][1]}: "
                f"record {local}'s source {source} is past the {self.sources} sources committed")
        return record

    def _check_ends(self) -> None:
        """Refuses a first record that does not start at token 0, or a last that does not end at
        the committed tokens (no records: no tokens)."""
        if self.sequences == 0:
            if self.tokens != 0:
                raise TokenDatasetError(f"{self.manifest_path}: {self.tokens} tokens committed in no sequences")
            return
        first = int(self.index[0]["offset"])
        if first != 0:
            raise TokenDatasetError(f"{self.index_path}: byte 0: record 0 starts at token {first}, not 0")
        last = self.index[self.sequences - 1]
        end = int(last["offset"]) + int(last["length"])
        if end != self.tokens:
            raise TokenDatasetError(
                f"{self.index_path}: byte {(self.sequences - 1) * INDEX_DTYPE.itemsize}: the last record "
                f"({self.sequences - 1}) ends at token {end}, the manifest commits {self.tokens} tokens")


class _SourceLines:
    """The first `count` lines of sources.jsonl, each a JSON string: the file memory-mapped and
    its line ends found on the first line asked for, within the committed bytes when the
    manifest counts them ("sources_bytes", optional). Its size is checked at once: at least the
    committed bytes, or at least `""` a line."""

    def __init__(self, path: str, count: int, committed_bytes: Optional[int]) -> None:
        self.path = path
        self.count = count
        self.committed_bytes = committed_bytes
        self._map: Optional[mmap.mmap] = None
        self._ends: Optional[np.ndarray] = None
        if count:
            size = _file_size(path)
            least = 3 * count - 1 if committed_bytes is None else committed_bytes
            if size < least:
                counted = "" if committed_bytes is None else ", sources_bytes"
                raise TokenDatasetError(
                    f"{path}: cut short: {size} bytes, the manifest commits {count} sources "
                    f"(at least {least} bytes{counted})")

    def line(self, number: int) -> str:
        """Line `number` (0-based, below `count`), decoded."""
        if self._ends is None:
            self._map, self._ends = self._line_ends()
        start = int(self._ends[number - 1]) + 1 if number else 0
        text = self._map[start:int(self._ends[number])]
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):  # json.JSONDecodeError, UnicodeDecodeError, deep nesting
            value = None
        if not isinstance(value, str):
            raise TokenDatasetError(f"{self.path}: byte {start}: line {number} is not a JSON string")
        return value

    def _line_ends(self) -> Tuple[mmap.mmap, np.ndarray]:
        """The file mapped, and the byte offsets of the first `count` lines' ends (their "\\n",
        or the end of the file for a last line without one)."""
        try:
            with open(self.path, "rb") as file:
                mapped = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
        except (OSError, ValueError) as error:
            raise TokenDatasetError(f"{self.path}: cannot read: {_reason(error)}") from None
        end = len(mapped) if self.committed_bytes is None else min(self.committed_bytes, len(mapped))
        found: List[np.ndarray] = []
        have, start = 0, 0
        while have < self.count and start < end:
            block = np.frombuffer(mapped, dtype=np.uint8, count=min(_SCAN_BLOCK, end - start), offset=start)
            ends = np.flatnonzero(block == 0x0A)[:self.count - have] + start
            found.append(ends)
            have += ends.size
            start += block.size
        ends = np.concatenate(found) if found else np.zeros(0, dtype=np.intp)
        last_end = int(ends[-1]) + 1 if ends.size else 0
        if ends.size == self.count - 1 and last_end < end:
            ends = np.append(ends, end)
        if ends.size < self.count:
            raise TokenDatasetError(
                f"{self.path}: cut short: {ends.size} lines, the manifest commits {self.count} sources")
        return mapped, ends


def _pack_folders(path: str) -> List[str]:
    """The pack folders of a dataset folder, in the order of (N, K); or the folder itself when it
    holds a manifest."""
    if not os.path.isdir(path):
        raise FileNotFoundError(errno.ENOENT, "no such dataset folder", path)
    if os.path.lexists(os.path.join(path, MANIFEST)):
        return [path]
    packs = []
    for entry in os.scandir(path):
        match = _PACK_FOLDER.fullmatch(entry.name)
        if match and entry.is_dir():
            packs.append(((int(match[2]), int(match[1])), entry.path))
    if not packs:
        raise FileNotFoundError(errno.ENOENT, "no pack-K-of-N folder nor manifest.json in", path)
    return [folder for _, folder in sorted(packs)]


def _read_manifest(path: str) -> Dict[str, Any]:
    """manifest.json, read and checked: the format and version, then the members the reader uses."""
    try:
        with open(path, "rb") as file:
            text = file.read(_MANIFEST_MAX_SIZE + 1)
    except OSError as error:
        raise TokenDatasetError(f"{path}: cannot read: {_reason(error)}") from None
    if len(text) > _MANIFEST_MAX_SIZE:
        raise TokenDatasetError(f"{path}: larger than {_MANIFEST_MAX_SIZE} bytes: not a manifest")
    try:
        manifest = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise TokenDatasetError(f"{path}: not JSON: {error}") from None
    if not isinstance(manifest, dict):
        raise TokenDatasetError(f"{path}: expected a JSON object, not {type(manifest).__name__}")
    if manifest.get("format") != PACK_FORMAT:
        raise TokenDatasetError(f"{path}: \"format\" is {manifest.get('format')!r}, not {PACK_FORMAT!r}")
    if type(manifest.get("format_version")) is not int or manifest["format_version"] != PACK_FORMAT_VERSION:
        raise TokenDatasetError(
            f"{path}: \"format_version\" is {manifest.get('format_version')!r}: "
            f"this reader reads {PACK_FORMAT_VERSION}")
    for name in ("sequences", "tokens", "sources", "vocab_size"):
        _check_count(path, manifest, name, 0)
    _check_count(path, manifest, "width", 1)
    if "sources_bytes" in manifest:
        _check_count(path, manifest, "sources_bytes", 0)
    if manifest.get("dtype") not in ID_DTYPES:
        raise TokenDatasetError(f"{path}: \"dtype\" is {manifest.get('dtype')!r}, not one of {list(ID_DTYPES)}")
    if not isinstance(manifest.get("tokenizer_sha256"), str):
        raise TokenDatasetError(f"{path}: \"tokenizer_sha256\" is {manifest.get('tokenizer_sha256')!r}, not a string")
    if _index_dtype_of(manifest.get("index_dtype")) != INDEX_DTYPE:
        raise TokenDatasetError(
            f"{path}: \"index_dtype\" is {manifest.get('index_dtype')!r}, not the format's "
            f"{[[name, INDEX_DTYPE[name].str] for name in INDEX_DTYPE.names]}")
    return manifest


def _check_count(path: str, manifest: Dict[str, Any], name: str, least: int) -> None:
    """Refuses a manifest member that is not a whole number of at least `least`."""
    value = manifest.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise TokenDatasetError(f"{path}: \"{name}\" is {value!r}, not a whole number >= {least}")


def _index_dtype_of(pairs: Any) -> Optional[np.dtype]:
    """The NumPy dtype a manifest's "index_dtype" ([[name, dtype], ...]) names, or None."""
    try:
        return np.dtype([(str(name), str(dtype)) for name, dtype in pairs])
    except (TypeError, ValueError):
        return None


def _file_size(path: str) -> int:
    """A file's size, refused as a TokenDatasetError when it is missing or unreadable."""
    try:
        return os.stat(path).st_size
    except OSError as error:
        raise TokenDatasetError(f"{path}: cannot read: {_reason(error)}") from None


def _map(path: str, dtype: np.dtype, shape: Tuple[int, ...], committed: str) -> np.ndarray:
    """The first `shape` elements of a file, memory-mapped read-only (the rest never read);
    refused when the file is shorter."""
    need = math.prod(shape) * dtype.itemsize
    size = _file_size(path)
    if size < need:
        raise TokenDatasetError(f"{path}: cut short: {size} bytes, the manifest commits {need} ({committed})")
    if need == 0:
        empty = np.zeros(shape, dtype=dtype)
        empty.flags.writeable = False
        return empty
    try:
        return np.memmap(path, dtype=dtype, mode="r", shape=shape)
    except (OSError, ValueError) as error:
        raise TokenDatasetError(f"{path}: cannot map: {_reason(error)}") from None


def _check_packs_agree(packs: Sequence[_Pack]) -> None:
    """Refuses packs of one dataset that disagree on the ids' layout or the tokenizer."""
    first = packs[0]
    for pack in packs[1:]:
        for name in ("dtype", "width", "vocab_size", "tokenizer_sha256"):
            if pack.manifest[name] != first.manifest[name]:
                raise TokenDatasetError(
                    f"{pack.manifest_path}: \"{name}\" is {pack.manifest[name]!r}, {first.manifest_path}'s is "
                    f"{first.manifest[name]!r}: the packs of a dataset must agree")


def _reason(error: BaseException) -> str:
    """An OSError's reason without its path (the message names the file), or the error's text."""
    return error.strerror if isinstance(error, OSError) and error.strerror else str(error)


# The collator ---------------------------------------------------------------------------------

INPUTS, DECODER_INPUTS, LABELS = "input_ids", "decoder_input_ids", "labels"
LABELS_PAD_ID = -100
"""The id labels are padded with (MidiTok's `labels_pad_idx`, PyTorch's ignore_index)."""

Sample = Union[np.ndarray, Sequence[int], Mapping[str, Any]]
"""A sample `collate` takes: ids (1-D, or `(tokens, fields)`), or a dict with "input_ids" and
maybe "labels" and "decoder_input_ids"."""


def collate(batch: Sequence[Sample], pad_id: int, *, pad_on_left: bool = False, labels: bool = True,
            shift_labels: bool = False, max_length: Optional[int] = None) -> Dict[str, np.ndarray]:
    """A batch padded into arrays, as MidiTok 3.1's collator makes it:
    `miditok.pytorch_data.DataCollator(pad_token_id=pad_id, pad_on_left=pad_on_left,
    copy_inputs_as_labels=labels, shift_labels=shift_labels)(batch)`, in NumPy. Ready for
    `torch.from_numpy` (every array is C-contiguous, writable and owns its data).

        >>> out = midiroll.collate([np.array([5, 6, 7]), np.array([8, 9])], pad_id=0)
        >>> out["input_ids"], out["labels"], out["attention_mask"]
        (array([[5, 6, 7], [8, 9, 0]]), array([[5, 6, 7], [8, 9, -100]]), array([[1, 1, 1], [1, 1, 0]], dtype=int32))
        >>> midiroll.collate([ds[i] for i in range(8)], pad_id=tok.pad_id, shift_labels=True, max_length=1024)

    Bare ids are samples `{"input_ids": ids}`. MidiTok's rules, quirks included:

    - An entry ("input_ids", "decoder_input_ids", "labels") is used when the first sample has
      it; a later sample without it raises KeyError.
    - A sample whose entry is None or empty is dropped, from that entry only: given labels and
      inputs are dropped apart, so the arrays can have different rows, out of step.
    - Labels are copied (when `labels`) after that drop, from "decoder_input_ids" when the
      batch has them, else from "input_ids"; a "labels" entry wins over copying, even with
      `labels=False`.
    - No padding when every sequence has the same length; else padding to the longest, on the
      right or (`pad_on_left`) on the left: ids with `pad_id`, labels with -100.
    - `shift_labels` drops the last column of "decoder_input_ids" when the batch has them (the
      "input_ids" are then not shifted), else of "input_ids", and the first column of labels;
      the masks are made after the shift.
    - "attention_mask" is `input_ids != pad_id`, so a pad id inside a sequence is masked too;
      for `(tokens, fields)` ids, the mask of field 0 only. "decoder_attention_mask" is the
      same of "decoder_input_ids".
    - Ids and labels are int64 (MidiTok's `.long()`), the masks int32 (its `.int()`).
    - A 0-d (scalar) entry raises TypeError, as MidiTok's `len()` of it does: its
      classification-label path is never reached.

    Where MidiTok fails on a batch with an IndexError or a TypeError of its own (an empty
    batch, every sample empty, `shift_labels` with no labels, sequences whose fields differ),
    `collate` raises a ValueError that says why.

    Args:
        batch: Samples: ids (a NumPy array or a list, 1-D or `(tokens, fields)`), or dicts of them.
        pad_id: The id inputs are padded with (`tokenizer.pad_id`).
        pad_on_left: Pad on the left (for generation), not the right.
        labels: Copy the inputs as "labels" when the samples have none (MidiTok's `copy_inputs_as_labels`).
        shift_labels: Shift inputs and labels by one for teacher forcing.
        max_length: Cut every sequence (inputs, decoder inputs and labels) to its first
            `max_length` tokens before anything else (midiroll's, not MidiTok's); None: no cut.

    Returns:
        "input_ids", "decoder_input_ids", "labels", "attention_mask", "decoder_attention_mask",
        in this order, those the batch gives.
    """
    pad_id = _whole_number("pad_id", pad_id)
    if max_length is not None:
        max_length = _whole_number("max_length", max_length)
        if max_length < 1:
            raise ValueError(f"max_length: expected a positive int or None, not {max_length}")
    samples = [sample if isinstance(sample, Mapping) else {INPUTS: sample} for sample in batch]
    if not samples:
        raise ValueError("collate: the batch is empty")
    x, x_dec, y = (_entries(samples, key, max_length) if key in samples[0] else None
                   for key in (INPUTS, DECODER_INPUTS, LABELS))
    if y is None and labels:
        copied = x_dec if x_dec is not None else x
        y = [array.copy() for array in copied] if copied is not None else None
    x = _pad(x, pad_id, pad_on_left, INPUTS) if x is not None else None
    x_dec = _pad(x_dec, pad_id, pad_on_left, DECODER_INPUTS) if x_dec is not None else None
    y = _pad(y, LABELS_PAD_ID, pad_on_left, LABELS) if y is not None else None
    if shift_labels:
        x, x_dec, y = _shifted(x, x_dec, y)
    out: Dict[str, np.ndarray] = {}
    for key, value in ((INPUTS, x), (DECODER_INPUTS, x_dec), (LABELS, y)):
        if value is not None:
            out[key] = np.ascontiguousarray(value)
    if x is not None:
        out["attention_mask"] = _attention_mask(x, pad_id)
    if x_dec is not None:
        out["decoder_attention_mask"] = _attention_mask(x_dec, pad_id)
    return out


def _whole_number(name: str, value: Any) -> int:
    """An int argument, refused when it is not one (bools included)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name}: expected an int, not {type(value).__name__}")
    return int(value)


def _entries(samples: Sequence[Mapping[str, Any]], key: str, max_length: Optional[int]) -> List[np.ndarray]:
    """Every sample's `key` entry as an array, cut to `max_length`, the None and empty ones left out."""
    kept = []
    for number, sample in enumerate(samples):
        if key not in sample:
            raise KeyError(f"batch[{number}] has no {key!r}, batch[0] has")
        value = sample[key]
        if value is None:
            continue
        array = np.asarray(value)
        if array.ndim == 0:
            raise TypeError(f"batch[{number}][{key!r}] is a scalar: MidiTok's collator takes len() of every entry")
        if max_length is not None:
            array = array[:max_length]
        if len(array):
            kept.append(array)
    return kept


def _pad(arrays: List[np.ndarray], value: int, pad_on_left: bool, key: str) -> np.ndarray:
    """int64 `(samples, longest, ...)`: the arrays stacked when their lengths agree, else padded
    with `value` on the right or the left."""
    if not arrays:
        raise ValueError(f"collate: every sample's {key!r} is empty or None")
    trailing = arrays[0].shape[1:]
    for number, array in enumerate(arrays):
        if array.shape[1:] != trailing:
            raise ValueError(f"collate: {key!r} {number} has tokens of shape {array.shape[1:]}, the first {trailing}")
    longest = max(array.shape[0] for array in arrays)
    if all(array.shape[0] == longest for array in arrays):
        return np.stack(arrays).astype(np.int64)
    padded = np.full((len(arrays), longest) + trailing, value, dtype=np.int64)
    for row, array in enumerate(arrays):
        if pad_on_left:
            padded[row, longest - array.shape[0]:] = array
        else:
            padded[row, :array.shape[0]] = array
    return padded


def _shifted(x: Optional[np.ndarray], x_dec: Optional[np.ndarray],
             y: Optional[np.ndarray]) -> Tuple[Optional[np.ndarray], Optional[np.ndarray], np.ndarray]:
    """MidiTok's shift: the decoder inputs' last column dropped when there are some, else the
    inputs', and the labels' first."""
    if y is None:
        raise ValueError("collate: shift_labels=True needs labels (labels=True, or a 'labels' entry)")
    if x_dec is not None:
        x_dec = x_dec[:, :-1]
    elif x is not None:
        x = x[:, :-1]
    else:
        raise ValueError("collate: shift_labels=True needs 'input_ids' or 'decoder_input_ids' to shift")
    return x, x_dec, y[:, 1:]


def _attention_mask(ids: np.ndarray, pad_id: int) -> np.ndarray:
    """int32 `ids != pad_id`, of field 0 for `(samples, tokens, fields)` ids."""
    mask = (ids != pad_id).astype(np.int32)
    if mask.ndim == 3:
        mask = mask[..., 0]
    return np.ascontiguousarray(mask)

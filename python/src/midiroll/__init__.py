"""midiroll: Standard MIDI Files read into NumPy arrays of paired notes, in-process.

    >>> import midiroll
    >>> song = midiroll.read("song.mid")
    >>> song.notes["pitch"], song.notes["tick"], song.seconds["start"], song.positions["bar"]
    >>> midiroll.stats("song.mid")["metrics"]["pitch_class_entropy"]
    >>> song.transpose(2).quantize("1/16").write("up.mid")   # the command line's edits and writers
    >>> tok = midiroll.Tokenizer("tokenizer.json")             # MidiTok's ids, in-process
    >>> tok.encode("song.mid"), tok.encode_chunks("song.mid", max_seq_len=1024)
    >>> ds = midiroll.TokenDataset("tokens/train", tok); midiroll.collate(ds[:8], pad_id=tok.pad_id)

The reading is midiroll's Swift reader (the same as the `midiroll` command line's), reached
through its C ABI (`include/midiroll.h`) with ctypes; the GIL is released while a file is
parsed. See `read` and `Song`, and `stats` (muspy's metrics, the facts and the content
fingerprint of a file: `midiroll stats --json`'s object).

Importing it changes nothing process-wide. A program that reads many large songs may call
`midiroll.keep_freed_memory()` once to keep glibc's freed memory for the next song.
"""

from ._allocator import keep_freed_memory
from ._dataset import SequenceInfo, TokenDataset, collate
from ._errors import EditError, MidiError, TokenDatasetError, TokenizerError
from ._library import ABI_VERSION, library as _loaded
from ._read import DEFAULT_MAX_SIZE, read
from ._song import (
    KEY_SIGNATURE_DTYPE, NOTE_DTYPE, POSITION_DTYPE, SECONDS_DTYPE, TEMPO_DTYPE, TIME_SIGNATURE_DTYPE, NoteEnd,
    Song, Track)
from ._stats import stats
from ._tokenizer import TokenChunk, Tokenizer

__version__: str = _loaded.midiroll_version().decode("ascii")
"""midiroll's version (the shared library's: the command line's)."""

__all__ = [
    "ABI_VERSION", "DEFAULT_MAX_SIZE", "EditError", "KEY_SIGNATURE_DTYPE", "MidiError", "NOTE_DTYPE", "NoteEnd",
    "POSITION_DTYPE", "SECONDS_DTYPE", "SequenceInfo", "Song", "TEMPO_DTYPE", "TIME_SIGNATURE_DTYPE", "Track",
    "keep_freed_memory", "TokenChunk", "TokenDataset", "TokenDatasetError", "Tokenizer", "TokenizerError", "collate",
    "read", "stats",
]

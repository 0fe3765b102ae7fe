"""The C ABI of `include/midiroll.h`, loaded through ctypes.

The calls that read or fill release the GIL while they run (ctypes does for a `CDLL`), so
threads read songs in parallel; the calls that take a moment (a song's counts, freeing it,
filling a few rows) hold it (`holding_gil`, the same library as a `PyDLL`): releasing and taking
it back costs more than they do, and with two threads each handover is a switch between them.
The structures here mirror the header field for field; the ABI version is checked once, when
the library is loaded.
"""

from __future__ import annotations

import ctypes
import os
import sys

ABI_VERSION = 7
"""`MIDIROLL_ABI_VERSION` of the header these bindings mirror."""

OK = 0
BAD_INPUT = 1
USAGE = 2
IO = 4
READ_STRICT = 1
NOTES_BY_TIME = 1
MESSAGE_CAPACITY = 1024


class Error(ctypes.Structure):
    """`midiroll_error`."""

    _fields_ = [
        ("code", ctypes.c_int32),
        ("track", ctypes.c_int32),
        ("offset", ctypes.c_int64),
        ("system_error", ctypes.c_int32),
        ("reserved", ctypes.c_int32),
        ("message", ctypes.c_char * MESSAGE_CAPACITY),
    ]


class SongInfo(ctypes.Structure):
    """`midiroll_song_info`."""

    _fields_ = [
        ("format", ctypes.c_int32),
        ("ticks_per_quarter", ctypes.c_int32),
        ("smpte_frames_per_second", ctypes.c_int32),
        ("smpte_ticks_per_frame", ctypes.c_int32),
        ("track_count", ctypes.c_int64),
        ("note_count", ctypes.c_int64),
        ("tempo_count", ctypes.c_int64),
        ("time_signature_count", ctypes.c_int64),
        ("key_signature_count", ctypes.c_int64),
        ("track_name_bytes", ctypes.c_int64),
        ("warning_count", ctypes.c_int64),
        ("warning_bytes", ctypes.c_int64),
    ]


class SongExtent(ctypes.Structure):
    """`midiroll_song_extent`."""

    _fields_ = [("end_tick", ctypes.c_int64), ("duration_seconds", ctypes.c_double), ("bar_count", ctypes.c_int64)]


NOTE_COLUMNS = (
    "track", "channel", "pitch", "velocity", "off_velocity", "tick", "duration", "end", "program", "is_drum",
    "start_seconds", "duration_seconds", "bar", "beat", "subbeat", "cent",
)
"""The columns of `midiroll_note_columns`, in order (each a pointer and a stride)."""
TRACK_COLUMNS = ("note_count", "channel", "program", "name_end")
TEMPO_COLUMNS = ("tick", "microseconds_per_quarter", "quarters_per_minute", "seconds")
TIME_SIGNATURE_COLUMNS = ("tick", "bar", "numerator", "denominator")
KEY_SIGNATURE_COLUMNS = ("tick", "sharps", "minor")



def _columns_of(names) -> type:
    """A columns struct of the header as pairs of 64-bit (data, stride), one pair a column."""
    return ctypes.c_int64 * (2 * len(names))


class SongParts(ctypes.Structure):
    """`midiroll_song_parts`."""

    _fields_ = [
        ("ticks_per_quarter", ctypes.c_int32),
        ("reserved", ctypes.c_int32),
        ("note_count", ctypes.c_int64),
        ("notes", _columns_of(NOTE_COLUMNS)),
        ("tempo_count", ctypes.c_int64),
        ("tempos", _columns_of(TEMPO_COLUMNS)),
        ("time_signature_count", ctypes.c_int64),
        ("time_signatures", _columns_of(TIME_SIGNATURE_COLUMNS)),
        ("key_signature_count", ctypes.c_int64),
        ("key_signatures", _columns_of(KEY_SIGNATURE_COLUMNS)),
        ("track_count", ctypes.c_int64),
        ("tracks", _columns_of(TRACK_COLUMNS)),
        ("names", ctypes.c_char_p),
    ]


_song = ctypes.c_void_p
_bytes = ctypes.c_void_p
_words = ctypes.POINTER(ctypes.c_char_p)
_columns = ctypes.c_void_p  # a columns struct: pairs of (data, stride), 64-bit each
_error = ctypes.POINTER(Error)


def _library_path() -> str:
    """The shared library: $MIDIROLL_LIBRARY, or the one beside this file."""
    override = os.environ.get("MIDIROLL_LIBRARY")
    if override:
        return override
    name = "libmidiroll_abi.dylib" if sys.platform == "darwin" else "libmidiroll_abi.so"
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), name)


def _load(kind=ctypes.CDLL) -> ctypes.CDLL:
    library = kind(_library_path())
    library.midiroll_abi_version.restype = ctypes.c_uint32
    library.midiroll_abi_version.argtypes = []
    found = library.midiroll_abi_version()
    if found != ABI_VERSION:
        raise ImportError(
            f"midiroll: {_library_path()} implements ABI version {found}, this package needs {ABI_VERSION}")
    library.midiroll_version.restype = ctypes.c_char_p
    library.midiroll_version.argtypes = []
    library.midiroll_song_read.restype = ctypes.c_int32
    library.midiroll_song_read.argtypes = [
        ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_uint32, ctypes.POINTER(_song), _error]
    library.midiroll_song_read_descriptor.restype = ctypes.c_int32
    library.midiroll_song_read_descriptor.argtypes = [
        ctypes.c_int32, ctypes.c_int64, ctypes.c_int64, ctypes.c_char_p, ctypes.c_uint32, ctypes.POINTER(_song),
        _error]
    library.midiroll_song_free.restype = None
    library.midiroll_song_free.argtypes = [_song]
    library.midiroll_song_info_get.restype = ctypes.c_int32
    library.midiroll_song_info_get.argtypes = [_song, ctypes.POINTER(SongInfo), _error]
    library.midiroll_song_extent_get.restype = ctypes.c_int32
    library.midiroll_song_extent_get.argtypes = [_song, ctypes.POINTER(SongExtent), _error]
    for name in ("notes", "tempos", "time_signatures", "key_signatures"):
        function = getattr(library, f"midiroll_song_{name}")
        function.restype = ctypes.c_int32
        function.argtypes = [_song, _columns, ctypes.c_int64, _error]
    library.midiroll_song_note_records.restype = ctypes.c_int32
    library.midiroll_song_note_records.argtypes = [_song, ctypes.c_void_p, ctypes.c_int64, ctypes.c_uint32, _error]
    library.midiroll_song_note_order.restype = ctypes.c_int32
    library.midiroll_song_note_order.argtypes = [_song, ctypes.POINTER(ctypes.c_int64), ctypes.c_int64, _error]
    library.midiroll_song_transform.restype = ctypes.c_int32
    library.midiroll_song_transform.argtypes = [
        _song, _words, ctypes.c_int32, ctypes.c_char_p, ctypes.POINTER(_song), _error]
    library.midiroll_song_write.restype = ctypes.c_int32
    library.midiroll_song_write.argtypes = [
        _song, ctypes.c_char_p, _words, ctypes.c_int32, ctypes.c_char_p, ctypes.POINTER(_bytes), _error]
    library.midiroll_song_build.restype = ctypes.c_int32
    library.midiroll_song_build.argtypes = [ctypes.POINTER(SongParts), ctypes.POINTER(_song), _error]
    library.midiroll_bytes_data.restype = ctypes.c_void_p
    library.midiroll_bytes_data.argtypes = [_bytes]
    library.midiroll_bytes_size.restype = ctypes.c_int64
    library.midiroll_bytes_size.argtypes = [_bytes]
    library.midiroll_bytes_free.restype = None
    library.midiroll_bytes_free.argtypes = [_bytes]
    _tokenizer = ctypes.c_void_p
    library.midiroll_tokenizer_read.restype = ctypes.c_int32
    library.midiroll_tokenizer_read.argtypes = [
        ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.POINTER(_tokenizer), _error]
    library.midiroll_tokenizer_free.restype = None
    library.midiroll_tokenizer_free.argtypes = [_tokenizer]
    library.midiroll_tokenizer_describe.restype = ctypes.c_int32
    library.midiroll_tokenizer_describe.argtypes = [_tokenizer, ctypes.POINTER(_bytes), _error]
    library.midiroll_tokenizer_encode.restype = ctypes.c_int32
    library.midiroll_tokenizer_encode.argtypes = [
        _tokenizer, _song, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p, _words, ctypes.c_int32,
        ctypes.POINTER(_bytes), _error]
    library.midiroll_tokenizer_decode.restype = ctypes.c_int32
    library.midiroll_tokenizer_decode.argtypes = [
        _tokenizer, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.POINTER(_song), _error]
    _training = ctypes.c_void_p
    library.midiroll_training_new.restype = ctypes.c_int32
    library.midiroll_training_new.argtypes = [
        ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int64, ctypes.c_char_p,
        ctypes.POINTER(_training), _error]
    library.midiroll_training_add.restype = ctypes.c_int32
    library.midiroll_training_add.argtypes = [
        _training, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.POINTER(ctypes.c_int32), _error]
    library.midiroll_training_train.restype = ctypes.c_int32
    library.midiroll_training_train.argtypes = [_training, ctypes.POINTER(_bytes), ctypes.POINTER(_bytes), _error]
    library.midiroll_training_free.restype = None
    library.midiroll_training_free.argtypes = [_training]
    library.midiroll_song_tracks.restype = ctypes.c_int32
    library.midiroll_song_tracks.argtypes = [
        _song, _columns, ctypes.c_int64, ctypes.c_void_p, ctypes.c_int64, _error]
    library.midiroll_song_warnings.restype = ctypes.c_int32
    library.midiroll_song_warnings.argtypes = [_song, ctypes.c_void_p, ctypes.c_int64, _error]
    library.midiroll_stats.restype = ctypes.c_int32
    library.midiroll_stats.argtypes = [
        ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_uint32, ctypes.c_void_p, ctypes.c_int64,
        ctypes.POINTER(ctypes.c_int64), _error]
    return library


library = _load()
"""The loaded library, its functions typed; each call releases the GIL."""

holding_gil = _load(ctypes.PyDLL)
"""The same library, its calls holding the GIL: for calls shorter than a handover of it."""

FEW_ROWS = 4096
"""Rows filled holding the GIL (`holding_gil`); more are filled with it released."""


def taken(handle: ctypes.c_void_p) -> bytes:
    """The bytes of a `midiroll_bytes`, copied, the handle freed."""
    try:
        size = holding_gil.midiroll_bytes_size(handle)
        return ctypes.string_at(holding_gil.midiroll_bytes_data(handle), size) if size else b""
    finally:
        holding_gil.midiroll_bytes_free(handle)

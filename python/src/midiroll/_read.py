"""`midiroll.read`: a path or bytes to a `Song`."""

from __future__ import annotations

import ctypes
import errno
import os
import stat
from typing import Optional, Tuple, Union

import numpy as np

from . import _library
from ._errors import MidiError
from ._library import library
from ._song import Song, _check

DEFAULT_MAX_SIZE = 64 << 20
"""The largest input read when `max_size` is not given: 64 MiB, the command line's default."""

Source = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]", bytearray, memoryview, np.ndarray]


def read(source: Source, *, max_size: Optional[int] = None, strict: bool = False) -> Song:
    """Reads a Standard MIDI File (or an RMID file wrapping one), or piano-roll JSON, into a `Song`.

    Piano-roll JSON (what `Song.to_json()` and `midiroll convert IN OUT.json` write) is read when a
    path ends in .json, or when bytes begin with `{`, as every command of the command line reads it.

    Args:
        source: A path (str, or os.PathLike of str or bytes) or the file's bytes (any buffer:
            bytes, bytearray, memoryview, a NumPy uint8 array). A `bytes` object is the file's
            content, not a path: bytes that name a path (`b"song.mid"`) are refused with a
            ValueError (`os.fsdecode` turns a bytes path into a str).
        max_size: Refuse inputs larger than this many bytes, before reading them (default
            `DEFAULT_MAX_SIZE`, 64 MiB); a positive int.
        strict: Refuse the first problem the reader would otherwise tolerate and list in
            `Song.warnings` (the command line's --strict).

    Returns:
        The song, its notes paired and read into `Song.notes`.

    Raises:
        MidiError: The input is not a MIDI file midiroll reads, or is larger than `max_size`;
            its message is the command line's one line (file, byte offset, track, what).
        OSError: The file cannot be opened or read, is a folder (IsADirectoryError) or is not a
            regular file (a FIFO, socket or device: never waited on).
        TypeError, ValueError: An argument of the wrong type or value, named in the message.

    The GIL is released while the file is parsed, so threads read in parallel.
    """
    limit, flags = _limit_and_flags(max_size, strict)
    path = _path_of(source)
    if path is None:
        _check_size(source, limit)
        return _parse(source, flags)
    return _read_file(path, limit, flags)


def _limit_and_flags(max_size: Optional[int], strict: bool) -> Tuple[int, int]:
    """The size limit (`DEFAULT_MAX_SIZE` when not given) and the ABI's read flags."""
    if max_size is None:
        limit = DEFAULT_MAX_SIZE
    elif isinstance(max_size, bool) or not isinstance(max_size, (int, np.integer)):
        raise TypeError(f"max_size: expected a positive int, not {type(max_size).__name__}")
    elif not 0 < max_size < 1 << 63:
        raise ValueError(f"max_size: expected a positive int below 2**63, not {max_size}")
    else:
        limit = int(max_size)
    if not isinstance(strict, (bool, np.bool_)):
        raise TypeError(f"strict: expected True or False, not {type(strict).__name__}")
    return limit, (_library.READ_STRICT if strict else 0)


def _path_of(source: Source) -> Optional[str]:
    """The path a source names (a bytes path decoded), or None for the file's bytes (any buffer)."""
    if isinstance(source, (str, os.PathLike)):
        name = os.fspath(source)
        return os.fsdecode(name) if isinstance(name, bytes) else name
    try:
        view = memoryview(source)
    except TypeError:
        raise TypeError(
            f"source: expected a path or the file's bytes, not {type(source).__name__}") from None
    if isinstance(source, bytes) and _names_a_path(source):
        raise ValueError(
            f"source: {source[:80]!r} names a path, not a MIDI file's bytes: pass a str "
            "(os.fsdecode(path)) to read the file")
    if not view.contiguous:
        raise ValueError("source: the buffer is not contiguous bytes")
    return None


_CONTENT_STARTS = (b"MThd", b"RIFF", b"{")


def _names_a_path(data: bytes) -> bool:
    """Whether bytes look like a path rather than a file's content: short, one line, not the
    start of a MIDI file or of JSON, and either an existing file or a name ending in a song's
    extension."""
    if len(data) > 4096 or data.lstrip().startswith(_CONTENT_STARTS) or b"\n" in data or b"\0" in data:
        return False
    lowered = data.lower()
    return lowered.endswith((b".mid", b".midi", b".smf", b".rmi", b".kar", b".json")) or os.path.isfile(data)


def _check_size(data, limit: int) -> None:
    """Refuses bytes in memory past the limit, as a file past it is refused."""
    size = memoryview(data).nbytes
    if size > limit:
        raise _too_large(None, size, limit)


def _open_regular(path: str, limit: int) -> Tuple[int, int]:
    """Opens a regular file of at most `limit` bytes without blocking (a FIFO with no writer is
    refused at once, as the command line does) and returns its descriptor, which the caller
    closes, and its size."""
    descriptor = os.open(path, _OPEN_FLAGS)
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            if stat.S_ISDIR(info.st_mode):
                raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
            raise OSError(errno.EINVAL, "not a regular file (a FIFO, socket or device)", path)
        if info.st_size > limit:
            raise _too_large(path, info.st_size, limit)
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor, info.st_size


def _read_file(path: str, limit: int, flags: int) -> Song:
    """A regular file (`_open_regular`) read by the library straight into its own buffer."""
    descriptor, size = _open_regular(path, limit)
    try:
        handle = ctypes.c_void_p()
        error = _library.Error()
        code = library.midiroll_song_read_descriptor(
            descriptor, size, limit, os.fsencode(path), flags, ctypes.byref(handle), ctypes.byref(error))
    finally:
        os.close(descriptor)
    if code == _library.IO:
        raise OSError(error.system_error, os.strerror(error.system_error), path)
    _check(code, error)
    return _song(handle, path)


_OPEN_FLAGS = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)


def _too_large(name: Optional[str], size: int, limit: int) -> MidiError:
    """The reader's error for an input past the limit (the SMF reader's words)."""
    text = f"byte 0: file is {size} bytes, more than the limit of {limit} bytes"
    return MidiError(f"{name}: {text}" if name is not None else text, offset=0)


def _read_bytes(path: str, limit: int) -> bytes:
    """The bytes of a regular file (`_open_regular`) of at most `limit` bytes, read whole: the
    size fstat gave, then on to the end (a file that grew) as long as it stays within the limit."""
    descriptor, size = _open_regular(path, limit)
    pieces, total = [], 0
    try:
        while total <= limit:
            want = size - total if total < size else _PIECE
            piece = os.read(descriptor, min(want, limit + 1 - total))
            if not piece:
                return b"".join(pieces)
            pieces.append(piece)
            total += len(piece)
    except OSError as error:
        raise OSError(error.errno, error.strerror, path) from None
    finally:
        os.close(descriptor)
    raise MidiError(f"{path}: input is more than the limit of {limit} bytes")


_PIECE = 1 << 16
"""The most read at once past the size fstat gave."""


def _pointer(data) -> Tuple[object, int]:
    """What ctypes passes for bytes in memory (bytes as they are, anything else through a NumPy
    view of its buffer, never copied), and their count."""
    if isinstance(data, bytes):
        return data, len(data)
    view = np.frombuffer(data, dtype=np.uint8)
    return view.ctypes.data, view.size


def _parse(data, flags: int) -> Song:
    """Reads bytes in memory through the ABI (the GIL released) into a Song."""
    pointer, count = _pointer(data)
    handle = ctypes.c_void_p()
    error = _library.Error()
    _check(library.midiroll_song_read(pointer, count, None, flags, ctypes.byref(handle), ctypes.byref(error)), error)
    return _song(handle, None)


def _song(handle: ctypes.c_void_p, name: Optional[str]) -> Song:
    """The Song of a handle just read."""
    info = _library.SongInfo()
    error = _library.Error()
    code = _library.holding_gil.midiroll_song_info_get(handle, ctypes.byref(info), ctypes.byref(error))
    if code != _library.OK:
        _library.holding_gil.midiroll_song_free(handle)
        _check(code, error)
    return Song(handle.value, info, name)

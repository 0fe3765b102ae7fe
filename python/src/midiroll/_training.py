"""Training a tokenizer in-process: MidiTok 3.1's `tokenizer.train`, as `midiroll train-tokenizer` runs it."""

from __future__ import annotations

import ctypes
import json
import os
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Dict, Iterable, List, Sequence, Tuple, Union

from . import _library
from ._errors import TokenizerError
from ._library import library

MODELS = {"bpe": "BPE", "wordpiece": "WordPiece", "unigram": "Unigram"}
"""The models, by lower-case name, as MidiTok names them."""

TRAINER_OPTIONS = {
    "BPE": ("min_frequency", "limit_alphabet", "max_token_length"),
    "WordPiece": ("min_frequency", "limit_alphabet", "max_input_chars_per_word"),
    "Unigram": ("shrinking_factor", "max_piece_length", "n_sub_iterations"),
}
"""The keyword arguments of MidiTok's `train` each model's trainer takes."""

MIDI_SUFFIXES = (".mid", ".midi", ".kar", ".rmi", ".smf")
"""The files a folder gives (any case), as `midiroll batch` takes them."""


def model_name(model: str) -> str:
    """MidiTok's name of a model named in any case ("bpe" → "BPE"); ValueError for another."""
    name = MODELS.get(str(model).lower())
    if name is None:
        raise ValueError(f"model {model!r}: expected 'BPE', 'WordPiece' or 'Unigram'")
    return name


def checked_options(model: str, options: Dict[str, Any]) -> Dict[str, Any]:
    """The trainer options, each one `model`'s trainer takes (TypeError otherwise)."""
    allowed = TRAINER_OPTIONS[model]
    for name, value in options.items():
        if name not in allowed:
            raise TypeError(f"{name} is not an option of {model} training (it takes {', '.join(allowed)})")
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError(f"{name}: expected a number, not {type(value).__name__}")
        if name != "shrinking_factor" and not isinstance(value, int):
            raise TypeError(f"{name}: expected a whole number, not {value!r}")
    return dict(options)


def midi_files(files: Union[str, "os.PathLike[str]", Iterable[Union[str, "os.PathLike[str]"]]]) -> List[str]:
    """The paths to read: files as given, folders walked (sorted, hidden names left out)."""
    if isinstance(files, (str, os.PathLike)):
        files = [files]
    paths: List[str] = []
    for item in files:
        path = os.fspath(item)
        if not os.path.isdir(path):
            paths.append(path)
            continue
        for folder, folders, names in os.walk(path, followlinks=True):
            folders[:] = sorted(name for name in folders if not name.startswith("."))
            paths += [os.path.join(folder, name) for name in sorted(names)
                      if not name.startswith(".") and name.lower().endswith(MIDI_SUFFIXES)]
    return paths


def train(base: bytes, files: Sequence[str], vocab_size: int, model: str, jobs: int,
          options: Dict[str, Any]) -> Tuple[bytes, Dict[str, int]]:
    """Trains from the tokenizer file `base` on `files` read by `jobs` threads (the library
    releases the GIL); returns the trained file's bytes and the summary."""
    handle = ctypes.c_void_p()
    error = _library.Error()
    code = library.midiroll_training_new(
        base, len(base), None, model.encode(), int(vocab_size), json.dumps(options).encode(),
        ctypes.byref(handle), ctypes.byref(error))
    if code != _library.OK:
        message = error.message.decode("utf-8", "replace")
        if code == _library.USAGE:
            raise ValueError(message)
        raise TokenizerError(message)
    try:
        def add(path: str) -> None:
            try:
                with open(path, "rb") as file:
                    data = file.read()
            except OSError:
                data = b""  # MidiTok's training skips a file it cannot load
            outcome = ctypes.c_int32(0)
            failure = _library.Error()
            library.midiroll_training_add(
                handle, data, len(data), os.fsencode(path), ctypes.byref(outcome), ctypes.byref(failure))

        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            for _ in pool.map(add, files):
                pass
        trained, summary = ctypes.c_void_p(), ctypes.c_void_p()
        code = library.midiroll_training_train(handle, ctypes.byref(trained), ctypes.byref(summary), ctypes.byref(error))
        if code != _library.OK:
            raise TokenizerError(error.message.decode("utf-8", "replace"))
        return _library.taken(trained), json.loads(_library.taken(summary))
    finally:
        _library.holding_gil.midiroll_training_free(handle)


"""The error of an input that does not read as a song."""

from __future__ import annotations

from typing import Optional


class MidiError(ValueError):
    """An input that cannot be read as a Standard MIDI File.

    `str(error)` is midiroll's one-line message, as the command line prints it: the file, the
    byte offset and track, and what was expected (`song.mid: byte 1042, track 3: ...`).

    Attributes:
        message: The one-line message.
        code: The command line's exit code for it (1, bad input).
        offset: The byte offset in the input where it went wrong, or None.
        track: The 0-based track chunk where it went wrong, or None.
    """

    def __init__(self, message: str, code: int = 1, offset: Optional[int] = None,
                 track: Optional[int] = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.offset = offset
        self.track = track


class EditError(ValueError):
    """An edit the command line refuses for this song, such as notes pushed out of 0–127 by
    `transpose(..., out_of_range="fail")`: `str(error)` is the command line's one line, naming the
    song and what it refused. The song the edit was called on is unchanged.

        >>> song.transpose(100)
        Traceback (most recent call last):
        midiroll.EditError: song.mid: transposing by 100 pushes 12 notes past 0-127 ...
    """


class TokenizerError(ValueError):
    """A tokenizer file midiroll cannot make a tokenizer of: not a MidiTok tokenizer file, or
    asking for what midiroll does not reproduce exactly. `str(error)` is one line naming the
    file and the JSON path.

        >>> midiroll.Tokenizer(b"{}")
        Traceback (most recent call last):
        midiroll.TokenizerError: $: the name "tokenization" is missing ...
    """


class TokenDatasetError(ValueError):
    """A packed token dataset (`midiroll.TokenDataset`) that does not hold what its manifest
    commits: a file missing or cut short, a record pointing past the ids, a manifest of another
    format, or a tokenizer that is not the one the ids were made with. `str(error)` is one line
    naming the file and, where it matters, the byte offset.

        >>> midiroll.TokenDataset("tokens/train")
        Traceback (most recent call last):
        midiroll.TokenDatasetError: tokens/train/pack-1-of-1/ids.bin: cut short: 1200 bytes, ...
    """

"""midiroll's notes against symusic's on every real file, sample and corpus file.

symusic's tracks are split by channel and carry no track index, so a song's notes are
compared as one multiset of (tick, duration, pitch, velocity, drums). Where the two differ the
difference is named here and in docs/DESIGN.md ("The Python package: notes beside symusic"),
and checked to be exactly that difference, no other.
"""

import collections
import os

import pytest

import midiroll
from conftest import ALL_FILES, relative

symusic = pytest.importorskip("symusic")  # make venv installs it; a machine without it is told so

# Files symusic refuses that midiroll reads, each by a reading rule of docs/DESIGN.md.
SYMUSIC_REFUSES = {
    "Tests/Fixtures/corpus/jazz-soft/midi/test-corrupt-file-missing-byte.mid":
        "a track cut inside an event keeps what is complete",
    "Tests/Fixtures/corpus/jazz-soft/midi/test-illegal-message-all.mid": "undefined F4, F5, F9, FD skipped",
    "Tests/Fixtures/corpus/jazz-soft/midi/test-illegal-message-f4.mid": "undefined F4 skipped",
    "Tests/Fixtures/corpus/jazz-soft/midi/test-illegal-message-f5.mid": "undefined F5 skipped",
    "Tests/Fixtures/corpus/jazz-soft/midi/test-illegal-message-f9.mid": "undefined F9 skipped",
    "Tests/Fixtures/corpus/jazz-soft/midi/test-illegal-message-fd.mid": "undefined FD skipped",
}
# symusic reads the SysEx split into an F0 packet and an F7 continuation wrongly and moves every
# later event by this many ticks (mido reads it as midiroll does).
SPLIT_SYSEX_SHIFT = {"Samples/sysex.mid": 134}
# symusic drops the notes whose note-on follows a SysEx in running status; midiroll keeps the
# running status (a warning), so it has these notes more.
RUNNING_STATUS_AFTER_SYSEX = {"Tests/Fixtures/corpus/jazz-soft/midi/test-running-status-sysex.mid": 4}


def midiroll_notes(path, drop_end_of_track=False):
    notes = midiroll.read(path).notes
    if drop_end_of_track:
        notes = notes[notes["end"] != midiroll.NoteEnd.END_OF_TRACK]
    return collections.Counter(zip(notes["tick"].tolist(), notes["duration"].tolist(), notes["pitch"].tolist(),
                                   notes["velocity"].tolist(), (notes["channel"] == 9).tolist()))


def symusic_notes(path):
    found = collections.Counter()
    for track in symusic.Score(path).tracks:
        for note in track.notes:
            found[(note.time, note.duration, note.pitch, note.velocity, track.is_drum)] += 1
    return found


@pytest.mark.parametrize("path", ALL_FILES, ids=relative)
def test_notes_are_symusics(path):
    name = relative(path)
    try:
        theirs = symusic_notes(path)
    except Exception as refusal:  # symusic raises RuntimeError or its own errors
        if name in SYMUSIC_REFUSES:
            assert len(midiroll.read(path).notes) > 0
            return
        with pytest.raises(midiroll.MidiError):  # where symusic refuses, midiroll refuses too
            midiroll.read(path)
        return
    assert name not in SYMUSIC_REFUSES, f"symusic reads {name} now: {SYMUSIC_REFUSES[name]}"
    ours = midiroll_notes(path)
    if name in SPLIT_SYSEX_SHIFT:
        shift = SPLIT_SYSEX_SHIFT[name]
        assert ours != theirs
        assert collections.Counter({(t + shift, *rest): n for (t, *rest), n in ours.items()}) == theirs
    elif name in RUNNING_STATUS_AFTER_SYSEX:
        assert not theirs - ours and sum((ours - theirs).values()) == RUNNING_STATUS_AFTER_SYSEX[name]
    else:
        # A note still sounding at its track's End of Track: midiroll ends it there, symusic drops it.
        assert midiroll_notes(path, drop_end_of_track=True) == theirs


def test_the_differences_are_few():
    """Of the 41 real files, one differs (a note sounding at End of Track), and by one note."""
    differing = [path for path in ALL_FILES[:41] if midiroll_notes(path) != symusic_notes(path)]
    assert [os.path.basename(path) for path in differing] == ["chuggachugga.mid"]
    total = sum(sum(midiroll_notes(path).values()) - sum(symusic_notes(path).values()) for path in ALL_FILES[:41])
    assert total == 1

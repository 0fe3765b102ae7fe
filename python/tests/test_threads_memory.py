"""Threads and memory: four threads reading at once get what one thread gets (the GIL is
released while the library reads, and songs are immutable), and 10,000 reads leave the
process's resident memory where it was."""

import json
import os
import subprocess
import sys
import threading

import midiroll
from conftest import DEBIAN, SAMPLES


def everything(song):
    """What a song gives, field by field (a note's 24 bytes have one of padding)."""
    return (song.notes.tolist(), song.seconds.tolist(), song.positions.tolist(), song.tempos.tolist(),
            song.time_signatures.tolist(), song.key_signatures.tolist(), song.tracks, song.warnings)


def test_four_threads_read_what_one_thread_reads():
    paths = DEBIAN + SAMPLES
    expected = [everything(midiroll.read(path)) for path in paths]
    shared = midiroll.read(max(DEBIAN, key=os.path.getsize))  # its lazy parts made by all at once
    results = [None] * 4
    start = threading.Barrier(4)

    def work(index):
        start.wait()
        found = []
        for path in paths if index % 2 else reversed(paths):
            data = open(path, "rb").read()
            song = midiroll.read(path if index < 2 else data)
            found.append((path, everything(song)))
        results[index] = (dict(found), everything(shared))

    threads = [threading.Thread(target=work, args=(index,)) for index in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    alone = everything(midiroll.read(max(DEBIAN, key=os.path.getsize)))
    for found, from_shared in results:
        assert [found[path] for path in paths] == expected
        assert from_shared == alone


def test_the_same_song_gives_the_same_bytes():
    # The padding byte of each note is zeroed: a hash or a saved array does not depend on what
    # the memory held before (a read between the two leaves other bytes behind).
    path = max(DEBIAN, key=os.path.getsize)
    first = midiroll.read(path).notes.tobytes()
    midiroll.read(SAMPLES[0])
    assert midiroll.read(path).notes.tobytes() == first


CHILD = r"""
import json, sys
import midiroll

def resident():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])  # KiB

path, reads = sys.argv[1], int(sys.argv[2])
data = open(path, "rb").read()
marks = {}
for index in range(reads):
    song = midiroll.read(path if index % 2 else data)
    song.tracks, song.seconds, song.positions, song.tempos, song.warnings, song.bar_count
    try:
        midiroll.read(data[: len(data) // 3 if index % 3 else 9])
    except midiroll.MidiError:
        pass
    if index + 1 in (1000, reads):
        marks[index + 1] = resident()
print(json.dumps(marks))
"""


def test_resident_memory_is_flat_over_10000_reads():
    path = sorted(DEBIAN, key=os.path.getsize)[len(DEBIAN) // 2]  # a song of median size
    result = subprocess.run([sys.executable, "-c", CHILD, path, "10000"], capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stderr[-2000:]
    marks = {int(key): value for key, value in json.loads(result.stdout).items()}
    # One song's notes alone take len(notes) × 24 bytes; a leak of anything per read would add
    # megabytes over 9,000 reads.
    assert marks[10000] - marks[1000] < 1024, marks

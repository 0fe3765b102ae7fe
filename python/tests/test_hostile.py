"""Hostile input never kills the interpreter: the malformed corpus, the fuzz regressions and a
deterministic corpus of mutants (Tests/PeerSweep's: cuts, flipped bytes, system bytes
inserted, bytes set to what parsers treat specially) each read or raise MidiError, and are
measured by `stats` or refused with the same line, in a child process, so a crash would be seen
as one and not end the test run."""

import json
import subprocess
import sys

from conftest import CORPUS, DEBIAN, FUZZ_REGRESSIONS, ROOT, SAMPLES

CHILD = r"""
import json, os, random, sys, tempfile
sys.path.insert(0, os.path.join(sys.argv[1], "Tests", "PeerSweep"))
import peer_sweep
import midiroll

paths = json.loads(sys.argv[2])
inputs = [(path, open(path, "rb").read()) for path in paths]
rng = random.Random(27)
for path, data in [item for item in inputs if item[1]][::3]:
    inputs += peer_sweep.mutants(os.path.basename(path), data, rng, 6)
inputs += [(f"random {n}", b"MThd" + bytes(rng.randrange(256) for _ in range(rng.randrange(64))))
           for n in range(300)]
counts = {"read": 0, "refused": 0}
wrong = []
folder = tempfile.mkdtemp()
for index, (name, data) in enumerate(inputs):
    for source in ("bytes", "path"):
        if source == "path":
            if index % 7:
                continue
            target = os.path.join(folder, "input.mid")
            with open(target, "wb") as handle:
                handle.write(data)
        try:
            song = midiroll.read(data if source == "bytes" else target)
            song.tracks, song.seconds, song.positions, song.tempos, song.time_signatures
            song.key_signatures, song.warnings, song.end_tick
            counts["read"] += 1
            line = None
        except midiroll.MidiError as error:
            counts["refused"] += 1
            line = str(error)
            if "\n" in line or not line or error.code != 1 or not (error.offset is None or error.offset >= 0):
                wrong.append((name, source, line))
            if source == "path" and not line.startswith(target + ": "):
                wrong.append((name, source, line))
        except BaseException as error:
            wrong.append((name, source, repr(error)))
            continue
        # The statistics read the same way: measured where the song reads, the same line where not.
        try:
            measured = midiroll.stats(data if source == "bytes" else target)
            if line is not None or measured["notes"] != len(song.notes):
                wrong.append((name, source, "stats measured it: " + str(line)))
        except midiroll.MidiError as error:
            if str(error) != line:
                wrong.append((name, source, "stats: " + str(error)))
        except BaseException as error:
            wrong.append((name, source, "stats: " + repr(error)))
print(json.dumps({"counts": counts, "wrong": wrong[:20], "inputs": len(inputs)}))
"""


def test_hostile_inputs_read_or_raise_midi_error():
    paths = CORPUS + FUZZ_REGRESSIONS + SAMPLES + DEBIAN
    result = subprocess.run([sys.executable, "-c", CHILD, ROOT, json.dumps(paths)], capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, f"the interpreter died ({result.returncode}): {result.stderr[-2000:]}"
    summary = json.loads(result.stdout)
    assert summary["wrong"] == []
    assert summary["inputs"] > 2500
    assert summary["counts"]["read"] > 1000 and summary["counts"]["refused"] > 500

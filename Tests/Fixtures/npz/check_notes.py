"""Checks `--npz notes` outputs against the piano-roll JSON of the same files.

Usage: check_notes.py (JSON NPZ)...
Every track i of the JSON must have, in the .npz read by numpy.load, the columns track_{i}_*
holding its notes in order. Prints MISMATCH lines and a final "checked" line.
"""
import json
import sys

import numpy as np

pairs = list(zip(sys.argv[1::2], sys.argv[2::2]))
mismatches = 0
notes_checked = 0
for json_path, npz_path in pairs:
    with open(json_path, encoding="utf-8") as f:
        song = json.load(f)
    arrays = np.load(npz_path)
    info = json.loads(arrays["info.json"].decode("utf-8"))
    problems = []
    if info["ticksPerQuarter"] != song.get("ticksPerBeat"):
        problems.append(f"ticksPerQuarter {info['ticksPerQuarter']}")
    if len(info["tracks"]) != len(song["tracks"]):
        problems.append(f"{len(info['tracks'])} tracks, JSON has {len(song['tracks'])}")
    if [(t["tick"], t["microsecondsPerBeat"]) for t in info["tempos"]] != [
            (t["tick"], t["microsecondsPerBeat"]) for t in song["tempos"]]:
        problems.append("tempos differ")
    if [(t["tick"], t["bar"], t["numerator"], t["denominator"]) for t in info["timeSignatures"]] != [
            (t["tick"], t["bar"], t["numerator"], t["denominator"]) for t in song["timeSignatures"]]:
        problems.append("time signatures differ")
    for i, track in enumerate(song["tracks"]):
        notes = track["notes"]
        if info["tracks"][i]["name"] != (track.get("name") or ""):
            problems.append(f"track {i} name {info['tracks'][i]['name']!r} vs {track.get('name')!r}")
        columns = {
            "tick": ("<i8", [n["tick"] for n in notes]),
            "duration_ticks": ("<i8", [n["durationTicks"] for n in notes]),
            "pitch": ("|u1", [n["pitch"] for n in notes]),
            "velocity": ("|u1", [n["velocity"] for n in notes]),
            "channel": ("|u1", [n["channel"] for n in notes]),
            "seconds": ("<f8", [n["seconds"] for n in notes]),
            "duration_seconds": ("<f8", [n["durationSeconds"] for n in notes]),
            "bar": ("<i8", [n["position"].get("bar", 0) for n in notes]),
            "beat": ("<f8", [n["position"].get("beat", 0) + (n["position"].get("subbeat", 0) * 240
                                                            + n["position"].get("cent", 0)) / 960
                            for n in notes]),
        }
        for name, (dtype, expected) in columns.items():
            column = arrays[f"track_{i}_{name}"]
            if column.dtype.str != dtype:
                problems.append(f"track {i} {name}: dtype {column.dtype.str}, expected {dtype}")
            elif dtype == "<f8":
                if len(column) != len(expected) or not np.allclose(column, expected, rtol=1e-12, atol=1e-9):
                    problems.append(f"track {i} {name} differs")
            elif column.tolist() != expected:
                problems.append(f"track {i} {name} differs")
        notes_checked += len(notes)
    for problem in problems:
        mismatches += 1
        print(f"MISMATCH {npz_path}: {problem}")
print(f"checked {len(pairs)} files, {notes_checked} notes, {mismatches} mismatches")

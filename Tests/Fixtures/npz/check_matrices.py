"""Checks midiroll's .npz matrices of real files cell by cell against an independent reading.

Usage: check_matrices.py RESOLUTION (MIDI NPZ)...
Every matrix must equal the issue's rule computed here from mido's events; then each file is
compared with pypianoroll.read(file, resolution) and the differences are listed with a reason.
Prints MISMATCH lines for rule violations and a final "checked" line.
"""
import json
import sys

import numpy as np
import pypianoroll
from midi_oracle import Song

R = int(sys.argv[1])
pairs = list(zip(sys.argv[2::2], sys.argv[3::2]))
mismatches = 0
cells_checked = 0
totals = {}


def step(tick, tpq):
    return (2 * tick * R + tpq) // (2 * tpq)


def fail(path, what):
    global mismatches
    mismatches += 1
    print(f"MISMATCH {path}: {what}")


def expected(song):
    voices = list(song.voices())
    steps = step(song.end, song.tpq)
    spans = []
    for _, _, _, _, notes in voices:
        span = []
        for start, end, pitch, velocity, _ in notes:
            s = step(start, song.tpq)
            e = max(s + 1, step(end, song.tpq))
            steps = max(steps, e)
            span.append((s, e, pitch, velocity, end - start))
        spans.append(span)
    rolls = []
    for span in spans:
        roll = np.zeros((steps, 128), np.uint8)
        for s, e, pitch, velocity, _ in span:
            roll[s:e, pitch] = np.maximum(roll[s:e, pitch], velocity)
        rolls.append(roll)
    tempo = np.array([60e6 / song.tempo_at(s * song.tpq // R) for s in range(steps)])
    downbeat = np.zeros(steps, bool)
    beat = np.zeros(steps, bool)
    for start, _, _, _, beats in song.bars(steps * song.tpq // R + 1):
        if step(start, song.tpq) >= steps:
            break
        downbeat[step(start, song.tpq)] = True
        for b in beats:
            if step(b, song.tpq) < steps:
                beat[step(b, song.tpq)] = True
    return voices, spans, rolls, tempo, beat, downbeat


def count(reason, n):
    totals[reason] = totals.get(reason, 0) + n


for midi, npz in pairs:
    song = Song(midi)
    voices, spans, rolls, tempo, beat, downbeat = expected(song)
    loaded = pypianoroll.load(npz)
    raw = np.load(npz)
    info = json.loads(raw["info.json"].decode("utf-8"))
    if loaded.resolution != R:
        fail(midi, f"resolution {loaded.resolution}, expected {R}")
    if len(loaded.tracks) != len(voices):
        fail(midi, f"{len(loaded.tracks)} tracks, expected {len(voices)}")
        continue
    for index, (track, voice, roll) in enumerate(zip(loaded.tracks, voices, rolls)):
        _, channel, name, program, _ = voice
        if (track.name, track.program, track.is_drum) != (name, program, channel == 9):
            fail(midi, f"track {index}: {(track.name, track.program, track.is_drum)}, "
                 f"expected {(name, program, channel == 9)}")
        if track.pianoroll.dtype != np.uint8:
            fail(midi, f"track {index}: dtype {track.pianoroll.dtype}")
        if track.pianoroll.shape != roll.shape:
            fail(midi, f"track {index}: shape {track.pianoroll.shape}, expected {roll.shape}")
            continue
        cells_checked += roll.size
        wrong = np.argwhere(track.pianoroll != roll)
        for s, p in wrong[:5]:
            fail(midi, f"track {index} step {s} pitch {p}: {track.pianoroll[s, p]}, expected {roll[s, p]}")
        indices = raw[f"pianoroll_{index}_csc_indices"]
        indptr = raw[f"pianoroll_{index}_csc_indptr"]
        if indices.dtype != np.int32 or indptr.dtype != np.int32 or len(indptr) != 129:
            fail(midi, f"track {index}: index arrays {indices.dtype} {indptr.dtype} {len(indptr)}")
        if any(np.any(np.diff(indices[indptr[j]:indptr[j + 1]]) <= 0) for j in range(128)):
            fail(midi, f"track {index}: indices not sorted within a column")
        if raw[f"pianoroll_{index}_csc_shape"].dtype != np.int64:
            fail(midi, f"track {index}: shape dtype")
    if not np.array_equal(loaded.tempo, tempo):
        fail(midi, "tempo differs")
    if not np.array_equal(loaded.downbeat, downbeat):
        fail(midi, f"downbeat differs at steps {np.flatnonzero(loaded.downbeat != downbeat)[:5]}")
    if not np.array_equal(raw["beat"], beat):
        fail(midi, f"beat differs at steps {np.flatnonzero(raw['beat'] != beat)[:5]}")
    if info["name"] == "" or set(info) != {"resolution", "name"} | {str(i) for i in range(len(voices))}:
        fail(midi, f"info.json keys {sorted(info)}")

    # pypianoroll.read on the same file, for the record: every difference with its reason.
    ours = np.max(np.stack(rolls), axis=0) if rolls else np.zeros((1, 128), np.uint8)
    try:
        theirs_mt = pypianoroll.read(midi, resolution=R)
    except Exception as error:  # pretty_midi refuses some files
        print(f"DIFF {midi}: pypianoroll.read failed: {error!r}")
        count("pypianoroll.read failed", 1)
        continue
    theirs_tracks = [t.pianoroll.astype(int) for t in theirs_mt.tracks]
    theirs = np.max(np.stack(theirs_tracks), axis=0) if theirs_tracks else np.zeros((1, 128), int)
    lines = []
    if theirs.shape[0] != ours.shape[0]:
        lines.append(f"{ours.shape[0]} steps here, {theirs.shape[0]} in pypianoroll "
                     "(it counts steps per pretty_midi beat, to the last beat)")
    n = min(theirs.shape[0], ours.shape[0])
    a, b = ours[:n].astype(int), theirs[:n]
    over = int(np.sum(b > 127))
    if over:
        lines.append(f"{over} cells above 127 in pypianoroll (overlapping notes' velocities added, in uint8)")
        count("velocity sum above 127", over)
    # Notes of which pypianoroll kept no cell at all (shorter than a step, or cut to nothing).
    vanished_mask = np.zeros((n, 128), bool)
    vanished = 0
    for span in spans:
        for s, e, pitch, velocity, ticks in span:
            if s < n and not np.any(b[s:min(e, n), pitch]):
                vanished += 1
                vanished_mask[s:min(e, n), pitch] = True
    if vanished:
        lines.append(f"{vanished} notes missing in pypianoroll (shorter than a step once its end is truncated)")
        count("notes vanished in pypianoroll", vanished)
    only_ours = (a > 0) & (b == 0) & ~vanished_mask
    only_theirs = int(np.sum((a == 0) & (b > 0)))
    differ = int(np.sum((a > 0) & (b > 0) & (a != b)))
    # Cells only here: the last step of a note whose end rounds up (pypianoroll truncates ends),
    # or the step before a repeated onset of the pitch (pypianoroll clears it), or other.
    last_steps, before_onsets = np.zeros_like(only_ours), np.zeros_like(only_ours)
    for span in spans:
        for s, e, pitch, _, _ in span:
            if e - 1 < n:
                last_steps[e - 1, pitch] = True
            if 0 < s <= n:
                before_onsets[s - 1, pitch] = True
    ends = int(np.sum(only_ours & last_steps))
    gaps = int(np.sum(only_ours & before_onsets & ~last_steps))
    other = int(np.sum(only_ours)) - ends - gaps
    if ends:
        lines.append(f"{ends} cells at note ends (pypianoroll truncates a note's end step, the rule rounds it)")
        count("note end truncated in pypianoroll", ends)
    if gaps:
        lines.append(f"{gaps} cells before a repeated onset (pypianoroll clears the step before a note of the same pitch)")
        count("step cleared before a repeated note in pypianoroll", gaps)
    if other or only_theirs:
        lines.append(f"{other} other cells only here, {only_theirs} only in pypianoroll "
                     "(not classified further: pretty_midi pairs notes and times them in seconds and beats of the meter, the rule in ticks and quarters)")
        count("cells on one side only (note pairing, beat grid)", other + only_theirs)
    if differ - over > 0:
        lines.append(f"{differ - over} cells with another velocity (pretty_midi's note pairing "
                     "or summed overlaps)")
        count("velocity differs", differ - over)
    if lines:
        print(f"DIFF {midi}: " + "; ".join(lines))

for reason, n in sorted(totals.items()):
    print(f"DIFF TOTAL {reason}: {n}")
print(f"checked {len(pairs)} files, {cells_checked} cells, {mismatches} mismatches")

"""Which damaged MIDI files do mido or symusic read that midiroll refuses?

Makes a deterministic corpus of mutated files from the real files on this machine (the Debian
packages' songs, Samples/, the edge-case corpus in Tests/Fixtures/corpus, the fuzz regressions),
as Tests/SMFTests/MutationTests.swift and Tests/HostileInputTests/MutationCorpus.swift do: cuts,
flipped bytes, system status bytes (F1-FE) inserted between events, bytes set to values a
parser treats specially. Adds the malformed fixtures as they are (Tests/Fixtures/corpus,
/work/shared/corpus, Tests/Fixtures/fuzz-regressions). Reads every file with mido, symusic and
`midiroll info --json` (the binary given), and lists each file a peer reads and midiroll refuses,
with midiroll's error. docs/DESIGN.md's SMF reading rules name each remaining case and its reason.

Usage (from the package root, with the venv that has mido and symusic):
    swift build -c release --product midiroll
    $MIDIROLL_PYTHON Tests/PeerSweep/peer_sweep.py .build/release/midiroll [--keep DIR]
Exit status 0; the counts and the list go to standard output.
"""

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import zlib
from collections import Counter

import mido
import symusic

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SYSTEM_BYTES = list(range(0xF1, 0xF7)) + list(range(0xF8, 0xFF))
DATA_BYTES = {0xF1: 1, 0xF2: 2, 0xF3: 1}
INTERESTING = [0x00, 0x01, 0x7F, 0x80, 0x81, 0x90, 0xF0, 0xF1, 0xF7, 0xF8, 0xFE, 0xFF, 0x2F]


def midi_files(folder):
    found = []
    for base, _, names in os.walk(folder):
        found += [os.path.join(base, n) for n in names if n.lower().endswith(('.mid', '.midi', '.kar'))]
    return sorted(found)


def debian_files():
    try:
        listing = subprocess.run(['dpkg', '-L', 'openttd-openmsx', 'planetblupi-music-midi'],
                                 capture_output=True, text=True).stdout
    except OSError:
        return []
    return sorted(p for p in listing.split('\n') if p.endswith('.mid') and os.path.isfile(p))


def event_starts(data):
    """The offsets of each event's delta-time in a well-formed file's tracks (empty if not)."""
    starts = []
    offset = 14
    while offset + 8 <= len(data):
        kind, length = data[offset:offset + 4], int.from_bytes(data[offset + 4:offset + 8], 'big')
        body, end = offset + 8, min(len(data), offset + 8 + length)
        if kind == b'MTrk':
            cursor, running = body, 0
            try:
                while cursor < end:
                    starts.append(cursor)
                    while data[cursor] & 0x80:
                        cursor += 1
                    cursor += 1
                    status = data[cursor]
                    if status < 0x80:
                        status, cursor = running, cursor - 1
                    cursor += 1
                    if status == 0xFF:
                        cursor += 1
                    if status in (0xFF, 0xF0, 0xF7):
                        size = 0
                        while True:
                            byte = data[cursor]
                            cursor += 1
                            size = size << 7 | byte & 0x7F
                            if not byte & 0x80:
                                break
                        cursor += size
                    else:
                        running = status
                        cursor += 1 if status & 0xE0 == 0xC0 else 2
            except IndexError:
                pass
        offset = body + length
    return [s for s in starts if s < len(data)]


def mutants(name, data, rng, per_kind):
    """(name, bytes) of each mutant of one base file."""
    out = []
    starts = event_starts(data)
    for _ in range(per_kind):
        cut = rng.randrange(len(data))
        out.append((f'{name} cut to {cut}', data[:cut]))
    for _ in range(per_kind):
        position, mask = rng.randrange(len(data)), rng.randrange(1, 256)
        mutated = bytearray(data)
        mutated[position] ^= mask
        out.append((f'{name} byte {position} ^ {mask:#x}', bytes(mutated)))
    if starts:
        for _ in range(per_kind):
            position, status = rng.choice(starts), rng.choice(SYSTEM_BYTES)
            message = bytes([0x00, status] + [rng.randrange(0x80) for _ in range(DATA_BYTES.get(status, 0))])
            mutated = data[:position] + message + data[position:]
            out.append((f'{name} {status:02X} inserted at {position}', fix_length(mutated, position, len(message))))
        for _ in range(per_kind):
            event = rng.choice(starts)
            position = min(len(data) - 1, event + rng.randrange(4))
            value = rng.choice(INTERESTING)
            mutated = bytearray(data)
            mutated[position] = value
            out.append((f'{name} byte {position} = {value:#x}', bytes(mutated)))
    return out


def fix_length(data, position, added):
    """Adds `added` to the length of the track chunk that holds `position`."""
    offset = 14
    while offset + 8 <= len(data):
        length = int.from_bytes(data[offset + 4:offset + 8], 'big')
        if offset + 8 <= position < offset + 8 + length + added:
            return data[:offset + 4] + (length + added).to_bytes(4, 'big') + data[offset + 8:]
        offset += 8 + length
    return data


def mido_reads(path):
    try:
        midi = mido.MidiFile(path)
    except Exception:
        return None
    return sum(1 for t in midi.tracks for m in t if m.type == 'note_on' and m.velocity > 0)


def symusic_reads(path):
    try:
        score = symusic.Score.from_file(path)
    except Exception:
        return None
    return sum(len(t.notes) for t in score.tracks)


def midiroll_reads(binary, paths):
    """{path: notes} for the files midiroll reads; {path: error line} for the others."""
    read, refused = {}, {}
    for start in range(0, len(paths), 400):
        batch = paths[start:start + 400]
        run = subprocess.run([binary, 'info', '--json', '-q'] + batch, capture_output=True, text=True)
        for line in run.stdout.splitlines():
            facts = json.loads(line)
            read[facts['path']] = facts.get('notes', 0)
        for line in run.stderr.splitlines():
            for path in batch:
                if line.startswith(f'midiroll: {path}: '):
                    refused[path] = line[len(f'midiroll: {path}: '):]
        for path in batch:
            if path not in read and path not in refused:
                refused[path] = '(no output)'
    return read, refused


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('midiroll', help='the midiroll binary (swift build -c release --product midiroll)')
    parser.add_argument('--per-kind', type=int, default=10, help='mutants of each kind per base file')
    parser.add_argument('--seed', type=int, default=28)
    parser.add_argument('--keep', help='write the corpus here and keep it')
    options = parser.parse_args()

    fixtures = os.path.join(ROOT, 'Tests', 'Fixtures')
    shared = os.path.join(os.path.dirname(ROOT), 'shared', 'corpus')
    malformed = midi_files(os.path.join(fixtures, 'corpus')) + midi_files(os.path.join(fixtures, 'fuzz-regressions'))
    if os.path.isdir(shared):
        malformed += midi_files(shared)
    bases = debian_files() + midi_files(os.path.join(ROOT, 'Samples')) + [
        p for p in midi_files(os.path.join(fixtures, 'corpus')) if os.path.getsize(p) <= 65536]

    folder = options.keep or tempfile.mkdtemp(prefix='midiroll-sweep-')
    os.makedirs(folder, exist_ok=True)
    entries = []  # (kind, name, path)
    for path in malformed:
        entries.append(('fixture', os.path.relpath(path, os.path.dirname(ROOT)), path))
    for base in bases:
        with open(base, 'rb') as f:
            data = f.read()
        if not data:
            continue
        name = os.path.relpath(base, ROOT) if base.startswith(ROOT) else base
        rng = random.Random(options.seed * 1_000_003 + zlib.crc32(name.encode()))
        for mutant_name, mutant in mutants(name, data, rng, options.per_kind):
            path = os.path.join(folder, f'{len(entries):06d}.mid')
            with open(path, 'wb') as f:
                f.write(mutant)
            entries.append(('mutant', mutant_name, path))

    paths = [path for _, _, path in entries]
    ours, refusals = midiroll_reads(options.midiroll, paths)
    counts = Counter()
    listed = []
    for kind, name, path in entries:
        by_mido, by_symusic = mido_reads(path), symusic_reads(path)
        counts[kind, 'files'] += 1
        counts[kind, 'midiroll'] += path in ours
        counts[kind, 'mido'] += by_mido is not None
        counts[kind, 'symusic'] += by_symusic is not None
        if by_mido is not None or by_symusic is not None:
            counts[kind, 'a peer'] += 1
            if path not in ours:
                listed.append((name, by_mido, by_symusic, refusals.get(path, '?')))
        elif path in ours:
            counts[kind, 'midiroll only'] += 1

    for kind in ('fixture', 'mutant'):
        print(f"{kind}s: {counts[kind, 'files']} files; read by midiroll {counts[kind, 'midiroll']}, "
              f"mido {counts[kind, 'mido']}, symusic {counts[kind, 'symusic']}; "
              f"by a peer {counts[kind, 'a peer']}; by midiroll and no peer {counts[kind, 'midiroll only']}")
    print(f'read by mido or symusic, refused by midiroll: {len(listed)}')
    for name, by_mido, by_symusic, error in listed:
        peers = ', '.join(f'{peer} ({notes} notes)' for peer, notes in (('mido', by_mido), ('symusic', by_symusic))
                          if notes is not None)
        print(f'  {name}: {peers}; midiroll: {error}')
    if not options.keep:
        shutil.rmtree(folder)
    return 0


if __name__ == '__main__':
    sys.exit(main())

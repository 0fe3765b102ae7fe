"""make demo's Python step: every sample read in-process by the Python package `midiroll` (the
wheel `make wheel` built), its notes printed with their bar/beat positions and seconds, and all
of them saved as NumPy arrays in one .npz; then measured in-process (`midiroll.stats`: muspy's
metrics, the facts, the fingerprint), one JSON line each in stats.jsonl beside the .npz; then
edited in-process as the command line edits (transposed, quantized, sliced) and written back as
.mid, each one's notes in time order, with their programs and drums; then tokenized in-process
with MidiTok's ids (Samples/tokenizers/remi.json), augmented, decoded, and cut into chunks of at
most 64 tokens, written as tokens.jsonl.

With --pack, opens a packed token dataset (`midiroll batch --to tokens --pack`) and makes a
training batch of it: midiroll.TokenDataset and midiroll.collate.

Usage: python_demo.py SAMPLES_DIR OUT.npz
       python_demo.py --pack PACK_DIR TOKENIZER.json
"""

import json
import pathlib
import sys

import numpy as np

import midiroll

if sys.argv[1] == "--pack":
    tok = midiroll.Tokenizer(sys.argv[3])
    ds = midiroll.TokenDataset(sys.argv[2], tokenizer=tok)
    info = ds.info(0)
    print(f"    {len(ds)} sequences, {ds.tokens} tokens ({ds.dtype}), lengths {int(ds.lengths.min())}"
          f"-{int(ds.lengths.max())}; the first from {info.source}, track {info.track}, ticks"
          f" {info.start_tick}-{info.end_tick}, offsets {info.offsets}: {ds[0][:6].tolist()}...")
    batch = midiroll.collate([ds[i] for i in range(min(8, len(ds)))], pad_id=tok.pad_id, shift_labels=True)
    print("    collate (MidiTok's DataCollator): " + ", ".join(f"{k} {v.shape} {v.dtype}" for k, v in batch.items()))
    sys.exit(0)

samples, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
arrays = {}
for path in sorted(samples.glob("*.mid")):
    song = midiroll.read(path)
    first = song.notes[:1]
    where = ""
    if len(first):
        position, seconds = song.positions[0], song.seconds[0]
        where = (f"; first note {int(first['pitch'][0])} at bar {position['bar'] + 1} beat {position['beat'] + 1}"
                 f", {seconds['start']:.3f} s")
    print(f"  {path.name}: {len(song.notes)} notes in {len(song.tracks)} tracks, {song.bar_count} bars, "
          f"{song.duration_seconds:.1f} s{where}")
    arrays[f"{path.stem}_notes"] = song.notes
    arrays[f"{path.stem}_seconds"] = song.seconds
    arrays[f"{path.stem}_positions"] = song.positions
out.parent.mkdir(parents=True, exist_ok=True)
np.savez(out, **arrays)
with open(out.with_name("stats.jsonl"), "w") as lines:
    for path in sorted(samples.glob("*.mid")):
        stats = midiroll.stats(path)
        metrics = stats["metrics"] or {}
        print(f"  {path.name}: pitch-class entropy {metrics.get('pitch_class_entropy')}, scale consistency "
              f"{metrics.get('scale_consistency')}, fingerprint {stats['fingerprint'][:16]}…")
        lines.write(json.dumps(stats) + "\n")

edited = out.parent / "edited"
edited.mkdir(exist_ok=True)
for path in sorted(samples.glob("*.mid")):
    song = midiroll.read(path)
    try:
        augmented = song.transpose(2, out_of_range="drop").quantize("1/16", strength=50)
    except midiroll.EditError as error:  # what the command line refuses, Python refuses
        print(f"  {path.name}: {error}")
        continue
    augmented.slice(bars=(1, 4)).write(edited / path.name)
    notes = augmented.notes_by_time()[:4]
    firsts = ", ".join(f"{int(n['pitch'])} (program {int(n['program'])}{', drum' if n['is_drum'] else ''})"
                       for n in notes)
    print(f"  {path.name}: transposed +2, quantized to 1/16 at 50 %, bars 1-4 -> edited/{path.name};"
          f" first notes {firsts}")

tokenizer = midiroll.Tokenizer(samples / "tokenizers" / "remi.json")
with open(out.with_name("tokens.jsonl"), "w") as lines:
    for path in sorted(samples.glob("*.mid")):
        ids = tokenizer.encode(path)
        up = tokenizer.encode(path, pitch_offset=2, velocity_offset=-8)
        decoded = tokenizer.decode(ids)
        chunks = tokenizer.encode_chunks(path, max_seq_len=64, bos=True, eos=True)
        print(f"  {path.name}: {sum(len(track) for track in ids)} REMI tokens in {len(ids)} tracks"
              f" ({sum(len(track) for track in up)} transposed +2, velocities -8); decoded to"
              f" {len(decoded.notes)} notes; {len(chunks)} chunks of at most 64 tokens"
              f" (longest {max(len(chunk) for chunk in chunks)}), bars from tick {chunks[0].start_tick}")
        for chunk in chunks:
            lines.write(json.dumps({"song": path.name, "track": chunk.track, "start_tick": chunk.start_tick,
                                    "end_tick": chunk.end_tick, "ids": chunk.ids.tolist()}) + "\n")

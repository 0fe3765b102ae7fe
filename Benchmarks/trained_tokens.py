"""MidiTok 3.1's trained-model step and Hugging Face `tokenizers`, timed for `make bench`.

    trained_tokens.py --tokenizer TOKENIZER.json --chunks OUT.json [--passes N] [--min-seconds S] FILE...

Tokenizes every file with MidiTok (untimed), writes the base ids of every sequence split as
MidiTok splits them (per bar) to OUT.json for midiroll to encode the same chunks, then times, one
untimed warm-up first:
  - MidiTok's `encode_token_ids` on each file's sequences, as `tokenizer(path)` runs it;
  - `tokenizers`' `Tokenizer.encode(texts, is_pretokenized=True)` on each sequence's chunk texts
    (the model alone, texts made untimed);
  - MidiTok's `decode_token_ids` on each sequence's trained ids.
Prints one JSON object: {"available": true, "versions": …, "sequences": n, "baseIDs": b,
"trainedIDs": t, "rows": [{"tool": …, "passSeconds": […], "passCPUSeconds": […]}]}, or
{"available": false, "reason": …}. Run it with RAYON_NUM_THREADS=1 for one core.
"""

import argparse
import copy
import json
import sys
import time

parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
parser.add_argument("--tokenizer", required=True)
parser.add_argument("--chunks", required=True)
parser.add_argument("--passes", type=int, default=5)
parser.add_argument("--min-seconds", type=float, default=1.0)
parser.add_argument("files", nargs="+")
options = parser.parse_args()

try:
    import miditok
    import tokenizers
    from miditok import TokSequence
except ImportError as error:
    print(json.dumps({"available": False, "reason": str(error)}))
    sys.exit(0)

with open(options.tokenizer) as file:
    saved = json.load(file)
tokenizer = getattr(miditok, saved["tokenization"])(params=options.tokenizer)


def split(seq):
    if tokenizer.config.encode_ids_split == "bar":
        return seq.split_per_bars()
    if tokenizer.config.encode_ids_split == "beat":
        return seq.split_per_beats()
    return [seq]


per_file = []
for path in options.files:
    try:
        seqs = tokenizer.encode(path, encode_ids=False)
    except Exception:  # noqa: BLE001, S112 - a file MidiTok cannot read is left out
        continue
    per_file.append(seqs if isinstance(seqs, list) else [seqs])

sequences = [seq for seqs in per_file for seq in seqs]
chunks = [[list(sub.ids) for sub in split(seq)] for seq in sequences]
with open(options.chunks, "w") as file:
    json.dump(chunks, file)
hf = tokenizers.Tokenizer.from_str(saved["_model"])
texts = [[tokenizer._ids_to_bytes(chunk, as_one_str=True) for chunk in seq] for seq in chunks]
trained = [hf.encode(seq, is_pretokenized=True).ids for seq in texts]


def timed(prepare, work):
    """Wall and CPU seconds of `work(prepare())` per pass, `prepare` untimed."""
    work(prepare())
    seconds, cpu = [], []
    while len(seconds) < max(1, options.passes):
        data = prepare()
        cpu_start, start = time.process_time(), time.perf_counter()
        work(data)
        seconds.append(time.perf_counter() - start)
        cpu.append(time.process_time() - cpu_start)
        if sum(seconds) >= options.min_seconds:
            break
    return {"passSeconds": seconds, "passCPUSeconds": cpu}


def encode_token_ids(copies):
    for seqs in copies:
        tokenizer.encode_token_ids(seqs if len(seqs) > 1 else seqs[0])


def encode_texts(_):
    for seq in texts:
        hf.encode(seq, is_pretokenized=True)


def decode_token_ids(seqs):
    for seq in seqs:
        tokenizer.decode_token_ids(seq)


rows = [
    {"tool": "MidiTok encode_token_ids", **timed(lambda: copy.deepcopy(per_file), encode_token_ids)},
    {"tool": "tokenizers Tokenizer.encode", **timed(lambda: None, encode_texts)},
    {
        "tool": "MidiTok decode_token_ids",
        **timed(lambda: [TokSequence(ids=list(ids), are_ids_encoded=True) for ids in trained], decode_token_ids),
    },
]
print(json.dumps({
    "available": True,
    "versions": f"miditok {miditok.__version__ if hasattr(miditok, '__version__') else '3.1'}, "
    f"tokenizers {tokenizers.__version__}",
    "sequences": len(sequences),
    "baseIDs": sum(len(seq.ids) for seq in sequences),
    "trainedIDs": sum(len(ids) for ids in trained),
    "rows": rows,
}))

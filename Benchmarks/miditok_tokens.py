"""MidiTok 3.1 tokenizing files in one Python process, timed for `make bench` (bench-tokens).

    miditok_tokens.py TOKENIZER.json OUT_DIR [--passes N] [--min-seconds S] FILE.mid...

For each file, what `tokenize_dataset` does for it (`_tokenize_dataset_file`): `Score(path)`,
`tokenizer.encode(score)` (the same as `tokenizer(path)`; a trained tokenizer encodes its ids
with its model) and `save_tokens` of the ids with the programs of the tracks, as OUT_DIR/STEM.json.
One untimed warm-up pass, then timed passes until --passes are done or --min-seconds have gone
by. Prints one JSON object: {"available": true, "version": …, "files": N, "tokens": T,
"passSeconds": [...], "passCPUSeconds": [...]} (CPU: user + system of this process), or
{"available": false, "reason": …} without MidiTok.
"""

import argparse
import json
import sys
import time
import warnings
from pathlib import Path

warnings.filterwarnings("ignore")

parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
parser.add_argument("tokenizer")
parser.add_argument("out")
parser.add_argument("--passes", type=int, default=3)
parser.add_argument("--min-seconds", type=float, default=5.0)
parser.add_argument("files", nargs="+")
options = parser.parse_args()

try:
    from importlib.metadata import version

    import miditok
    import symusic
    from miditok.utils import get_score_programs
except ImportError as error:
    print(json.dumps({"available": False, "reason": str(error)}))
    sys.exit(0)

saved = json.loads(Path(options.tokenizer).read_text())
tokenizer = getattr(miditok, saved["tokenization"])(params=options.tokenizer)
out = Path(options.out)
out.mkdir(parents=True, exist_ok=True)
save_programs = not tokenizer.config.use_programs


def one_pass() -> int:
    tokens = 0
    for path in options.files:
        score = symusic.Score(path)
        sequences = tokenizer.encode(score)
        programs = get_score_programs(score) if save_programs else None
        tokenizer.save_tokens(sequences, out / f"{Path(path).stem}.json", programs=programs)
        for sequence in sequences if isinstance(sequences, list) else [sequences]:
            tokens += len(sequence.ids)
    return tokens


tokens = one_pass()
seconds = []
cpu_seconds = []
while len(seconds) < max(1, options.passes):
    cpu_start = time.process_time()
    start = time.perf_counter()
    one_pass()
    seconds.append(time.perf_counter() - start)
    cpu_seconds.append(time.process_time() - cpu_start)
    if sum(seconds) >= options.min_seconds:
        break
print(json.dumps({
    "available": True,
    "version": f"miditok {version('miditok')}, symusic {version('symusic')}",
    "files": len(options.files),
    "tokens": tokens,
    "passSeconds": seconds,
    "passCPUSeconds": cpu_seconds,
}))

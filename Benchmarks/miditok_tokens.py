"""MidiTok 3.1 tokenizing files in one Python process, timed for `make bench` (bench-tokens).

    miditok_tokens.py TOKENIZER.json OUT_DIR [--passes N] [--min-seconds S] FILE.mid...

For each file, what `tokenize_dataset` does for it (`_tokenize_dataset_file`): `Score(path)`,
`tokenizer.encode(score)` (the same as `tokenizer(path)`; a trained tokenizer encodes its ids
with its model) and `save_tokens` of the ids with the programs of the tracks, as OUT_DIR/STEM.json.
Timed by bench_common.run (a warm-up pass, then passes until --passes or --min-seconds); its
"notes" field holds the tokens of a pass.
"""

import argparse
import warnings
from pathlib import Path

import bench_common

warnings.filterwarnings("ignore")

parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
parser.add_argument("tokenizer")
parser.add_argument("out")
parser.add_argument("--passes", type=int, default=3)
parser.add_argument("--min-seconds", type=float, default=5.0)
parser.add_argument("files", nargs="+")
options = parser.parse_args()

try:
    import json
    from importlib.metadata import version

    import miditok
    import symusic
    from miditok.utils import get_score_programs
except ImportError as error:
    bench_common.unavailable("MidiTok", error)

saved = json.loads(Path(options.tokenizer).read_text())
tokenizer = getattr(miditok, saved["tokenization"])(params=options.tokenizer)
out = Path(options.out)
out.mkdir(parents=True, exist_ok=True)
save_programs = not tokenizer.config.use_programs


def tokenize(path, _data):
    """One file as tokenize_dataset does it; returns (tokens, 0)."""
    score = symusic.Score(path)
    sequences = tokenizer.encode(score)
    programs = get_score_programs(score) if save_programs else None
    tokenizer.save_tokens(sequences, out / f"{Path(path).stem}.json", programs=programs)
    tokens = sum(len(s.ids) for s in (sequences if isinstance(sequences, list) else [sequences]))
    return tokens, 0


bench_common.run("MidiTok", f"miditok {version('miditok')}, symusic {version('symusic')}", options, tokenize)

#!/bin/sh
# Packed token datasets (`make bench-tokens`): `midiroll batch IN OUT --to tokens --tokenizer
# remi.json --pack --max-seq-len 1024` over the real corpus (Debian's openttd-openmsx and
# planetblupi-music-midi, 41 files) linked COPIES times (500: 20,500 files), with --jobs 1 and
# --jobs 2: files/s, files/s per core, peak RSS; the same over a tenth of the copies, so that memory
# flat in the number of files shows as the same peak; the pack's bytes against its ids' bytes plus
# the index; `--pack` without chunks beside it (what cutting costs). Then opening a dataset of 10
# million sequences with midiroll.TokenDataset (a synthetic pack: the layout, written by NumPy):
# seconds and the resident memory it adds.
#
#   sh Benchmarks/pack.sh [MIDIROLL [PYTHON]]
#       MIDIROLL: .build/release/midiroll; PYTHON: .build/venv/bin/python3 (with the wheel installed)
#
# Environment: COPIES (500); RUNS (3: the best run is kept).
set -eu

bin=${1:-.build/release/midiroll}
python=${2:-.build/venv/bin/python3}
copies=${COPIES:-500}
runs=${RUNS:-3}
here=$(cd "$(dirname "$0")" && pwd)
tokenizer=$here/../Samples/tokenizers/remi.json
timer=/usr/bin/time
[ -x "$bin" ] || { echo "pack.sh: no midiroll binary at $bin (swift build -c release)" >&2; exit 2; }
[ -x "$timer" ] || { echo "pack.sh: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }
corpus=$(dpkg -L openttd-openmsx planetblupi-music-midi 2>/dev/null | grep -i '\.mid$' || true)
[ -n "$corpus" ] || { echo "pack.sh: install openttd-openmsx and planetblupi-music-midi (make deps)" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/midiroll-pack-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
tree() {  # tree FOLDER COUNT: COUNT folders of links to the corpus
  i=1
  while [ "$i" -le "$2" ]; do
    mkdir -p "$1/copy$i"
    for f in $corpus; do ln -s "$f" "$1/copy$i/"; done
    i=$((i + 1))
  done
}
tree "$work/in" "$copies"
tenth=$((copies / 10))
[ "$tenth" -ge 1 ] || tenth=1
tree "$work/small" "$tenth"
files=$(find "$work/in" -type l | wc -l | tr -d ' ')
small=$(find "$work/small" -type l | wc -l | tr -d ' ')
echo "pack benchmark: midiroll batch --to tokens --pack (REMI) over $files files (the real corpus x $copies)," \
  "and $small (x $tenth), best of $runs runs"
printf '%-34s %7s %6s %8s %9s %13s %10s\n' run files jobs seconds files/s 'files/s/core' 'peak RSS'

best_run() {  # best_run LABEL IN JOBS WORDS...: the best of RUNS runs, the largest peak RSS
  label=$1 in=$2 jobs=$3
  shift 3
  best="" rss=0 run=1
  while [ "$run" -le "$runs" ]; do
    out="$work/out-$run-$jobs-$(basename "$in")-$(echo "$label" | tr -c 'a-z0-9\n' '-')"
    "$timer" -f '%e %M' -o "$work/time" "$bin" batch "$in" "$out" --to tokens --tokenizer "$tokenizer" --pack \
      --jobs "$jobs" --quiet "$@" || { echo "pack.sh: batch failed (see $out/midiroll-report.jsonl)" >&2; exit 1; }
    seconds=$(tail -n 1 "$work/time" | cut -d' ' -f1)
    peak=$(tail -n 1 "$work/time" | cut -d' ' -f2)
    if [ -z "$best" ] || [ "$(echo "$seconds $best" | awk '{print ($1 < $2)}')" = 1 ]; then best=$seconds; fi
    [ "$peak" -gt "$rss" ] && rss=$peak
    last=$out
    run=$((run + 1))
  done
  count=$(find "$in" -type l | wc -l | tr -d ' ')
  echo "$label $count $jobs $best $rss" | awk '{printf "%-34s %7d %6d %8.2f %9.0f %13.0f %8.1f MiB\n",
    $1, $2, $3, $4, $2 / $4, $2 / $4 / $3, $5 / 1024}'
}

best_run "--max-seq-len-1024" "$work/in" 1 --max-seq-len 1024
chunked=$last
best_run "--max-seq-len-1024" "$work/in" 2 --max-seq-len 1024
best_run "--max-seq-len-1024-(a-tenth)" "$work/small" 2 --max-seq-len 1024
best_run "whole-sequences" "$work/in" 1
best_run "--max-seq-len-1024-augment-x5" "$work/small" 2 --max-seq-len 1024 --augment pitch=-2,2 --augment velocity=-8,8

"$python" - "$chunked/pack-1-of-1" <<'EOF'
import json, os, sys
pack = sys.argv[1]
manifest = json.load(open(os.path.join(pack, "manifest.json")))
sizes = {name: os.path.getsize(os.path.join(pack, name)) for name in os.listdir(pack)}
ids = manifest["tokens"] * manifest["width"] * (2 if manifest["dtype"] == "<u2" else 4)
index = manifest["sequences"] * 40
print(f"pack of {manifest['sequences']} sequences, {manifest['tokens']} tokens, {manifest['truncations']} truncated:"
      f" {sum(sizes.values()) / 1e6:.1f} MB = {sum(sizes.values()) / (ids + index):.4f} x (ids {ids / 1e6:.1f} MB"
      f" + index {index / 1e6:.1f} MB); sources.jsonl {sizes['sources.jsonl'] / 1e6:.2f} MB")
EOF

"$python" - "$work/ten-million" <<'EOF'
import json, os, resource, sys, time
import numpy as np
import midiroll
folder = os.path.join(sys.argv[1], "pack-1-of-1")
os.makedirs(folder)
count = 10_000_000
fields = [("offset", "<u8"), ("length", "<u4"), ("source", "<u4"), ("track", "<i4"), ("start_tick", "<i4"),
          ("end_tick", "<i4"), ("pitch_offset", "<i2"), ("velocity_offset", "<i2"), ("duration_offset", "<i4"),
          ("chunk", "<u4")]
index = np.zeros(count, dtype=fields)
index["offset"] = np.arange(count, dtype=np.uint64) * 4
index["length"] = 4
index["track"] = -1
index.tofile(os.path.join(folder, "index.bin"))
np.zeros(count * 4, dtype="<u2").tofile(os.path.join(folder, "ids.bin"))
line = json.dumps("song.mid") + "\n"
open(os.path.join(folder, "sources.jsonl"), "w").write(line)
json.dump({"format": "midiroll-token-pack", "format_version": 1, "midiroll_version": midiroll.__version__,
           "tokenizer_sha256": "0" * 64, "vocab_size": 357, "width": 1, "dtype": "<u2",
           "index_dtype": [list(f) for f in fields], "sequences": count, "tokens": count * 4, "sources": 1,
           "sources_bytes": len(line), "files": 1, "last_input": "song.mid", "shard": "1/1", "part": None,
           "max_seq_len": None, "overlap_bars": None, "bos": False, "eos": False, "augment": None,
           "skipped_variants": 0, "truncations": 0, "complete": True}, open(os.path.join(folder, "manifest.json"), "w"))
del index
def resident():
    return int(open("/proc/self/statm").read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
before = resident()
start = time.perf_counter()
ds = midiroll.TokenDataset(sys.argv[1])
opened = time.perf_counter() - start
print(f"TokenDataset of {len(ds):,} sequences: opened in {opened * 1000:.1f} ms, "
      f"{(resident() - before) / 2**20:.1f} MiB resident added; ds[9_999_999] = {ds[9_999_999].tolist()}")
EOF

#!/usr/bin/env bash
# Tokenizer training (the last step of `make bench-tokens`): MidiTok 3.1's REMI BPE to 2,000 tokens
# (`tokenizer.train(vocab_size=2000, model="BPE", files_paths=files)` then `tokenizer.save`, in a
# Python process) beside `midiroll train-tokenizer remi.json OUT.json --vocab-size 2000` on the
# same files: the real corpus (Debian's openttd-openmsx and planetblupi-music-midi, 41 files)
# linked SMALL times (10: 410 files). Wall seconds, CPU seconds (user + system) and peak RSS of
# each whole process (interpreter start and imports included for MidiTok; MidiTok's train call
# alone is given below the table), the speed ratio, and whether the two `_model`s are the same
# text. Then midiroll alone over the corpus linked LARGE times (500: 20,500 files): wall seconds,
# CPU seconds and peak RSS.
#
#   bash Benchmarks/train.sh [MIDIROLL [PYTHON]]
#       MIDIROLL: .build/release/midiroll; PYTHON: .build/venv/bin/python (with MidiTok 3.1)
#
# Environment: SMALL (10), LARGE (500), VOCAB (2000).
set -euo pipefail

bin=${1:-.build/release/midiroll}
python=${2:-.build/venv/bin/python}
small=${SMALL:-10}
large=${LARGE:-500}
vocab=${VOCAB:-2000}
here=$(cd "$(dirname "$0")" && pwd)
tokenizer=$here/../Samples/tokenizers/remi.json
[ -x "$bin" ] || { echo "train.sh: no midiroll binary at $bin (swift build -c release --product midiroll)" >&2; exit 2; }
"$bin" train-tokenizer --help >/dev/null 2>&1 || { echo "train.sh: $bin has no train-tokenizer (rebuild it)" >&2; exit 2; }
"$python" -c 'import miditok' 2>/dev/null || { echo "train.sh: $python has no MidiTok (make venv)" >&2; exit 2; }
corpus=$(dpkg -L openttd-openmsx planetblupi-music-midi 2>/dev/null | grep -i '\.mid$' || true)
[ -n "$corpus" ] || { echo "train.sh: install openttd-openmsx and planetblupi-music-midi (make deps)" >&2; exit 2; }
mapfile -t corpus_files <<<"$corpus"

work=$(mktemp -d "${TMPDIR:-/tmp}/midiroll-train-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
tree() {  # tree FOLDER COUNT: COUNT folders of links to the corpus
  local i=1
  while [ "$i" -le "$2" ]; do
    mkdir -p "$1/copy$i"
    ln -s "${corpus_files[@]}" "$1/copy$i/"
    i=$((i + 1))
  done
}

# measure LABEL OUT.time COMMAND...: runs COMMAND (its standard output to $work/LABEL.out, its
# standard error to $work/LABEL.err) and writes "wall user system peak-KiB" to OUT.time, with
# /usr/bin/time when there is one, else Python's resource module.
measure() {
  local label=$1 timing=$2
  shift 2
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f '%e %U %S %M' -o "$timing" "$@" >"$work/$label.out" 2>"$work/$label.err" \
      || { echo "train.sh: $label failed:" >&2; tail -n 5 "$work/$label.err" >&2; exit 1; }
  else
    "$python" - "$timing" "$@" >"$work/$label.out" 2>"$work/$label.err" <<'EOF' \
      || { echo "train.sh: $label failed:" >&2; tail -n 5 "$work/$label.err" >&2; exit 1; }
import resource, subprocess, sys, time
start = time.perf_counter()
code = subprocess.call(sys.argv[2:])
wall = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
open(sys.argv[1], "w").write(f"{wall:.2f} {usage.ru_utime:.2f} {usage.ru_stime:.2f} {usage.ru_maxrss}\n")
sys.exit(code)
EOF
  fi
}

row() {  # row LABEL FILES TIMING
  tail -n 1 "$3" | awk -v label="$1" -v files="$2" '{printf "%-36s %7d %9.2f %9.2f %9.0f %8.1f MiB\n",
    label, files, $1, $2 + $3, files / $1, $4 / 1024}'
}

tree "$work/small" "$small"
tree "$work/large" "$large"
small_files=$(find "$work/small" -type l | wc -l | tr -d ' ')
large_files=$(find "$work/large" -type l | wc -l | tr -d ' ')
echo "train benchmark: REMI BPE to $vocab tokens (Samples/tokenizers/remi.json) over $small_files files" \
  "(the real corpus x $small), and midiroll over $large_files (x $large); $(nproc) cores"
printf '%-36s %7s %9s %9s %9s %12s\n' run files 'wall s' 'CPU s' files/s 'peak RSS'

cat >"$work/miditok_train.py" <<'EOF'
import os, sys, time, warnings
warnings.simplefilter("ignore")
import miditok
base, folder, out, vocab = sys.argv[1:5]
files = sorted(os.path.join(root, name) for root, _, names in os.walk(folder) for name in names
               if name.lower().endswith(".mid"))
tokenizer = miditok.REMI(params=base)
start = time.perf_counter()
tokenizer.train(vocab_size=int(vocab), model="BPE", files_paths=files)
trained = time.perf_counter() - start
tokenizer.save(out)
print(f"{len(files)} {trained:.2f} {len(tokenizer)}")
EOF
measure miditok "$work/miditok.time" "$python" "$work/miditok_train.py" "$tokenizer" "$work/small" "$work/miditok.json" \
  "$vocab"
row "MidiTok 3.1 train(files_paths=)" "$small_files" "$work/miditok.time"

measure midiroll "$work/midiroll.time" "$bin" train-tokenizer "$tokenizer" "$work/midiroll.json" \
  --vocab-size "$vocab" --quiet "$work/small"
row "midiroll train-tokenizer" "$small_files" "$work/midiroll.time"

measure midiroll-large "$work/large.time" "$bin" train-tokenizer "$tokenizer" "$work/large.json" \
  --vocab-size "$vocab" --quiet "$work/large"
row "midiroll train-tokenizer (x $large)" "$large_files" "$work/large.time"

read -r _ miditok_train miditok_size < <(grep -E '^[0-9]+ [0-9.]+ [0-9]+$' "$work/miditok.out" | tail -n 1)
miditok_wall=$(cut -d' ' -f1 "$work/miditok.time" | tail -n 1)
midiroll_wall=$(cut -d' ' -f1 "$work/midiroll.time" | tail -n 1)
miditok_cpu=$(tail -n 1 "$work/miditok.time" | awk '{print $2 + $3}')
midiroll_cpu=$(tail -n 1 "$work/midiroll.time" | awk '{print $2 + $3}')
echo "MidiTok's train call alone: $miditok_train s ($miditok_size tokens)"
echo "midiroll: $(cat "$work/midiroll.out")"
echo "midiroll x $large: $(cat "$work/midiroll-large.out")"
awk -v a="$miditok_wall" -v b="$midiroll_wall" -v c="$miditok_cpu" -v d="$midiroll_cpu" -v t="$miditok_train" \
  'BEGIN {printf "speed: midiroll %.1fx MidiTok'"'"'s wall time (%.1fx its train call alone), %.1fx its CPU time\n",
    a / b, t / b, c / d}'

"$python" - "$work/miditok.json" "$work/midiroll.json" "$work/large.json" "$large" <<'EOF'
import json, sys
theirs, ours, large = (json.load(open(path)) for path in sys.argv[1:4])
copies = sys.argv[4]
same = ours["_model"] == theirs["_model"]
parsed = json.loads(ours["_model"]) == json.loads(theirs["_model"])
base = all(ours[key] == theirs[key] for key in ("config", "_vocab_base", "_vocab_base_byte_to_token"))
print(f"_model: {'identical' if same else 'same JSON, other text' if parsed else 'DIFFERENT'} to MidiTok's"
      f" ({len(json.loads(theirs['_model'])['model']['merges'])} merges); base vocabulary and config"
      f" {'equal' if base else 'DIFFERENT'}; the model of x{copies} (every count scaled alike)"
      f" {'the same' if large['_model'] == ours['_model'] else 'DIFFERENT'}")
sys.exit(0 if same and base else 1)
EOF

#!/bin/sh
# Tokens benchmark (`make bench-tokens`, part of `make bench`): `midiroll batch IN OUT --to tokens
# --tokenizer T --jobs 1` over the real corpus (Debian openttd-openmsx and planetblupi-music-midi)
# copied COPIES times, beside MidiTok 3.1 tokenizing the corpus in one Python process
# (Benchmarks/miditok_tokens.py: `Score(path)`, `encode`, `save_tokens`, as `tokenize_dataset`
# does), for each tokenizer of Samples/tokenizers in TOKENIZERS. Prints files/s by the wall clock
# and per CPU second (user + system: the machine may be busy), their ratios, and whether the
# files of the first copy are byte for byte the ones MidiTok saved. Then memory: the peak RSS of
# the batch, and of `midiroll tokenize` on each corpus file and on the large file (the corpus's
# largest file repeated to ~8 MB, LARGE), net of the process's own (tokenizing the smallest
# sample), against the file's bytes.
#
#   sh Benchmarks/tokens.sh [MIDIROLL [PYTHON [LARGE]]]
#       MIDIROLL: .build/release/midiroll; PYTHON: .build/venv/bin/python3; LARGE: none
#
# Environment: COPIES (10); RUNS (3: the best run is kept); TOKENIZERS ("remi remi-bpe").
set -eu

bin=${1:-.build/release/midiroll}
python=${2:-.build/venv/bin/python3}
large=${3:-}
copies=${COPIES:-10}
runs=${RUNS:-3}
tokenizers=${TOKENIZERS:-remi remi-bpe}
here=$(cd "$(dirname "$0")" && pwd)
samples=$here/../Samples
[ -x "$bin" ] || { echo "tokens.sh: no midiroll binary at $bin (swift build -c release)" >&2; exit 2; }
timer=/usr/bin/time
[ -x "$timer" ] || { echo "tokens.sh: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }

corpus=$(dpkg -L openttd-openmsx planetblupi-music-midi 2>/dev/null | grep -i '\.mid$' || true)
[ -n "$corpus" ] || { echo "tokens.sh: install openttd-openmsx and planetblupi-music-midi (make deps)" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/midiroll-tokens-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
i=1
while [ "$i" -le "$copies" ]; do
  mkdir -p "$work/in/copy$i"
  # shellcheck disable=SC2086
  cp $corpus "$work/in/copy$i/"
  i=$((i + 1))
done
files=$(find "$work/in" -type f | wc -l | tr -d ' ')
corpus_files=$(echo "$corpus" | wc -l | tr -d ' ')
bytes=$(find "$work/in" -type f -exec cat {} + | wc -c | tr -d ' ')
echo "tokens benchmark: midiroll batch --to tokens --jobs 1 over $files files" \
  "($(echo "$bytes" | awk '{printf "%.1f MB", $1 / 1e6}'), the real corpus x $copies, best of $runs runs)" \
  "against MidiTok over the $corpus_files files in one Python process, one core each"
printf '%-10s %-9s %8s %8s %8s %10s %10s %10s\n' tokenizer tool files seconds 'CPU s' files/s 'files/CPU s' 'peak RSS'

for name in $tokenizers; do
  tokenizer=$samples/tokenizers/$name.json
  best="" cpu="" rss=0
  run=1
  while [ "$run" -le "$runs" ]; do
    out="$work/out-$run"
    sync
    "$timer" -f '%e %U %S %M' -o "$work/time" "$bin" batch "$work/in" "$out" --to tokens \
      --tokenizer "$tokenizer" --jobs 1 --quiet || {
      echo "tokens.sh: midiroll batch --to tokens ($name) failed:" >&2
      grep '"failed"' "$out/midiroll-report.jsonl" | head -n 5 >&2
      exit 1
    }
    set -- $(tail -n 1 "$work/time")
    if [ -z "$best" ] || [ "$(echo "$1 $best" | awk '{print ($1 < $2)}')" = 1 ]; then best=$1; fi
    run_cpu=$(echo "$2 $3" | awk '{printf "%.2f", $1 + $2}')
    if [ -z "$cpu" ] || [ "$(echo "$run_cpu $cpu" | awk '{print ($1 < $2)}')" = 1 ]; then cpu=$run_cpu; fi
    [ "$4" -gt "$rss" ] && rss=$4
    [ "$run" -eq "$runs" ] || rm -rf "$out"
    run=$((run + 1))
  done
  # shellcheck disable=SC2086
  miditok=$("$python" "$here/miditok_tokens.py" "$tokenizer" "$work/miditok" --passes 2 --min-seconds 5 $corpus)
  if echo "$miditok" | grep -q '"available": false'; then
    echo "$name: MidiTok unavailable (pip install miditok==3.1.0): $miditok"
    rm -rf "$work/out-$runs"
    continue
  fi
  echo "$miditok" | "$python" -c '
import json, sys
m = json.loads(sys.stdin.read())
name, files, best, cpu, rss = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5])
wall, cpus = min(m["passSeconds"]), min(m["passCPUSeconds"])
row = "%-10s %-9s %8d %8.2f %8.2f %10.1f %10.1f %10s"
print(row % (name, "midiroll", files, best, cpu, files / best, files / cpu, "%.1f MiB" % (rss / 1024)))
print(row % ("", "MidiTok", m["files"], wall, cpus, m["files"] / wall, m["files"] / cpus, ""))
print("%-10s midiroll / MidiTok: %.0fx the files/s by the wall clock, %.0fx per CPU second (%s)" % (
    "", (files / best) / (m["files"] / wall), (files / cpu) / (m["files"] / cpus), m["version"]))
' "$name" "$files" "$best" "$cpu" "$rss"
  same=0 differ=""
  for tokens in "$work"/miditok/*.json; do
    stem=$(basename "$tokens")
    if cmp -s "$tokens" "$work/out-$runs/copy1/$stem"; then same=$((same + 1)); else differ="$differ $stem"; fi
  done
  echo "           the first copy's files against MidiTok's: $same of $corpus_files byte-identical${differ:+; differ:$differ}"
  rm -rf "$work/out-$runs" "$work/miditok"
done

# Memory per file: peak RSS of `tokenize`, net of a process tokenizing the smallest sample.
tokenizer=$samples/tokenizers/remi.json
peak() {
  "$timer" -f '%M' -o "$work/time" "$bin" tokenize "$1" "$work/m.json" --tokenizer "$2" --force ||
    { echo "tokens.sh: midiroll tokenize $1 failed" >&2; exit 1; }
  tail -n 1 "$work/time"
}
smallest=$(ls -S "$samples"/*.mid | tail -n 1)
for name in $tokenizers; do
  tokenizer=$samples/tokenizers/$name.json
  base=$(peak "$smallest" "$tokenizer")
  worst="" worst_file=""
  for file in $corpus; do
    size=$(wc -c <"$file" | tr -d ' ')
    net=$(( $(peak "$file" "$tokenizer") - base ))
    ratio=$(echo "$net $size" | awk '{printf "%.2f", $1 * 1024 / $2}')
    if [ -z "$worst" ] || [ "$(echo "$ratio $worst" | awk '{print ($1 > $2)}')" = 1 ]; then
      worst=$ratio worst_file=$(basename "$file")
    fi
  done
  echo "memory, $name: a process tokenizing a sample peaks at $(echo "$base" | awk '{printf "%.1f", $1 / 1024}') MiB;" \
    "a corpus file adds at most ${worst}x its bytes ($worst_file)"
  if [ -n "$large" ] && [ -f "$large" ]; then
    size=$(wc -c <"$large" | tr -d ' ')
    total=$(peak "$large" "$tokenizer")
    echo "$total $base $size" | awk -v name="$name" '{
      printf "memory, %s: the large file (%.1f MB) peaks at %.1f MiB: %.2fx its bytes, %.2fx net of the process\n",
        name, $3 / 1e6, $1 / 1024, $1 * 1024 / $3, ($1 - $2) * 1024 / $3 }'
  fi
done

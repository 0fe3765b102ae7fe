#!/bin/sh
# Tokens benchmark (`make bench-tokens`, part of `make bench`): `midiroll batch IN OUT --to tokens
# --tokenizer T --jobs 1` over the real corpus (Debian openttd-openmsx and planetblupi-music-midi)
# copied COPIES times, beside MidiTok 3.1 tokenizing the corpus in one Python process
# (Benchmarks/miditok_tokens.py: `Score(path)`, `encode`, `save_tokens`, as `tokenize_dataset`
# does), for each tokenizer of Samples/tokenizers in TOKENIZERS. Prints files/s by the wall clock
# and per CPU second (user + system: the machine may be busy), their ratios, and whether the
# files of the first copy are byte for byte the ones MidiTok saved. Each run writes a folder of
# its own, and nothing is removed before the script ends: removing files just before others are
# created makes ext4 skip the recently freed inodes one by one (`recently_deleted`, for a minute
# or more), which doubled the runs' system time here and is no work of midiroll's (files other
# programs removed in the same folder shortly before the bench still cost it so).
#
# Then memory per file, `midiroll tokenize` on each corpus file and on the large file (the
# corpus's largest file repeated to ~8 MB, LARGE), against the file's bytes: the peak RSS net of
# the process's own (tokenizing the smallest sample; it varies by ±0.2 MiB from run to run and
# counts the code a file runs, so for a corpus file of 10 KB it is mostly that), and, where
# valgrind is installed, the peak of the heap (massif, on a stripped copy of the binary) net of
# the smallest sample's: the memory a file itself takes.
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
    out="$work/out-$name-$run"
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
    run=$((run + 1))
  done
  # shellcheck disable=SC2086
  miditok=$("$python" "$here/miditok_tokens.py" "$tokenizer" "$work/miditok-$name" --passes 2 --min-seconds 5 $corpus)
  if echo "$miditok" | grep -q '"available": false'; then
    echo "$name: MidiTok unavailable (pip install miditok==3.1.0): $miditok"
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
  for tokens in "$work/miditok-$name"/*.json; do
    stem=$(basename "$tokens")
    if cmp -s "$tokens" "$work/out-$name-$runs/copy1/$stem"; then same=$((same + 1)); else differ="$differ $stem"; fi
  done
  echo "           the first copy's files against MidiTok's: $same of $corpus_files byte-identical${differ:+; differ:$differ}"
done

# Memory per file: peak RSS of `tokenize`, net of a process tokenizing the smallest sample; and
# the heap's peak under massif, net of the smallest sample's.
tokenizer=$samples/tokenizers/remi.json
peak() {
  "$timer" -f '%M' -o "$work/time" "$bin" tokenize "$1" "$work/m.json" --tokenizer "$2" --force ||
    { echo "tokens.sh: midiroll tokenize $1 failed" >&2; exit 1; }
  tail -n 1 "$work/time"
}
massif=""
if command -v valgrind >/dev/null 2>&1; then
  # valgrind cannot read the debug information of Swift's release binaries: a stripped copy.
  strip -o "$work/midiroll-stripped" "$bin" && massif=$work/midiroll-stripped
fi
heap() {
  valgrind --tool=massif --massif-out-file="$work/massif.out" "$massif" tokenize "$1" "$work/m.json" \
    --tokenizer "$2" --force >/dev/null 2>&1 || { echo "tokens.sh: massif on $1 failed" >&2; exit 1; }
  sed -n 's/^mem_heap_B=//p' "$work/massif.out" | sort -n | tail -n 1
}
worst_of() {  # reads "net size file" lines; prints "ratio file" of the largest ratio
  awk '{ r = $1 / $2; if (r > worst) { worst = r; file = $3 } } END { printf "%.2f %s", worst, file }'
}
smallest=$(ls -S "$samples"/*.mid | tail -n 1)
for name in $tokenizers; do
  tokenizer=$samples/tokenizers/$name.json
  base=$(peak "$smallest" "$tokenizer")
  rss=$(for file in $corpus; do
    echo "$(( ($(peak "$file" "$tokenizer") - base) * 1024 )) $(wc -c <"$file" | tr -d ' ') $(basename "$file")"
  done | worst_of)
  echo "memory, $name: a process tokenizing a sample peaks at $(echo "$base" | awk '{printf "%.1f", $1 / 1024}') MiB;" \
    "by peak RSS a corpus file adds at most ${rss%% *}x its bytes (${rss#* })"
  if [ -n "$massif" ]; then
    heap_base=$(heap "$smallest" "$tokenizer")
    heaps=$(for file in $corpus; do
      echo "$(( $(heap "$file" "$tokenizer") - heap_base )) $(wc -c <"$file" | tr -d ' ') $(basename "$file")"
    done | worst_of)
    echo "memory, $name: by the heap's peak (massif) a corpus file adds at most ${heaps%% *}x its bytes" \
      "(${heaps#* }; the sample's heap peaks at $(echo "$heap_base" | awk '{printf "%.2f", $1 / 1048576}') MiB)"
  fi
  if [ -n "$large" ] && [ -f "$large" ]; then
    size=$(wc -c <"$large" | tr -d ' ')
    total=$(peak "$large" "$tokenizer")
    echo "$total $base $size" | awk -v name="$name" '{
      printf "memory, %s: the large file (%.1f MB) peaks at %.1f MiB: %.2fx its bytes, %.2fx net of the process\n",
        name, $3 / 1e6, $1 / 1024, $1 * 1024 / $3, ($1 - $2) * 1024 / $3 }'
    if [ -n "$massif" ]; then
      echo "$(heap "$large" "$tokenizer") $heap_base $size" | awk -v name="$name" '{
        printf "memory, %s: the large file'"'"'s heap peaks at %.1f MiB: %.2fx its bytes net of the sample'"'"'s\n",
          name, $1 / 1048576, ($1 - $2) / $3 }'
    fi
  fi
done

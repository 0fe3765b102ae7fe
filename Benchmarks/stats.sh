#!/bin/sh
# Statistics benchmark, in one run:
#  1. `midiroll stats --json` over the real corpus (the 41 files of Debian's openttd-openmsx and
#     planetblupi-music-midi, named PASSES times on one command line: one process) against
#     muspy 0.5 reading the same files and computing its 13 metrics in one Python process
#     (Benchmarks/muspy_stats.py): files per second of each, and the ratio;
#  2. `midiroll batch --to json --compact --stats --dedup --split train=0.8,valid=0.1,test=0.1`
#     over the corpus copied COPIES times (every copy a duplicate of the first), and the same
#     without --dedup (every file measured and written), with --jobs 1 and 2: files per second
#     and the peak RSS of the run (/usr/bin/time).
#
#   sh Benchmarks/stats.sh [MIDIROLL] [MUSPY_PYTHON]
#
# Environment: PASSES (50), COPIES (500), JOBS ("1 2").
set -eu

bin=${1:-.build/release/midiroll}
python=${2:-.build/venv-muspy/bin/python3}
passes=${PASSES:-50}
copies=${COPIES:-500}
jobs_list=${JOBS:-1 2}
here=$(dirname "$0")
[ -x "$bin" ] || { echo "stats.sh: no midiroll binary at $bin (swift build -c release)" >&2; exit 2; }
[ -x "$python" ] || { echo "stats.sh: no muspy environment at $python (make venv-muspy)" >&2; exit 2; }
timer=/usr/bin/time
[ -x "$timer" ] || { echo "stats.sh: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }
corpus=$(dpkg -L openttd-openmsx planetblupi-music-midi 2>/dev/null | grep -i '\.mid$' || true)
[ -n "$corpus" ] || { echo "stats.sh: install openttd-openmsx and planetblupi-music-midi (make deps)" >&2; exit 2; }
count=$(echo "$corpus" | wc -l | tr -d ' ')

work=$(mktemp -d "${TMPDIR:-/tmp}/midiroll-stats-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

# 1. muspy, one pass in one process; then midiroll, the corpus PASSES times in one process.
# shellcheck disable=SC2086
set -- $("$python" "$here/muspy_stats.py" $corpus)
muspy_files=$1 muspy_wall=$2 muspy_cpu=$3
args=""
i=0
while [ "$i" -lt "$passes" ]; do args="$args $corpus"; i=$((i + 1)); done
# shellcheck disable=SC2086
"$timer" -f "%e %U %S %M" -o "$work/time" "$bin" stats --json $args > "$work/stats.jsonl"
read -r wall user system rss < "$work/time"
lines=$(wc -l < "$work/stats.jsonl" | tr -d ' ')
[ "$lines" -eq $((count * passes)) ] || { echo "stats.sh: expected $((count * passes)) lines, got $lines" >&2; exit 1; }
awk -v mf="$muspy_files" -v mw="$muspy_wall" -v mc="$muspy_cpu" -v n="$lines" -v w="$wall" \
  -v u="$user" -v s="$system" -v r="$rss" 'BEGIN {
  ours = n / w; oursCPU = n / (u + s); theirs = mf / mw; theirsCPU = mf / mc
  printf "stats over the real corpus (%d files), one process each:\n", mf
  printf "  muspy 0.5 read_midi + 13 metrics   %8.1f files/s  (CPU %8.1f)\n", theirs, theirsCPU
  printf "  midiroll stats --json (x%d)        %8.1f files/s  (CPU %8.1f)  peak RSS %.1f MiB\n", n / mf, ours, oursCPU, r / 1024
  printf "  ratio: %.0fx by the wall clock, %.0fx in CPU time\n", ours / theirs, oursCPU / theirsCPU
}'

# 2. batch over the corpus copied COPIES times.
i=1
while [ "$i" -le "$copies" ]; do
  mkdir -p "$work/in/copy$i"
  # shellcheck disable=SC2086
  cp $corpus "$work/in/copy$i/"
  i=$((i + 1))
done
files=$(find "$work/in" -type f | wc -l | tr -d ' ')
echo "batch --to json --compact --stats --split train=0.8,valid=0.1,test=0.1 over $files files (the corpus x $copies):"
for dedup in --dedup ""; do
  for jobs in $jobs_list; do
    rm -rf "$work/out"
    # shellcheck disable=SC2086
    "$timer" -f "%e %M" -o "$work/time" "$bin" batch "$work/in" "$work/out" --to json --compact --stats $dedup \
      --split train=0.8,valid=0.1,test=0.1 --jobs "$jobs" -q || { echo "stats.sh: batch failed" >&2; exit 1; }
    read -r wall rss < "$work/time"
    written=$(find "$work/out" -name '*.json' | wc -l | tr -d ' ')
    awk -v f="$files" -v w="$wall" -v r="$rss" -v j="$jobs" -v d="${dedup:-(no --dedup)}" -v o="$written" 'BEGIN {
      printf "  %-14s --jobs %s  %7.1f s  %8.1f files/s  peak RSS %6.1f MiB  (%d written)\n", d, j, w, f / w, r / 1024, o
    }'
  done
done

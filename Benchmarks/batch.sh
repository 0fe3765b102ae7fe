#!/bin/sh
# Batch benchmark: the real corpus (Debian openttd-openmsx and planetblupi-music-midi) copied
# COPIES times into a temporary tree, converted by `midiroll batch` with --jobs 1 and --jobs 2,
# each into a fresh output folder. Prints files/s, MB/s (input bytes) and the 2-job speed-up.
#
#   sh Benchmarks/batch.sh [MIDIROLL]     MIDIROLL defaults to .build/release/midiroll
#
# Environment: COPIES (50), RUNS (3; runs alternate between job counts, the best of each is kept),
# VERBOSE (set: print every run's time), TO (json when this build
# writes piano-roll JSON, else mid), JOBS ("1 2").
set -eu

bin=${1:-${MIDIROLL:-.build/release/midiroll}}
copies=${COPIES:-50}
runs=${RUNS:-3}
jobs_list=${JOBS:-1 2}
[ -x "$bin" ] || { echo "batch.sh: no midiroll binary at $bin (build it: swift build -c release)" >&2; exit 2; }

corpus=$(dpkg -L openttd-openmsx planetblupi-music-midi 2>/dev/null | grep -i '\.mid$' || true)
[ -n "$corpus" ] || { echo "batch.sh: install openttd-openmsx and planetblupi-music-midi (make deps)" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/midiroll-batch-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

first=$(echo "$corpus" | head -n 1)
if [ -z "${TO:-}" ]; then
  if "$bin" convert "$first" "$work/probe.json" >/dev/null 2>&1; then TO=json; else TO=mid; fi
fi

i=1
while [ "$i" -le "$copies" ]; do
  mkdir -p "$work/in/copy$i"
  # shellcheck disable=SC2086
  cp $corpus "$work/in/copy$i/"
  i=$((i + 1))
done
files=$(find "$work/in" -type f | wc -l | tr -d ' ')
bytes=$(find "$work/in" -type f -exec cat {} + | wc -c | tr -d ' ')
cores=$(nproc 2>/dev/null || echo '?')

now() { date +%s.%N; }

echo "batch benchmark: $files files ($(echo "$bytes" | awk '{printf "%.1f MB", $1 / 1e6}'), the real corpus x $copies), --to $TO, $cores cores, best of $runs"
# Runs alternate between the job counts, so that a change in the machine's load during the
# benchmark falls on all of them alike; the best run of each is kept.
best_of() { eval "echo \${best_$1:-}"; }
run=1
while [ "$run" -le "$runs" ]; do
  for jobs in $jobs_list; do
    # A fresh output folder per run, removed only at the end: files created right after
    # thousands were deleted are slow to create on ext4 (it avoids reusing recently freed inodes).
    out="$work/out-$run-$jobs"
    sync  # no writeback of the copy or of earlier runs during this one
    start=$(now)
    status=0
    "$bin" batch "$work/in" "$out" --to "$TO" --jobs "$jobs" --quiet || status=$?
    end=$(now)
    if [ "$status" -ne 0 ]; then
      echo "batch.sh: midiroll batch --jobs $jobs exited $status:" >&2
      grep '"failed"' "$out/midiroll-report.jsonl" | head -n 5 >&2
      exit 1
    fi
    seconds=$(echo "$start $end" | awk '{printf "%.4f", $2 - $1}')
    [ -z "${VERBOSE:-}" ] || echo "  run $run, --jobs $jobs: $seconds s" >&2
    previous=$(best_of "$jobs")
    if [ -z "$previous" ] || [ "$(echo "$seconds $previous" | awk '{print ($1 < $2)}')" = 1 ]; then
      eval "best_$jobs=$seconds"
    fi
  done
  run=$((run + 1))
done

printf '%-8s %10s %10s %10s %10s\n' jobs seconds files/s MB/s speed-up
base=""
for jobs in $jobs_list; do
  best=$(best_of "$jobs")
  [ -n "$base" ] || base=$best
  echo "$jobs $best $files $bytes $base" | awk '{
    printf "%-8s %10.3f %10.1f %10.1f %9.2fx\n", $1, $2, $3 / $2, $4 / 1e6 / $2, $5 / $2 }'
done

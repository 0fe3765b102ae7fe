#!/bin/sh
# Batch benchmark: the real corpus (Debian openttd-openmsx and planetblupi-music-midi) copied
# COPIES times into a temporary tree, converted by `midiroll batch` with --jobs 1 and --jobs 2,
# each run into a fresh output folder. Prints files/s, MB/s (of input) and the speed-up over
# one job, for --to mid (read and rewrite), --to json (piano-roll JSON, ~45x the input) and
# compact (--to json --compact), with the bytes written (MB/s out) and the peak RSS of the run
# (/usr/bin/time, Debian package `time`).
#
#   sh Benchmarks/batch.sh [MIDIROLL]     MIDIROLL defaults to .build/release/midiroll
#
# Environment: COPIES (50); RUNS (3: runs alternate between the job counts so that a change
# in the machine's load falls on all alike, and the best run of each is kept); JOBS ("1 2");
# TO ("mid json"); VERBOSE (set: print every run's time).
set -eu

bin=${1:-${MIDIROLL:-.build/release/midiroll}}
copies=${COPIES:-50}
runs=${RUNS:-3}
jobs_list=${JOBS:-1 2}
to_list=${TO:-mid json compact}
[ -x "$bin" ] || { echo "batch.sh: no midiroll binary at $bin (build it: swift build -c release)" >&2; exit 2; }

corpus=$(dpkg -L openttd-openmsx planetblupi-music-midi 2>/dev/null | grep -i '\.mid$' || true)
[ -n "$corpus" ] || { echo "batch.sh: install openttd-openmsx and planetblupi-music-midi (make deps)" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/midiroll-batch-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

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
best_of() { eval "echo \${best_$1:-}"; }
timer=/usr/bin/time
[ -x "$timer" ] || { echo "batch.sh: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }

echo "batch benchmark: $files files, $(echo "$bytes" | awk '{printf "%.1f MB", $1 / 1e6}')" \
  "(the real corpus x $copies), $cores cores, best of $runs runs"
for to in $to_list; do
  for jobs in $jobs_list; do eval "best_$jobs= rss_$jobs=0 out_$jobs=0"; done
  case $to in
    compact) kind=json; extra=--compact ;;
    *) kind=$to; extra= ;;
  esac
  run=1
  while [ "$run" -le "$runs" ]; do
    for jobs in $jobs_list; do
      out="$work/out-$to-$run-$jobs"
      sync  # no writeback of earlier runs during this one
      start=$(now)
      status=0
      # shellcheck disable=SC2086
      "$timer" -f %M -o "$work/rss" "$bin" batch "$work/in" "$out" --to "$kind" $extra --jobs "$jobs" \
        --quiet || status=$?
      end=$(now)
      if [ "$status" -ne 0 ]; then
        echo "batch.sh: midiroll batch --to $to --jobs $jobs exited $status:" >&2
        grep '"failed"' "$out/midiroll-report.jsonl" | head -n 5 >&2
        exit 1
      fi
      seconds=$(echo "$start $end" | awk '{printf "%.4f", $2 - $1}')
      [ -z "${VERBOSE:-}" ] || echo "  --to $to, run $run, --jobs $jobs: $seconds s" >&2
      rss=$(tail -n 1 "$work/rss")
      written=$(du -sb "$out" | cut -f1)
      eval "[ \"\$rss\" -gt \"\${rss_$jobs}\" ] && rss_$jobs=$rss; out_$jobs=$written"
      previous=$(best_of "$jobs")
      if [ -z "$previous" ] || [ "$(echo "$seconds $previous" | awk '{print ($1 < $2)}')" = 1 ]; then
        eval "best_$jobs=$seconds"
      fi
      # JSON outputs (~4 GB a run) go at once; .mid ones after the last run, because ext4
      # creates files slowly for minutes after thousands were deleted (it avoids reusing
      # recently freed inodes), which would slow every later run.
      [ "$to" = mid ] || rm -rf "$out"
    done
    run=$((run + 1))
  done
  rm -rf "$work"/out-*
  printf '%-10s %6s %10s %10s %10s %10s %10s %12s\n' to jobs seconds files/s 'MB/s in' 'MB/s out' speed-up 'peak RSS'
  base=""
  for jobs in $jobs_list; do
    best=$(best_of "$jobs")
    [ -n "$base" ] || base=$best
    eval "rss=\${rss_$jobs}; written=\${out_$jobs}"
    echo "$to $jobs $best $files $bytes $base $written $rss" | awk '{
      printf "%-10s %6s %10.3f %10.1f %10.1f %10.1f %9.2fx %8.1f MiB\n", $1, $2, $3, $4 / $3, $5 / 1e6 / $3,
        $7 / 1e6 / $3, $6 / $3, $8 / 1024 }'
  done
done

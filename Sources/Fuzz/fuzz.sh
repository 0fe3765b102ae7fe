#!/bin/sh
# Runs each fuzz target (already built by `make fuzz`) for FUZZ_SECONDS, seeded with the
# samples, the regression fixtures, the Debian packages' real files and Tests/Fixtures/corpus.
# The growing corpus and any finding stay under .build-fuzz (git-ignored). Each target checks
# laws, not only crashes (Sources/Fuzz/Laws): a broken law aborts and is a finding too.
# Usage: Sources/Fuzz/fuzz.sh BIN_DIR TARGET...
# Environment: FUZZ_SECONDS (per target, default 60), FUZZ_MAX_LEN (default 16384),
#              FUZZ_TIMEOUT (seconds per input, default 5), FUZZ_ARGS (more libFuzzer flags),
#              FUZZ_PARALLEL (1, the default: the targets run at the same time, one core each;
#              0: one after the other).
set -u
bin=$1
shift
seconds=${FUZZ_SECONDS:-60}
max_len=${FUZZ_MAX_LEN:-16384}
timeout=${FUZZ_TIMEOUT:-5}
work=.build-fuzz
status=0
# Folders of real MIDI files: the Debian packages' (if installed) and Tests/Fixtures/corpus.
midi_folders=""
for dir in $(dpkg -L openttd-openmsx planetblupi-music-midi 2>/dev/null | grep '\.mid$' | xargs -r -n1 dirname | sort -u) Tests/Fixtures/corpus; do
  [ -d "$dir" ] && midi_folders="$midi_folders $dir"
done
# Swift's backtracer would hold a crashing fuzzer for 30 s; libFuzzer reports crashes itself.
export SWIFT_BACKTRACE=enable=no

# Fuzzes one target for $seconds; prints one line: its runs and speed, or its finding.
fuzz_target() {
  target=$1
  case $target in
    fuzz-smf-reader)
      seeds="Samples Tests/Fixtures/fuzz-regressions/smf $midi_folders"
      dict=Sources/Fuzz/dictionaries/smf.dict ;;
    fuzz-json-reader)
      # The piano-roll JSON of every readable .mid file, and JSON written by hand.
      mkdir -p "$work/seeds"
      "$bin/$target" --make-seeds "$work/seeds/json" Samples $midi_folders >/dev/null
      find "$work/seeds/json" -type f -size +"$max_len"c -delete  # would be cut: no longer JSON
      seeds="Sources/Fuzz/seeds/json Tests/Fixtures/fuzz-regressions/json $work/seeds/json"
      dict=Sources/Fuzz/dictionaries/json.dict ;;
    fuzz-tokens)
      # MIDI files (read and tokenized) and short id lists (decoded) alike.
      seeds="Samples Tests/Fixtures/fuzz-regressions/tokens $midi_folders"
      dict=Sources/Fuzz/dictionaries/smf.dict ;;
    fuzz-edits)
      # MIDI files whose last eight bytes pick `convert`'s edit options and values.
      seeds="Samples Tests/Fixtures/fuzz-regressions/edits $midi_folders"
      dict=Sources/Fuzz/dictionaries/smf.dict ;;
    *) echo "fuzz.sh: unknown target $target" >&2; return 2 ;;
  esac
  corpus=$work/corpus/$target
  artifacts=$work/artifacts/$target/
  mkdir -p "$corpus" "$artifacts"
  existing=""
  for dir in $seeds; do [ -d "$dir" ] && existing="$existing $dir"; done
  log=$work/$target.log
  echo "fuzz: $target for $seconds s (seeds:$existing; corpus $corpus)"
  # -rss_limit_mb / -malloc_limit_mb: an input that makes the reader hold 1 GiB, or ask for
  # 256 MiB at once, is a finding (the inputs are at most FUZZ_MAX_LEN bytes).
  "$bin/$target" "$corpus" $existing \
    -max_total_time="$seconds" -max_len="$max_len" -timeout="$timeout" \
    -rss_limit_mb=1024 -malloc_limit_mb=256 -print_final_stats=1 -dict="$dict" \
    -artifact_prefix="$artifacts" ${FUZZ_ARGS:-} >"$log" 2>&1
  code=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log")
  units=$(ls "$corpus" | wc -l)
  if [ "$code" -eq 0 ]; then
    echo "fuzz: $target: ${runs:-?} runs in $seconds s (${rate:-?} exec/s), peak RSS ${rss:-?} MB, corpus $units inputs, no finding"
  else
    echo "fuzz: $target: FINDING after ${runs:-?} runs (exit $code); log: $log" >&2
    grep -E '^(==[0-9]+==ERROR|SUMMARY|law broken|Fatal error)' "$log" | head -5 >&2
    ls -t "$artifacts" | head -3 | sed "s|^|  input: $artifacts|" >&2
    echo "  replay: $bin/$target <input>; then add it to Tests/Fixtures/fuzz-regressions" >&2
    return 1
  fi
}

if [ "${FUZZ_PARALLEL:-1}" = 1 ]; then
  pids=""
  for target in "$@"; do
    fuzz_target "$target" &
    pids="$pids $!"
  done
  for pid in $pids; do wait "$pid" || status=1; done
else
  for target in "$@"; do fuzz_target "$target" || status=1; done
fi
exit $status

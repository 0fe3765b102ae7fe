#!/bin/sh
# make demo: what a new user runs first. Converts every sample, and writes the results to OUT.
# Usage: demo.sh MIDIROLL SAMPLES_DIR OUT_DIR
set -eu
bin=$1; samples=$2; out=$3
mkdir -p "$out/rewritten"
echo "midiroll demo: reading every file in $samples/"
for f in "$samples"/*.mid; do
  name=$(basename "$f" .mid)
  "$bin" convert "$f" "$out/rewritten/$name.mid"
  echo "  rewrote  $f -> $out/rewritten/$name.mid"
done
echo
"$bin" check "$samples/two-tracks-tempo-change.mid"
echo
echo "Results are in $out/"

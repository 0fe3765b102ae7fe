#!/bin/sh
# make demo: the first thing a new user runs. Converts every sample to piano-roll JSON, quantizes
# one, conforms one to a scale, draws piano rolls of the originals and the results, and shows one
# in the terminal. Everything lands in OUT.
# Usage: demo.sh MIDIROLL SAMPLES_DIR OUT_DIR
set -eu
bin=$1; samples=$2; out=$3
rm -rf "$out"
mkdir -p "$out/json" "$out/svg"

echo "== midiroll demo: every file in $samples/"
for f in "$samples"/*.mid; do
  name=$(basename "$f" .mid)
  "$bin" convert --quiet "$f" "$out/json/$name.json"
  "$bin" render --quiet "$f" "$out/svg/$name.svg"
  echo "  $f -> $out/json/$name.json, $out/svg/$name.svg"
done

echo
echo "== what one file holds (midiroll info)"
"$bin" info "$samples/jig-to-waltz-6-8-3-4.mid"

echo
echo "== quantize a loosely played melody to sixteenths (midiroll quantize --grid 1/16 --ends)"
"$bin" quantize "$samples/loose-melody.mid" "$out/loose-melody.quantized.mid" --grid 1/16 --ends
"$bin" render --quiet "$out/loose-melody.quantized.mid" "$out/svg/loose-melody.quantized.svg" \
  --before "$samples/loose-melody.mid"
echo "  -> $out/loose-melody.quantized.mid, $out/svg/loose-melody.quantized.svg (original faded underneath)"

echo
echo "== conform the same melody to C major (midiroll filter --scale \"C major\" --mode snap)"
"$bin" filter "$samples/loose-melody.mid" "$out/loose-melody.c-major.mid" --scale "C major" --mode snap
"$bin" render --quiet "$out/loose-melody.c-major.mid" "$out/svg/loose-melody.c-major.svg" \
  --scale "C major" --before "$samples/loose-melody.mid"
echo "  -> $out/loose-melody.c-major.mid, $out/svg/loose-melody.c-major.svg (C major rows highlighted)"

echo
echo "== one pass: convert to JSON, quantize and filter (midiroll convert … --grid 1/8 --scale \"A minor\")"
"$bin" convert "$samples/loose-melody.mid" "$out/json/loose-melody.a-minor.quantized.json" \
  --grid 1/8 --scale "A minor"
echo "  -> $out/json/loose-melody.a-minor.quantized.json"

echo
echo "== the quantized melody in the terminal (midiroll show)"
"$bin" show "$out/loose-melody.quantized.mid" --color never

echo
echo "== batch: every sample to JSON, two files at a time (midiroll batch)"
"$bin" batch "$samples" "$out/batch" --to json --jobs 2 --quiet
echo "  -> $out/batch/ (report: $out/batch/midiroll-report.jsonl)"

echo
echo "Done. Open the SVG files in $out/svg/ in a browser; the JSON files are in $out/json/."

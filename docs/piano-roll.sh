#!/bin/sh
# Makes the README picture: a loosely played melody quantized to 1/16 and snapped to C major,
# drawn over the original (dashed grey), with the rows of C major highlighted.
# Usage: docs/piano-roll.sh [MIDIROLL]   (default .build/release/midiroll; needs rsvg-convert)
set -eu
bin=${1:-.build/release/midiroll}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin" quantize Samples/loose-melody.mid "$work/quantized.mid" --grid 1/16
"$bin" filter "$work/quantized.mid" "$work/c-major.mid" --scale "C major" --mode snap
"$bin" render "$work/c-major.mid" docs/piano-roll.svg --before Samples/loose-melody.mid \
  --scale "C major" --keys C4...C5 --beat-width 90 --row-height 16 \
  --title "loose-melody.mid quantized to 1/16 and snapped to C major (original underneath)"
rsvg-convert docs/piano-roll.svg -o docs/piano-roll.png
echo "wrote docs/piano-roll.svg and docs/piano-roll.png"

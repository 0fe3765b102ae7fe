#!/bin/sh
# make bench-html: the interactive page of a large file. Builds the file midiroll-bench uses
# (the largest real file repeated in time to about 8 MB), renders its page, and prints the sizes
# (page against the song's piano-roll JSON, compact where midiroll has it) and the page's load
# and pan times in headless Chromium.
# Usage: html.sh RELEASE_BIN_DIR PYTHON
set -eu
bin=$1; python=$2
here=$(dirname "$0")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$bin/midiroll-bench" --workloads large --tools midiroll --no-python --passes 1 --min-seconds 0 \
  --save-large "$work/large.mid" >/dev/null
notes=$("$bin/midiroll" info "$work/large.mid" | awk '$1 == "notes:" { gsub(",", "", $2); print $2; exit }')
"$bin/midiroll" convert --quiet "$work/large.mid" "$work/large.json"
# The compact profile, once midiroll has it; the full JSON otherwise.
if "$bin/midiroll" convert --quiet --compact "$work/large.mid" "$work/compact.json" 2>/dev/null; then
  compact="$work/compact.json"
else
  compact=""
fi
start=$(date +%s.%N)
"$bin/midiroll" render --quiet "$work/large.mid" "$work/large.html"
end=$(date +%s.%N)

size() { wc -c <"$1" | tr -d ' '; }
mid=$(size "$work/large.mid"); json=$(size "$work/large.json"); html=$(size "$work/large.html")
echo "== the interactive page of a large file ($notes notes)"
printf '  .mid          %12d bytes\n' "$mid"
printf '  JSON (full)   %12d bytes\n' "$json"
if [ -n "$compact" ]; then
  small=$(size "$compact")
  printf '  JSON compact  %12d bytes\n' "$small"
  printf '  page          %12d bytes = %s x the compact JSON (at most 1.5)\n' "$html" \
    "$(awk "BEGIN { printf \"%.3f\", $html / $small }")"
else
  printf '  page          %12d bytes = %s x the full JSON (no compact profile in this build)\n' "$html" \
    "$(awk "BEGIN { printf \"%.3f\", $html / $json }")"
fi
printf '  render        %12s s\n' "$(awk "BEGIN { printf \"%.2f\", $end - $start }")"
echo "  in headless Chromium:"
"$python" "$here/../Tests/Browser/piano_roll_page.py" --bench "$work/large.html"

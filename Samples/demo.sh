#!/bin/sh
# make demo: the first thing a new user runs. Converts every sample to piano-roll JSON (full and
# compact) and to pypianoroll .npz, quantizes one, conforms one to a scale, edits one (transpose,
# slice, merge), draws piano rolls (SVG and the interactive HTML page), renders one to WAV, writes
# through a link and to /dev/stdout, shows one in the terminal, batch-converts the folder with a
# report, prints muspy's metrics of two samples (stats), writes the report page of a deduplicated,
# split dataset, tokenizes every sample with MidiTok 3.1's tokenizer files (Samples/tokenizers:
# REMI, REMI+, TSD, MIDI-Like, Structured, CPWord, Octuple, PerTok, MMM, MuMIDI and REMI with trained BPE, Unigram and
# WordPiece models) and decodes the ids back to .mid, and reads every sample in Python into NumPy
# arrays (given a Python with the package installed). Everything lands in OUT.
# Usage: demo.sh MIDIROLL SAMPLES_DIR OUT_DIR [PYTHON]
set -eu
bin=$1; samples=$2; out=$3; python=${4:-}
rm -rf "$out"
mkdir -p "$out/json" "$out/compact" "$out/npz" "$out/svg" "$out/html" "$out/edits" "$out/wav"

echo "== midiroll demo: every file in $samples/"
for f in "$samples"/*.mid; do
  name=$(basename "$f" .mid)
  "$bin" convert --quiet "$f" "$out/json/$name.json"
  "$bin" convert --quiet --compact "$f" "$out/compact/$name.json"
  "$bin" convert --quiet "$f" "$out/npz/$name.npz"
  "$bin" render --quiet "$f" "$out/svg/$name.svg"
  "$bin" render --quiet "$f" "$out/html/$name.html"
  echo "  $f -> json/$name.json, compact/$name.json, npz/$name.npz, svg/$name.svg, html/$name.html"
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
echo "== edit: transpose up a fourth, take bars 2-3, merge into one track"
"$bin" transpose "$samples/two-tracks-tempo-change.mid" "$out/edits/two-tracks.up4.mid" --semitones 5
"$bin" slice "$samples/jig-to-waltz-6-8-3-4.mid" "$out/edits/jig.bars-2-3.mid" --bars 2-3
"$bin" merge "$samples/two-tracks-tempo-change.mid" "$out/edits/two-tracks.merged.mid"
echo "  -> $out/edits/two-tracks.up4.mid, $out/edits/jig.bars-2-3.mid, $out/edits/two-tracks.merged.mid"

echo
echo "== piano-roll matrices for music ML: 1/16 steps on the bar grid, sustain pedal applied (.npz)"
"$bin" convert "$samples/jig-to-waltz-6-8-3-4.mid" "$out/npz/jig.sixteenths.npz" --steps 1/16 --sustain extend
"$bin" convert "$samples/jig-to-waltz-6-8-3-4.mid" "$out/npz/jig.notes.npz" --npz notes
echo "  -> $out/npz/jig.sixteenths.npz (pypianoroll.load reads it), $out/npz/jig.notes.npz (note columns)"

echo
echo "== hear it: the melody before and after quantizing, through FluidSynth (midiroll render OUT.wav)"
if "$bin" render --quiet "$samples/loose-melody.mid" "$out/wav/loose-melody.wav" 2>"$out/wav/error.txt"; then
  "$bin" render --quiet "$out/loose-melody.quantized.mid" "$out/wav/loose-melody.quantized.wav"
  rm -f "$out/wav/error.txt"
  echo "  -> $out/wav/loose-melody.wav, $out/wav/loose-melody.quantized.wav"
else
  echo "  skipped: $(cat "$out/wav/error.txt")"
fi

echo
echo "== outputs you name are respected: a link is followed and kept, standard output by its path is written"
ln -s edits/current.json "$out/current.json"
"$bin" convert --quiet --compact "$out/loose-melody.quantized.mid" "$out/current.json"
echo "  -> $out/current.json (still a link; its target $out/edits/current.json holds the quantized melody)"
printf '  /dev/stdout: '
"$bin" convert --quiet --compact "$samples/c-major-arpeggio.mid" /dev/stdout --to json | head -c 60
echo " …"

echo
echo "== the quantized melody in the terminal (midiroll show)"
"$bin" show "$out/loose-melody.quantized.mid" --color never

echo
echo "== batch: every sample to JSON, two files at a time (midiroll batch)"
# The songs alone: batch reads every .json under its folder too, and Samples/tokenizers holds
# MidiTok's tokenizer files.
mkdir -p "$out/songs"
cp "$samples"/*.mid "$out/songs/"
"$bin" batch "$out/songs" "$out/batch" --to json --jobs 2 --quiet
echo "  -> $out/batch/ (report: $out/batch/midiroll-report.jsonl)"
echo
echo "== what the batch did, from its report (midiroll report)"
"$bin" report "$out/batch"
echo
echo "== know your dataset: muspy's metrics, facts and fingerprints of two samples (midiroll stats)"
"$bin" stats "$samples/drum-pattern.mid" "$samples/jig-to-waltz-6-8-3-4.mid"
"$bin" stats --json "$samples"/*.mid > "$out/stats.jsonl"
echo "  -> $out/stats.jsonl (one JSON line per sample, muspy's function names under \"metrics\")"
echo
echo "== a dataset: the samples plus a re-saved copy, deduplicated and split by content, with statistics"
mkdir -p "$out/dataset/resaved"
cp "$samples"/*.mid "$out/dataset/"
"$bin" convert "$samples/loose-melody.mid" "$out/dataset/resaved/loose-melody.json" --compact
"$bin" batch "$out/dataset" "$out/dataset-out" --to json --compact --stats --dedup \
  --split train=0.8,valid=0.1,test=0.1 --quiet
"$bin" report "$out/dataset-out" --html "$out/report.html"
echo "  -> $out/dataset-out/{train,valid,test}/, $out/report.html (totals, duplicates, charts)"

echo
echo "== tokens for music ML: MidiTok 3.1's ids (midiroll tokenize / detokenize --tokenizer T.json)"
for tokenizer in remi remi-plus tsd midilike structured cpword octuple pertok mmm mumidi remi-bpe remi-unigram remi-wordpiece; do
  mkdir -p "$out/tokens/$tokenizer"
  count=0
  for f in "$samples"/*.mid; do
    name=$(basename "$f" .mid)
    "$bin" tokenize --quiet "$f" "$out/tokens/$tokenizer/$name.json" \
      --tokenizer "$samples/tokenizers/$tokenizer.json"
    "$bin" detokenize --quiet "$out/tokens/$tokenizer/$name.json" "$out/tokens/$tokenizer/$name.mid" \
      --tokenizer "$samples/tokenizers/$tokenizer.json"
    count=$((count + 1))
  done
  echo "  --tokenizer tokenizers/$tokenizer.json: $count songs -> $out/tokens/$tokenizer/*.json," \
    "decoded back to $out/tokens/$tokenizer/*.mid"
done
echo "  the first ids of c-major-arpeggio, base (REMI) and trained (REMI + BPE: 907 is Bar_None TimeSig_4/4 Position_0 Pitch_60):"
echo "    $(head -c 100 "$out/tokens/remi/c-major-arpeggio.json")…"
echo "    $(head -c 100 "$out/tokens/remi-bpe/c-major-arpeggio.json")…"
"$bin" tokenize --quiet "$samples/two-tracks-tempo-change.mid" "$out/tokens/chunks.json" \
  --tokenizer "$samples/tokenizers/remi.json" --max-seq-len 48 --bos --eos --pitch-offset 2
echo "  chunks of at most 48 tokens, transposed +2 first (tokenize --max-seq-len 48 --bos --eos --pitch-offset 2):"
echo "    $(grep -o '"chunks": .*' "$out/tokens/chunks.json" | head -c 200)"
echo
echo "== batch: every sample to trained tokens (midiroll batch --to tokens), tokens per file in the report"
"$bin" batch "$out/songs" "$out/tokens/batch" --to tokens --tokenizer "$samples/tokenizers/remi-bpe.json" --quiet
tokens=$(grep -o '"tokens":[0-9]*' "$out/tokens/batch/midiroll-report.jsonl" | awk -F: '{t += $2} END {print t}')
echo "  -> $out/tokens/batch/: $tokens trained ids (MidiTok's DatasetJSON reads the folder;" \
  "report: midiroll-report.jsonl)"
echo
echo "== train a tokenizer: REMI + BPE of 600 ids on the samples, as MidiTok's train does (midiroll train-tokenizer)"
"$bin" train-tokenizer "$samples/tokenizers/remi.json" "$out/tokens/remi-bpe-600.json" --model bpe --vocab-size 600 \
  --quiet "$samples" | sed 's/^/  /'
"$bin" tokenize --quiet "$samples/c-major-arpeggio.mid" "$out/tokens/c-major-arpeggio.bpe-600.json" \
  --tokenizer "$out/tokens/remi-bpe-600.json"
echo "  -> $out/tokens/remi-bpe-600.json (miditok.REMI(params=...) loads it); c-major-arpeggio with it:" \
  "$(head -c 80 "$out/tokens/c-major-arpeggio.bpe-600.json")…"
echo
echo "== a packed token dataset: chunks of at most 128 ids, augmented as MidiTok's augment_dataset, split (batch --pack)"
"$bin" batch "$out/songs" "$out/tokens/packs" --to tokens --tokenizer "$samples/tokenizers/remi.json" --pack \
  --max-seq-len 128 --bos --eos --augment pitch=-2,2 --augment velocity=-8,8 --split train=0.8,valid=0.2 --quiet
for part in train valid; do
  manifest="$out/tokens/packs/$part/pack-1-of-1/manifest.json"
  echo "  -> $out/tokens/packs/$part/pack-1-of-1/: $(grep -o '"sequences" : [0-9]*' "$manifest" | grep -o '[0-9]*$')" \
    "sequences, $(grep -o '"tokens" : [0-9]*' "$manifest" | grep -o '[0-9]*$') tokens (ids.bin, index.bin, sources.jsonl, manifest.json)"
done
echo

echo "== in Python: every sample's notes as NumPy arrays, its statistics, and edits written back, in-process (import midiroll; midiroll.read, midiroll.stats, song.transpose(2).quantize(\"1/16\").write(...))"
if [ -n "$python" ]; then
  "$python" "$samples/python_demo.py" "$samples" "$out/python/samples.npz"
  echo "  -> $out/python/samples.npz (notes, seconds and positions of every sample)"
  echo "  -> $out/python/stats.jsonl (midiroll.stats of every sample: muspy's metrics, facts, fingerprint)"
  echo "  -> $out/python/edited/ (every sample transposed, quantized and sliced in Python: the command line's bytes)"
  echo "  -> $out/python/tokens.jsonl (every sample in chunks of at most 64 MidiTok REMI ids, in Python)"
  echo "  the packed dataset opened in Python (midiroll.TokenDataset, midiroll.collate):"
  "$python" "$samples/python_demo.py" --pack "$out/tokens/packs/train" "$samples/tokenizers/remi.json"
else
  echo "  skipped: no Python given (make demo installs the wheel and gives its venv's)"
fi

echo
echo "Done. Open $out/html/*.html in a browser (zoom, pan, hover, play, edit, save), $out/report.html, the SVG files in"
echo "$out/svg/; the JSON files are in $out/json/ and $out/compact/, the .npz files in $out/npz/, MidiTok"
echo "tokens in $out/tokens/."

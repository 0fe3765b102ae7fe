"""Saves the MidiTok 3.1 tokenizer files midiroll's samples, demo and tests use.

Run with the project's virtual environment (`make venv`):
    .build/venv/bin/python3 Samples/tokenizers/make-tokenizers.py [NAME...]
Each file is what `tokenizer.save(path)` writes; `midiroll tokenize --tokenizer FILE` reads it.

Untrained tokenizers are saved in Samples/tokenizers. Trained ones (BPE, Unigram, WordPiece) are
trained on Samples/*.mid and the .mid files of the Debian packages openttd-openmsx and
planetblupi-music-midi, with a fixed vocabulary size: the REMI ones in Samples/tokenizers (the
demo's), the other settings the tests apply in Tests/Fixtures/tokenizers.

BPE and WordPiece training is deterministic: every run writes the same bytes. Unigram training is
not (the `tokenizers` trainer sums its EM steps in hash-map order, so scores and then pieces vary
from run to run; tokenizers issue 668): a Unigram file that exists is kept unless its name is given.
"""

import subprocess
import sys
from pathlib import Path

import miditok
from miditok import TokenizerConfig

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
FIXTURES = ROOT / "Tests" / "Fixtures" / "tokenizers"

# name: (tokenization, config arguments)
UNTRAINED = {
    # MidiTok's defaults.
    "remi": ("REMI", {}),
    # REMI+: every track in one stream with Program tokens, time signatures, tempos, rests.
    "remi-plus": ("REMI", {"use_programs": True, "use_tempos": True, "use_rests": True}),
    "tsd": ("TSD", {"use_tempos": True, "use_sustain_pedals": True}),
    "midilike": ("MIDILike", {"use_programs": True, "use_pitch_bends": True}),
    "structured": ("Structured", {}),
    "cpword": ("CPWord", {"use_programs": True, "use_tempos": True}),
    "octuple": ("Octuple", {"use_programs": True, "use_tempos": True}),
    # PerTok: songs at 480 ticks per quarter, sixteenths and triplets (overlapping beat_res
    # ranges), MicroTiming tokens for what a TimeShift misses.
    "pertok": (
        "PerTok",
        {
            "beat_res": {(0, 4): 4, (0, 2): 3},
            "use_time_signatures": False,
            "ticks_per_quarter": 480,
            "use_microtiming": True,
            "max_microtiming_shift": 0.125,
            "num_microtiming_bins": 30,
        },
    ),
    # MMM: each track tokenized by REMI between Track_Start and Track_End, tracks one after
    # another; tempos and time signatures.
    "mmm": ("MMM", {"base_tokenizer": "REMI", "use_tempos": True, "use_time_signatures": True}),
    # MuMIDI: every track in one stream of compound tokens (bar and position encodings),
    # tempos, drums with pitches of their own (35-81, General MIDI's percussion keys).
    "mumidi": ("MuMIDI", {"use_tempos": True, "drums_pitch_range": (35, 81)}),
}

# name: (folder, tokenization, config arguments, model, vocabulary size)
TRAINED = {
    # MidiTok's default REMI, split per bar.
    "remi-bpe": (HERE, "REMI", {}, "BPE", 1000),
    "remi-unigram": (HERE, "REMI", {}, "Unigram", 1000),
    "remi-wordpiece": (HERE, "REMI", {}, "WordPiece", 1000),
    # Split per beat: shorter words, WordPiece's limit of 100 characters.
    "remi-wordpiece-beat": (FIXTURES, "REMI", {"encode_ids_split": "beat"}, "WordPiece", 700),
    # No split: no pre-tokenizer, the whole sequence is one word, BPE without a prefix.
    "tsd-bpe-nosplit": (FIXTURES, "TSD", {"encode_ids_split": "no"}, "BPE", 800),
    # One stream with programs, split per bar.
    "remi-programs-unigram": (
        FIXTURES,
        "REMI",
        {"use_programs": True, "use_tempos": True, "use_rests": True},
        "Unigram",
        900,
    ),
    # MMM over TSD, BPE per bar: each track's ids encoded apart.
    "mmm-tsd-bpe": (FIXTURES, "MMM", {"base_tokenizer": "TSD", "use_tempos": True}, "BPE", 900),
    # MMM over MIDI-Like, WordPiece unsplit: each track one word.
    "mmm-midilike-wordpiece-nosplit": (
        FIXTURES,
        "MMM",
        {"base_tokenizer": "MIDILike", "encode_ids_split": "no"},
        "WordPiece",
        700,
    ),
}


def training_files() -> list[Path]:
    """Samples/*.mid, then the Debian packages' files, sorted."""
    listing = subprocess.run(
        ["dpkg", "-L", "openttd-openmsx", "planetblupi-music-midi"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\n")
    debian = sorted(Path(p) for p in listing if p.endswith(".mid") and Path(p).is_file())
    return sorted((ROOT / "Samples").glob("*.mid")) + debian


def main() -> None:
    named = sys.argv[1:]
    for name in named:
        if name not in UNTRAINED and name not in TRAINED:
            sys.exit(f"make-tokenizers.py: no tokenizer named {name}")
    for name, (tokenization, params) in UNTRAINED.items():
        if named and name not in named:
            continue
        tokenizer = getattr(miditok, tokenization)(TokenizerConfig(**params))
        tokenizer.save(HERE / f"{name}.json")
        print(f"{name}.json: {tokenization}, {len(tokenizer)} tokens")
    files = None
    for name, (folder, tokenization, params, model, size) in TRAINED.items():
        path = folder / f"{name}.json"
        if named and name not in named:
            continue
        if not named and model == "Unigram" and path.exists():
            print(f"{name}.json: kept (Unigram training is not deterministic; name it to train again)")
            continue
        files = files or training_files()
        tokenizer = getattr(miditok, tokenization)(TokenizerConfig(**params))
        tokenizer.train(vocab_size=size, model=model, files_paths=files)
        tokenizer.save(path)
        print(f"{name}.json: {tokenization} + {model}, {len(tokenizer)} ids ({len(tokenizer.vocab)} base)")


if __name__ == "__main__":
    main()

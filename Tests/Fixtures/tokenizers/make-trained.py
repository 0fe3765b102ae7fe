"""Trains the MidiTok 3.1 tokenizers the TokenizerModels tests apply, and saves them here.

    .build/venv/bin/python3 Tests/Fixtures/tokenizers/make-trained.py

Each model is trained on Samples/*.mid and the .mid files of the Debian packages
openttd-openmsx and planetblupi-music-midi, and saved with MidiTok's `tokenizer.save`, so the
files hold `_vocab_base`, `_vocab_base_byte_to_token` and `_model` as MidiTok writes them.
Unigram training is not deterministic (tokenizers issue 668): run this once, commit the files.
"""

import subprocess
import sys
from pathlib import Path

import miditok

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]

# name: (tokenization, config arguments, model, vocabulary size)
TOKENIZERS = {
    "remi-bpe": ("REMI", {}, "BPE", 1000),
    "remi-unigram": ("REMI", {}, "Unigram", 1000),
    "remi-wordpiece": ("REMI", {}, "WordPiece", 1000),
    # Split per beat: shorter words, WordPiece's limit of 100 characters.
    "remi-wordpiece-beat": ("REMI", {"encode_ids_split": "beat"}, "WordPiece", 700),
    # No split: no pre-tokenizer, the whole sequence is one word, BPE without a prefix.
    "tsd-bpe-nosplit": ("TSD", {"encode_ids_split": "no"}, "BPE", 800),
    # One stream with programs, split per bar.
    "remi-programs-unigram": (
        "REMI",
        {"use_programs": True, "use_tempos": True, "use_rests": True},
        "Unigram",
        900,
    ),
}


def midi_files() -> list[Path]:
    """Samples/*.mid and the Debian packages' files, sorted."""
    listing = subprocess.run(
        ["dpkg", "-L", "openttd-openmsx", "planetblupi-music-midi"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\n")
    debian = sorted(Path(p) for p in listing if p.endswith(".mid") and Path(p).is_file())
    samples = sorted((ROOT / "Samples").glob("*.mid"))
    return samples + debian


def main() -> None:
    files = midi_files()
    names = sys.argv[1:] or list(TOKENIZERS)
    for name in names:
        tokenization, arguments, model, size = TOKENIZERS[name]
        config = miditok.TokenizerConfig(**arguments)
        tokenizer = getattr(miditok, tokenization)(config)
        tokenizer.train(vocab_size=size, model=model, files_paths=files)
        tokenizer.save(HERE / f"{name}.json")
        print(f"{name}: {len(tokenizer)} ids ({len(tokenizer.vocab)} base)")


if __name__ == "__main__":
    main()

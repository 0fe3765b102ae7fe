"""Saves the MidiTok 3.1 tokenizer files midiroll's samples, demo and tests use.

Run with the project's virtual environment (`make venv`):
    .build/venv/bin/python3 Samples/tokenizers/make-tokenizers.py
Each file is what `tokenizer.save(path)` writes; `midiroll tokenize --tokenizer FILE` reads it.
"""

from pathlib import Path

import miditok
from miditok import TokenizerConfig

HERE = Path(__file__).resolve().parent

TOKENIZERS = {
    # MidiTok's defaults.
    "remi": ("REMI", {}),
    # REMI+: every track in one stream with Program tokens, time signatures, tempos, rests.
    "remi-plus": ("REMI", {"use_programs": True, "use_tempos": True, "use_rests": True}),
    "tsd": ("TSD", {"use_tempos": True, "use_sustain_pedals": True}),
    "midilike": ("MIDILike", {"use_programs": True, "use_pitch_bends": True}),
    "structured": ("Structured", {}),
    "cpword": ("CPWord", {"use_programs": True, "use_tempos": True}),
    "octuple": ("Octuple", {"use_programs": True, "use_tempos": True}),
}

if __name__ == "__main__":
    for name, (tokenization, params) in TOKENIZERS.items():
        tokenizer = getattr(miditok, tokenization)(TokenizerConfig(**params))
        tokenizer.save(HERE / f"{name}.json")
        print(f"{name}.json: {tokenization}, {len(tokenizer)} tokens")

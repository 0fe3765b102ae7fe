"""MidiTok 3.1 and Hugging Face `tokenizers` as the judges of TokenizerModels' ids.

    judge.py dump TOKENIZER.json OUT.json FILE.mid...
        For each file MidiTok reads: per sequence, the base ids split into chunks as
        `encode_token_ids` splits them (per bar, per beat, or whole), the trained ids
        `tokenizer(path)` gives, and the base ids `decode_token_ids` gives back for them.
    judge.py encode TOKENIZER.json IN.json OUT.json [TOKENIZER.json IN.json OUT.json]...
        IN: a list of sequences, each a list of chunks of base ids. OUT: for each, the ids of
        `tokenizers.Tokenizer.from_str(_model).encode(chunk_texts, is_pretokenized=True)`, the
        texts made with MidiTok's byte mapping; or {"error": message}. Only `tokenizers` is
        imported, so many small files are judged quickly.
    judge.py decode TOKENIZER.json IN.json OUT.json
        IN: a list of id lists. OUT: for each, the base ids of MidiTok's `decode_token_ids`; or
        {"error": message}.
    judge.py train IN.json OUT.json
        IN: a list of trainings, each {"words": [[word, count]...], "vocab_size", "min_frequency",
        "special_tokens", "initial_alphabet", "continuing_subword_prefix", "end_of_word_suffix",
        "limit_alphabet", "max_token_length"} (words without spaces). OUT: for each, the
        `tokenizers` BpeTrainer's model: "vocab" (tokens in id order) and "merges" (pairs of tokens
        in saved order).
    judge.py train-unigram IN.json OUT.json
        IN: a list of trainings, each {"words": [[word, count]...], "vocab_size", "special_tokens",
        "initial_alphabet", "unk_token", "max_piece_length", "shrinking_factor",
        "n_sub_iterations", "ours": {"vocab": [[piece, score]...], "unk_id"}} (words without
        spaces; "ours" optional). OUT: for each, the `tokenizers` UnigramTrainer's model: "vocab"
        ([piece, score] in id order) and "unk_id"; "tokens" and "weighted_tokens", the number of
        ids `encode` gives for the words (once each, and times their counts); "our_tokens" and
        "our_weighted_tokens", the same with `models.Unigram` made from "ours"; or {"error": message}
        when training fails.
"""

import json
import sys
from pathlib import Path

from tokenizers import Tokenizer


def load(path: str):
    import miditok

    with Path(path).open() as file:
        saved = json.load(file)
    return getattr(miditok, saved["tokenization"])(params=path), saved


def chunks_of(tokenizer, seq) -> list[list[int]]:
    split = tokenizer.config.encode_ids_split
    if split == "bar":
        return [list(sub.ids) for sub in seq.split_per_bars()]
    if split == "beat":
        return [list(sub.ids) for sub in seq.split_per_beats()]
    return [list(seq.ids)]


def dump(tokenizer_path: str, out: str, files: list[str]) -> None:
    from miditok import TokSequence

    tokenizer, _ = load(tokenizer_path)
    results = []
    for path in files:
        try:
            base = tokenizer.encode(path, encode_ids=False)
            trained = tokenizer(path)
        except Exception as error:  # noqa: BLE001 - a file MidiTok cannot read is left out
            results.append({"path": path, "error": f"{type(error).__name__}: {error}"})
            continue
        if isinstance(base, TokSequence):
            base, trained = [base], [trained]
        sequences = []
        for base_seq, trained_seq in zip(base, trained, strict=True):
            chunks = chunks_of(tokenizer, base_seq)
            assert [i for chunk in chunks for i in chunk] == list(base_seq.ids), path
            again = TokSequence(ids=list(trained_seq.ids), are_ids_encoded=True)
            tokenizer.decode_token_ids(again)
            sequences.append({"chunks": chunks, "ids": list(trained_seq.ids), "decoded": list(again.ids)})
        results.append({"path": path, "sequences": sequences})
    with Path(out).open("w") as file:
        json.dump(
            {"vocabulary_size": len(tokenizer), "base_size": len(tokenizer.vocab), "files": results}, file
        )


def encode(tokenizer_path: str, source: str, out: str) -> None:
    with Path(tokenizer_path).open() as file:
        saved = json.load(file)
    hf = Tokenizer.from_str(saved["_model"])
    token_to_byte = {token: byte for byte, token in saved["_vocab_base_byte_to_token"].items()}
    byte_of = {i: token_to_byte[token] for token, i in saved["_vocab_base"].items()}
    results = []
    with Path(source).open() as file:
        for sequence in json.load(file):
            try:
                texts = ["".join(byte_of[i] for i in chunk) for chunk in sequence]
                results.append(hf.encode(texts, is_pretokenized=True).ids)
            except Exception as error:  # noqa: BLE001 - the error is the answer
                results.append({"error": f"{type(error).__name__}: {error}"})
    with Path(out).open("w") as file:
        json.dump(results, file)


def decode(tokenizer_path: str, source: str, out: str) -> None:
    from miditok import TokSequence

    tokenizer, _ = load(tokenizer_path)
    results = []
    with Path(source).open() as file:
        for ids in json.load(file):
            seq = TokSequence(ids=ids, are_ids_encoded=True)
            try:
                tokenizer.decode_token_ids(seq)
                results.append(list(seq.ids))
            except Exception as error:  # noqa: BLE001 - the error is the answer
                results.append({"error": f"{type(error).__name__}: {error}"})
    with Path(out).open("w") as file:
        json.dump(results, file)


def train(source: str, out: str) -> None:
    from tokenizers import models, pre_tokenizers, trainers

    with Path(source).open() as file:
        jobs = json.load(file)
    results = []
    for job in jobs:
        options = {key: job[key] for key in ("continuing_subword_prefix", "end_of_word_suffix", "limit_alphabet",
                                              "max_token_length") if job.get(key) is not None}
        trainer = trainers.BpeTrainer(
            vocab_size=job["vocab_size"], min_frequency=job["min_frequency"], show_progress=False,
            special_tokens=job["special_tokens"], initial_alphabet=job["initial_alphabet"], **options)
        tokenizer = Tokenizer(models.BPE())
        tokenizer.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
        texts = [" ".join([word] * count) for word, count in job["words"]]
        tokenizer.train_from_iterator(texts, trainer=trainer)
        model = json.loads(tokenizer.to_str())["model"]
        vocab = sorted(model["vocab"].items(), key=lambda item: item[1])
        results.append({"vocab": [token for token, _ in vocab], "merges": model["merges"]})
    with Path(out).open("w") as file:
        json.dump(results, file)


def train_unigram(source: str, out: str) -> None:
    from tokenizers import models, pre_tokenizers, trainers

    def count_tokens(tokenizer, words) -> tuple[int, int]:
        encodings = tokenizer.encode_batch([word for word, _ in words], add_special_tokens=False)
        plain = sum(len(encoding.ids) for encoding in encodings)
        weighted = sum(len(encoding.ids) * count for encoding, (_, count) in zip(encodings, words, strict=True))
        return plain, weighted

    with Path(source).open() as file:
        jobs = json.load(file)
    results = []
    for job in jobs:
        options = {key: job[key] for key in ("unk_token", "max_piece_length", "shrinking_factor",
                                              "n_sub_iterations") if job.get(key) is not None}
        trainer = trainers.UnigramTrainer(
            vocab_size=job["vocab_size"], show_progress=False, special_tokens=job["special_tokens"],
            initial_alphabet=job["initial_alphabet"], **options)
        tokenizer = Tokenizer(models.Unigram())
        tokenizer.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
        texts = [" ".join([word] * count) for word, count in job["words"]]
        try:
            tokenizer.train_from_iterator(texts, trainer=trainer)
        except Exception as error:  # noqa: BLE001 - the error is the answer
            results.append({"error": f"{type(error).__name__}: {error}"})
            continue
        model = json.loads(tokenizer.to_str())["model"]
        result = {"vocab": model["vocab"], "unk_id": model["unk_id"]}
        result["tokens"], result["weighted_tokens"] = count_tokens(tokenizer, job["words"])
        if (ours := job.get("ours")) is not None:
            vocab = [(piece, score) for piece, score in ours["vocab"]]
            with_ours = Tokenizer(models.Unigram(vocab, ours["unk_id"], False))
            result["our_tokens"], result["our_weighted_tokens"] = count_tokens(with_ours, job["words"])
        results.append(result)
    with Path(out).open("w") as file:
        json.dump(results, file)


if __name__ == "__main__":
    command, tokenizer_file, *rest = sys.argv[1:]
    if command == "train":
        train(tokenizer_file, rest[0])
    elif command == "train-unigram":
        train_unigram(tokenizer_file, rest[0])
    elif command == "dump":
        dump(tokenizer_file, rest[0], rest[1:])
    elif command == "encode":
        jobs = [tokenizer_file, *rest]
        for index in range(0, len(jobs), 3):
            encode(*jobs[index : index + 3])
    elif command == "decode":
        decode(tokenizer_file, rest[0], rest[1])
    else:
        sys.exit(f"unknown command {command}")

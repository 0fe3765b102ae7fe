#!/usr/bin/env python3
"""Checks a sharded batch run for `make test-slurm`, from the files alone.

check.py once|resumed TREE OUT REPORT_JSON

- Every line of every OUT/midiroll-report*.jsonl parses.
- Every file of TREE has a result; with `once`, exactly one line in all reports together
  (converted once, each failure reported once); with `resumed`, never two `ok` lines (no input
  converted twice) and a latest result for each.
- An input whose latest result is ok has its output, a JSON song; a failed one has none; the
  corrupt files made by test-slurm.sh (text, empty, a format 7 header, a JSON object) failed.
- No temporary file is left in OUT.
- REPORT_JSON (`midiroll report OUT --json`) gives the same totals, nothing missing.
"""
import json
import os
import sys
from collections import Counter, defaultdict


def fail(message):
    print(f"check.py: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def main():
    mode, tree, out, report_json = sys.argv[1:5]
    inputs = set()
    for folder, _, names in os.walk(tree):
        for name in names:
            if not name.lower().endswith((".mid", ".midi", ".kar", ".rmi", ".smf", ".json")):
                continue
            inputs.add(os.path.relpath(os.path.join(folder, name), tree))

    lines = defaultdict(list)  # input -> its lines, in order (one report per input's shard)
    reports = sorted(n for n in os.listdir(out) if n.startswith("midiroll-report") and n.endswith(".jsonl"))
    if len(reports) != 4:
        fail(f"expected 4 reports, found {reports}")
    summaries = 0
    for name in reports:
        with open(os.path.join(out, name), "rb") as handle:
            for number, raw in enumerate(handle.read().split(b"\n"), 1):
                if not raw:
                    continue
                try:
                    line = json.loads(raw)
                except ValueError:
                    fail(f"{name}:{number} does not parse: {raw[:80]!r}")
                if "summary" in line:
                    summaries += 1
                if "input" in line:
                    lines[line["input"]].append(line)

    if set(lines) != inputs:
        missing = sorted(inputs - set(lines))[:5]
        extra = sorted(set(lines) - inputs)[:5]
        fail(f"inputs without a line: {missing}; lines for no input: {extra}")
    for path, entries in lines.items():
        statuses = [entry["status"] for entry in entries]
        if mode == "once" and len(entries) != 1:
            fail(f"{path} has {len(entries)} lines: {statuses}")
        if statuses.count("ok") > 1:
            fail(f"{path} was converted {statuses.count('ok')} times")

    latest = {path: entries[-1] for path, entries in lines.items()}
    for path, entry in latest.items():
        status = entry["status"]
        output = os.path.join(out, os.path.splitext(path)[0] + ".json")
        if status in ("ok", "skipped"):
            if not os.path.isfile(output):
                fail(f"{path} is {status} but {output} is missing")
            with open(output, "rb") as handle:
                song = json.load(handle)
            if "tracks" not in song:
                fail(f"{output} is not a piano-roll song")
        elif os.path.exists(output):
            fail(f"{path} failed but has an output")
        base = os.path.basename(path)
        if "/corrupt/" in "/" + path and base in ("text.mid", "empty.mid", "format-7.mid", "object.mid"):
            if status != "failed":
                fail(f"{path} is corrupt but {status}")
        if status == "failed" and not entry.get("reason"):
            fail(f"{path} failed without a reason")

    leftovers = []
    for folder, _, names in os.walk(out):
        leftovers += [os.path.join(folder, n) for n in names if n.endswith(".tmp") or ".midiroll-" in n]
    if leftovers:
        fail(f"temporary files left: {leftovers[:5]}")

    counts = Counter(entry["status"] for entry in latest.values())
    with open(report_json) as handle:
        summary = json.load(handle)
    expected = {"inputs": len(inputs), "ok": counts["ok"], "failed": counts["failed"],
                "skipped": counts["skipped"], "missing": 0}
    got = {key: summary.get(key) for key in expected}
    if got != expected:
        fail(f"midiroll report says {got}, the reports say {expected}")
    if sum(group["count"] for group in summary["failures"]) != counts["failed"]:
        fail("the failure groups do not add up to the failures")
    if summary["incomplete"]:
        fail(f"midiroll report lists incomplete shards: {summary['incomplete']}")
    print(f"check.py: {mode}: {len(inputs)} inputs: {dict(counts)}; {summaries} summaries; "
          f"{len(summary['failures'])} failure groups")


main()

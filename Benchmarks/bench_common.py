"""Shared timing and reporting for the Python readers that `make bench` compares with midiroll.

Every script reads the same files as the Swift benchmark, from bytes already in memory
unless told otherwise, one untimed warm-up pass, then timed passes until --passes are done or
--min-seconds have gone by (at least one pass). It prints one JSON object on stdout:

    {"tool": "...", "available": true, "version": "...", "files": N, "bytes": B,
     "passSeconds": [s, ...], "passCPUSeconds": [s, ...], "notes": n, "events": e}

or {"tool": "...", "available": false, "reason": "..."} when the module cannot be imported.
"""

import argparse
import json
import sys
import time


def arguments(description):
    """Parses the command line every reader script shares."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--passes", type=int, default=5, help="timed passes over all files (at most)")
    parser.add_argument("--min-seconds", type=float, default=1.0,
                        help="stop after the pass that brings the total past this many seconds")
    parser.add_argument("--from-file", action="store_true",
                        help="read each file from its path in every pass instead of from bytes in memory")
    parser.add_argument("files", nargs="+")
    return parser.parse_args()


def unavailable(tool, error):
    """Reports that the tool's module is not importable, and exits successfully."""
    print(json.dumps({"tool": tool, "available": False, "reason": str(error)}))
    sys.exit(0)


def run(tool, version, options, read):
    """Times `read(path, data)` over every file; `read` returns (notes, events) for one file."""
    inputs = []
    for path in options.files:
        with open(path, "rb") as handle:
            inputs.append((path, handle.read()))
    total_bytes = sum(len(data) for _, data in inputs)

    def one_pass():
        notes = events = 0
        for path, data in inputs:
            n, e = read(path, data)
            notes += n
            events += e
        return notes, events

    notes, events = one_pass()  # warm-up, untimed
    seconds = []
    cpu_seconds = []
    while len(seconds) < max(1, options.passes):
        cpu_start = time.process_time()
        start = time.perf_counter()
        one_pass()
        seconds.append(time.perf_counter() - start)
        cpu_seconds.append(time.process_time() - cpu_start)
        if sum(seconds) >= options.min_seconds:
            break
    print(json.dumps({
        "tool": tool, "available": True, "version": version, "files": len(inputs),
        "bytes": total_bytes, "passSeconds": seconds, "passCPUSeconds": cpu_seconds,
        "notes": notes, "events": events,
    }))

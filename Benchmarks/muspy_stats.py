"""muspy 0.5's files per second, read + 13 metrics, in one Python process: the reference of
`midiroll stats` in Benchmarks/stats.sh. The metrics are called exactly as the judge of the
tests calls them (Tests/StatsJudge/muspy_metrics.py).

usage: muspy_stats.py FILE...   (prints "files seconds cpu_seconds" after one pass over the files)
"""

import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "Tests" / "StatsJudge"))

import muspy  # noqa: E402
from muspy_metrics import metrics  # noqa: E402


def main():
    paths = sys.argv[1:]
    wall, cpu = time.perf_counter(), time.process_time()
    done = 0
    for path in paths:
        try:
            music = muspy.read_midi(path)
        except Exception:  # a refused file still took its time
            continue
        metrics(music)
        done += 1
    print(len(paths), time.perf_counter() - wall, time.process_time() - cpu)


if __name__ == "__main__":
    main()

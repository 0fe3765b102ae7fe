"""`.mid → .npz` benchmark: midiroll beside pypianoroll's read + save on the same files.

Usage: npz_bench.py MIDIROLL LARGE_MID
Measures, each in its own child process (wall time, peak RSS from wait4):
  - the large file: `midiroll convert LARGE.mid OUT.npz`, and pypianoroll.read + save;
  - the real corpus (Debian openttd-openmsx and planetblupi-music-midi): `midiroll batch --to npz`
    over the corpus copied COPIES times (--jobs 1 and 2), and pypianoroll.read + save of each file
    once, in one process (pypianoroll has no batch runner).
Environment: COPIES (10), RUNS (3, best kept for midiroll), PYPIANOROLL_LARGE (set to 0 to skip
pypianoroll on the large file), PYPIANOROLL_MEMORY_GB (limit of its address space, 6).
"""
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

midiroll, large = sys.argv[1], sys.argv[2]
copies = int(os.environ.get("COPIES", "10"))
runs = int(os.environ.get("RUNS", "3"))
limit = int(os.environ.get("PYPIANOROLL_MEMORY_GB", "6")) << 30
corpus = sorted(
    line for line in subprocess.run(
        ["dpkg", "-L", "openttd-openmsx", "planetblupi-music-midi"], capture_output=True, text=True
    ).stdout.splitlines() if line.lower().endswith(".mid"))

PYPIANOROLL = """
import sys, pypianoroll
out = sys.argv[1]
for i, path in enumerate(sys.argv[2:]):
    pypianoroll.save(f"{out}/{i}.npz", pypianoroll.read(path, resolution=24))
"""


def measure(command, memory_limit=None):
    """Runs a command; returns (seconds, peak RSS in MB, exit status)."""
    def limits():
        if memory_limit:
            resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               preexec_fn=limits)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    return seconds, usage.ru_maxrss / 1024, process.returncode


def best(command, count):
    results = [measure(command) for _ in range(count)]
    return min(results, key=lambda r: r[0])


work = tempfile.mkdtemp(prefix="midiroll-npz-bench.")
try:
    rows = []
    size = os.path.getsize(large) / 1e6
    out = os.path.join(work, "large.npz")
    seconds, rss, status = best([midiroll, "convert", large, out, "--force"], runs)
    rows.append(("large file", f"{size:.1f} MB", "midiroll convert", seconds, 1 / seconds, rss, status))
    npz_mb = os.path.getsize(out) / 1e6
    if os.environ.get("PYPIANOROLL_LARGE", "1") != "0":
        os.makedirs(os.path.join(work, "pp-large"))
        result = measure([sys.executable, "-c", PYPIANOROLL, os.path.join(work, "pp-large"), large], limit)
        rows.append(("large file", f"{size:.1f} MB", "pypianoroll read+save", result[0], 1 / result[0],
                     result[1], result[2]))

    tree = os.path.join(work, "in")
    for copy in range(copies):
        folder = os.path.join(tree, f"copy{copy}")
        os.makedirs(folder)
        for path in corpus:
            shutil.copy(path, folder)
    files = len(corpus) * copies
    corpus_mb = sum(os.path.getsize(p) for p in corpus) * copies / 1e6
    for jobs in (1, 2):
        results = []
        for run in range(runs):
            target = os.path.join(work, f"out-{jobs}-{run}")
            results.append(measure([midiroll, "batch", tree, target, "--to", "npz", "--jobs", str(jobs), "--quiet"]))
            shutil.rmtree(target)
        seconds, rss, status = min(results, key=lambda r: r[0])
        rows.append((f"corpus x{copies}", f"{files} files", f"midiroll batch --jobs {jobs}", seconds,
                     files / seconds, rss, status))
    os.makedirs(os.path.join(work, "pp-corpus"))
    result = measure([sys.executable, "-c", PYPIANOROLL, os.path.join(work, "pp-corpus")] + corpus, limit)
    rows.append(("corpus x1", f"{len(corpus)} files", "pypianoroll read+save", result[0],
                 len(corpus) / result[0], result[1], result[2]))

    print(f".mid → .npz (24 steps per quarter, DEFLATE): large file {size:.1f} MB → {npz_mb:.1f} MB .npz;"
          f" corpus {len(corpus)} files, {corpus_mb / copies:.2f} MB")
    print(f"{'workload':<12} {'size':>11} {'tool':<26} {'seconds':>9} {'files/s':>9} {'peak RSS':>10}")
    for workload, size_text, tool, seconds, rate, rss, status in rows:
        note = "" if status == 0 else f"  (exit {status})"
        print(f"{workload:<12} {size_text:>11} {tool:<26} {seconds:9.2f} {rate:9.2f} {rss:8.0f} MB{note}")
    by_tool = {(r[0].split()[0], r[2]): r for r in rows}
    mid_large, pp_large = by_tool.get(("large", "midiroll convert")), by_tool.get(("large", "pypianoroll read+save"))
    if mid_large and pp_large and pp_large[6] == 0:
        print(f"large file: midiroll is {pp_large[3] / mid_large[3]:.0f}x faster than pypianoroll read+save, "
              f"in {mid_large[5] / pp_large[5]:.2f}x its peak memory")
    mid_corpus = by_tool.get(("corpus", "midiroll batch --jobs 1"))
    pp_corpus = by_tool.get(("corpus", "pypianoroll read+save"))
    if mid_corpus and pp_corpus and pp_corpus[6] == 0:
        print(f"corpus: midiroll batch --jobs 1 converts {mid_corpus[4] / pp_corpus[4]:.0f}x the files per second "
              f"of pypianoroll read+save (one process each), in {mid_corpus[5] / pp_corpus[5]:.2f}x its peak memory")
finally:
    shutil.rmtree(work)

"""midiroll in Python, in-process, beside symusic and beside midiroll's command line.

Usage: python_bench.py MIDIROLL LARGE_MID
  MIDIROLL   the `midiroll` binary (the per-file command-line row)
  LARGE_MID  the bench's 8 MB file (`midiroll-bench --save-large PATH` writes it)

Reads the 41 real files of the Debian packages openttd-openmsx and planetblupi-music-midi, and
the large file, from their paths into NumPy arrays of notes, each way in one process:
  - midiroll   `midiroll.read(path).notes` (the package installed in this Python);
  - symusic    `Score(path)` and `.numpy()` of every track's notes;
  - each of the two again on 2 threads, each reading every other file (the large file: read
    twice at once), and in a pool of 2 threads handed a file at a time (`ThreadPoolExecutor`,
    whose queue and results cost a switch between threads a file), against the same work on
    one thread;
  - the command line, one process per file: `midiroll convert FILE - --to json --compact` and
    `json.loads` of its output;
  - an edit written back: `midiroll.read(path).transpose(2).to_midi()` beside symusic's
    `Score(path).shift_pitch(2).dumps_midi()`, and the memory the edit takes beyond the song
    (a process of its own on the large file: its peak while editing and writing, from
    /proc/self/status, against what the song took to read).
Passes alternate between the tools so that a busy machine slows them alike; the best pass of
each counts (wall time; CPU time beside it). Prints files/s, notes/s, MB/s and the ratios.
Environment: PASSES (5), MIN_SECONDS (1.0 a tool and workload), CLI_PASSES (1).
The process calls `midiroll.keep_freed_memory()` first, as a data loader reading many songs
would (both readers share the process and its allocator; KEEP_FREED_MEMORY=0 leaves glibc's
defaults).
"""
import concurrent.futures
import json
import os
import subprocess
import sys
import threading
import time

import midiroll

try:
    import symusic
except ImportError:  # measured without it, and said so
    symusic = None

if os.environ.get("KEEP_FREED_MEMORY", "1") != "0":
    midiroll.keep_freed_memory()
cli, large = sys.argv[1], sys.argv[2]
passes = int(os.environ.get("PASSES", "5"))
min_seconds = float(os.environ.get("MIN_SECONDS", "1.0"))
cli_passes = int(os.environ.get("CLI_PASSES", "1"))
corpus = sorted(
    line for line in subprocess.run(
        ["dpkg", "-L", "openttd-openmsx", "planetblupi-music-midi"], capture_output=True, text=True
    ).stdout.splitlines() if line.lower().endswith(".mid"))


def midiroll_notes(path):
    return len(midiroll.read(path).notes)


def symusic_notes(path):
    score = symusic.Score(path)
    return sum(len(track.notes.numpy()["time"]) for track in score.tracks)


def cli_notes(path):
    output = subprocess.run([cli, "convert", path, "-", "--to", "json", "--compact"], check=True,
                            capture_output=True).stdout
    return sum(len(track["notes"]) for track in json.loads(output)["tracks"])


def one_thread(read, paths):
    return sum(read(path) for path in paths)


def two_threads(read, paths):
    """Two threads, each reading every other file (of the large file, one read each)."""
    totals = [0, 0]

    def work(index):
        totals[index] = sum(read(path) for path in paths[index::2])
    threads = [threading.Thread(target=work, args=(index,)) for index in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sum(totals)


def thread_pool(read, paths):
    """A pool of two threads handed a file at a time (`ThreadPoolExecutor.map`): each file
    also passes through the pool's queue and wakes the calling thread for its result."""
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        return sum(pool.map(read, paths))


def run(work):
    """One pass: (wall seconds, CPU seconds, notes)."""
    cpu = time.process_time()
    start = time.perf_counter()
    notes = work()
    return time.perf_counter() - start, time.process_time() - cpu, notes


def measure(cases, rounds):
    """Best (wall, cpu, notes) of each case, the cases alternating pass by pass; each gets at
    least `rounds` passes and MIN_SECONDS in all."""
    results = {name: [] for name in cases}
    for name, work in cases.items():
        work()  # warm-up, untimed
    while True:
        for name, work in cases.items():
            results[name].append(run(work))
        if all(len(r) >= rounds and sum(p[0] for p in r) >= min_seconds for r in results.values()):
            break
        if any(len(r) >= 50 * rounds for r in results.values()):
            break
    return {name: min(r, key=lambda p: p[0]) for name, r in results.items()}


def workload(title, paths, repeat):
    """Every tool over `paths` (each file `repeat` times), one thread and two."""
    listed = [path for path in paths for _ in range(repeat)]
    size = sum(os.path.getsize(path) for path in listed)
    cases = {"midiroll.read": lambda: one_thread(midiroll_notes, listed),
             "midiroll.read, 2 threads": lambda: two_threads(midiroll_notes, listed),
             "midiroll.read, a pool of 2 threads": lambda: thread_pool(midiroll_notes, listed)}
    if symusic is not None:
        cases["symusic Score + numpy"] = lambda: one_thread(symusic_notes, listed)
        cases["symusic Score + numpy, 2 threads"] = lambda: two_threads(symusic_notes, listed)
        cases["symusic Score + numpy, a pool of 2 threads"] = lambda: thread_pool(symusic_notes, listed)
    best = measure(cases, passes)
    best["midiroll convert --compact + json.loads (a process a file)"] = min(
        (run(lambda: one_thread(cli_notes, paths)) for _ in range(cli_passes)), key=lambda p: p[0])
    counts = {name: (len(paths) if name.startswith("midiroll convert") else len(listed)) for name in best}
    sizes = {name: (sum(os.path.getsize(p) for p in paths) if name.startswith("midiroll convert") else size)
             for name in best}
    reference = best.get("symusic Score + numpy")
    print(f"\n{title}: {len(paths)} file(s), {sizes['midiroll.read'] / 1e6:.2f} MB a pass"
          + (f" ({repeat} reads of each)" if repeat > 1 else ""))
    print(f"  {'tool':58} {'files/s':>9} {'notes/s':>12} {'MB/s':>8} {'CPU MB/s':>9} {'× symusic':>10}")
    for name, (wall, cpu, notes) in best.items():
        ratio = ""
        if reference:
            ratio = f"{(counts[name] / wall) / (counts['symusic Score + numpy'] / reference[0]):.2f}×"
        print(f"  {name:58} {counts[name] / wall:9.1f} {notes / wall:12.0f} {sizes[name] / wall / 1e6:8.1f}"
              f" {sizes[name] / max(cpu, 1e-9) / 1e6:9.1f} {ratio:>10}")
    for tool in ("midiroll.read", "symusic Score + numpy"):
        if tool in best and f"{tool}, 2 threads" in best:
            print(f"  {tool}: 2 threads read {best[tool][0] / best[f'{tool}, 2 threads'][0]:.2f}× as fast as one"
                  f" (a pool of 2: {best[tool][0] / best[f'{tool}, a pool of 2 threads'][0]:.2f}×)")
    notes = {name: value[2] // counts[name] * len(paths) for name, value in best.items()}
    if len(set(notes.values())) > 1:
        print("  notes a pass differ: " + ", ".join(f"{name} {count}" for name, count in notes.items()))


def midiroll_edit(path):
    return len(midiroll.read(path).transpose(2, out_of_range="clamp").to_midi())


def symusic_edit(path):
    return len(symusic.Score(path).shift_pitch(2).dumps_midi())


def edit_workload(title, paths, repeat):
    """Read, transpose by 2 and write back as .mid, in-process: midiroll beside symusic."""
    listed = [path for path in paths for _ in range(repeat)]
    size = sum(os.path.getsize(path) for path in listed)
    cases = {"midiroll read + transpose(2) + to_midi()": lambda: one_thread(midiroll_edit, listed)}
    if symusic is not None:
        cases["symusic Score + shift_pitch(2) + dumps_midi()"] = lambda: one_thread(symusic_edit, listed)
    best = measure(cases, passes)
    reference = best.get("symusic Score + shift_pitch(2) + dumps_midi()")
    print(f"\n{title}, read + transpose + write .mid: {len(paths)} file(s), {size / 1e6:.2f} MB a pass")
    print(f"  {'tool':58} {'files/s':>9} {'MB/s':>8} {'CPU MB/s':>9} {'× symusic':>10}")
    for name, (wall, cpu, _) in best.items():
        ratio = f"{reference[0] / wall:.2f}×" if reference else ""
        print(f"  {name:58} {len(listed) / wall:9.1f} {size / wall / 1e6:8.1f} {size / max(cpu, 1e-9) / 1e6:9.1f}"
              f" {ratio:>10}")


EDIT_MEMORY = """
import sys, midiroll
def status(field):
    return next(int(line.split()[1]) for line in open('/proc/self/status') if line.startswith(field + ':'))
midiroll.keep_freed_memory()
base = status('VmRSS')
song = midiroll.read(sys.argv[1]); notes = song.notes
read = status('VmRSS') - base
open('/proc/self/clear_refs', 'w').write('5')  # the peak (VmHWM) from here on
before = status('VmRSS')
data = song.transpose(2, out_of_range='clamp').to_midi()
print(read, status('VmHWM') - before, len(data))
"""


def edit_memory(path):
    """The memory an edit takes beyond the song it edits, in a process of its own."""
    output = subprocess.run([sys.executable, "-c", EDIT_MEMORY, path], capture_output=True, text=True)
    if output.returncode != 0:
        print(f"  edit memory: not measured ({output.stderr.strip().splitlines()[-1:]})")
        return
    read, edit, written = (int(value) for value in output.stdout.split())
    print(f"  memory (the large file, a process of its own): the song took {read / 1024:.1f} MiB to read;"
          f" transpose(2) + to_midi() ({written / 1e6:.2f} MB) peaked {edit / 1024:.1f} MiB above it"
          f" ({edit / max(read, 1):.2f}× the song)")


TOKENIZER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Samples", "tokenizers", "remi.json")


def token_workload(paths):
    """MidiTok's calls of a training loop beside midiroll's, in one process, one thread each
    (per core): `encode(path)`, and the song cut to `max_seq_len` then encoded
    (`split_score_per_note_density` with MidiTok's own estimate of tokens a note, then each
    chunk encoded, against `encode_chunks`); midiroll's encode on two threads beside one.
    midiroll's passes go over the files `TOKEN_REPEAT` times, MidiTok's once."""
    try:
        import miditok
        from miditok.utils import get_average_num_tokens_per_note, split_score_per_note_density
    except ImportError:
        print("\ntokens: MidiTok is not installed; not measured")
        return
    import warnings
    warnings.simplefilter("ignore")
    ours = midiroll.Tokenizer(TOKENIZER)
    theirs = miditok.REMI(params=TOKENIZER)
    per_note = get_average_num_tokens_per_note(theirs, paths[:10])

    def ids(encoded):
        return sum(len(sequence) for sequence in encoded) if isinstance(encoded, list) else len(encoded)

    def miditok_chunks(path):
        chunks = split_score_per_note_density(symusic.Score(path), 1024, per_note, 1)
        return sum(ids(theirs.encode(chunk)) for chunk in chunks)

    def midiroll_chunks(path):
        return sum(len(chunk) for chunk in ours.encode_chunks(path, 1024))

    # midiroll's passes go over the files three times (41 files take it 17 ms: starting and
    # joining two threads would weigh on so short a pass); the copies of a file alternate
    # between the two threads. MidiTok's passes (2 s) go over them once. Rates are per file.
    listed = paths * TOKEN_REPEAT
    cases = {
        "midiroll Tokenizer.encode": lambda: one_thread(lambda p: ids(ours.encode(p)), listed),
        "midiroll Tokenizer.encode, 2 threads": lambda: two_threads(lambda p: ids(ours.encode(p)), listed),
        "midiroll Tokenizer.encode, a pool of 2 threads": lambda: thread_pool(lambda p: ids(ours.encode(p)), listed),
        "MidiTok tokenizer.encode": lambda: one_thread(lambda p: ids(theirs.encode(p)), paths),
        "midiroll encode_chunks(1024)": lambda: one_thread(midiroll_chunks, listed),
        "MidiTok split_score_per_note_density + encode": lambda: one_thread(miditok_chunks, paths),
    }
    files = {name: len(listed) if name.startswith("midiroll") else len(paths) for name in cases}
    best = measure(cases, 1)
    print(f"\ntokens ({os.path.basename(TOKENIZER)}: REMI, a stream per track), {len(paths)} real files"
          f" (midiroll's passes over them {TOKEN_REPEAT} times, MidiTok's once):")
    print(f"  {'call':58} {'files/s':>9} {'tokens/s':>12}")
    rate = {name: files[name] / wall for name, (wall, _, _) in best.items()}
    for name, (wall, _, tokens) in best.items():
        print(f"  {name:58} {rate[name]:9.1f} {tokens / wall:12.0f}")
    encode = rate["midiroll Tokenizer.encode"]
    print(f"  encode: {encode / rate['MidiTok tokenizer.encode']:.0f}× MidiTok (one thread each); midiroll on"
          f" 2 threads {rate['midiroll Tokenizer.encode, 2 threads'] / encode:.2f}× one (every other file each;"
          f" a pool of 2 handed a file at a time: {rate['midiroll Tokenizer.encode, a pool of 2 threads'] / encode:.2f}×)")
    print(f"  chunks of 1024: {rate['midiroll encode_chunks(1024)'] / rate['MidiTok split_score_per_note_density + encode']:.0f}×"
          f" MidiTok's split and encode")


TOKEN_REPEAT = 3
"""How many times midiroll's token passes go over the files."""


print(f"midiroll {midiroll.__version__} (Python package, in-process) beside "
      + (f"symusic {symusic.__version__}" if symusic else "symusic (not installed)")
      + f"; Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}")
workload("41 real files", corpus, 1)
workload("the large file", [large], 2)
edit_workload("41 real files", corpus, 1)
edit_workload("the large file", [large], 2)
edit_memory(large)
token_workload(corpus)

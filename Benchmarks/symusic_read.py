"""symusic: parse a MIDI file into a Score of notes (its C++ reader and note pairing).

From bytes in memory: `Score.from_midi(data)`, the parse `Score.from_file` runs after reading
the file; with --from-file: `Score.from_file(path)`.
"""

import bench_common

options = bench_common.arguments("Time symusic's Score.from_midi / Score.from_file.")
try:
    import symusic
except ImportError as error:
    bench_common.unavailable("symusic", error)


def read(path, data):
    score = symusic.Score.from_file(path) if options.from_file else symusic.Score.from_midi(data)
    return sum(len(track.notes) for track in score.tracks), 0


bench_common.run("symusic", symusic.__version__, options, read)

"""mido: parse a MIDI file into messages (pure Python; no note pairing, which would only add).

From bytes in memory: `MidiFile(file=BytesIO(data))`; with --from-file: `MidiFile(path)`.
"""

import io
import importlib.metadata

import bench_common

options = bench_common.arguments("Time mido's MidiFile parser.")
try:
    import mido
except ImportError as error:
    bench_common.unavailable("mido", error)


def read(path, data):
    midi = mido.MidiFile(path) if options.from_file else mido.MidiFile(file=io.BytesIO(data))
    return 0, sum(len(track) for track in midi.tracks)


bench_common.run("mido", importlib.metadata.version("mido"), options, read)

"""muspy 0.5's reading and 13 metrics of each file named on the command line, one JSON line each.

The judge of midiroll's `stats` (Tests/SongStatisticsTests): run with the Python of the virtual
environment `make venv-muspy` makes (MIDIROLL_MUSPY_PYTHON). Each line is
{"path": P, "metrics": {name: value or null (NaN) or {"raised": "Type: message"}}}, or
{"path": P, "refused": "Type: message"} when muspy.read_midi raises.

The measure of empty_measure_rate and groove_consistency is the first time signature's bar in
ticks, numerator * 4 * resolution / denominator (time_signatures[0], in file order), or
4 * resolution when there is none; muspy's functions take an int, so a bar that is not a whole
number of ticks is passed as the float it is (and muspy raises). drum_in_pattern_rate's meter is
"triple" when the first numerator is a multiple of 3, else "duple".
"""

import json
import math
import sys
from fractions import Fraction

import muspy


def measure_resolution(music):
    if not music.time_signatures:
        return 4 * music.resolution
    first = music.time_signatures[0]
    bar = Fraction(first.numerator * 4 * music.resolution, first.denominator)
    return int(bar) if bar.denominator == 1 else float(bar)


def meter(music):
    if music.time_signatures and music.time_signatures[0].numerator % 3 == 0:
        return "triple"
    return "duple"


def metrics(music):
    measure = measure_resolution(music)
    calls = {
        "pitch_range": lambda: muspy.pitch_range(music),
        "n_pitches_used": lambda: muspy.n_pitches_used(music),
        "n_pitch_classes_used": lambda: muspy.n_pitch_classes_used(music),
        "polyphony": lambda: muspy.polyphony(music),
        "polyphony_rate": lambda: muspy.polyphony_rate(music),
        "pitch_entropy": lambda: muspy.pitch_entropy(music),
        "pitch_class_entropy": lambda: muspy.pitch_class_entropy(music),
        "scale_consistency": lambda: muspy.scale_consistency(music),
        "empty_beat_rate": lambda: muspy.empty_beat_rate(music),
        "empty_measure_rate": lambda: muspy.empty_measure_rate(music, measure),
        "groove_consistency": lambda: muspy.groove_consistency(music, measure),
        "drum_in_pattern_rate": lambda: muspy.drum_in_pattern_rate(music, meter(music)),
        "drum_pattern_consistency": lambda: muspy.drum_pattern_consistency(music),
    }
    values = {}
    for name, call in calls.items():
        try:
            value = call()
        except Exception as error:  # muspy raises: the judge records which
            values[name] = {"raised": f"{type(error).__name__}: {error}"}
            continue
        value = float(value) if not isinstance(value, int) else value
        values[name] = None if isinstance(value, float) and math.isnan(value) else value
    return values


def main():
    for path in sys.argv[1:]:
        try:
            music = muspy.read_midi(path)
        except Exception as error:
            line = {"path": path, "refused": f"{type(error).__name__}: {error}"}
        else:
            line = {"path": path, "metrics": metrics(music)}
        print(json.dumps(line))


if __name__ == "__main__":
    main()

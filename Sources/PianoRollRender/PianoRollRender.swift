import PianoRoll

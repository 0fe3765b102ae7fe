"""`python -m midiroll ARGS`: the bundled command line, as the `midiroll` command runs it."""

from ._command import main

main()

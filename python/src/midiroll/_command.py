"""The `midiroll` command a `pip install` gives: the command line bundled in the wheel (the
`midiroll` binary, built with the same static Swift runtime as the library), run in place of
this process with the same arguments, so its output, exit codes and signals are the binary's.

    $ midiroll convert song.mid song.json
    $ python -m midiroll --version
"""

from __future__ import annotations

import os
import sys
from typing import List, NoReturn, Optional

BINARY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", "midiroll")
"""The bundled command line."""


def main(arguments: Optional[List[str]] = None) -> NoReturn:
    """Runs the bundled `midiroll` with `arguments` (the process's own by default), replacing
    this process; exits 2 with one line when the installation has no command line (a package
    built from source without it)."""
    arguments = sys.argv[1:] if arguments is None else arguments
    if not os.access(BINARY, os.X_OK):
        sys.stderr.write(f"midiroll: no command line in this installation ({BINARY} is missing); "
                         "install the wheel, or build it with `swift build -c release --product midiroll`\n")
        sys.exit(2)
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(BINARY, [BINARY, *arguments])

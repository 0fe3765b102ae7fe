"""What the Python package's tests share: the files they read and the tools beside them.

Run by `make test` (`make test-python`) against the package installed from the wheel into
.build/venv; MIDIROLL_CLI names the command line the answers are compared with.
"""

import glob
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tests", "PeerSweep"))

import peer_sweep  # noqa: E402  (its file lists and mutants: one corpus for every tool)

DEBIAN = peer_sweep.debian_files()
SAMPLES = sorted(glob.glob(os.path.join(ROOT, "Samples", "*.mid")))
CORPUS = peer_sweep.midi_files(os.path.join(ROOT, "Tests", "Fixtures", "corpus"))
FUZZ_REGRESSIONS = peer_sweep.midi_files(os.path.join(ROOT, "Tests", "Fixtures", "fuzz-regressions"))
ALL_FILES = DEBIAN + SAMPLES + CORPUS


def relative(path):
    """A path as the tests name it: relative to the package root, or as it is."""
    return os.path.relpath(path, ROOT) if path.startswith(ROOT) else path


@pytest.fixture(scope="session")
def cli():
    """The `midiroll` command line (MIDIROLL_CLI, or the debug build `make test` made)."""
    path = os.environ.get("MIDIROLL_CLI") or os.path.join(ROOT, ".build", "debug", "midiroll")
    if not os.access(path, os.X_OK):
        pytest.fail(f"no midiroll binary at {path}: build it (swift build) or set MIDIROLL_CLI")
    return path


def run_cli(cli, *arguments):
    """The command line's standard output."""
    return subprocess.run([cli, *arguments], check=True, capture_output=True).stdout

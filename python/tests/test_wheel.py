"""The wheel `make wheel` wrote: a manylinux wheel that installs into a fresh virtual
environment and reads songs with no Swift anywhere (`env -i PATH=/usr/bin:/bin`), its library
exporting only the C ABI and loading no Swift toolchain library, and its `midiroll` command (the
bundled binary) running there too."""

import glob
import json
import os
import re
import subprocess
import sys
import zipfile

import pytest

import midiroll
from conftest import DEBIAN, ROOT

SCRIPT = r"""
import json, sys
import midiroll
song = midiroll.read(sys.argv[1])
maps = open("/proc/self/maps").read()
print(json.dumps({
    "module": midiroll.__file__, "version": midiroll.__version__, "notes": len(song.notes),
    "bars": int(song.positions["bar"].max()), "swift": sorted({line.split()[-1] for line in maps.splitlines()
                                                              if "swift" in line.lower()}),
    "library": sorted({line.split()[-1] for line in maps.splitlines() if "libmidiroll_abi" in line}),
}))
"""


def the_wheel():
    found = os.environ.get("MIDIROLL_WHEEL") or max(glob.glob(os.path.join(ROOT, "dist", "midiroll-*.whl")),
                                                     key=os.path.getmtime, default=None)
    if not found:
        pytest.fail("no wheel in dist/: run make wheel")
    return found


def test_the_wheel_is_manylinux_with_the_library_inside():
    wheel = the_wheel()
    assert re.fullmatch(rf"midiroll-{re.escape(midiroll.__version__)}-py3-none-manylinux_2_\d+_x86_64\.whl",
                        os.path.basename(wheel))
    names = zipfile.ZipFile(wheel).namelist()
    assert "midiroll/libmidiroll_abi.so" in names and "midiroll/py.typed" in names and "midiroll/bin/midiroll" in names
    # Grafted by auditwheel: libsmf alone (the binary's libsmf cross-check); the library needs nothing.
    assert [re.sub(r"-[0-9a-f]{8}", "", os.path.basename(name)) for name in names
            if name.startswith("midiroll.libs/") and not name.endswith("/")] == ["libsmf.so.0.0.0"]
    entry_points = zipfile.ZipFile(wheel).read(
        next(name for name in names if name.endswith(".dist-info/entry_points.txt"))).decode()
    assert "midiroll = midiroll._command:main" in entry_points


def test_a_fresh_venv_reads_songs_without_swift(tmp_path):
    wheel = the_wheel()
    venv = tmp_path / "venv"
    subprocess.run([getattr(sys, "_base_executable", sys.executable), "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    wheelhouse = os.environ.get("MIDIROLL_WHEELHOUSE", os.path.join(ROOT, ".build", "wheelhouse"))
    subprocess.run([python, "-m", "pip", "install", "-q", "--disable-pip-version-check", "--no-index",
                    "--find-links", wheelhouse, wheel], check=True)
    path = DEBIAN[0]
    result = subprocess.run(["env", "-i", "PATH=/usr/bin:/bin", python, "-c", SCRIPT, path], capture_output=True,
                            text=True, cwd=str(tmp_path))
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    assert found["module"].startswith(str(venv))
    assert found["library"] and all(library.startswith(str(venv)) for library in found["library"])
    assert found["swift"] == []  # no libswiftCore.so, nothing of /opt/swift
    # The console script runs the bundled command line, with no Swift on the machine's paths.
    command = str(venv / "bin" / "midiroll")
    version = subprocess.run(["env", "-i", "PATH=/usr/bin:/bin", command, "--version"], capture_output=True,
                             text=True, cwd=str(tmp_path))
    assert version.returncode == 0 and version.stdout.strip() == midiroll.__version__, version.stderr
    info = subprocess.run(["env", "-i", "PATH=/usr/bin:/bin", command, "info", path, "--json"],
                          capture_output=True, text=True, cwd=str(tmp_path))
    assert info.returncode == 0 and json.loads(info.stdout)["notes"] == found["notes"], info.stderr
    libraries = subprocess.run(["ldd", command.replace("/bin/midiroll", "") + "/lib/python"
                                + f"{sys.version_info.major}.{sys.version_info.minor}/site-packages/midiroll/bin/midiroll"],
                               capture_output=True, text=True).stdout
    assert "swift" not in libraries.lower() and "not found" not in libraries, libraries
    bad = subprocess.run(["env", "-i", "PATH=/usr/bin:/bin", command, "convert", "missing.mid", "out.json"],
                         capture_output=True, text=True, cwd=str(tmp_path))
    assert bad.returncode != 0 and bad.stderr.startswith("midiroll: ") and len(bad.stderr.splitlines()) == 1
    song = midiroll.read(path)
    assert found["notes"] == len(song.notes) and found["bars"] == int(song.positions["bar"].max())
    assert found["version"] == midiroll.__version__

    library = found["library"][0]
    exported = subprocess.run(["nm", "-D", "--defined-only", library], capture_output=True, text=True, check=True)
    symbols = [line.split()[-1] for line in exported.stdout.splitlines()]
    assert symbols and all(symbol.startswith("midiroll_") for symbol in symbols), symbols
    needed = subprocess.run(["readelf", "-d", library], capture_output=True, text=True, check=True).stdout
    # glibc (with its dynamic loader, which lld names for thread-local storage), the C++
    # runtime the Swift runtime uses, and zlib (the .npz writer's DEFLATE): all on manylinux's
    # list, so auditwheel grafts nothing.
    assert sorted(re.findall(r"Shared library: \[([^\]]+)\]", needed)) == [
        "ld-linux-x86-64.so.2", "libc.so.6", "libgcc_s.so.1", "libm.so.6", "libstdc++.so.6", "libz.so.1"]


def test_the_wheels_metadata_names_the_licence_and_the_readme():
    wheel = zipfile.ZipFile(the_wheel())
    info = next(name for name in wheel.namelist() if name.endswith(".dist-info/METADATA"))
    metadata = wheel.read(info).decode("utf-8")
    assert "Classifier: License :: OSI Approved :: MIT License" in metadata
    assert re.search(r"^License: MIT License", metadata, flags=re.M) or "License-Expression: MIT" in metadata
    assert "Description-Content-Type: text/markdown" in metadata
    with open(os.path.join(ROOT, "python", "README.md"), encoding="utf-8") as readme:
        assert readme.read().strip() in metadata
    licences = [name for name in wheel.namelist() if name.endswith(".dist-info/LICENSE")]
    with open(os.path.join(ROOT, "LICENSE"), encoding="utf-8") as licence:
        assert licences and wheel.read(licences[0]).decode("utf-8") == licence.read()

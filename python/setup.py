"""Builds the wheel of `midiroll`: the Python package plus `libmidiroll_abi.so`, the C ABI of
`include/midiroll.h` built by Swift (the root package's product `midiroll_abi`, declared when
MIDIROLL_SHARED_LIBRARY is set) with the Swift runtime linked in, and the `midiroll` command line
(`bin/midiroll`, built with the Swift runtime linked in statically; the `midiroll` console script
runs it).

`pip install ./python` (or `pip wheel`) from a checkout runs `swift build` here, so Swift must
be installed (on the PATH, in $SWIFT, or at /opt/swift). `make wheel` builds the library once
and the binary once and hands them over in $MIDIROLL_PREBUILT_LIBRARY and
$MIDIROLL_PREBUILT_BINARY. The wheel is tagged py3-none-<platform>: the
library is loaded through ctypes, so any Python 3 on the platform can use it; `auditwheel
repair` (in `make wheel`) then tags it manylinux.
"""

import os
import shutil
import subprocess
import sys

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

try:
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # setuptools < 70.1
    from wheel.bdist_wheel import bdist_wheel

HERE = os.path.dirname(os.path.abspath(__file__))
LIBRARY = "libmidiroll_abi.dylib" if sys.platform == "darwin" else "libmidiroll_abi.so"


def find_swift():
    """The `swift` program: $SWIFT, the PATH's, or the toolchain at /opt/swift."""
    for candidate in (os.environ.get("SWIFT"), shutil.which("swift"), "/opt/swift/usr/bin/swift"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    raise SystemExit("midiroll: building from source needs Swift 6.1 or later (swift on the PATH, or $SWIFT)")


def build_product(product, name):
    """Builds a product of the root package with Swift (release, the Swift runtime linked in
    statically) and returns the path of its file `name`."""
    swift = find_swift()
    command = [swift, "build", "-c", "release", "--static-swift-stdlib", "--package-path", os.path.dirname(HERE),
               "--product", product]
    environment = dict(os.environ, MIDIROLL_SHARED_LIBRARY="1")
    subprocess.run(command, check=True, env=environment)
    binaries = subprocess.run(command + ["--show-bin-path"], check=True, capture_output=True, text=True,
                              env=environment)
    return os.path.join(binaries.stdout.strip(), name)


class BuildWithLibrary(build_py):
    """Copies the package and puts the shared library (libmidiroll_abi) beside it and the
    command line in its `bin`, both stripped."""

    def run(self):
        super().run()
        library = os.environ.get("MIDIROLL_PREBUILT_LIBRARY") or build_product("midiroll_abi", LIBRARY)
        binary = os.environ.get("MIDIROLL_PREBUILT_BINARY") or build_product("midiroll", "midiroll")
        package = os.path.join(self.build_lib, "midiroll")
        os.makedirs(os.path.join(package, "bin"), exist_ok=True)
        for source, target in ((library, os.path.join(package, LIBRARY)),
                               (binary, os.path.join(package, "bin", "midiroll"))):
            shutil.copyfile(source, target)
            shutil.copymode(source, target)
            strip = shutil.which("strip")
            if strip and sys.platform != "darwin":
                subprocess.run([strip, "--strip-unneeded", target], check=True)


class BinaryDistribution(Distribution):
    """A distribution with a platform's binary inside (installed in platlib, not purelib)."""

    def has_ext_modules(self):
        return True


class PlatformWheel(bdist_wheel):
    """A wheel for one platform and any Python 3: py3-none-<platform>."""

    def get_tag(self):
        _, _, platform = super().get_tag()
        return "py3", "none", platform


setup(distclass=BinaryDistribution, cmdclass={"build_py": BuildWithLibrary, "bdist_wheel": PlatformWheel})

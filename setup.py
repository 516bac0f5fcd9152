"""The build: pyproject.toml says what shipyard is; this compiles the MCS battle engine's hot modules with mypyc.

The modules below are ordinary typed Python, and stay the one source of the engine: mypyc (mypy's compiler) turns
them into C extensions that run the same code about twice as fast (docs/benchmarks.md). A wheel (``pip install
.``) is compiled where a C compiler and mypyc are at hand; anywhere else, or with ``SHIPYARD_COMPILE=0``, it is
pure Python, slower and otherwise the same. An editable install (``pip install -e .``) is never compiled: a built
module would shadow the source being edited. ``shipyard.systems.mcs.combat.engine_compiled()`` says which one an
install has.
"""

from __future__ import annotations

import os
import sys
import warnings

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

#: The engine's modules compiled together (each turn of a counted battle runs through them).
COMPILED = [
    "shipyard/systems/mcs/combat/damage.py",
    "shipyard/systems/mcs/combat/dice.py",
    "shipyard/systems/mcs/combat/readings.py",
    "shipyard/systems/mcs/combat/resolve.py",
    "shipyard/systems/mcs/combat/state.py",
    "shipyard/systems/mcs/combat/tables.py",
    "shipyard/systems/mcs/combat/turns.py",
]
#: The compiled modules' shared library: shipyard/systems/mcs/combat/engine__mypyc.*.so
GROUP = "shipyard.systems.mcs.combat.engine"
#: mypy's options for compiling: not the lint's configuration (its pydantic plugin is not in the build's
#: environment, nor are the libraries the rest of shipyard imports); errors in the modules they import are not ours
#: to hold here (the lint holds them).
MYPY = ["--config-file=", "--ignore-missing-imports", "--follow-imports=silent"]
#: The setuptools commands that build a wheel for installing (the metadata steps before them need no compiling).
BUILDING = {"bdist_wheel", "build", "build_ext", "install"}


def _pure(why: str) -> None:
    warnings.warn(f"shipyard: the battle engine is not compiled ({why}); it runs as pure Python", stacklevel=2)


class OptionalBuildExt(build_ext):
    """Build the compiled modules, or none of them: they share one library, so a half-built set would not import."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # a missing compiler or header: distutils' errors have no common base
            for built in self.get_outputs():
                if os.path.exists(built):
                    os.remove(built)
            _pure(f"it did not build: {error}")


def compiled_modules() -> list[Extension]:
    """The extensions to build: none for an editable install, with SHIPYARD_COMPILE=0, or without mypyc."""
    if os.environ.get("SHIPYARD_COMPILE", "1") == "0" or not BUILDING & set(sys.argv) or "editable_wheel" in sys.argv:
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _pure("mypyc is not installed")
        return []
    try:
        return mypycify([*COMPILED, *MYPY], group_name=GROUP)
    except (Exception, SystemExit) as error:  # mypy's own errors end in SystemExit
        _pure(f"mypyc could not compile it: {error}")
        return []


setup(ext_modules=compiled_modules(), cmdclass={"build_ext": OptionalBuildExt})

"""The wheel's package list matches the source folders, the wheel carries the grammars, and the battle engine is
compiled where the build can compile it (pure Python elsewhere)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest
from conftest import ROOT


def test_every_package_folder_is_listed_in_pyproject():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    folders = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "shipyard").rglob("__init__.py")}
    assert folders | {"shipyard.grammars"} == listed


GRAMMARS = sorted(p.name for p in (ROOT / "grammars").glob("*.lark"))


def test_installed_package_has_the_grammars():
    from importlib import resources

    assert GRAMMARS == ["highguard.lark", "usd.lark"]
    for name in GRAMMARS:
        assert "%ignore" in resources.files("shipyard.grammars").joinpath(name).read_text()


def _wheel(folder: Path, **env: str) -> list[str]:
    """The names in the wheel ``pip wheel`` builds from a copy of what the checkout builds from (so that no build
    of the checkout's own ``build/`` folder is taken as done), with ``env`` added to the build's."""
    source = folder / "source"
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for tree in ("shipyard", "grammars"):
        shutil.copytree(ROOT / tree, source / tree, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(folder), str(source)],
        check=True,
        capture_output=True,
        env=os.environ | env,
    )
    (wheel,) = folder.glob("shipyard-*.whl")
    return [*zipfile.ZipFile(wheel).namelist(), wheel.name]


def test_wheel_carries_the_grammar(tmp_path):
    """The grammar must ship in the wheel, not only be found in a source checkout. With SHIPYARD_COMPILE=0 the
    wheel is pure Python, for every platform."""
    names = _wheel(tmp_path, SHIPYARD_COMPILE="0")
    assert all(f"shipyard/grammars/{name}" in names for name in GRAMMARS)
    assert "shipyard/py.typed" in names  # the package's types are for its users too
    assert names[-1].endswith("-py3-none-any.whl") and not [n for n in names if n.endswith(".so")]
    assert "shipyard/systems/mcs/combat/turns.py" in names


def test_without_a_compiler_the_wheel_is_pure_python(tmp_path):
    """A build whose C compiler fails still installs: the engine's modules as Python, none of them compiled (they
    share one library, so a part would not import)."""
    names = _wheel(tmp_path, CC="false")
    assert not [n for n in names if n.endswith((".so", ".pyd"))]
    assert {
        f"shipyard/systems/mcs/combat/{m}.py" for m in ("damage", "dice", "resolve", "state", "tables", "turns")
    } <= set(names)


def test_the_installed_engine_is_compiled_where_it_could_be():
    """``pip install .`` compiles the battle engine with mypyc where a C compiler and Python's headers are at
    hand; an editable install (the package imported from the checkout) and SHIPYARD_COMPILE=0 (a wheel for every
    platform: "Root-Is-Purelib: true") keep it pure Python."""
    from importlib.metadata import distribution

    from shipyard.systems.mcs.combat import engine_compiled, turns

    if Path(turns.__file__).resolve().is_relative_to(ROOT / "shipyard"):
        pytest.skip("shipyard runs from its checkout (an editable install): not compiled, by design")
    if "Root-Is-Purelib: true" in (distribution("shipyard").read_text("WHEEL") or ""):
        pytest.skip("built as pure Python (SHIPYARD_COMPILE=0)")
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if shutil.which(os.environ.get("CC", "cc")) is None or not headers.exists():
        pytest.skip("no C compiler or no Python headers here: the build could not compile")
    assert engine_compiled()


def test_the_version_is_written_once():
    """pyproject.toml names the version; the package reads it from the installed metadata."""
    from importlib.metadata import version

    import shipyard

    written = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert shipyard.__version__ == version("shipyard") == written
    assert not [p for p in (ROOT / "shipyard").rglob("*.py") if written in p.read_text()]


def test_the_pre_commit_hooks_install_what_their_tools_import():
    """mypy checks the package against its dependencies' types: its hook's environment holds every base
    dependency (without jinja2 there, mypy fails on the HTML reports' import), and ruff's hooks the lint extra's
    ruff."""
    import re

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    hooks = (ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8")
    mypy_hook = hooks.split("id: mypy", 1)[1]

    def name(requirement: str) -> str:
        return re.split(r"[<>=\[ ]", requirement, maxsplit=1)[0].lower()

    listed = {name(r) for r in re.findall(r'"([^"]+)"', mypy_hook)}
    assert {name(r) for r in project["dependencies"]} <= listed
    assert {"mypy", "types-openpyxl"} <= listed
    assert hooks.count('"ruff>=0.6"') == 2 and "entry: ruff format" in hooks

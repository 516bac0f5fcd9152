"""The wheel's package list matches the source folders, and the wheel carries the grammars."""

from __future__ import annotations

import subprocess
import sys
import tomllib
import zipfile

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


def test_wheel_carries_the_grammar(tmp_path):
    """The grammar must ship in the wheel, not only be found in a source checkout."""
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("shipyard-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert all(f"shipyard/grammars/{name}" in names for name in GRAMMARS)
    assert "shipyard/py.typed" in names  # the package's types are for its users too


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

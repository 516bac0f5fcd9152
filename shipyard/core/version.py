"""shipyard's version, read from the installed package's metadata (written once, in pyproject.toml)."""

from __future__ import annotations

from functools import cache
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as _installed_version


@cache
def version() -> str:
    try:
        return _installed_version("shipyard")
    except PackageNotFoundError:  # a source checkout that was never installed
        return "0+unknown"

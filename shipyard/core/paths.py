"""Path patterns of the settings, gitignore-style and anchored at the settings file's folder (as ruff and git
anchor theirs): ``exclude`` (files and folders left out of a run) and the keys of ``per-file-ignores``.

A pattern without a slash matches a name at any depth (``*.bak``, ``drafts``); one with a slash is relative to
the folder of the settings file (``/old/*.usd``, ``fleet/drafts/``); ``**`` spans folders; a trailing slash
matches folders only; ``!`` re-includes. A path outside that folder is matched by no pattern, so the same
settings mean the same files whatever the working directory. pathspec implements git's rules (and is imported
only when a pattern is given).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any


@lru_cache(maxsize=64)
def _compiled(patterns: tuple[str, ...]) -> Any:
    import pathspec

    return pathspec.GitIgnoreSpec.from_lines(patterns)


def relative_to(path: Path | str, base: str) -> str | None:
    """``path`` relative to the folder ``base`` as a POSIX path, or None when it lies outside it."""
    absolute = os.path.abspath(path)
    root = os.path.abspath(base)
    if absolute != root and not absolute.startswith(root.rstrip(os.sep) + os.sep):
        return None
    return Path(os.path.relpath(absolute, root)).as_posix()


def matches(patterns: tuple[str, ...], path: Path | str, base: str, folder: bool = False) -> bool:
    """Whether the gitignore-style ``patterns`` anchored at ``base`` match ``path`` (a folder when ``folder``)."""
    if not patterns:
        return False
    inside = relative_to(path, base)
    if inside is None or inside == ".":
        return False
    return bool(_compiled(patterns).match_file(inside + "/" if folder else inside))


@dataclass(frozen=True)
class Excludes:
    """What a run leaves out: the settings' ``exclude`` patterns anchored at ``base``. Files named on the command
    line are read whatever the patterns say, unless ``named_too`` (``--force-exclude``: what a pre-commit hook,
    which names every file, needs)."""

    patterns: tuple[str, ...] = ()
    base: str = "."
    named_too: bool = False

    def excluded(self, path: Path | str, folder: bool = False) -> bool:
        return matches(self.patterns, path, self.base, folder)

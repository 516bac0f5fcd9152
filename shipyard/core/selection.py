"""Which findings a run keeps: code prefixes selected and ignored, as ruff has them.

``select`` and ``ignore`` are code prefixes ("MCS", "MCS00", "MCS008"); the longest matching prefix wins, so
``--select MCS --ignore MCS008`` keeps every MCS rule but one. Reading diagnostics (IO, USD, HG0xx ...) go
through the same filter. ``per_file`` adds ignored prefixes for the files a pattern matches (the settings'
``per-file-ignores``, gitignore-style patterns anchored at ``base``, the settings file's folder).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache


@dataclass(frozen=True)
class Selection:
    select: tuple[str, ...] = ()  # empty: everything
    ignore: tuple[str, ...] = ()
    per_file: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (pattern, code prefixes ignored in matching files)
    base: str = "."

    def for_file(self, path: str) -> Selection:
        """The selection for one file: its ``per_file`` ignores added to ``ignore``."""
        if not self.per_file:
            return self
        from shipyard.core.paths import matches

        extra = tuple(
            code for pattern, codes in self.per_file if matches((pattern,), path, self.base) for code in codes
        )
        return replace(self, ignore=self.ignore + extra, per_file=())

    def wants(self, code: str) -> bool:
        """True when the longest selecting prefix is longer than the longest ignoring one (ties: ignored)."""
        return _wants(self.select, self.ignore, code)


@lru_cache(maxsize=4096)  # asked for every rule and finding of every file, of a few hundred codes
def _wants(select: tuple[str, ...], ignore: tuple[str, ...], code: str) -> bool:
    chosen = max((len(p) for p in select if code.startswith(p)), default=None if select else 0)
    if chosen is None:
        return False
    dropped = max((len(p) for p in ignore if code.startswith(p)), default=-1)
    return chosen > dropped


def prefixes(values: list[str] | tuple[str, ...] | None) -> tuple[str, ...]:
    """Code prefixes as given on a command line or in settings: comma-separated, any case, repeatable; a rule may
    be given by its name (``size-by-displacement``), as ``explain`` takes it."""
    from shipyard.core.codes import code_prefix

    return tuple(code_prefix(p.strip()) for value in values or () for p in value.split(",") if p.strip())

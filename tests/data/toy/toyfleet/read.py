"""The reader: ``Dinghy: NAME, N oars``, one a line; a line that does not read is TOY001 at its line."""

from __future__ import annotations

import re
from pathlib import Path

from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.core.records import Ship
from toyfleet.model import Dinghy

_LINE = re.compile(r"Dinghy: (?P<name>[^,]+), (?P<oars>\d+) oars")


def looks_like_dinghies(text: str) -> bool:
    return text.startswith("Dinghy:")


def read_dinghies(text: str | None, path: Path, shown: str) -> tuple[list[Ship], list[Diagnostic]]:
    ships: list[Ship] = []
    found: list[Diagnostic] = []
    for number, line in enumerate((text or "").splitlines(), 1):
        if not line.strip():
            continue
        match = _LINE.fullmatch(line.strip())
        if match is None:
            found.append(
                Diagnostic(
                    code="TOY001",
                    severity=Severity.ERROR,
                    span=Span(path=shown, line=number, col=1),
                    message=f"expected 'Dinghy: NAME, N oars', got {line.strip()!r}",
                )
            )
            continue
        start = line.index(match.group("oars")) + 1
        spans = {
            "name": Span(path=shown, line=number, col=1),
            "oars": Span(path=shown, line=number, col=start, end_line=number, end_col=start + len(match["oars"])),
        }
        ships.append(Dinghy(name=match["name"], oars=int(match["oars"]), spans=spans))
    return ships, found

"""Fixes applied to a sheet's text (``check --fix``, ``--diff``): each finding that carries a ``Fix`` (one right
answer: a misspelled key, a Size the chart gives, a stale suppression) is applied as its edits say, in place, so
the sheet keeps its layout, its line endings, its encoding and every other character.

An edit names the text it replaces; an edit whose text is not where it says, or that overlaps one already
applied on its line, is left out (the finding stays), never forced. Unsafe fixes (a declared figure changed to
the chart's) only with ``unsafe``. Removing text that ends a line also removes the blanks it leaves before the
line's end.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from shipyard.core.diagnostics import Diagnostic, Edit


@dataclass(frozen=True)
class Fixed:
    """A sheet's text before and after its fixes, and the findings fixed."""

    path: str
    before: str
    after: str
    fixed: tuple[Diagnostic, ...]
    encoding: str = "utf-8"  # the file's (source.decode_sheet): utf-8, cp1252, latin-1, utf-16-le or utf-16-be
    bom: bytes = b""  # the byte order mark it began with

    def diff(self) -> str:
        """A unified diff of the change, the file named as given on both sides (as ruff's ``--diff`` does)."""
        return "".join(
            difflib.unified_diff(
                self.before.splitlines(keepends=True),
                self.after.splitlines(keepends=True),
                fromfile=self.path,
                tofile=self.path,
            )
        )


def fixable(diagnostic: Diagnostic, unsafe: bool = False) -> bool:
    return diagnostic.fix is not None and (diagnostic.fix.safe or unsafe)


def _line_end(line: str) -> int:
    """Where a line's text ends, before its line break."""
    return len(line.rstrip("\r\n"))


def _apply(line: str, edit: Edit, limit: int | None = None) -> tuple[str, int] | None:
    """The line with one edit applied and where the edit began (0-based); None when its text is not where it
    says, or when the text it replaces reaches past ``limit`` (where an edit already made begins)."""
    end = _line_end(line) if limit is None else min(_line_end(line), limit)
    start, stop = edit.col - 1, min(end, (edit.end_col - 1) if edit.end_col is not None else end)
    if not 0 <= start <= stop:
        return None
    if edit.old is not None:
        at = line.rfind(edit.old, start, stop)
        if at < 0:
            return None
        start, stop = at, at + len(edit.old)
    elif edit.end_col is not None and limit is not None and edit.end_col - 1 > limit:
        return None
    head, tail = line[:start], line[stop:]
    if edit.new == "" and tail[: _line_end(tail)] == "":  # text removed up to the line's end: its blanks too
        head = head.rstrip(" \t")
    return head + edit.new + tail, len(head)


def apply_fixes(text: str, diagnostics: Iterable[Diagnostic], unsafe: bool = False) -> tuple[str, list[Diagnostic]]:
    """The text with the fixes of ``diagnostics`` applied, and the findings whose fixes were."""
    lines = text.splitlines(keepends=True)
    chosen = sorted(
        (d for d in diagnostics if fixable(d, unsafe)),
        key=lambda d: max(e.col for e in d.fix.edits) if d.fix else 0,
        reverse=True,
    )
    taken: dict[int, int] = {}  # line -> where the leftmost edit made on it begins (0-based)
    fixed: list[Diagnostic] = []
    for diagnostic in chosen:
        edits = diagnostic.fix.edits if diagnostic.fix is not None else ()
        if any(not 1 <= e.line <= len(lines) for e in edits):
            continue  # a line that is not there
        trial = dict(enumerate(lines, start=1))
        starts = {}
        for edit in edits:  # an edit reaching into one already made is left out, with its whole fix
            done = _apply(trial[edit.line], edit, taken.get(edit.line))
            if done is None:
                break
            trial[edit.line], starts[edit.line] = done[0], done[1]
        else:
            for number, line in trial.items():
                lines[number - 1] = line
            for number, start in starts.items():
                taken[number] = min(taken.get(number, 10**9), start)
            fixed.append(diagnostic)
    return "".join(lines), fixed


def fix_file(path: Path, diagnostics: Iterable[Diagnostic], unsafe: bool = False) -> Fixed | None:
    """The fixes of a file's findings, read from the file as it is (its encoding and byte order mark kept for the
    writing); None when the file cannot be read as text or has nothing to fix."""
    from shipyard.core.source import Unreadable, decode_sheet, read_limited

    wanted = [d for d in diagnostics if fixable(d, unsafe)]
    if not wanted:
        return None
    try:
        raw = read_limited(path)
    except Unreadable:
        return None
    text, encoding, bom = decode_sheet(raw)
    after, fixed = apply_fixes(text, wanted, unsafe)
    return Fixed(str(path), text, after, tuple(fixed), encoding, bom) if fixed else None


def write_fixed(path: Path, fixed: Fixed) -> None:
    """Write the fixed text back in the file's own encoding, with its byte order mark if it had one (UTF-8,
    Windows-1252, latin-1 or UTF-16), atomically, keeping the file's mode."""
    from shipyard.core.files import atomic_path

    encoded = fixed.bom + fixed.after.encode(fixed.encoding, errors="replace")
    with atomic_path(path) as temporary:
        temporary.write_bytes(encoded)

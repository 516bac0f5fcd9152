"""Inline suppressions: a sheet can silence a finding it means to keep, but must name the codes.

    Size: 6   # shipyard: ignore[MCS001]         silences MCS001 on this line
    # shipyard: ignore-file[TCS114, HG104]        silences those codes in the whole file

The comment is blanked (spaces, so columns hold) before the sheet is parsed. A suppression without codes
is an error (SY010); one that silences nothing is a warning (SY011), as ruff's RUF100 is, so stale
suppressions do not pile up. Codes are matched as prefixes ("MCS00" covers MCS001-MCS009).
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict

from shipyard.core.diagnostics import Diagnostic, Edit, Fix, Severity, Span

# One line only: a blank after "ignore" must never reach into the next line (it would blank that line too).
_COMMENT = re.compile(r"#[ \t]*shipyard[ \t]*:[ \t]*(ignore-file|ignore)\b[ \t]*(?:\[([^\]\n\r]*)\])?[^\n\r]*")


class Suppression(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)  # built when a sheet carries a suppression

    codes: tuple[str, ...]
    line: int
    col: int
    whole_file: bool
    #: The comment as written (to remove it when it silences nothing).
    text: str = ""

    def covers(self, diagnostic: Diagnostic) -> bool:
        if not self.whole_file and diagnostic.span.line != self.line:
            return False
        return any(diagnostic.code.startswith(code) for code in self.codes)


def find_suppressions(text: str, path: str) -> tuple[str, list[Suppression], list[Diagnostic]]:
    """The text with suppression comments blanked, the suppressions, and SY010 for those without codes."""
    found: list[Suppression] = []
    problems: list[Diagnostic] = []
    if "shipyard" not in text:
        return text, found, problems

    def blank(match: re.Match) -> str:
        line = text.count("\n", 0, match.start()) + 1
        col = match.start() - (text.rfind("\n", 0, match.start()) + 1) + 1
        codes = tuple(c.strip().upper() for c in (match.group(2) or "").split(",") if c.strip())
        if not codes:
            problems.append(
                Diagnostic(
                    code="SY010",
                    severity=Severity.ERROR,
                    span=Span(path=path, line=line, col=col),
                    message="a suppression must name its codes: "
                    "'# shipyard: ignore[MCS001]' or '# shipyard: ignore-file[MCS001]'",
                )
            )
        else:
            found.append(
                Suppression(
                    codes=codes, line=line, col=col, whole_file=match.group(1) == "ignore-file", text=match.group(0)
                )
            )
        return " " * len(match.group(0))

    return _COMMENT.sub(blank, text), found, problems


def apply_suppressions(diagnostics: list[Diagnostic], suppressions: list[Suppression], path: str) -> list[Diagnostic]:
    """The diagnostics that no suppression covers, plus SY011 for each suppression that covered nothing."""
    if not suppressions:
        return diagnostics
    kept, used = [], set()
    for diagnostic in diagnostics:
        covering = [i for i, s in enumerate(suppressions) if s.covers(diagnostic)]
        if covering and not diagnostic.code.startswith("SY"):
            used.update(covering)
        else:
            kept.append(diagnostic)
    for index, suppression in enumerate(suppressions):
        if index not in used:
            removal = None
            if suppression.text:
                removal = Fix(
                    message="remove the suppression",
                    edits=(Edit(line=suppression.line, col=suppression.col, old=suppression.text, new=""),),
                )
            kept.append(
                Diagnostic(
                    code="SY011",
                    severity=Severity.WARNING,
                    span=Span(path=path, line=suppression.line, col=suppression.col),
                    message=f"suppression of {', '.join(suppression.codes)} matches no finding "
                    f"{'in this file' if suppression.whole_file else 'on this line'}: "
                    "remove it",
                    fix=removal,
                )
            )
    return kept

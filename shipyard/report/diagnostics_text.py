"""Diagnostics as text: ``path:line:col: severity: CODE message``, with the line and a caret."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from shipyard.diagnostics import Diagnostic, Severity

_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}


def diagnostic_text(diagnostic: Diagnostic, show_source: bool = True) -> Text:
    """One diagnostic; errors and warnings also quote their line with a caret under the column."""
    span = diagnostic.span
    text = Text()
    text.append(f"{span}: ", style="bold")
    text.append(f"{diagnostic.severity.value}: ", style=_STYLE[diagnostic.severity])
    text.append(f"{diagnostic.code} {diagnostic.message}")
    if show_source and diagnostic.source_line is not None and diagnostic.severity is not Severity.INFO:
        line = diagnostic.source_line.replace("\t", " ").rstrip()
        gutter = f"{span.line:>5} | "
        text.append(f"\n{gutter}{line}\n")
        text.append(" " * (len(gutter) - 2) + "| " + " " * (span.col - 1) + "^", style=_STYLE[diagnostic.severity])
    return text


def diagnostics_text(diagnostics: Iterable[Diagnostic], show_source: bool = True) -> list[Text]:
    return [diagnostic_text(d, show_source) for d in diagnostics]

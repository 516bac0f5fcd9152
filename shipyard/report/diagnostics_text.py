"""Diagnostics as text: ``path:line:col: severity: CODE message``, with the line and a caret.

``diagnostic_segments`` gives the pieces with their styles (plain output joins the texts); ``diagnostic_text``
assembles them into a rich ``Text`` for a terminal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shipyard.diagnostics import Diagnostic, Severity

if TYPE_CHECKING:
    from rich.text import Text

_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}


def diagnostic_segments(diagnostic: Diagnostic, show_source: bool = True) -> list[tuple[str, str | None]]:
    """One diagnostic as (text, style) pieces; errors and warnings also quote their line with a caret under
    the column."""
    span, style = diagnostic.span, _STYLE[diagnostic.severity]
    segments = [(f"{span}: ", "bold"), (f"{diagnostic.severity.value}: ", style),
                (f"{diagnostic.code} {diagnostic.message}", None)]
    if show_source and diagnostic.source_line is not None and diagnostic.severity is not Severity.INFO:
        line = diagnostic.source_line.replace("\t", " ").rstrip()
        gutter = f"{span.line:>5} | "
        segments.append((f"\n{gutter}{line}\n", None))
        segments.append((" " * (len(gutter) - 2) + "| " + " " * (span.col - 1) + "^", style))
    return segments


def diagnostic_text(diagnostic: Diagnostic, show_source: bool = True) -> Text:
    """One diagnostic as rich text (see ``diagnostic_segments``)."""
    from rich.text import Text
    return Text.assemble(*diagnostic_segments(diagnostic, show_source))

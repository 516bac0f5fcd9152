"""Diagnostics as text: ``path:line:col: severity: CODE message``, with the line and a caret.

The pieces come with their styles; ``shipyard/cli/_output.py`` ``Lines`` styles them on a terminal and
joins them elsewhere.
"""

from __future__ import annotations

from shipyard.core.diagnostics import Diagnostic, Severity

#: A piece of a styled line: its text and a rich style ("bold red"), or None for none.
Segment = tuple[str, "str | None"]

_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}


def diagnostic_segments(diagnostic: Diagnostic, show_source: bool = True) -> list[Segment]:
    """One diagnostic as (text, style) pieces; errors and warnings also quote their line with a caret under
    the column."""
    span, style = diagnostic.span, _STYLE[diagnostic.severity]
    segments: list[Segment] = [(f"{span}: ", "bold"), (f"{diagnostic.severity.value}: ", style),
                               (f"{diagnostic.code} {diagnostic.message}", None)]
    if show_source and diagnostic.source_line is not None and diagnostic.severity is not Severity.INFO:
        line = diagnostic.source_line.replace("\t", " ").rstrip()
        gutter = f"{span.line:>5} | "
        segments.append((f"\n{gutter}{line}\n", None))
        segments.append((" " * (len(gutter) - 2) + "| " + " " * (span.col - 1) + "^", style))
    return segments

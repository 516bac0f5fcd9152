"""Diagnostics as text: ``path:line:col: severity: CODE message``, with the line and a caret.

The pieces come with their styles; ``shipyard/report/console.py`` ``Lines`` styles them on a terminal and
joins them elsewhere.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel

from shipyard.core.diagnostics import Diagnostic, Severity

#: A piece of a styled line: its text and a rich style ("bold red"), or None for none.
Segment = tuple[str, "str | None"]

_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}
# C0 controls but tab, DEL and the C1 controls: never written to a terminal from a file as they are.
_CONTROLS = {code: f"\\x{code:02x}" for code in (*range(0x09), *range(0x0A, 0x20), *range(0x7F, 0xA0))}
_ANY_CONTROL = re.compile("[" + "".join(re.escape(chr(code)) for code in _CONTROLS) + "]")


def visible(text: str) -> str:
    """Text from a file made safe to print: each control character written as its escape (ESC as \\x1b), so no
    sequence in a sheet can move the cursor, set the clipboard or make a link."""
    return text.translate(_CONTROLS) if _ANY_CONTROL.search(text) else text  # most text has none: one C pass


#: The same, but for the line feed: a text of many lines keeps its breaks (and, as ``visible``, its tabs).
_LINE_CONTROLS = {code: escape for code, escape in _CONTROLS.items() if code != ord("\n")}
_ANY_LINE_CONTROL = re.compile("[" + "".join(re.escape(chr(code)) for code in _LINE_CONTROLS) + "]")
#: Those controls as a JSON and TOML escape (``\u001b``): a document (JSON, TOML, SVG) printed or written keeps its
#: form, and a control character a writer let through reaches no terminal raw.
_DOCUMENT_CONTROLS = {code: f"\\u{code:04x}" for code in _LINE_CONTROLS}


def visible_lines(text: str) -> str:
    """``visible`` for a text of many lines (a sheet printed whole): its line breaks and tabs kept."""
    return text.translate(_LINE_CONTROLS) if _ANY_LINE_CONTROL.search(text) else text


def visible_document(text: str) -> str:
    """A document's text (JSON, TOML, SVG) made safe to print: its line breaks and tabs kept, any other control
    character written as ``\\u`` and four hex digits. JSON escapes C0 controls itself, so in a JSON document this
    only meets DEL and the C1 controls, always inside a string, where the escape is the same character."""
    return text.translate(_DOCUMENT_CONTROLS) if _ANY_LINE_CONTROL.search(text) else text


def visible_copy(value: Any) -> Any:
    """A model (a ship) with every string in it ``visible``: what a panel or a table is built from."""
    if isinstance(value, str):
        return visible(value)
    if isinstance(value, BaseModel):
        return value.model_copy(update={name: visible_copy(getattr(value, name)) for name in type(value).model_fields})
    if isinstance(value, list):
        return [visible_copy(item) for item in value]
    if isinstance(value, tuple):
        return tuple(visible_copy(item) for item in value)
    if isinstance(value, dict):
        return {key: visible_copy(item) for key, item in value.items()}
    return value


def xml_escaped(text: str) -> str:
    """Text from a file for a picture or a page (SVG, HTML): its control characters escaped as ``visible`` does
    (XML 1.0 holds none of them, not even as a character reference, so a raw one leaves the SVG ill-formed) and
    ``& < > " '`` as entities, in text and in attribute values alike."""
    from html import escape

    return escape(visible(text))


def markup_escaped(text: str) -> str:
    """Text from a file for a line printed with rich markup: its controls escaped and its square brackets made
    literal, so ``[/bold]`` or ``[link=...]`` in a ship's name prints as written."""
    return visible(text).replace("[", "\\[")


def diagnostic_segments(diagnostic: Diagnostic, show_source: bool = True) -> list[Segment]:
    """One diagnostic as (text, style) pieces; errors and warnings also quote their line with a caret under
    the column."""
    span, style = diagnostic.span, _STYLE[diagnostic.severity]
    segments: list[Segment] = [
        (f"{visible(str(span))}: ", "bold"),
        (f"{diagnostic.severity.value}: ", style),
        (f"{diagnostic.code} {visible(diagnostic.message)}", None),
    ]
    if show_source and diagnostic.source_line is not None and diagnostic.severity is not Severity.INFO:
        source = diagnostic.source_line.replace("\t", " ")
        line, before = visible(source.rstrip()), len(visible(source[: span.col - 1]))  # the caret under the column
        gutter = f"{span.line:>5} | "
        segments.append((f"\n{gutter}{line}\n", None))
        segments.append((" " * (len(gutter) - 2) + "| " + " " * before + "^", style))
    return segments

"""Files to text: size limit, binary detection, encodings, line endings.

Real sheets come as UTF-8 or latin-1, with CRLF or LF. A file that cannot be read as a sheet
gives one located diagnostic and no text; nothing here raises for bad input.
"""

from __future__ import annotations

import re
from pathlib import Path

from shipyard.core.diagnostics import Diagnostic, Severity, Span

#: Largest sheet file read, in bytes. A fleet file of a hundred ships is under 200 KiB; anything
#: near this limit is not a ship sheet (a log, an archive, a disk image) and is refused unread.
MAX_SHEET_BYTES = 1024 * 1024

#: Longest line of a line-based sheet read, in characters. A published sheet's lines are under 500; a longer
#: line is not a sheet's line (a pasted blob, a file without line breaks), and the grammars' lexers, which try
#: their terminals at each token, are only linear on lines of a bounded length.
MAX_LINE_CHARS = 2000

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def split_lines(text: str) -> list[str]:
    """Lines as an editor counts them: CRLF, CR and LF all end a line, nothing else does."""
    return _LINE_BREAK.split(text)


def refuse_long_lines(text: str, path: str) -> tuple[str, list[Diagnostic]]:
    """The text with each line over MAX_LINE_CHARS left blank (so every other line keeps its number), and an
    IO010 error for each."""
    if len(text) <= MAX_LINE_CHARS:
        return text, []
    found: list[Diagnostic] = []
    lines = _LINE_BREAK.split(text)
    breaks = _LINE_BREAK.findall(text) + [""]
    for number, line in enumerate(lines, start=1):
        if len(line) > MAX_LINE_CHARS:
            found.append(Diagnostic(
                code="IO010", severity=Severity.ERROR, span=Span(path=path, line=number, col=1),
                message=f"line is {len(line):,} characters long; lines over {MAX_LINE_CHARS:,} characters are not "
                        "read (a sheet's lines are under 500)"))
            lines[number - 1] = ""
    if not found:
        return text, []
    return "".join(line + end for line, end in zip(lines, breaks, strict=True)), found


def read_sheet_text(path: Path, display: str | None = None) -> tuple[str | None, list[Diagnostic]]:
    """Read ``path`` as sheet text. Returns (text or None, diagnostics)."""
    where = Span(path=display or str(path), line=1, col=1)

    def fail(code: str, message: str) -> tuple[None, list[Diagnostic]]:
        return None, [Diagnostic(code=code, severity=Severity.ERROR, message=message, span=where)]

    try:
        size = path.stat().st_size
        if size > MAX_SHEET_BYTES:
            return fail("IO002", f"file is {size:,} bytes; sheets over {MAX_SHEET_BYTES:,} bytes "
                                 "(1 MiB) are not read")
        raw = path.read_bytes()
    except IsADirectoryError:
        return fail("IO001", "cannot read file: it is a directory")
    except OSError as error:
        return fail("IO001", f"cannot read file: {error.strerror or error}")
    if not raw.strip():
        return fail("IO004", "file is empty: expected a ship sheet")
    if b"\x00" in raw[:8192]:
        return fail("IO003", "file is binary (it holds NUL bytes): expected a text ship sheet")
    diagnostics: list[Diagnostic] = []
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        text = raw.decode("latin-1")
        line = raw[: error.start].count(b"\n") + 1
        diagnostics.append(Diagnostic(
            code="IO005", severity=Severity.INFO,
            message="file is not UTF-8; read as latin-1",
            span=Span(path=where.path, line=line, col=1)))
    return text, diagnostics

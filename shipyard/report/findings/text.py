"""``check --format text``: each finding as a located line, written by the caller's ``text_line`` (which knows
the terminal: colour, the source line quoted under it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import IO

from shipyard.core.diagnostics import Diagnostic


class TextWriter:
    def __init__(self, text_line: Callable[[Diagnostic], None] | None) -> None:
        self.text_line = text_line

    def add(self, diagnostic: Diagnostic) -> None:
        if self.text_line is not None:
            self.text_line(diagnostic)

    def close(self) -> None:
        """Text has no end to write."""


def make(stream: IO[str], text_line: Callable[[Diagnostic], None] | None) -> TextWriter:
    return TextWriter(text_line)

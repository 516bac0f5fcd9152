"""Where ``shipyard check``'s findings go: the writer of the format asked (``shipyard.report.findings``, one
module a format), fed finding by finding as the run reads its files."""

from __future__ import annotations

from collections.abc import Callable
from typing import IO

from shipyard.core.diagnostics import Diagnostic
from shipyard.report.findings import writer


class Sink:
    """Streams findings to ``stream`` as they come, in one format; ``close`` ends the document. Text lines are
    written by the caller's ``text_line``, which knows the terminal."""

    def __init__(
        self,
        stream: IO[str],
        output_format: str,
        statistics_only: bool = False,
        text_line: Callable[[Diagnostic], None] | None = None,
    ) -> None:
        self.writer = writer(output_format, stream, statistics_only, text_line)

    def add(self, diagnostic: Diagnostic) -> None:
        self.writer.add(diagnostic)

    def close(self) -> None:
        self.writer.close()

"""The report of ``shipyard check``, one module per output format behind one small interface (``Writer``: a
finding added as it comes, the document ended by ``close``), so a long run's report never sits in memory:
``text`` (the caller's located lines, which know the terminal), ``json`` (a list of findings), ``sarif`` (SARIF
2.1.0), ``github`` (GitHub Actions annotations), and ``statistics`` (the count per code, in text or JSON).
``tests/report/test_findings.py`` runs every format through the same findings."""

from __future__ import annotations

from collections.abc import Callable
from typing import IO, Protocol

from shipyard.core.diagnostics import Diagnostic


class Writer(Protocol):
    """One report being written: ``add`` each finding, then ``close`` once."""

    def add(self, diagnostic: Diagnostic) -> None: ...

    def close(self) -> None: ...


#: Each ``--format`` of ``check`` by name, with the module that writes it (imported when it is asked for).
FORMATS = {"text": "text", "json": "json_list", "sarif": "sarif", "github": "github"}


def writer(
    output_format: str,
    stream: IO[str],
    statistics_only: bool = False,
    text_line: Callable[[Diagnostic], None] | None = None,
) -> Writer:
    """The writer of ``output_format`` on ``stream`` (``statistics_only``: the count per code instead, in text or
    JSON); ``text_line`` writes a text finding. ValueError for a format there is none of."""
    from importlib import import_module

    if statistics_only:
        from shipyard.report.findings.statistics import StatisticsWriter

        return StatisticsWriter(stream, output_format)
    if output_format not in FORMATS:
        raise ValueError(f"no report format {output_format!r}: expected one of {', '.join(FORMATS)}")
    module = import_module(f"shipyard.report.findings.{FORMATS[output_format]}")
    made: Writer = module.make(stream, text_line)
    return made

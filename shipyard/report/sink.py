"""The report of ``shipyard check`` on stdout, streamed finding by finding so a long run's report never sits in
memory: text lines, JSON (a list of findings), SARIF 2.1.0 (shipyard/report/sarif.py), GitHub Actions
annotations, or the ``--statistics`` count per code."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import IO, TYPE_CHECKING

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.report.text import visible

if TYPE_CHECKING:
    from shipyard.report.sarif import SarifWriter

GITHUB_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def _escape(text: str, property_value: bool = False) -> str:
    text = visible(text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))
    return text.replace(":", "%3A").replace(",", "%2C") if property_value else text


def github_line(d: Diagnostic) -> str:
    """A GitHub Actions workflow command: ``::error file=...,line=...,col=...[,endLine=...,endColumn=...],
    title=CODE::message`` (the end where the finding's span has one, as SARIF's region does)."""
    end = ""
    if d.span.end_line is not None and d.span.end_col is not None and d.span.end_line >= d.span.line:
        end = f"endLine={d.span.end_line},endColumn={max(d.span.end_col, 1)},"
    return (
        f"::{GITHUB_LEVEL[d.severity]} file={_escape(d.span.path, True)},line={d.span.line},col={d.span.col},"
        f"{end}title={_escape(d.code, True)}::{_escape(d.message)}\n"
    )


def statistics(counts: Counter[str], output_format: str = "text") -> str:
    """Findings per code, most frequent first: ``count  CODE  name`` lines, or (``json``) a list of
    ``{"code", "name", "count"}`` (name null for a code that is no rule, as ruff's is)."""
    from shipyard.core.registry import rule_for

    rows = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    names = {code: rule.meta.name for code in counts if (rule := rule_for(code)) is not None}
    if output_format == "json":
        return json.dumps([{"code": code, "name": names.get(code), "count": n} for code, n in rows], indent=2) + "\n"
    width = max((len(str(n)) for _, n in rows), default=1)
    return "".join(f"{n:>{width}}  {code:<7} {names.get(code, '')}".rstrip() + "\n" for code, n in rows)


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
        self.stream, self.format, self.statistics_only = stream, output_format, statistics_only
        self.text_line = text_line
        self.counts: Counter[str] = Counter()
        self.first = True
        self.sarif: SarifWriter | None = None
        if statistics_only:
            return
        if output_format == "json":
            stream.write("[")
        elif output_format == "sarif":
            from shipyard.report.sarif import SarifWriter  # only for a SARIF report

            self.sarif = SarifWriter(stream)

    def add(self, diagnostic: Diagnostic) -> None:
        self.counts[diagnostic.code] += 1
        if self.statistics_only:
            return
        if self.format == "json":
            self.stream.write(("\n  " if self.first else ",\n  ") + json.dumps(diagnostic.model_dump(mode="json")))
        elif self.sarif is not None:
            self.sarif.add(diagnostic)
        elif self.format == "github":
            self.stream.write(github_line(diagnostic))
        elif self.text_line is not None:
            self.text_line(diagnostic)
        self.first = False

    def close(self) -> None:
        if self.statistics_only:
            self.stream.write(statistics(self.counts, self.format))
        elif self.format == "json":
            self.stream.write("\n]\n" if not self.first else "]\n")
        elif self.sarif is not None:
            self.sarif.close()

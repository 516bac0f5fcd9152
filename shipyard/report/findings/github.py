"""``check --format github``: GitHub Actions workflow commands, one a finding."""

from __future__ import annotations

from collections.abc import Callable
from typing import IO

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.report.text import visible

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


class GithubWriter:
    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream

    def add(self, diagnostic: Diagnostic) -> None:
        self.stream.write(github_line(diagnostic))

    def close(self) -> None:
        """Workflow commands have no end to write."""


def make(stream: IO[str], text_line: Callable[[Diagnostic], None] | None) -> GithubWriter:
    return GithubWriter(stream)

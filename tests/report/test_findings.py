"""Every ``check`` report format, one module each behind one interface (``shipyard.report.findings``), run
through the same findings: each writes every finding, in its order, and ends its document."""

from __future__ import annotations

import io
import json

import pytest

from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.report.findings import FORMATS, writer

#: Three findings of two codes: an error with an end, a warning on a path with a comma, a note on another line.
FINDINGS = [
    Diagnostic(
        code="MCS001",
        severity=Severity.ERROR,
        span=Span(path="a.usd", line=2, col=1, end_line=2, end_col=9),
        message="size 6: expected 7",
    ),
    Diagnostic(code="MCS002", severity=Severity.WARNING, span=Span(path="b,c.usd", line=3, col=4), message="tough"),
    Diagnostic(code="MCS001", severity=Severity.INFO, span=Span(path="a.usd", line=5, col=1), message="note: 100%"),
]


def written(output_format: str, statistics_only: bool = False) -> tuple[str, list[Diagnostic]]:
    stream, lines = io.StringIO(), []
    report = writer(output_format, stream, statistics_only, text_line=lines.append)
    for finding in FINDINGS:
        report.add(finding)
    report.close()
    return stream.getvalue(), lines


@pytest.mark.parametrize("output_format", list(FORMATS))
def test_every_format_writes_every_finding_in_order(output_format):
    text, lines = written(output_format)
    if output_format == "text":
        assert lines == FINDINGS and text == ""
    elif output_format == "json":
        assert [Diagnostic.model_validate(d) for d in json.loads(text)] == FINDINGS
    elif output_format == "sarif":
        run = json.loads(text)["runs"][0]
        assert [(r["ruleId"], r["level"]) for r in run["results"]] == [
            ("MCS001", "error"),
            ("MCS002", "warning"),
            ("MCS001", "note"),
        ]
        assert [rule["id"] for rule in run["tool"]["driver"]["rules"]] == ["MCS001", "MCS002"]
    else:
        assert text.splitlines() == [
            "::error file=a.usd,line=2,col=1,endLine=2,endColumn=9,title=MCS001::size 6: expected 7",
            "::warning file=b%2Cc.usd,line=3,col=4,title=MCS002::tough",
            "::notice file=a.usd,line=5,col=1,title=MCS001::note: 100%25",
        ]


@pytest.mark.parametrize("output_format", ["text", "json"])
def test_statistics_count_the_same_findings(output_format):
    text, lines = written(output_format, statistics_only=True)
    assert lines == []
    if output_format == "json":
        assert [(row["code"], row["count"]) for row in json.loads(text)] == [("MCS001", 2), ("MCS002", 1)]
    else:
        assert [line.split()[:2] for line in text.splitlines()] == [["2", "MCS001"], ["1", "MCS002"]]


@pytest.mark.parametrize("output_format", ["json", "sarif"])
def test_a_report_of_no_finding_is_a_whole_document(output_format):
    stream = io.StringIO()
    report = writer(output_format, stream)
    report.close()
    assert json.loads(stream.getvalue()) is not None


def test_a_format_there_is_none_of_is_refused():
    with pytest.raises(ValueError, match="no report format 'xml'"):
        writer("xml", io.StringIO())

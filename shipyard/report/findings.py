"""Findings in the machine-readable forms CI and editors read: JSON, SARIF 2.1.0, GitHub annotations;
and the ``--statistics`` count. One function per format (sorted diagnostics in, text out), and ``Sink``,
which streams the same formats finding by finding so a long run's report never sits in memory."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from shipyard import __version__
from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.registry import rule_for

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
GITHUB_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}
INFORMATION_URI = "https://github.com/shipyard-traveller/shipyard"


def as_json(diagnostics: list[Diagnostic]) -> str:
    """A list of ``{code, severity, message, span: {path, line, col, ...}, source_line}``."""
    return json.dumps([d.model_dump(mode="json") for d in diagnostics], indent=2) + "\n"


def _uri(path: str) -> str:
    return Path(path).as_posix()


def _sarif_rule(code: str) -> dict:
    rule = rule_for(code)
    entry: dict = {"id": code}
    if rule is not None:
        entry.update(name=rule.meta.name, shortDescription={"text": rule.summary},
                     fullDescription={"text": rule.doc}, help={"text": rule.doc},
                     defaultConfiguration={"level": SARIF_LEVEL[rule.meta.severity]})
    else:
        entry["shortDescription"] = {"text": f"{code} (a reading diagnostic; see the README)"}
    return entry


def _sarif_result(d: Diagnostic, index: int) -> dict:
    region = {"startLine": d.span.line, "startColumn": d.span.col}
    if d.span.end_line is not None and d.span.end_col is not None and d.span.end_line >= d.span.line:
        region.update(endLine=d.span.end_line, endColumn=max(d.span.end_col, 1))
    return {"ruleId": d.code, "ruleIndex": index, "level": SARIF_LEVEL[d.severity], "message": {"text": d.message},
            "locations": [{"physicalLocation": {"artifactLocation": {"uri": _uri(d.span.path)}, "region": region}}]}


def as_sarif(diagnostics: list[Diagnostic]) -> str:
    """One SARIF 2.1.0 run: the rules that were reported (with their documentation) and the results."""
    codes = sorted({d.code for d in diagnostics})
    index = {code: i for i, code in enumerate(codes)}
    rules = [_sarif_rule(code) for code in codes]
    results = [_sarif_result(d, index[d.code]) for d in diagnostics]
    document = {
        "$schema": SARIF_SCHEMA, "version": "2.1.0",
        "runs": [{"tool": {"driver": {"name": "shipyard", "version": __version__,
                                      "informationUri": INFORMATION_URI, "rules": rules}},
                  "results": results}],
    }
    return json.dumps(document, indent=2) + "\n"


def _escape(text: str, property_value: bool = False) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if property_value else text


def as_github(diagnostics: list[Diagnostic]) -> str:
    """GitHub Actions workflow commands: ``::error file=...,line=...,col=...,title=CODE::message``."""
    lines = [f"::{GITHUB_LEVEL[d.severity]} file={_escape(d.span.path, True)},line={d.span.line},col={d.span.col},"
             f"title={_escape(d.code, True)}::{_escape(d.message)}" for d in diagnostics]
    return "".join(line + "\n" for line in lines)


def statistics(counts: Counter) -> str:
    """Findings per code, most frequent first: ``count  CODE  name``."""
    rows = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    width = max((len(str(n)) for _, n in rows), default=1)
    names = {code: rule.meta.name for code in counts if (rule := rule_for(code)) is not None}
    return "".join(f"{n:>{width}}  {code:<7} {names.get(code, '')}".rstrip() + "\n" for code, n in rows)


class Sink:
    """Streams findings to stdout as they come, in one format; ``close`` ends the document."""

    def __init__(self, stream, output_format: str, statistics_only: bool = False):
        self.stream, self.format, self.statistics_only = stream, output_format, statistics_only
        self.counts: Counter = Counter()
        self.first = True
        self.rule_index: dict[str, int] = {}
        if statistics_only:
            return
        if output_format == "json":
            stream.write("[")
        elif output_format == "sarif":
            stream.write('{\n  "$schema": "%s",\n  "version": "2.1.0",\n  "runs": [{\n  "results": [' % SARIF_SCHEMA)

    def add(self, diagnostic: Diagnostic, text_line=None) -> None:
        self.counts[diagnostic.code] += 1
        if self.statistics_only:
            return
        if self.format == "json":
            self.stream.write(("\n  " if self.first else ",\n  ") + json.dumps(diagnostic.model_dump(mode="json")))
        elif self.format == "sarif":
            index = self.rule_index.setdefault(diagnostic.code, len(self.rule_index))
            self.stream.write(("\n    " if self.first else ",\n    ") + json.dumps(_sarif_result(diagnostic, index)))
        elif self.format == "github":
            self.stream.write(as_github([diagnostic]))
        else:
            text_line(diagnostic)
        self.first = False

    def close(self) -> None:
        if self.statistics_only:
            self.stream.write(statistics(self.counts))
        elif self.format == "json":
            self.stream.write("\n]\n" if not self.first else "]\n")
        elif self.format == "sarif":
            rules = [_sarif_rule(code) for code in self.rule_index]
            tool = {"driver": {"name": "shipyard", "version": __version__, "informationUri": INFORMATION_URI,
                               "rules": rules}}
            self.stream.write("\n  ],\n  \"tool\": " + json.dumps(tool, indent=2) + "\n  }]\n}\n")

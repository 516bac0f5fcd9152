"""SARIF 2.1.0 for code-scanning tools: the one writer of it. Every code a run reports carries its description:
a rule's from its docstring, any other code's from the catalogue (shipyard/core/codes.py)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from shipyard.core.diagnostics import Diagnostic, Severity

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
INFORMATION_URI = "https://github.com/shipyard-traveller/shipyard"


def _uri(path: str) -> str:
    """A path as a SARIF ``uri-reference``: an absolute path as a ``file://`` URI, a relative one as a relative
    reference, both percent-encoded (a space, ``#``, ``[`` or ``%`` in a file name would not be a URI)."""
    from urllib.parse import quote

    given = Path(path)
    return given.as_uri() if given.is_absolute() else quote(given.as_posix(), safe="/")


#: shipyard's own failures: a run that reports one did not execute as it should.
INTERNAL_ERRORS = ("SY001", "SY002")


def sarif_rule(code: str) -> dict[str, Any]:
    """The ``reportingDescriptor`` of a code."""
    from shipyard.core.codes import code_entry
    from shipyard.core.registry import rule_for

    rule = rule_for(code)
    entry: dict[str, Any] = {"id": code}
    if rule is not None:
        entry.update(
            name=rule.meta.name,
            shortDescription={"text": rule.summary},
            fullDescription={"text": rule.doc},
            help={"text": rule.doc},
            defaultConfiguration={"level": SARIF_LEVEL[rule.meta.severity]},
        )
    elif (known := code_entry(code)) is not None:
        entry.update(
            shortDescription={"text": known.summary},
            fullDescription={"text": known.explain(more=False)},
            defaultConfiguration={"level": SARIF_LEVEL[known.severity]},
        )
    else:
        entry["shortDescription"] = {"text": code}
    return entry


def sarif_result(d: Diagnostic, index: int) -> dict[str, Any]:
    """One result. A finding on a folder (a folder of sheets checked as a fleet) has no file to point at: its
    location is logical, the fleet named by its folder, and no artifact is a folder."""
    result = {"ruleId": d.code, "ruleIndex": index, "level": SARIF_LEVEL[d.severity], "message": {"text": d.message}}
    if Path(d.span.path).is_dir():
        fleet = {
            "fullyQualifiedName": Path(d.span.path).as_posix(),
            "name": Path(d.span.path).name or d.span.path,
            "kind": "module",
        }
        return {**result, "locations": [{"logicalLocations": [fleet]}]}
    region: dict[str, int] = {"startLine": d.span.line, "startColumn": d.span.col}
    if d.span.end_line is not None and d.span.end_col is not None and d.span.end_line >= d.span.line:
        region.update(endLine=d.span.end_line, endColumn=max(d.span.end_col, 1))
    return {
        **result,
        "locations": [{"physicalLocation": {"artifactLocation": {"uri": _uri(d.span.path)}, "region": region}}],
    }


class SarifWriter:
    """One SARIF run streamed result by result; the rules reported are written at the end."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self.rule_index: dict[str, int] = {}
        self.first = True
        stream.write(f'{{\n  "$schema": "{SARIF_SCHEMA}",\n  "version": "2.1.0",\n  "runs": [{{\n  "results": [')

    def add(self, diagnostic: Diagnostic) -> None:
        index = self.rule_index.setdefault(diagnostic.code, len(self.rule_index))
        self.stream.write(("\n    " if self.first else ",\n    ") + json.dumps(sarif_result(diagnostic, index)))
        self.first = False

    def close(self) -> None:
        from shipyard.core.version import version  # package metadata, read only for a SARIF report

        rules = [sarif_rule(code) for code in self.rule_index]
        tool = {"driver": {"name": "shipyard", "version": version(), "informationUri": INFORMATION_URI, "rules": rules}}
        # The run succeeded unless shipyard itself failed on a file or a rule (SY001, SY002): findings are results.
        invocations = [{"executionSuccessful": not any(code in INTERNAL_ERRORS for code in self.rule_index)}]
        self.stream.write(
            '\n  ],\n  "tool": '
            + json.dumps(tool, indent=2)
            + ',\n  "invocations": '
            + json.dumps(invocations)
            + "\n  }]\n}\n"
        )


def make(stream: IO[str], text_line: Callable[[Diagnostic], None] | None) -> SarifWriter:
    return SarifWriter(stream)

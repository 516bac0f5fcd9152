"""Shared by the TCS rules."""

from __future__ import annotations

from shipyard.core.diagnostics import Severity
from shipyard.core.rules import RuleMeta


def meta(code: str, name: str, severity: Severity = Severity.ERROR, target: str = "ship") -> RuleMeta:
    return RuleMeta(code=code, name=name, severity=severity, family="tcs", target=target)

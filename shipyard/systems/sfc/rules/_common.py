"""Shared by the SFC rules."""

from __future__ import annotations

from shipyard.core.diagnostics import Severity
from shipyard.core.rules import RuleMeta


def meta(code: str, name: str, severity: Severity = Severity.ERROR) -> RuleMeta:
    return RuleMeta(code=code, name=name, severity=severity, family="sfc")

"""What every rule is made of: its header (``RuleMeta``), its ``check`` function and its docstring.

A rule module (yamllint's shape, STYLE.md) has a docstring that is its user documentation (what, why,
a failing and a passing example, the source), a ``META`` header, and ``check(subject, ctx)``, a
generator of diagnostics made with ``ctx.report``. Rules never print and never raise for bad input.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import ModuleType

from shipyard.core.diagnostics import Diagnostic, Edit, Fix, Severity, Span
from shipyard.core.records import Record


@dataclass(frozen=True)
class RuleMeta:
    """A rule's fixed header. ``severity`` is the most serious level the rule reports; a rule may
    report a finding at a lower level (a toughness gap that a modifier explains is info)."""

    code: str
    name: str
    severity: Severity
    family: str
    target: str = "ship"  # "ship": one ship at a time; "fleet": a fleet with its scenario
    #: The names the rule had before it was renamed: --select, --ignore and the settings still take them (CFG004).
    former_names: tuple[str, ...] = ()


@dataclass(frozen=True)
class Rule:
    meta: RuleMeta
    check: Callable[..., Iterator[Diagnostic]]
    doc: str

    @property
    def code(self) -> str:
        return self.meta.code

    @property
    def summary(self) -> str:
        """The first line of the rule's docstring."""
        return self.doc.strip().splitlines()[0]

    @classmethod
    def from_module(cls, module: ModuleType) -> Rule:
        return cls(meta=module.META, check=module.check, doc=inspect.cleandoc(module.__doc__ or ""))


class RuleContext:
    """What a rule needs besides its subject: where the file is, and how to report."""

    __slots__ = ("fallback", "meta", "path")  # one for every rule on every ship

    def __init__(self, meta: RuleMeta, path: str, fallback: Span | None = None):
        self.meta = meta
        self.path = path
        self.fallback = fallback or Span(path=path, line=1, col=1)

    def where(self, record: Record | None = None, field: str | None = None) -> Span:
        span = None
        if record is not None:
            span = record.span(field) if field else None
            span = span or record.span()
        return span or self.fallback

    def report(
        self, message: str, record: Record | None = None, field: str | None = None, severity: Severity | None = None
    ) -> Diagnostic:
        """A finding of this rule at ``record.spans[field]`` (or the record, or the ship)."""
        return Diagnostic(
            code=self.meta.code,
            severity=severity or self.meta.severity,
            message=message,
            span=self.where(record, field),
        )

    @staticmethod
    def with_fix(finding: Diagnostic, message: str, old: str, new: str, safe: bool) -> Diagnostic:
        """The finding with the fix that writes ``new`` for ``old`` within its span (a field as the sheet writes
        it, ``Size: 6``), on the span's line; unsafe when it changes a figure the sheet declares."""
        span = finding.span
        end = span.end_col if span.end_line in (None, span.line) else None
        edit = Edit(line=span.line, col=span.col, end_col=end, old=old, new=new)
        return finding.model_copy(update={"fix": Fix(message=message, edits=(edit,), safe=safe)})

    def report_at(self, message: str, span: Span | None, severity: Severity | None = None) -> Diagnostic:
        """A finding at a span (the fallback when None)."""
        return Diagnostic(
            code=self.meta.code, severity=severity or self.meta.severity, message=message, span=span or self.fallback
        )

"""``check --statistics``: findings per code, most frequent first, written when the run ends."""

from __future__ import annotations

import json
from collections import Counter
from typing import IO

from shipyard.core.diagnostics import Diagnostic


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


class StatisticsWriter:
    def __init__(self, stream: IO[str], output_format: str) -> None:
        self.stream, self.format = stream, output_format
        self.counts: Counter[str] = Counter()

    def add(self, diagnostic: Diagnostic) -> None:
        self.counts[diagnostic.code] += 1

    def close(self) -> None:
        self.stream.write(statistics(self.counts, self.format))

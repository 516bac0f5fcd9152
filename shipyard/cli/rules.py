"""``shipyard rules`` and ``shipyard explain CODE``: the rule catalogue, from the rules' own docstrings."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.table import Table



def rules() -> None:
    """List every rule: code, name, most serious level, and what it checks."""
    from shipyard.rules import RULES
    table = Table(show_edge=False, header_style="bold")
    for column in ("code", "name", "level", "checks"):
        table.add_column(column)
    for rule in RULES.values():
        table.add_row(rule.code, rule.meta.name, rule.meta.severity.value, rule.summary)
    Console(soft_wrap=False).print(table)


def explain(code: str = typer.Argument(..., help="A rule code (MCS001) or name (size-by-displacement).")) -> None:
    """Print a rule's documentation: what it checks, why, a failing and a passing example, its source."""
    from shipyard.rules import RULES
    wanted = code.strip()
    rule = RULES.get(wanted.upper()) or next((r for r in RULES.values() if r.meta.name == wanted.lower()), None)
    if rule is None:
        Console(stderr=True).print(f"error: no rule {wanted!r}; 'shipyard rules' lists them", highlight=False)
        raise typer.Exit(2)
    print(f"{rule.code} {rule.meta.name} ({rule.meta.severity.value}, family {rule.meta.family})\n")
    print(rule.doc)

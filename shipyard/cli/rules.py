"""``shipyard rules`` and ``shipyard explain CODE``: the rule catalogue, from the rules' own docstrings."""

from __future__ import annotations

import typer

from shipyard.cli._output import console


def rules() -> None:
    """List every rule: code, name, most serious level, and what it checks."""
    from rich.table import Table

    from shipyard.core.registry import all_rules
    table = Table(show_edge=False, header_style="bold")
    for column in ("code", "name", "level", "checks"):
        table.add_column(column)
    for rule in all_rules().values():
        table.add_row(rule.code, rule.meta.name, rule.meta.severity.value, rule.summary)
    console(soft_wrap=False).print(table)


def explain(code: str = typer.Argument(..., help="A rule code (MCS001) or name (size-by-displacement), an "
                                           "Appendix A table (APX, APX1 ... APX11) or a formation rule "
                                           "(FORMATION-MOVES, FORMATION-FIRE, FORMATION-AGILITY, "
                                           "FORMATION-MISSILES).")) -> None:
    """Print a rule's documentation (what it checks, why, a failing and a passing example, its source), or
    an Appendix A table or battle formation rule."""
    from shipyard.core.registry import all_rules
    from shipyard.systems.tcs.topics import TOPICS
    wanted, rules = code.strip(), all_rules()
    rule = rules.get(wanted.upper()) or next((r for r in rules.values() if r.meta.name == wanted.lower()), None)
    if rule is None and wanted.upper() in TOPICS:
        print(TOPICS[wanted.upper()])
        return
    if rule is None:
        console(stderr=True).print(f"error: no rule or topic {wanted!r}; 'shipyard rules' lists the rules, and "
                                   f"the topics are {', '.join(TOPICS)}", highlight=False)
        raise typer.Exit(2)
    print(f"{rule.code} {rule.meta.name} ({rule.meta.severity.value}, family {rule.meta.family})\n")
    print(rule.doc)

"""``shipyard rules`` and ``shipyard explain CODE``: the rule catalogue, from the rules' own docstrings, and the
documentation of every other code and topic."""

from __future__ import annotations

import typer

from shipyard.report.console import Lines, TextOrJson, console


def rules(
    output_format: TextOrJson = typer.Option(
        TextOrJson.text, "--format", "-f", help="text (a table) or json (every rule with its documentation)."
    ),
) -> None:
    """List every rule: code, name, most serious level, and what it checks."""
    if output_format is TextOrJson.json:
        import json

        from shipyard import api

        print(json.dumps(api.rule_catalogue(), indent=2))
        return
    from shipyard.report.terminal import rules_table

    console(soft_wrap=False).print(rules_table())


def explain(
    code: str = typer.Argument(
        ...,
        help="A rule code (MCS001) or name (size-by-displacement), any other "
        "diagnostic code (IO001, USD101 ...), an Appendix A table (APX, APX1 "
        "... APX11) or a formation rule (FORMATION-MOVES, FORMATION-FIRE, "
        "FORMATION-AGILITY, FORMATION-MISSILES).",
    ),
) -> None:
    """Print a rule's documentation (what it checks, why, a failing and a passing example, its source), what
    any other diagnostic code means, or an Appendix A table or battle formation rule."""
    from shipyard import api

    text = api.explain(code)
    if text is None:
        Lines(stderr=True).write([(f"error: {api.explain_miss(code)}", None)])
        raise typer.Exit(2)
    print(text)

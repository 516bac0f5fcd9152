"""``shipyard rules`` and ``shipyard explain CODE``: the rule catalogue, from the rules' own docstrings, and the
documentation of every other code and topic."""

from __future__ import annotations

from pathlib import Path

import typer

from shipyard.report.console import Lines, Output, TextOrJson, format_option, output_option, quiet_option


def rules(
    output_format: TextOrJson = format_option("text (a table) or json (every rule with its documentation)."),
    output: Path = output_option(),
    quiet: bool = quiet_option(),
) -> None:
    """List every rule: code, name, most serious level, and what it checks."""
    sink = Output(output, quiet)
    if sink.form(output_format) is TextOrJson.json:
        from shipyard import api

        sink.json(api.rule_catalogue())
        return
    from shipyard.report.terminal import rules_table

    sink.print(rules_table())


def explain(
    code: str = typer.Argument(
        ...,
        help="A rule code (MCS001) or name (size-by-displacement), any other "
        "diagnostic code (IO001, USD101 ...), an Appendix A table (APX, APX1 "
        "... APX11) or a formation rule (FORMATION-MOVES, FORMATION-FIRE, "
        "FORMATION-AGILITY, FORMATION-MISSILES).",
    ),
    output_format: TextOrJson = format_option("text, or json: the code and its documentation."),
    output: Path = output_option(),
    quiet: bool = quiet_option(),
) -> None:
    """Print a rule's documentation (what it checks, why, a failing and a passing example, its source), what
    any other diagnostic code means, or an Appendix A table or battle formation rule."""
    from shipyard import api

    text = api.explain(code)
    if text is None:
        Lines(stderr=True).write([(f"error: {api.explain_miss(code)}", None)])
        raise typer.Exit(2)
    sink = Output(output, quiet)
    if sink.form(output_format) is TextOrJson.json:
        sink.json({"code": code.strip(), "text": text})
    else:
        sink.text(text + "\n")

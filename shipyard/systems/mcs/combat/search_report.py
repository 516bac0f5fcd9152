"""The best fleet of an MCS fleet search as an engagement file that ``combat battle`` replays to the same figures
(``combat search --write-engagement``)."""

from __future__ import annotations

import os
from pathlib import Path

from shipyard.core.references import OUTSIDE_OPTION
from shipyard.core.toml_input import toml_value
from shipyard.report.text import visible
from shipyard.search.driver import SearchResult
from shipyard.search.problem import opponent_seed
from shipyard.systems.mcs.combat.search import McsProblem, fleet_sides


def engagement_text(result: SearchResult, output: Path, opponent: int = 0) -> str:
    """The best fleet against an opponent as an engagement file (sheets relative to the file's folder), headed by
    the command that replays the search's battles of it (with --allow-outside when a sheet is outside that
    folder)."""
    from shipyard.systems.mcs.combat.knobs import doctrine_fields

    best = result.best
    assert best is not None
    settings, problem = result.settings, result.problem
    assert isinstance(problem, McsProblem)
    seed = opponent_seed(settings.seed, opponent)
    battles = best.scores[opponent].battles
    folder = output.resolve().parent

    def sheet(path: str) -> str:
        return os.path.relpath(Path(path).resolve(), folder).replace(os.sep, "/")

    sides = [
        fleet_sides(best.candidate.counts, best.candidate.knobs, problem.designs),
        problem.opponents[opponent].side,
    ]
    outside = any(sheet(ref.sheet).startswith("../") for side in sides for ref in side.ships)
    lines = [
        f"# The best fleet of a shipyard fleet search (seed {settings.seed}) against "
        f"{visible(problem.opponents[opponent].label)}.",  # a comment ends at a line break: none from a file
        f"# Replay the search's {battles:,} battles of it: shipyard combat battle {output.name} --seed {seed} "
        f"--runs {battles}" + (f" {OUTSIDE_OPTION}" if outside else ""),
        f"start_range = {toml_value(problem.start_range)}",
        f"turns = {problem.turns}",
    ]
    options = problem.options.model_dump(mode="json", exclude_defaults=True)
    if options:
        lines += ["", "[options]"] + [f"{k} = {toml_value(v)}" for k, v in options.items()]
    for side in sides:
        lines += ["", "[[sides]]"]
        if side.name:
            lines.append(f"name = {toml_value(side.name)}")
        if side.fleet_tactics is not None:
            lines.append(f"fleet_tactics = {side.fleet_tactics}")
        for ref in side.ships:
            fields = {"sheet": sheet(ref.sheet)} | ref.model_dump(mode="json", exclude_defaults=True, exclude={"sheet"})
            lines.append("[[sides.ships]]")
            lines += [f"{k} = {toml_value(v)}" for k, v in fields.items()]
        fields = (
            doctrine_fields(best.candidate.knobs)
            if side is sides[0]
            else side.doctrine.model_dump(mode="json", exclude_defaults=True)
        )
        fields = {k: v for k, v in fields.items() if v is not None}
        if fields:
            lines.append("[sides.doctrine]")
            lines += [f"{k} = {toml_value(v)}" for k, v in fields.items()]
    return "\n".join(lines) + "\n"

"""The best fleet of a TCS fleet search as a fleet file (``tcs search --write-fleet``): its ships (sheets relative to
the file's folder, counts, roles), its scenario inline and its doctrine, headed by the command that replays the
search's battles of it against the first opponent. ``audit``, ``check --scenario`` and ``tcs battle`` read it."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from shipyard.core.references import OUTSIDE_OPTION
from shipyard.core.toml_input import toml_value
from shipyard.report.text import visible
from shipyard.search.driver import SearchResult, Tried
from shipyard.search.problem import opponent_seed
from shipyard.systems.tcs.combat.search import SEARCHED_FLEET, Design, TcsProblem, orders


def _table(name: str, fields: dict[str, Any]) -> list[str]:
    return ["", f"[{name}]", *(f"{key} = {toml_value(value)}" for key, value in fields.items())]


def fleet_text(result: SearchResult, output: Path, opponent: int = 0, tried: Tried | None = None) -> str:
    """The best fleet (or ``tried``, another the search reports) as a fleet file at ``output``, headed by the
    ``tcs battle`` command that replays its battles against ``opponent`` (that opponent's file; an opponent of
    sheets joined with counts is named as given, to be written as a fleet file first)."""
    best = tried or result.best
    assert best is not None
    problem = result.problem
    assert isinstance(problem, TcsProblem)
    settings = result.settings
    folder = output.resolve().parent

    def sheet(path: Path | str) -> str:
        return os.path.relpath(Path(path).resolve(), folder).replace(os.sep, "/")

    bought = _bought(result, best)
    against = problem.opponents[opponent]
    replayed = sheet(against.path) if against.path is not None else against.label
    outside = any(sheet(d.sheet).startswith("../") for d, _ in bought if d.made is None) or replayed.startswith("../")
    readings = [f"--reading {name}={value}" for name, value in problem.readings.changed().items()]
    readings += [] if problem.readings.rerolls else ["--no-rerolls"]
    battles = best.scores[opponent].battles
    command = (
        f"shipyard tcs battle {output.name} {replayed} --seed {opponent_seed(settings.seed, opponent)} "
        f"--runs {battles}" + "".join(f" {each}" for each in readings) + (f" {OUTSIDE_OPTION}" if outside else "")
    )
    lines = [
        f"# {'The best' if tried is None else 'A'} fleet of a shipyard TCS fleet search (seed {settings.seed}) against "
        f"{visible(against.label)}.",  # a comment ends at a line break: none from a file
        f"# Replay the search's {battles:,} battles of it: {command}",
        f"name = {toml_value(SEARCHED_FLEET)}",
    ]
    scenario = problem.scenario.model_dump(exclude_defaults=True)
    rulings = scenario.pop("rulings", {})
    lines += _table("scenario", scenario)
    if rulings:
        lines += _table("scenario.rulings", {toml_value(k): v for k, v in rulings.items()})
    chosen = orders(best.candidate.knobs, [d.template for d, _ in bought])
    doctrine = {"reserve": list(chosen.reserve), "range": chosen.range, "fire": chosen.fire}
    lines += _table("doctrine", doctrine | {"beam_defence": chosen.beam_defence})
    for design, count in bought:
        written = design.made.sheet if design.made is not None else sheet(design.sheet)  # a design made: beside it
        lines += ["", "[[ship]]", f"sheet = {toml_value(written)}"]
        if design.ship is not None:
            lines.append(f"name = {toml_value(design.ship)}")
        lines.append(f"count = {count}")
        if design.member.role != "warship":
            lines.append(f"role = {toml_value(design.member.role)}")
    return "\n".join(lines) + "\n"


def _bought(result: SearchResult, tried: Tried) -> list[tuple[Design, int]]:
    problem = result.problem
    assert isinstance(problem, TcsProblem)
    return [(d, n) for d, n in zip(problem.designs, tried.candidate.counts, strict=True) if n]


def fleet_files(result: SearchResult, output: Path) -> str | list[tuple[Path, str]]:
    """The best fleet's file (``fleet_text``), and where it has designs of the search's own, each one's component
    sheet beside it (the fleet file names them so): the files and their texts, the fleet file first."""
    text = fleet_text(result, output)
    assert result.best is not None
    made = [d.made for d, _ in _bought(result, result.best) if d.made is not None]
    if not made:
        return text
    return [(output, text), *((output.parent / str(m.sheet), str(m.text)) for m in made)]

"""The command-line options every game's fleet search takes (``combat search``, ``tcs search``), declared once, and
what the commands do alike with a search's result: its findings reported, its document or text printed, its page
and its best fleet written, the exit status."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Collection, Mapping, Sequence
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import typer

from shipyard.report.console import output_option
from shipyard.search.limits import MAX_GENERATION, SCHEDULER_TIMEOUT

if TYPE_CHECKING:
    from shipyard.core.diagnostics import Diagnostic
    from shipyard.report.console import Output, TextOrJson
    from shipyard.search.driver import SearchResult, Settings
    from shipyard.search.results import SearchOutcome


class Objective(StrEnum):
    mean = "mean"
    worst = "worst"


class Sampler(StrEnum):
    tpe = "tpe"
    nsga2 = "nsga2"
    random = "random"


class Where(StrEnum):
    local = "local"
    dask = "dask"


#: The options, each one typer declaration the search commands share (a declaration is read, never changed, by
#: the command it is given to).
SEED: Any = typer.Option(1, "--seed", help="The seed of the search and its battles: the same seed, the same result.")

BATTLES: Any = typer.Option(20_000, "--battles", "-n", min=1, help="The battles the search may fight in all.")

SCREEN: Any = typer.Option(50, "--screen", min=1, help="Each fleet's first battles against each opponent.")

FULL: Any = typer.Option(400, "--full", min=1, help="A full evaluation: battles against each opponent.")

GENERATION: Any = typer.Option(8, "--generation", min=1, max=MAX_GENERATION, help="Fleets tried at a time.")

OBJECTIVE: Any = typer.Option(
    Objective.mean,
    "--objective",
    case_sensitive=False,
    help="mean: the win chance over every opponent; worst: against the hardest.",
)

SAMPLER: Any = typer.Option(
    Sampler.tpe,
    "--sampler",
    case_sensitive=False,
    help="tpe (one objective), nsga2 (the front of win chance, worst case and cost) or random.",
)

EXECUTOR: Any = typer.Option(
    Where.local, "--executor", case_sensitive=False, help="local (processes) or dask (a cluster)."
)

SCHEDULER: Any = typer.Option(
    None,
    "--scheduler",
    metavar="ADDRESS",
    show_default=False,
    help="A Dask scheduler's address (tcp://host:8786) [default: a local cluster of -j workers].",
)

TIMEOUT: Any = typer.Option(
    SCHEDULER_TIMEOUT,
    "--timeout",
    min=0.1,
    metavar="SECONDS",
    help="How long to wait for the Dask scheduler of --scheduler to answer.",
)

JOBS: Any = typer.Option(
    None, "--jobs", "-j", min=1, show_default=False, help="Worker processes [default: every core]."
)

OUTPUT: Any = output_option(
    "Also write the report: .html (a page with charts); .json or .txt: the results there instead of on standard output."
)
JOURNAL: Any = typer.Option(
    None, "--journal", show_default=False, help="A file the search is kept in as it goes; run again to resume."
)


#: How near a misspelt knob must be to one to be named as meant.
NEAR_KNOB = 0.6


def knob_list(value: str | None, knobs: Mapping[str, Any]) -> list[str] | None:
    """``--knobs range,fire``: the knobs searched (``none``: none), each one of ``knobs``; None: not given."""
    if value is None:
        return None
    from shipyard.core.names import meant_hint, quoted

    names = [n.strip().lower() for n in value.split(",") if n.strip()]
    if names == ["none"]:
        return []
    for name in names:
        if name not in knobs:
            hint = meant_hint(name, knobs, NEAR_KNOB)
            raise typer.BadParameter(
                f"{quoted(name)} is no doctrine knob{hint}: expected some of {', '.join(knobs)}, or none"
            )
    return names


def fixed_knobs(values: list[str] | None, knobs: Mapping[str, Mapping[str, Any]]) -> dict[str, str]:
    """``--doctrine range=long``: a knob fixed to one of its choices."""
    from shipyard.core.names import meant_hint, quoted

    fixed: dict[str, str] = {}
    for value in values or []:
        name, _, choice = (part.strip().lower() for part in value.partition("="))
        if name not in knobs:
            hint = meant_hint(name, knobs, NEAR_KNOB)
            raise typer.BadParameter(f"{quoted(value)}: expected KNOB=CHOICE with a knob of {', '.join(knobs)}{hint}")
        if choice not in knobs[name]:
            raise typer.BadParameter(f"{quoted(value)}: {name} is one of {', '.join(knobs[name])}")
        fixed[name] = choice
    return fixed


def needs(command: str, executor: Where, scheduler: str | None) -> None:
    """Exit 2, saying how to install them, when what the search needs is missing (optuna; distributed for
    ``--executor dask``); a usage error for a scheduler without ``--executor dask``."""
    from shipyard.search.driver import INSTALL_HINT

    wanted = ("optuna", *(("distributed",) if executor is Where.dask else ()))
    missing = [module for module in wanted if importlib.util.find_spec(module) is None]
    if missing:
        typer.echo(
            f"shipyard {command} needs {' and '.join(missing)}, not installed here.\nInstall them with: {INSTALL_HINT}",
            err=True,
        )
        raise typer.Exit(2)
    if scheduler is not None and executor is not Where.dask:
        raise typer.BadParameter("--scheduler is a Dask scheduler's address: give --executor dask with it")


def settings(
    seed: int,
    battles: int,
    screen: int,
    full: int,
    generation: int,
    objective: Objective,
    sampler: Sampler,
    journal: Path | None,
) -> Settings:
    from shipyard.search.driver import Settings

    return Settings(
        seed=seed,
        battles=battles,
        screen=screen,
        full=full,
        generation=generation,
        objective=objective.value,
        sampler=sampler.value,
        journal=journal,
    )


class Found(Protocol):
    """What a game's search function gives back (``CombatSearch``, ``TcsSearch``)."""

    @property
    def outcome(self) -> SearchOutcome | None: ...
    @property
    def diagnostics(self) -> list[Diagnostic]: ...
    @property
    def result(self) -> SearchResult | None: ...


def run(
    catalogue: list[Path],
    quiet: bool,
    search: Callable[[list[Path], Callable[[int, int], None] | None], Found],
    sink: Output,
    output_format: TextOrJson,
    best: tuple[Output, Path, Callable[[SearchResult, Path], str | list[tuple[Path, str]]]] | None,
    refused: Collection[str] = (),
) -> None:
    """A search command's work: ``search`` run on the catalogue's paths (standard input spooled and named
    <stdin>) with a progress bar on a terminal (none with ``-q``), a Dask scheduler that does not answer a usage
    error, then what it found printed and written (``results``)."""
    from shipyard.report.console import console, inputs, progress_bar
    from shipyard.search.workers import Unreachable

    with inputs(catalogue) as paths:  # standard input is named <stdin> in what is written inside
        with progress_bar(None if quiet else console(stderr=True), "searching") as progress:
            try:
                found = search(paths, progress)
            except Unreachable as error:
                raise typer.BadParameter(str(error), param_hint="--scheduler") from None
        results(found.diagnostics, found.outcome, found.result, sink, output_format, best, refused)


def results(
    diagnostics: Sequence[Diagnostic],
    outcome: SearchOutcome | None,
    result: SearchResult | None,
    sink: Output,
    output_format: TextOrJson,
    best: tuple[Output, Path, Callable[[SearchResult, Path], str | list[tuple[Path, str]]]] | None,
    refused: Collection[str] = (),
) -> None:
    """What a search command prints and writes: the findings on stderr; the search's JSON document or text (or,
    with no search, null and exit 2 for a file not read (a code marked unopened, or one of the game's ``refused``:
    a file it reads whole that is not), else 1); the best fleet written by the game's writer
    (``best``: where, and the text for that file); the page of ``-o FILE.html``."""
    from shipyard.core.codes import log_status
    from shipyard.report.console import Lines, TextOrJson, report
    from shipyard.search.report import SEARCH_REPORTS, search_document, search_text

    report(Lines(stderr=True), sorted(diagnostics, key=lambda d: d.sort_key))
    printed = sink.results
    json_form = sink.form(output_format) is TextOrJson.json
    if result is None or outcome is None:
        if json_form:
            printed.json(None, list(diagnostics))
        raise typer.Exit(log_status(list(diagnostics), refused) or 1)
    if json_form:
        printed.json(search_document(outcome), list(diagnostics))
    else:
        printed.text(search_text(result))
    if best is not None:
        written, path, text = best
        if result.best is None:
            typer.echo(f"no fleet was fully evaluated: {path} not written", err=True)
        elif isinstance(made := text(result, path), str):
            written.text(made, document=True)
        else:  # the fleet file and the sheets of the designs the search made, beside it
            written.texts(made)
    if (page := sink.report) is not None:
        sink.file(lambda: SEARCH_REPORTS[sink.suffix()](result, page))

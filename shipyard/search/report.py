"""What a fleet search found, as text, as JSON and as a page with charts: the same for every game's problem (the
best fleet written for the game's own battle command is the game's: ``combat search --write-engagement``,
``tcs search --write-fleet``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from shipyard.core.chances import percent
from shipyard.report.tables import MCR, SHARE, WHOLE, Column
from shipyard.search import ablated
from shipyard.search.driver import SearchResult, Tried, describe, design_labels
from shipyard.search.problem import opponent_seed
from shipyard.search.results import SearchOutcome

#: Fleets listed as the best, and rows of the payoff heat map.
TOP = 5
HEAT_ROWS = 20


def fleet_entries(tried: Tried, result: SearchResult) -> list[dict[str, Any]]:
    return [
        {"name": d.name, "label": label, "sheet": d.shown, "crew": d.crew, "count": n}
        for d, label, n in zip(
            result.space.designs, design_labels(result.space.designs), tried.candidate.counts, strict=True
        )
        if n
    ]


def knob_words(tried: Tried) -> str:
    return ", ".join(f"{name} {choice}" for name, choice in tried.candidate.knobs)


def tried_document(tried: Tried, result: SearchResult) -> dict[str, Any]:
    objective = result.settings.objective
    low, high = tried.interval("mean")
    worst_low, worst_high = tried.interval("worst")
    return {
        "fleet": fleet_entries(tried, result),
        "doctrine": dict(tried.candidate.knobs),
        "cost_mcr": float(tried.cost),
        "ships": sum(tried.candidate.counts),
        "battles": tried.battles,
        "win": tried.win,
        "draw": tried.share("draws"),
        "loss": tried.share("losses"),
        "win_ci": [low, high],
        "worst": tried.worst,
        "worst_ci": [worst_low, worst_high],
        "worst_opponent": result.problem.opponents[tried.worst_index].label,
        "objective": tried.value(objective),
        result.problem.loss[1]: tried.lost,
        "fully_evaluated": tried.full,
        "trial": tried.order,
    }


def _chosen_document(tried: Tried | None, result: SearchResult) -> dict[str, Any] | None:
    """A chosen fleet's document, with ``remeasured``: its figures on fresh battles (the ones to quote)."""
    if tried is None:
        return None
    document = tried_document(tried, result)
    again = result.again(tried)
    if again is not None:
        fresh = tried_document(again, result)
        document["remeasured"] = {key: fresh[key] for key in REMEASURED}
    return document


#: The figures of a fleet's ``remeasured`` block in JSON.
REMEASURED = ("battles", "win", "draw", "loss", "win_ci", "worst", "worst_ci", "worst_opponent", "objective")


def search_document(outcome: SearchOutcome) -> dict[str, Any]:
    """The search as JSON (``combat search`` and ``tcs search --format json``): its public record's JSON form, a
    chosen fleet's ``remeasured`` block where it was re-measured."""
    return outcome.model_dump(mode="json", exclude_unset=True)


def reported_designs(result: SearchResult) -> set[int]:
    """The designs of the search's own a reported fleet buys (the best, the next best, the baseline, the front):
    those the outputs describe."""
    reported = [result.best, result.baseline, *result.ranked[:TOP], *result.front]
    return {i for t in reported if t is not None for i, n in enumerate(t.candidate.counts) if n}


def gene_words(made: dict[str, Any]) -> str:
    """A design's genes in words: 'tons 9000, configuration 3, ..., spinal none'."""
    return ", ".join(f"{name} {value if value != '' else 'none'}" for name, value in made["genes"].items())


def made_lines(result: SearchResult, tried: Tried) -> list[str]:
    """The designs of the search's own ``tried`` buys, each with its USP, genes and the repairs fitting made."""
    lines = []
    labels = design_labels(result.space.designs)
    for index, count in enumerate(tried.candidate.counts):
        made = result.problem.made(index) if count else None
        if made is None:
            continue
        genes = gene_words(made)
        lines.append(f"  {labels[index]} ({result.space.designs[index].shown}): {made['usp']}; {genes}")
        if made["repairs"]:
            lines.append(f"    fitted to the scenario: {'; '.join(made['repairs'])}")
    return ["Its designs of the search's own:", *lines] if lines else []


def search_outcome(result: SearchResult) -> SearchOutcome:
    """The search as its public record: the best fleet, the next best, the Pareto front, the payoff matrix of
    every fleet tried against every opponent, the baseline (the best fleet of one design) and the search's
    course."""
    best, baseline = result.best, result.baseline
    settings = result.settings
    reported = reported_designs(result)  # the designs of its own listed: those a reported fleet buys
    return SearchOutcome.model_validate(
        {
            "seed": settings.seed,
            "battles": result.battles,
            "remeasured_battles": sum(t.battles for t in result.remeasured.values()),
            "budget_mcr": float(result.space.budget),
            "objective": settings.objective,
            "sampler": settings.sampler,
            "candidates": len(result.tried),
            "fully_evaluated": sum(1 for t in result.tried if t.full),
            "resumed_trials": result.resumed,
            "stopped": result.stopped,
            "opponents": [
                {"label": o.label, "name": o.name, "seed": opponent_seed(settings.seed, j)}
                for j, o in enumerate(result.problem.opponents)
            ],
            "designs": [
                {
                    "name": d.name,
                    "label": label,
                    "sheet": d.shown,
                    "crew": d.crew,
                    "cost_mcr": float(d.cost),
                    "min": low,
                    "max": high,
                }
                | ({"made": made} if (made := result.problem.made(index)) is not None else {})
                for index, (d, label, (low, high)) in enumerate(
                    zip(result.space.designs, design_labels(result.space.designs), result.space.bounds, strict=True)
                )
                if index < result.space.offered or index in reported
            ],
            "knobs": {"searched": result.space.searched, "fixed": result.space.fixed},
            "best": _chosen_document(best, result),
            "top": [tried_document(t, result) for t in result.ranked[:TOP]],
            "baseline": _chosen_document(baseline, result),
            "front": [tried_document(t, result) for t in result.front],
            "payoff": {
                "opponents": [o.label for o in result.problem.opponents],
                "rows": [
                    {
                        "fleet": describe(t, result.space),
                        "doctrine": dict(t.candidate.knobs),
                        "cost_mcr": float(t.cost),
                        "cells": [
                            {"battles": s.battles, "win": s.wins, "draw": s.draws, "loss": s.losses} for s in t.scores
                        ],
                    }
                    for t in result.tried
                ],
            },
            "convergence": [
                {"battles": p.battles, "candidates": p.candidates, "best": p.best, "ci": [p.low, p.high]}
                for p in result.history
            ],
        }
        | ({"assumptions": assumed} if (assumed := result.problem.assumed()) else {})
        | ({"ablations": ablated.entries(result)} if result.ablations else {})
    )


def _line(tried: Tried, result: SearchResult) -> str:
    low, high = tried.interval("mean")
    worst = (
        f"; worst opponent {percent(tried.worst)} ({result.problem.opponents[tried.worst_index].label})"
        if len(tried.scores) > 1
        else ""
    )
    return (
        f"wins {percent(tried.win)} (95% interval {percent(low)} to {percent(high)}), draws "
        f"{percent(tried.share('draws'))}, loses {percent(tried.share('losses'))}{worst}; mean loss "
        f"{loss_words(tried.lost, result)}; {tried.battles:,} battles"
    )


def loss_words(lost: float, result: SearchResult) -> str:
    """A mean loss in the problem's measure: 'MCr 1,234.50', or '12.30% by Appendix A'."""
    unit = result.problem.loss[0]
    return f"{unit} {lost:,.2f}" if unit == "MCr" else f"{lost:.2f}{unit}"


def _figures(tried: Tried, result: SearchResult) -> list[str]:
    """A chosen fleet's figures: re-measured on fresh battles (the figure to quote), then the search's own (the
    best of many noisy estimates, biased upward)."""
    again = result.again(tried)
    if again is None:
        return [f"  {_line(tried, result)}"]
    return [
        f"  on fresh battles: {_line(again, result)}",
        f"  in the search (chosen as the best of many, so biased upward): {_line(tried, result)}",
    ]


def _plainly(result: SearchResult) -> list[str]:
    """What the figures mean, said plainly: no search bought, no fleet that wins, a best no better than one
    design's."""
    best, baseline = result.again(result.best), result.again(result.baseline)
    objective = result.settings.objective
    said: list[str] = []
    if result.only_single:
        said.append("The battles bought no search: only the fleets of one design were fought (give more --battles).")
    if best is not None and best.value(objective) == 0:
        said.append("No fleet tried beats the opponent: the best won none of its fresh battles.")
    elif (
        best is not None
        and baseline is not None
        and best.candidate.key != baseline.candidate.key
        and best.interval(objective)[0] <= baseline.interval(objective)[1]
    ):
        said.append(
            "The best is not distinguishable from the best of one design: their intervals on the same fresh "
            "battles overlap."
        )
    return ["", *said] if said else []


def search_text(result: SearchResult) -> str:
    settings, space = result.settings, result.space
    opponents = result.problem.opponents
    against = opponents[0].label if len(opponents) == 1 else f"a pool of {len(opponents)} opponents"
    made = f" ({len(space.designs) - space.offered} of the search's own)" if result.problem.slots else ""
    lines = [
        f"Searched {len(result.tried):,} fleets of {len(space.designs)} design(s){made} within MCr "
        f"{float(space.budget):,.2f} against {against}: {result.battles:,} battles (seed {settings.seed}, "
        f"{settings.sampler}, objective {'the worst case' if settings.objective == 'worst' else 'the win chance'})"
    ]
    if result.resumed:
        lines.append(f"  {result.resumed} trial(s) read back from the journal")
    best = result.best
    if best is None:
        lines.append("No fleet was fully evaluated: give the search more battles (--battles).")
        return "\n".join(lines) + "\n"
    lines += [
        "",
        f"Best: {describe(best, space)} (MCr {float(best.cost):,.2f})",
        f"  doctrine: {knob_words(best)}",
        *_figures(best, result),
        *made_lines(result, best),
    ]
    baseline = result.baseline
    if baseline is not None and baseline.candidate.key == best.candidate.key:
        lines.append("Best of one design: the best above.")
    elif baseline is not None:
        lines += [
            f"Best of one design: {describe(baseline, space)} (MCr {float(baseline.cost):,.2f}), "
            f"{knob_words(baseline)}",
            *_figures(baseline, result),
        ]
    lines += _plainly(result)
    lines += ["", "Best fleets:"]
    for rank, tried in enumerate(result.ranked[:TOP], start=1):
        low, high = tried.interval(settings.objective)
        lines.append(
            f"  {rank}. {describe(tried, space)} (MCr {float(tried.cost):,.2f}; {knob_words(tried)}): "
            f"{percent(tried.value(settings.objective))} ({percent(low)} to {percent(high)})"
        )
    pool = len(opponents) > 1
    lines += ["", f"Pareto front (win chance, {'worst case, ' if pool else ''}cost):"]
    for tried in result.front:
        worst = f", worst {percent(tried.worst)}" if pool else ""
        lines.append(f"  MCr {float(tried.cost):,.2f}: {describe(tried, space)}: wins {percent(tried.win)}{worst}")
    if len(opponents) > 1:
        lines += ["", "Payoff (win chance) of the best fleets by opponent:"]
        for tried in result.ranked[:TOP]:
            cells = ", ".join(
                f"{o.label} {percent(s.wins / s.battles if s.battles else 0.0)}"
                for o, s in zip(opponents, tried.scores, strict=True)
            )
            lines.append(f"  {describe(tried, space)}: {cells}")
    raced = sum(1 for t in result.tried if not t.full)
    lines += [
        "",
        f"{sum(1 for t in result.tried if t.full)} fleet(s) fully evaluated ({settings.full} battles an opponent), "
        f"{raced} dropped early by racing",
    ]
    if result.stopped:
        lines.append(f"The search stopped: {result.stopped}.")
    lines += ablated.lines(result)
    lines += [f"assumed: {each}" for each in result.problem.assumed()]
    return "\n".join(lines) + "\n"


# ---- the page ----------------------------------------------------------------------------------------------------


def _columns() -> dict[str, tuple[Column, ...]]:
    fleet = (
        Column("fleet", width=40, wrap=True),
        Column("doctrine", width=40, wrap=True),
        Column("cost", MCR),
        Column("win", SHARE),
        Column("95% low", SHARE),
        Column("95% high", SHARE),
        Column("draw", SHARE),
        Column("loss", SHARE),
        Column("worst case", SHARE),
        Column("battles", WHOLE),
    )
    ablation = (
        Column("kind"),
        Column("change", width=50, wrap=True),
        Column("win", SHARE),
        Column("95% low", SHARE),
        Column("95% high", SHARE),
        Column("difference", SHARE),
        Column("difference low", SHARE),
        Column("difference high", SHARE),
        Column("cost", MCR),
        Column("battles", WHOLE),
    )
    made = (
        Column("design"),
        Column("sheet"),
        Column("USP", width=30),
        Column("genes", width=60, wrap=True),
        Column("fitted to the scenario", width=40, wrap=True),
    )
    return {"fleets": fleet, "ablations": ablation, "made": made}


def _made_rows(result: SearchResult) -> list[list[Any]]:
    """The designs of the search's own the reported fleets buy: name, sheet, USP, genes, repairs."""
    labels = design_labels(result.space.designs)
    rows = []
    for index in sorted(reported_designs(result)):
        made = result.problem.made(index)
        if made is not None:
            design = result.space.designs[index]
            rows.append([labels[index], design.shown, made["usp"], gene_words(made), "; ".join(made["repairs"])])
    return rows


def _rows(tried_list: list[Tried], result: SearchResult) -> list[list[Any]]:
    rows = []
    for tried in tried_list:
        low, high = tried.interval("mean")
        rows.append(
            [
                describe(tried, result.space),
                knob_words(tried),
                float(tried.cost),
                tried.win,
                low,
                high,
                tried.share("draws"),
                tried.share("losses"),
                tried.worst,
                tried.battles,
            ]
        )
    return rows


def search_charts(result: SearchResult) -> list[str]:
    """The Pareto front (win chance against cost, every fully evaluated fleet drawn), the search's course (the
    incumbent's win chance with its interval, by battles fought), and the payoff heat map of the best fleets."""
    from shipyard.report.charts import heat_map, line_chart, scatter_chart

    front = {id(t) for t in result.front}
    full = [t for t in result.tried if t.full]
    charts = [
        scatter_chart(
            "Fleets by cost and win chance (the front joined)",
            [
                (f"{describe(t, result.space)}; {knob_words(t)}", float(t.cost), round(t.win * 100, 1), id(t) in front)
                for t in sorted(full, key=lambda t: (id(t) not in front, t.cost))
            ],
            "MCr",
            "% won",
            (0.0, 100.0),
        ),
        line_chart(
            "The best fleet so far, by battles fought",
            [
                (p.battles, round(p.best * 100, 1), round(p.low * 100, 1), round(p.high * 100, 1))
                for p in result.history
            ],
            "battles",
            "% (objective)",
            (0.0, 100.0),
        ),
    ]
    rows = result.ranked[:HEAT_ROWS]
    if rows:
        charts.append(
            heat_map(
                "Payoff: win chance by opponent",
                [f"{rank}. {describe(t, result.space, short=True)}" for rank, t in enumerate(rows, start=1)],
                [o.short for o in result.problem.opponents],
                [[s.wins / s.battles if s.battles else 0.0 for s in t.scores] for t in rows],
                "%",
            )
        )
    return charts


def write_search_page(result: SearchResult, output: Path) -> None:
    from shipyard.report.html import table, write_page

    columns = _columns()["fleets"]
    best = result.best
    context = {
        "title": "shipyard fleet search",
        "verdict": "odds",
        "verdict_label": "Best fleet",
        "subtitle": f"{result.battles:,} battles over {len(result.tried):,} fleets, seed {result.settings.seed}",
        "verdict_words": (
            f"{describe(best, result.space)} (MCr {float(best.cost):,.2f}), "
            f"{_line(result.again(best) or best, result)}{' on fresh battles' if result.again(best) else ''}"
            if best is not None
            else "No fleet was fully evaluated."
        ),
        "summary": [
            ("budget", f"MCr {float(result.space.budget):,.2f}"),
            ("opponents", "; ".join(o.label for o in result.problem.opponents)),
            ("searched", ", ".join(result.space.searched) or "no knob"),
        ],
        "charts": search_charts(result),
        "tables": [
            table("best", "Best fleets", columns, _rows(result.ranked[:TOP], result)),
            table("front", "Pareto front", columns, _rows(result.front, result)),
            table("tried", "Every fleet tried", columns, _rows(result.tried, result)),
            *(
                [table("ablations", "What the best fleet leans on", _columns()["ablations"], ablated.rows(result))]
                if result.ablations
                else []
            ),
            *(
                [table("made", "Designs of the search's own", _columns()["made"], made)]
                if (made := _made_rows(result))
                else []
            ),
        ],
        "groups": None,
    }
    write_page(output, "audit.html.j2", context)


#: The reports a search's ``-o`` writes, by the output's extension.
SEARCH_REPORTS = {".html": write_search_page}

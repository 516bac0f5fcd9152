"""Combat results as text and as data: the odds of one shot or salvo, a resolved fire log, and battles counted
(written from their public record, ``BattleOutcome``)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from shipyard.core.chances import battle_verdict as verdict_words
from shipyard.core.chances import chance_data, chance_text, distribution_text
from shipyard.core.terms import Term, terms_text
from shipyard.systems.mcs.combat.shot import SalvoOdds
from shipyard.systems.mcs.results import BattleOutcome

if TYPE_CHECKING:
    from shipyard.systems.mcs.combat.battle import Counted
    from shipyard.systems.mcs.combat.log import Resolution
    from shipyard.systems.mcs.combat.shot import ShotOdds


def _distribution(distribution: dict[str, Fraction] | None) -> dict[str, dict[str, str | float]] | None:
    return None if distribution is None else {key: chance_data(value) for key, value in distribution.items()}


def _line(distribution: dict[str, Fraction] | None) -> str:
    if distribution is None:
        return "none (mesons hit only the interior)"
    return distribution_text(distribution)


def _terms(terms: Iterable[Term]) -> list[dict[str, Any]]:
    return [{"label": term.label, "value": term.value} for term in terms]


def shot_document(odds: ShotOdds | SalvoOdds) -> dict[str, Any]:
    """The odds as data: each chance as its exact fraction (text) and its float (shipyard/core/chances.py)."""
    if isinstance(odds, SalvoOdds):
        return {
            "attacker": odds.attacker,
            "battery": odds.battery,
            "target": odds.target,
            "salvo": odds.strength,
            "pen": odds.pen,
            "dv": odds.dv,
            "defence": [
                {
                    "battery": name,
                    "terms": _terms(terms),
                    "target_number": sum(t.value for t in terms),
                    "dice": "1d6",
                    "shots": shots,
                    "p_intercept": chance_data(p),
                }
                for name, terms, shots, p in odds.defence
            ],
            "p_strike": chance_data(odds.p_strike),
            "p_hit": chance_data(odds.p_strike),
            "penetration": _distribution(odds.penetration),
            "surface_severity": _distribution(odds.surface_severity),
            "interior_severity": _distribution(odds.interior_severity),
            "assumptions": list(odds.assumptions),
        }
    return {
        "attacker": odds.attacker,
        "battery": odds.battery,
        "target": odds.target,
        "range": odds.band.key,
        "weapon": odds.weapon,
        "terms": _terms(odds.terms),
        "target_number": odds.to_hit.target,
        "dice": odds.to_hit.dice_text,
        "p_hit": chance_data(odds.p_hit),
        "pen": odds.pen,
        "dam": odds.dam,
        "damage_bonus": {str(k): chance_data(v) for k, v in odds.bonus.items()},
        "penetration": _distribution(odds.penetration),
        "surface_severity": _distribution(odds.surface_severity),
        "interior_severity": _distribution(odds.interior_severity),
        "surface_severity_with_bonus": _distribution(odds.surface_with_bonus),
        "interior_severity_with_bonus": _distribution(odds.interior_with_bonus),
        "assumptions": list(odds.assumptions),
        "surface_effects": _distribution(odds.surface_effects),
        "interior_effects": _distribution(odds.interior_effects),
        "swarm_hits": None if odds.swarm_hits is None else {str(k): chance_data(v) for k, v in odds.swarm_hits.items()},
    }


def shot_text(odds: ShotOdds | SalvoOdds) -> str:
    """The odds for a terminal: each term, the dice, the chance to hit and the outcome distributions."""
    if isinstance(odds, SalvoOdds):
        lines = [f"{odds.attacker}, one {odds.battery} salvo ({odds.strength:+d}) at {odds.target}"]
        for name, terms, shots, p in odds.defence:
            lines.append(
                f"point defence {name}: {terms_text(terms)} = {sum(t.value for t in terms)} on 1d6, "
                f"{shots} shot(s) at {chance_text(p)} each"
            )
        lines += [
            f"strikes: {chance_text(odds.p_strike)}, quick rule: Pen:Dam {odds.pen}:{odds.dv}",
            f"armour: {_line(odds.penetration)}",
            f"surface severity: {_line(odds.surface_severity)}",
            f"interior severity: {_line(odds.interior_severity)}",
        ]
        lines += [f"assumed: {text}" for text in odds.assumptions]
        return "\n".join(lines) + "\n"
    aim = odds.to_hit
    lines = [
        f"{odds.attacker}, {odds.battery} at {odds.target}, {odds.band.name} range",
        f"to-hit: {aim.text()}",
        f"hits: {chance_text(odds.p_hit)}; Pen:Dam {odds.pen}:{odds.dam}",
        "damage bonus on a hit: " + distribution_text((f"+{k}", v) for k, v in odds.bonus.items()),
        f"{'meson screen' if odds.weapon == 'meson' else 'armour'}: {_line(odds.penetration)}",
        f"surface severity (a hit, no bonus): {_line(odds.surface_severity)}",
        f"interior severity (a hit, no bonus): {_line(odds.interior_severity)}",
        f"surface severity (with the bonus): {_line(odds.surface_with_bonus)}",
        f"interior severity (with the bonus): {_line(odds.interior_with_bonus)}",
    ]
    for where, effects in (("surface", odds.surface_effects), ("interior", odds.interior_effects)):
        if effects:
            top = ", ".join(f"{key} {float(value):.3f}" for key, value in list(effects.items())[:6])
            lines.append(f"{where} effects to expect (hits per hit, the likeliest): {top}")
    if odds.swarm_hits is not None:
        hits = distribution_text((str(k), v) for k, v in odds.swarm_hits.items())
        lines.append(f"ships of the squadron hit: {hits}")
    lines += [f"assumed: {text}" for text in odds.assumptions]
    return "\n".join(lines) + "\n"


def resolution_document(result: Resolution) -> dict[str, Any]:
    return {
        "seed": result.seed,
        "turns": [
            {"turn": turn.number, "steps": turn.steps, "effects": turn.effects, "states": turn.states}
            for turn in result.turns
        ],
    }


def _state_lines(state: dict[str, Any]) -> list[str]:
    lines = [
        f"  {state['name']}{' (destroyed)' if state['destroyed'] else ''}: armour {state['armour']}, "
        f"toughness {state['toughness']}, meson screen {state['meson_screen'] or 'none'}, "
        f"maneuver {state['maneuver']}, "
        f"power {state['power']}, jump {state['jump']}, fire control {state['fire_control']}, crew disabled "
        f"{state['crew_disabled']}"
    ]
    lines.append(f"    sensors: {', '.join(state['sensors']) or 'none'}")
    for name, batteries in state["batteries"].items():
        shown = sorted(set(batteries), key=batteries.index)
        counts = ", ".join(f"{batteries.count(usd)}x {usd}" for usd in shown)
        lines.append(f"    {name}: {counts}")
    if state["systems_destroyed"]:
        lines.append(f"    destroyed: {', '.join(state['systems_destroyed'])}")
    return lines


def resolution_text(result: Resolution) -> str:
    lines: list[str] = []
    for turn in result.turns:
        lines.append(f"Turn {turn.number}")
        lines += turn.steps
        lines.append(f"End of turn {turn.number}: damage takes effect")
        lines += [f"  {effect}" for effect in turn.effects]
        for state in turn.states:
            lines += _state_lines(state)
        lines.append("")
    return "\n".join(lines)


# ---- battles ---------------------------------------------------------------------------------------------


#: The columns of a battle's tables (workbook sheets and HTML tables).
def _battle_columns() -> dict[str, tuple[Any, ...]]:
    from shipyard.report.tables import SHARE, WHOLE, Column

    return {
        "sides": (
            Column("side", width=24),
            Column("win", SHARE),
            Column("win 95% low", SHARE),
            Column("win 95% high", SHARE),
            Column("draw", SHARE),
            Column("loss", SHARE),
            Column("mean MCr lost", '#,##0.00" MCr"', width=14),
        ),
        "ships": (
            Column("side", width=24),
            Column("ship", width=30),
            Column("fighting at the end", SHARE, width=18),
            Column("weapon batteries", WHOLE, width=16),
            Column("lost a battle", "0.00", width=14),
        ),
        "turns": (Column("turns fought", WHOLE), Column("battles", WHOLE), Column("share", SHARE)),
        "batteries": (
            Column("side", width=24),
            Column("ship", width=30),
            Column("battery", width=24),
            Column("hits", WHOLE),
            Column("hits a battle", "0.00"),
        ),
        "ends": (Column("how it ended", width=48), Column("battles", WHOLE), Column("share", SHARE)),
        "damage": (
            Column("side", width=24),
            Column("weapon batteries lost", WHOLE, width=20),
            Column("of", WHOLE),
            Column("battles", WHOLE),
            Column("share", SHARE),
        ),
    }


#: The most bars of a damage chart: beyond as many batteries as this, batteries lost are drawn in ranges.
DAMAGE_BARS = 12


def damage_bars(distribution: dict[str, int], of: int) -> list[tuple[str, int]]:
    """Battles by weapon batteries lost, as bars: one for each count up to DAMAGE_BARS batteries, else "0"
    and ranges of equal width up to ``of`` (every bar drawn, the empty ones too)."""
    lost = {int(k): n for k, n in distribution.items()}
    if of <= DAMAGE_BARS:
        return [(str(k), lost.get(k, 0)) for k in range(of + 1)]
    width = -(-of // (DAMAGE_BARS - 2))  # ceiling: at most DAMAGE_BARS - 2 ranges after the bar for none
    bars = [("0", lost.get(0, 0))]
    for low in range(1, of + 1, width):
        high = min(of, low + width - 1)
        bars.append((f"{low}-{high}" if high > low else str(low), sum(n for k, n in lost.items() if low <= k <= high)))
    return bars


def battle_rows(outcome: BattleOutcome) -> dict[str, list[list[Any]]]:
    sides, runs = outcome.sides, outcome.runs
    return {
        "sides": [[s.name, s.win, s.win_ci[0], s.win_ci[1], s.draw, s.loss, s.lost_mcr_mean] for s in sides],
        "ships": [
            [s.name, ship.name, ship.fighting_at_end, ship.weapon_batteries, ship.batteries_lost_mean]
            for s in sides
            for ship in s.ships
        ],
        "turns": [[int(turns), n, n / runs] for turns, n in outcome.turns.distribution.items()],
        "batteries": [[r.side, r.ship, r.battery, r.hits, r.per_battle] for r in outcome.hits_by_battery],
        "ends": [[why, n, n / runs] for why, n in outcome.ended.items()],
        "damage": [
            [s.name, int(k), s.batteries_lost.of, n, n / runs]
            for s in sides
            for k, n in s.batteries_lost.distribution.items()
        ],
    }


def battle_outcome(counted: Counted) -> BattleOutcome:
    """Many battles as their public record: chances as shares, ``win_ci`` the 95% (Wilson) interval."""
    turns = sum(t * n for t, n in counted.turns.items()) / counted.runs if counted.runs else 0
    hits = sorted(counted.hits.items(), key=lambda item: -item[1])
    return BattleOutcome.model_validate(
        {
            "runs": counted.runs,
            "seed": counted.seed,
            "sides": [counted.side(i) for i in (0, 1)],
            "turns": {"mean": turns, "distribution": {str(k): v for k, v in sorted(counted.turns.items())}},
            "ended": dict(sorted(counted.reasons.items(), key=lambda i: -i[1])),
            "hits_by_battery": [
                dict(zip(("side", "ship", "battery"), key.split(": ", 2), strict=True))
                | {"hits": n, "per_battle": n / counted.runs}
                for key, n in hits
            ],
        }
    )


def battle_document(outcome: BattleOutcome) -> dict[str, Any]:
    """Many battles as data (``combat battle --format json``): the record's JSON form."""
    return outcome.model_dump(mode="json")


def battle_verdict(outcome: BattleOutcome) -> str:
    """What happened most often, in words, then the other outcomes (``chances.battle_verdict``)."""
    return verdict_words([(s.name, s.win) for s in outcome.sides], outcome.sides[0].draw)


def battle_text(outcome: BattleOutcome) -> str:
    lines = [f"{outcome.runs:,} battles, seed {outcome.seed}: {battle_verdict(outcome)}"]
    for side in outcome.sides:
        low, high = side.win_ci
        lines.append(
            f"{side.name}: wins {side.win:.1%} (95% interval {low:.1%} to {high:.1%}), draws "
            f"{side.draw:.1%}, loses {side.loss:.1%}; "
            + (
                "mean loss in MCr not known (a sheet gives no cost)"
                if side.lost_mcr_mean is None
                else f"mean loss MCr {side.lost_mcr_mean:,.2f}"
            )
        )
        lost = side.batteries_lost
        share = {k: n / outcome.runs for k, n in lost.distribution.items()}
        lines.append(
            f"  weapon batteries lost: mean {lost.mean:.2f} of {lost.of} (none in "
            f"{share.get('0', 0):.1%} of the battles, all in {share.get(str(lost.of), 0):.1%})"
        )
        for ship in side.ships:
            lines.append(
                f"  {ship.name}: still fighting at the end in {ship.fighting_at_end:.1%}; "
                f"weapon batteries lost {ship.batteries_lost_mean:.2f} of {ship.weapon_batteries} "
                "a battle"
            )
    lines.append(
        f"turns fought: mean {outcome.turns.mean:.2f}; "
        + ", ".join(f"{k}: {v}" for k, v in outcome.turns.distribution.items())
    )
    lines.append("how the battles ended: " + "; ".join(f"{why} {n}" for why, n in outcome.ended.items()))
    lines.append(
        "hits by battery (a battle): "
        + ", ".join(f"{r.ship} {r.battery} {r.per_battle:.2f}" for r in outcome.hits_by_battery[:8])
    )
    return "\n".join(lines) + "\n"


def write_battle_workbook(outcome: BattleOutcome, output: Path) -> None:
    from shipyard.report.workbook import WorkbookWriter

    columns, rows = _battle_columns(), battle_rows(outcome)
    writer = WorkbookWriter()
    for name, title in (
        ("sides", "Sides"),
        ("ships", "Ships"),
        ("turns", "Turns"),
        ("damage", "Damage"),
        ("batteries", "Batteries"),
        ("ends", "Endings"),
    ):
        writer.sheet(title, columns[name], rows[name])
    writer.save(output)


def battle_charts(outcome: BattleOutcome) -> list[str]:
    """The pictures of a battle report: how long battles lasted, the damage each side took, each ship's survival,
    the hits by battery."""
    from shipyard.report.charts import DRAW_COLOUR, bar_chart, series_colours

    rows = battle_rows(outcome)
    charts = [bar_chart("Battles by turns fought", [(f"{r[0]} turns", r[1]) for r in rows["turns"]], "battles")]
    for side in outcome.sides:
        lost = side.batteries_lost
        charts.append(
            bar_chart(
                f"{side.name}: battles by weapon batteries lost (of {lost.of})",
                damage_bars(lost.distribution, lost.of),
                "battles",
            )
        )
    charts += [
        bar_chart(
            "Still fighting at the end (%)",
            [(f"{r[0]}: {r[1]}", round(r[2] * 100, 1)) for r in rows["ships"]],
            unit="%",
        ),
        bar_chart(
            "Outcome (%)",
            [(f"{r[0]} wins", round(r[1] * 100, 1)) for r in rows["sides"]]
            + [("draw", round(rows["sides"][0][4] * 100, 1))],
            unit="%",
            colours=[*series_colours(len(rows["sides"])), DRAW_COLOUR],  # each side its own colour, a draw grey
        ),
    ]
    if rows["batteries"]:
        charts.append(
            bar_chart(
                "Hits a battle, by battery",
                [(f"{r[1]}: {r[2]}", round(r[4], 2)) for r in rows["batteries"][:15]],
                "hits a battle",
            )
        )
    return charts


def write_battle_page(outcome: BattleOutcome, output: Path) -> None:
    from shipyard.report.html import table, write_page

    columns, rows = _battle_columns(), battle_rows(outcome)
    sides = outcome.sides
    context = {
        "title": f"shipyard battle: {sides[0].name} against {sides[1].name}",
        "verdict": "odds",
        "verdict_label": "Outcome",  # a page of odds: what the battles came to, not a pass or a fail
        "subtitle": f"{outcome.runs:,} battles, seed {outcome.seed}",
        "verdict_words": battle_verdict(outcome),
        "summary": [
            (
                s.name,
                f"wins {s.win:.1%} (95% {s.win_ci[0]:.1%} to {s.win_ci[1]:.1%}), draws {s.draw:.1%}, "
                f"loses {s.loss:.1%}",
            )
            for s in sides
        ],
        "charts": battle_charts(outcome),
        "tables": [
            table(name, heading, columns[name], rows[name])
            for name, heading in (
                ("sides", "Sides"),
                ("ships", "Ships"),
                ("turns", "Turns fought"),
                ("damage", "Weapon batteries lost"),
                ("batteries", "Hits by battery"),
                ("ends", "How the battles ended"),
            )
        ],
        "groups": None,
    }
    write_page(output, "audit.html.j2", context)


#: The reports ``combat battle -o`` writes, by the output's extension.
BATTLE_REPORTS = {".xlsx": write_battle_workbook, ".html": write_battle_page}

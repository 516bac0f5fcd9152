"""What a searched fleet leans on (``tcs search --ablate``), in EURISKO's manner: the best fleet with one choice
undone, fought on the battles its figures were re-measured on (each opponent's runs ``full`` to ``2 x full``: the
same dice, so a difference is the change's, not the luck's), and its win chance against the best's with the
difference's interval.

- **Design** changes, one gene of one design of the search's own at a time, the same number of ships: armour back to
  the median of what the TL allows, each weapon kind removed (a lone battery removed is EURISKO's decoy), the
  spinal mount removed, pulse lasers made beam lasers, the screens removed, agility raised (maneuver and spare
  power to the most the genes allow), the drop tanks off (the jump fuel back in the hull, which the fitting's
  repairs make room for). Each changed genome is fitted and made as the search makes any (its repairs said in its
  design; a change fitting undoes is said, and not fought).
- **Fleet** changes: each of its classes left out (EURISKO's lone small ship, held or not).
- **Rule** changes: each other reading of the High Guard combat tables (``tcs readings``) and the TCS82 re-rolls off
  or on, for both sides: which readings the fleet's figure rests on; and, where the fleet carries drop tanks, a
  scenario that allows none (each design of its own made again without them; a catalogue design with tanks, which
  cannot be, left out).

A changed fleet may cost more or less than the best; its cost is said, and a fleet over the budget is fought all the
same (it answers what the choice is worth, not whether it was affordable).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from shipyard.search.driver import Where, fresh
from shipyard.search.problem import Candidate, Score
from shipyard.search.records import Ablated, SearchResult, Tried, describe, design_labels
from shipyard.search.space import candidate_of
from shipyard.search.workers import make_executor
from shipyard.systems.highguard.build import Genome
from shipyard.systems.tcs.combat.readings import CHOICES, Readings, with_readings
from shipyard.systems.tcs.combat.search import TcsProblem

#: The weapon genes whose removal is a change, with the words for it.
REMOVED = (
    ("laser_batteries", "no laser batteries"),
    ("sand_batteries", "no sandcasters"),
    ("missile_batteries", "no missile turrets"),
    ("missile_bays", "no missile bays"),
    ("energy_batteries", "no energy batteries"),
    ("pa_batteries", "no particle accelerator turrets"),
)


def median(values: Sequence[Any]) -> Any:
    """The middle of a gene's values (the lower of the two middles of an even count)."""
    return values[(len(values) - 1) // 2]


def design_changes(genome: Genome, genes: dict[str, list[Any]]) -> list[tuple[str, dict[str, Any]]]:
    """Each change of one choice of a design, in words, with the genes it makes."""
    values = {name: getattr(genome, name) for name in genes}
    changes: list[tuple[str, dict[str, Any]]] = []
    middle = median(genes["armour"])
    if values["armour"] != middle:
        words = f"armour {values['armour']} -> {middle} (the median of 0-{genes['armour'][-1]})"
        changes.append((words, values | {"armour": middle}))
    for gene, words in REMOVED:
        if values[gene]:
            changes.append((f"{words} (of {values[gene]})", values | {gene: 0}))
    if values.get("pulse_lasers") and values["laser_batteries"]:
        changes.append(("beam lasers for the pulse lasers", values | {"pulse_lasers": 0}))
    if values.get("bays"):
        changes.append((f"no {values['bay_weapon']} bays (of {values['bays']})", values | {"bays": 0}))
    mount = values["spinal"] or (f"meson {values['meson_spinal']}" if values.get("meson_spinal") else "")
    if mount:
        changes.append((f"no spinal mount (of {mount})", values | {"spinal": "", "meson_spinal": ""}))
    if values["damper"] or values["meson_screen"]:
        changes.append(("no screens", values | {"damper": 0, "meson_screen": 0}))
    most_g, most_power = genes["maneuver"][-1], genes["extra_power"][-1]
    if values["maneuver"] < most_g or values["extra_power"] < most_power:
        words = f"agility raised: maneuver {values['maneuver']} -> {most_g}, spare power to {most_power}"
        changes.append((words, values | {"maneuver": most_g, "extra_power": most_power}))
    if values.get("drop_tanks"):
        changes.append((f"no drop tanks (of {genome.tanks:,.0f} tons)", values | {"drop_tanks": 0}))
    return changes


def rule_changes(readings: Readings) -> list[tuple[str, Readings]]:
    """Each other reading of the tables, and the TCS82 re-rolls turned the other way."""
    changes = [
        (f"reading {name}={value}", with_readings([f"{name}={value}"], readings))
        for name, choices in CHOICES.items()
        for value, _ in choices
        if value != getattr(readings, name)
    ]
    changes.append(
        (f"TCS82 re-rolls {'off' if readings.rerolls else 'on'}", replace(readings, rerolls=not readings.rerolls))
    )
    return changes


def _candidate(problem: TcsProblem, counts: list[int], knobs: Any) -> Candidate:
    return candidate_of(problem, problem.offered, counts, knobs)


def _tried(problem: TcsProblem, candidate: Candidate, best: Tried) -> Tried:
    scores = [Score() for _ in problem.opponents]
    return Tried(candidate, best.order, problem.cost(candidate.counts), scores, full=True, ties=problem.ties)


def _fought(problem: TcsProblem, tried: list[Tried], result: SearchResult, where: Where) -> dict[str, Tried]:
    """Each fleet fought on the best's fresh battles in ``problem``'s world, where ``where`` says."""
    world = problem.world(result.settings.seed)
    work = make_executor(where.executor, world, where.jobs, where.scheduler, where.timeout)
    try:
        return {t.candidate.key: t for t in fresh(tried, result.settings, work, problem.ties)}
    finally:
        work.close()


def _design_and_fleet(result: SearchResult, best: Tried) -> tuple[TcsProblem, list[Ablated]]:
    """The design and fleet changes, in a copy of the search's problem (the designs they make are not the search's:
    its outputs list its own)."""
    searched = result.problem
    assert isinstance(searched, TcsProblem)
    problem = replace(searched, designs=list(searched.designs), genomes=dict(searched.genomes), refusals={})
    problem.offered = searched.offered
    labels = design_labels(problem.designs)
    whole = describe(best, result.space)
    counts = list(best.candidate.counts)
    found: list[Ablated] = []
    for index, count in enumerate(counts):
        made = problem.designs[index].made if count else None
        if made is None or made.genome is None:
            continue
        for words, genes in design_changes(made.genome, problem.genes):
            change = f"{labels[index]}: {words}"
            changed = problem.invent(genes)
            if changed is None:
                found.append(Ablated("design", change, None, "no design of the rules fits it"))
                continue
            if changed == index:
                found.append(Ablated("design", change, None, "fitting to the scenario undoes it: the same design"))
                continue
            fleet = counts + [0] * (len(problem.designs) - len(counts))
            fleet[index], fleet[changed] = 0, fleet[changed] + count
            tried = _tried(problem, _candidate(problem, fleet, best.candidate.knobs), best)
            over = " (over the budget)" if tried.cost > problem.budget else ""
            found.append(Ablated("design", change + over, tried, fleet=f"{whole}, {labels[index]} changed"))
    tankless = _without_tanks(problem, counts, labels, best, whole)
    found += [tankless] if tankless is not None else []
    bought = [i for i, n in enumerate(counts) if n]
    if len(bought) > 1:
        for index in bought:
            fleet = list(counts)
            fleet[index] = 0
            change = f"without its {counts[index]} {labels[index]}"
            tried = _tried(problem, _candidate(problem, fleet, best.candidate.knobs), best)
            left = " + ".join(f"{n} {labels[i]}" for i, n in enumerate(fleet) if n)
            found.append(Ablated("fleet", change, tried, fleet=left))
    return problem, found


#: The scenario rule a fleet carrying drop tanks is tried without.
NO_TANKS = "no drop tanks in the scenario"


def _without_tanks(
    problem: TcsProblem, counts: list[int], labels: list[str], best: Tried, whole: str
) -> Ablated | None:
    """The fleet under a scenario that allows no drop tanks, or None where it carries none: its designs of its own
    made again without them, its catalogue designs with tanks left out (``labels``: each design's, as the fleet
    names it)."""
    carrying = [i for i, n in enumerate(counts) if n and problem.designs[i].member.design.drop_tanks]
    if not carrying:
        return None
    fleet = counts + [0] * (len(problem.designs) - len(counts))
    left_out: list[str] = []
    for index in carrying:
        made, count = problem.designs[index].made, fleet[index]
        fleet[index] = 0
        if made is None or made.genome is None:
            left_out.append(f"{count} {labels[index]}")
            continue
        again = problem.invent({name: getattr(made.genome, name) for name in problem.genes} | {"drop_tanks": 0})
        if again is None:
            return Ablated("rule", NO_TANKS, None, f"{labels[index]} is not made without its tanks")
        fleet += [0] * (again + 1 - len(fleet))
        fleet[again] += count
    if not any(fleet):
        return Ablated("rule", NO_TANKS, None, "every ship of the fleet is of a catalogue design with drop tanks")
    words = NO_TANKS + (f" ({', '.join(left_out)} left out)" if left_out else "")
    tried = _tried(problem, _candidate(problem, fleet, best.candidate.knobs), best)
    return Ablated("rule", words, tried, fleet=f"{whole}, without drop tanks")


def ablate(
    result: SearchResult,
    where: Where,
    rebuild: Callable[[Readings], TcsProblem | None],
) -> list[Ablated]:
    """The best fleet's ablations (its design and fleet changes, then its rule changes), each fought on the best's
    fresh battles where ``where`` says; ``rebuild`` makes the search's problem under other readings (its catalogue
    and opponents read again, for a reading can change a class as read). Empty where no fleet was re-measured."""
    best = result.again(result.best)
    problem = result.problem
    if best is None or not isinstance(problem, TcsProblem):
        return []
    copy, found = _design_and_fleet(result, best)
    again = _fought(copy, [a.tried for a in found if a.tried is not None], result, where)
    found = [replace(a, tried=again[a.tried.candidate.key]) if a.tried is not None else a for a in found]
    for words, readings in rule_changes(problem.readings):
        other = rebuild(readings)
        if other is None:
            found.append(Ablated("rule", words, None, "the catalogue or the opponents do not read under it"))
            continue
        found.append(_under(other, result, best, words, where))
    return found


def _under(other: TcsProblem, result: SearchResult, best: Tried, words: str, where: Where) -> Ablated:
    """The best fleet under ``other`` (the same problem under other readings): its designs of its own made again
    from their genes, fought on the same fresh battles."""
    problem = result.problem
    assert isinstance(problem, TcsProblem)
    counts = [0] * other.offered
    for index, count in enumerate(best.candidate.counts):
        if not count:
            continue
        made = problem.designs[index].made
        if made is None or made.genome is None:
            counts[index] += count
            continue
        genes = {name: getattr(made.genome, name) for name in other.genes}
        again = other.invent(genes)
        if again is None:
            return Ablated("rule", words, None, f"{problem.designs[index].name} is not made under it")
        counts += [0] * (again + 1 - len(counts))
        counts[again] += count
    tried = _tried(other, _candidate(other, counts, best.candidate.knobs), best)
    fleet = describe(best, result.space)
    return Ablated("rule", words, _fought(other, [tried], result, where)[tried.candidate.key], fleet=fleet)

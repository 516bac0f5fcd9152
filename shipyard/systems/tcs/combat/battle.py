"""TCS battles: two fleets (fleet files, folders or sheets) built into sides, one battle narrated or many counted,
each scored by Appendix A the judge's way (``scoring.score_fleet`` on the damage record the battle leaves).

One run is one battle over a generator seeded from the seed and the run's number, so a run's result does not
depend on which process fought it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from pathlib import Path
from typing import Any

from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.core.names import meant_hint, quoted, spelt
from shipyard.systems.highguard import charts as hg
from shipyard.systems.tcs.combat import tables as t
from shipyard.systems.tcs.combat.engine import Battle, Orders, Outcome, Side
from shipyard.systems.tcs.combat.readings import Readings
from shipyard.systems.tcs.combat.ship import Combatant, combatant
from shipyard.systems.tcs.combat.warship import Warship
from shipyard.systems.tcs.damage import DamageRecord, ShipDamage
from shipyard.systems.tcs.subject import FleetSubject

#: A run's generator: seeded by the battle's seed and the run's number, apart from every other run's.
RUN_STRIDE = 1_000_003
#: How near a misspelt class name must be to be offered (difflib's ratio), as a fleet file's ship names are.
NEAR_NAME = 0.6


@dataclass
class Squadron:
    """The ships of one fleet member: its combat template, how many, and the name a damage record gives its sheet."""

    template: Combatant
    count: int
    sheet: str


@dataclass
class FleetSide:
    """A fleet as it comes to battle: its name, squadrons, doctrine, and the fleet it was read as (for scoring)."""

    name: str
    squadrons: list[Squadron]
    orders: Orders
    fleet: FleetSubject

    def assumed(self) -> list[str]:
        """What was assumed of each class where its sheet does not say, in words."""
        found = [f"{self.name}'s {s.template.name}: {text}" for s in self.squadrons for text in s.template.assumed]
        missiles = sorted(
            {s.template.name for s in self.squadrons if any(b.weapon == "missile" for b in s.template.batteries)}
        )
        if missiles:
            reading = self.squadrons[0].template.missiles
            found.append(
                f"{self.name}'s {', '.join(missiles)}: missiles {reading} (the sheets do not say; reading missiles)"
            )
        return found

    def ships(self, side: int) -> list[Warship]:
        found = []
        for squadron in self.squadrons:
            for copy in range(1, squadron.count + 1):
                label = f"{self.name}'s {squadron.template.name}" + (f" {copy}" if squadron.count > 1 else "")
                found.append(Warship(squadron.template, side, label, squadron.sheet, copy))
        return found


def fleet_side(
    path: Path, readings: Readings, doctrine: Mapping[str, object] | None, problems: list[Diagnostic]
) -> FleetSide | None:
    """A fleet file, folder or sheet as a side, fighting by its fleet file's ``[doctrine]`` changed by
    ``doctrine`` (fields of ``Orders``); None (and TCB001 or the reading problems) when it has no ship combat can
    read."""
    from shipyard.systems.tcs.fleet import load_fleet

    fleet = load_fleet(path, None, problems)
    if fleet is None:
        return None
    chosen: dict[str, Any] = fleet.doctrine.model_dump() if fleet.doctrine is not None else {}
    chosen.update(doctrine or {})
    if "reserve" in chosen:
        chosen["reserve"] = tuple(chosen["reserve"])
    orders = Orders(**chosen)
    squadrons = []
    shared = Counter(member.path for member in fleet.members)
    for member in fleet.members:
        template = combatant(member.ship, readings)
        if template is None:
            problems.append(
                Diagnostic(
                    code="TCB001",
                    severity=Severity.ERROR,
                    span=Span(path=member.path, line=1, col=1),
                    message=f"{member.ship.display_name}: no USP printed or recomputable: it cannot fight",
                )
            )
            continue
        sheet = member.ship.display_name if shared[member.path] > 1 else Path(member.path).name
        squadrons.append(Squadron(template, member.count, sheet))
    orders = replace(orders, reserve=_reserve_classes(path, orders.reserve, squadrons, problems))
    if not squadrons:
        problems.append(
            Diagnostic(
                code="TCB001",
                severity=Severity.ERROR,
                span=Span(path=str(path), line=1, col=1),
                message="no High Guard ship in this fleet can fight",
            )
        )
        return None
    return FleetSide(fleet.name, squadrons, orders, fleet)


def _reserve_classes(
    path: Path, wanted: tuple[str, ...], squadrons: list[Squadron], problems: list[Diagnostic]
) -> tuple[str, ...]:
    """The classes a doctrine keeps in reserve, as the fleet's sheets name them (any case and spacing); a name
    that is none of them is TCB005 at its line (a warning: it keeps nothing back), with the class meant."""
    classes = list(dict.fromkeys(squadron.template.name for squadron in squadrons))
    found = []
    for name in wanted:
        same = next((each for each in classes if spelt(each) == spelt(name)), None)
        if same is not None:
            found.append(same)
            continue
        problems.append(
            Diagnostic(
                code="TCB005",
                severity=Severity.WARNING,
                span=Span(path=str(path), line=_line_naming(path, name), col=1),
                message=f"the doctrine keeps {quoted(name)} in reserve, and no class of this fleet is so named"
                f"{meant_hint(name, classes, NEAR_NAME)}: nothing is kept back for it (its classes: "
                f"{', '.join(classes)})",
            )
        )
    return tuple(found)


def _line_naming(path: Path, name: str) -> int:
    """The line of a fleet file that names ``name`` in quotes (its doctrine's), else 1 (a name given on the command
    line, or a sheet)."""
    from shipyard.core.source import read_limited_text

    text = read_limited_text(path) if path.is_file() else None
    for number, line in enumerate((text or "").splitlines(), 1):
        if f'"{name}"' in line or f"'{name}'" in line:
            return number
    return 1


def fight_once(
    sides: list[FleetSide], readings: Readings, seed: int, run: int, narration: list[str] | None = None
) -> Outcome:
    """One battle, its generator seeded by ``seed`` and ``run``."""
    rng = random.Random(seed * RUN_STRIDE + run)
    fighting = [Side(side.name, side.ships(index), side.orders) for index, side in enumerate(sides)]
    return Battle(fighting, readings, rng, narration).fight()


def damage_record(side: Side) -> DamageRecord:
    """What a battle left of a side, as the damage record ``shipyard score`` reads (ships not listed: intact)."""
    entries = []
    for ship in side.ships:
        before = ship.template
        status = "vaporised" if ship.vaporised else "damaged"
        changed: dict[str, object] = {
            "maneuver": ship.maneuver if ship.maneuver != before.maneuver else None,
            "jump": ship.jump if ship.jump != before.jump else None,
            "power": Decimal(ship.power) if ship.power != before.power else None,
            "armour": ship.armour if ship.armour != before.armour else None,
            "damper": ship.damper if ship.damper != before.damper else None,
            "meson_screen": ship.meson_screen if ship.meson_screen != before.meson_screen else None,
            "computer": _model(ship) if ship.model != before.computer else None,
        }
        spinal = next((b for b in ship.batteries if b.spinal), None)
        was = next((b for b in before.batteries if b.spinal), None)
        if spinal is not None and was is not None and (spinal.factor, spinal.count) != (was.factor, was.count):
            # a mount stepped below A is out; Appendix A's table 6 has no row below A-C, where it is recorded
            changed["spinal"] = spinal.letter if spinal.count else hg.ehex(t.SPINAL_FACTORS.start)
        counts = {
            "fuel_hits": Decimal(ship.fuel_hits),
            "turrets_destroyed": ship.turrets_destroyed,
            "bays_destroyed": ship.bays_destroyed,
            "crew_lost": before.crew - ship.crew,
        }
        if ship.vaporised or any(v is not None for v in changed.values()) or any(counts.values()):
            entries.append(
                ShipDamage.model_validate(
                    {
                        "sheet": ship.sheet,
                        "copy": ship.copy_number,
                        "status": status,
                        **{k: v for k, v in changed.items() if v is not None},
                        **counts,
                    }
                )
            )
    return DamageRecord(name=side.name, damage=entries)


def _model(ship: Warship) -> str:
    return f"Model/{ship.model}{'fib' if ship.fib else ''}" if ship.model else "None"


@dataclass
class Scored:
    """One battle scored: the winner (0, 1, or None for a draw), by automatic victory or by Appendix A, each side's
    percentage lost, the ships each lost whole by class, the turns fought, and whether a hole of the tables needs a
    judge's ruling (the percentages then count it as nothing lost)."""

    winner: int | None
    automatic: bool
    percentages: tuple[float, float]
    lost: tuple[dict[str, int], dict[str, int]]
    turns: int
    rulings_pending: bool
    records: list[DamageRecord] = field(default_factory=list)
    #: What the scoring found (a value the sheet does not give, a hole of the tables), as (code, severity, path,
    #: message): the same finding in every battle that meets it.
    findings: tuple[tuple[str, str, str, str], ...] = ()


def score(outcome: Outcome, sides: list[FleetSide], keep_records: bool = False) -> Scored:
    from shipyard.systems.tcs.scoring import score_fleet

    records = [damage_record(side) for side in outcome.sides]
    scored = [score_fleet(side.fleet, record, side.fleet.path) for side, record in zip(sides, records, strict=True)]
    scores = [score for score, _ in scored]
    findings = tuple(
        dict.fromkeys((d.code, d.severity.value, d.span.path, d.message) for _, found in scored for d in found)
    )
    percentages = (float(scores[0].percentage), float(scores[1].percentage))
    lost = tuple(
        dict(Counter(loss.ship for loss in s.ships if any(line.table.startswith("full value") for line in loss.lines)))
        for s in scores
    )
    if outcome.automatic is not None:
        winner: int | None = outcome.automatic
    elif percentages[0] != percentages[1]:
        winner = 0 if percentages[0] < percentages[1] else 1
    else:
        winner = None
    pending = any(s.unruled for s in scores)
    return Scored(
        winner,
        outcome.automatic is not None,
        percentages,
        (lost[0], lost[1]),
        outcome.turns,
        pending,
        records if keep_records else [],
        findings,
    )

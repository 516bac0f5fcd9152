"""TCS Appendix A: the value each fleet lost in a battle, step by step (TCS82, "Appendix A").

A. each ship's damage (the damage record); B. the full value of abandoned ships; C. the full value of hulks
and vaporised (and destroyed) ships; D. for the rest, tables 1-11: the value lost on tables 1, 2, 3, 4, 6
and 7 is the installed system's value less what the table leaves, plus the lost values of tables 5 and
8-11; a ship that cannot make jump-1 after the battle counts at its full value (Determination of Damage);
E. the total; F. over the money spent on the fleet; G. the lowest percentage wins.

Installed values are the component sheet's MCr for each system. Where a printed table has a hole (a blank
cell, a code it does not list, a jump above 4), the line needs a ruling: an APX001 finding names the
scenario key to set, and the line counts nothing until the judge gives it. Nothing is filled in silently.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.core.names import meant
from shipyard.core.numbers import figure, money
from shipyard.core.source import read_sheet_text
from shipyard.core.toml_input import toml_positions
from shipyard.systems.highguard import charts as hg
from shipyard.systems.tcs import charts as tcs
from shipyard.systems.tcs.damage import DamageRecord, ShipDamage
from shipyard.systems.tcs.fleet import fleet_cost
from shipyard.systems.tcs.subject import FleetMember, FleetSubject

HUNDRED = Decimal(100)
FULL_VALUE_STATUSES = {"abandoned": "B", "hulk": "C", "vaporised": "C", "destroyed": "C"}
#: How alike a ruling's key must be to a hole's, or a record's sheet to the fleet's (difflib's ratio), to be
#: named as the one meant.
NEAR_NAME = 0.8


@dataclass
class LossLine:
    table: str  # "1 M-drive", "8 turrets", "full value (step B)", ...
    how: str  # how the number was reached
    mcr: Decimal  # what was lost
    of: Decimal | None = None  # the value it was lost from, where a share of one was lost


@dataclass(frozen=True)
class Pending:
    """A hole awaiting the judge's ruling: its scenario key, and the most the ruling can add to the loss."""

    key: str
    stake: Decimal


@dataclass
class ShipLoss:
    ship: str
    sheet: str
    copy: int
    status: str
    value: Decimal
    lines: list[LossLine] = field(default_factory=list)
    pending: list[Pending] = field(default_factory=list)

    @property
    def lost(self) -> Decimal:
        return sum((line.mcr for line in self.lines), Decimal(0))


@dataclass
class FleetScore:
    name: str
    spent: Decimal
    ships: list[ShipLoss]
    #: The ruling keys the fleet's holes looked up, ruled or not.
    asked: set[str] = field(default_factory=set)
    #: The money spent by the other reading of step F than the scenario's (``Scenario.money_spent``), and its
    #: name: shown beside, so that the two figures a judge may meet (the score's, the audit's) are both said.
    other_spent: tuple[str, Decimal] | None = None
    #: The ruling keys of the APX001 findings (every hole asked for and not ruled): each keeps the standing
    #: provisional, whatever its stake, known or not.
    unruled: list[str] = field(default_factory=list)

    @property
    def lost(self) -> Decimal:
        return sum((s.lost for s in self.ships), Decimal(0))

    @property
    def percentage(self) -> Decimal:
        return (self.lost / self.spent * HUNDRED) if self.spent else Decimal(0)

    @property
    def pending(self) -> list[Pending]:
        return [hole for ship in self.ships for hole in ship.pending]

    @property
    def worst_percentage(self) -> Decimal:
        """The percentage lost if every pending ruling went against the fleet (nothing of the item kept)."""
        stake = sum((hole.stake for hole in self.pending), Decimal(0))
        return ((self.lost + stake) / self.spent * HUNDRED) if self.spent else Decimal(0)


class _Scorer:
    def __init__(self, fleet: FleetSubject, record_path: str, positions: dict):
        self.fleet, self.path, self.positions = fleet, record_path, positions
        self.rulings = fleet.scenario.rulings
        self.asked: set[str] = set()
        self.unruled: list[str] = []
        self.diagnostics: list[Diagnostic] = []
        self.where = Span(path=record_path, line=1, col=1)

    def _sheets_hint(self, sheet: str) -> str:
        """The fleet's sheets, as a record names them, and the one meant when one is near."""
        names = list(dict.fromkeys(Path(m.path).name for m in self.fleet.members))
        near = meant(Path(sheet).name, names, NEAR_NAME)
        return (f" (did you mean '{near}'?)" if near else "") + f": its sheets are {', '.join(names)}"

    def problem(self, code: str, message: str, severity: Severity = Severity.ERROR) -> None:
        self.diagnostics.append(Diagnostic(code=code, severity=severity, message=message, span=self.where))

    def kept(self, key: str, percent: int | None, what: str) -> Decimal | None:
        """A table's percent kept, or the judge's ruling for a hole; None (and APX001) when neither."""
        if percent is not None:
            return Decimal(percent)
        self.asked.add(key)
        if key in self.rulings:
            return self.rulings[key]
        self.needs_ruling(
            key,
            f"{what}: the printed table has no value here; a ruling is needed (set "
            f'"{key}" = <percent kept> under [scenario.rulings])',
        )
        return None

    def needs_ruling(self, key: str, message: str) -> None:
        """A hole no ruling fills: APX001, and the key kept so that the standing stays provisional."""
        self.problem("APX001", message)
        self.unruled.append(key)

    def table_loss(
        self, loss: ShipLoss, table: str, value: Decimal | None, percent: Decimal | None, how: str, hole: str = ""
    ) -> None:
        """The loss of one system by its table: the installed value less the percent kept. With no percent (a
        hole, ``hole`` its ruling key) the line counts nothing yet and the ruling stays pending."""
        if value is None:
            self.problem(
                "APX004",
                f"{loss.ship}: table {table}: the installed system's value is not on the sheet "
                "(a component sheet gives it)",
            )
            return
        if percent is None:
            loss.lines.append(LossLine(table, f"{how}: awaiting a ruling (MCr {money(value)} at stake)", Decimal(0)))
            loss.pending.append(Pending(hole, value))
            return
        lost = value * (HUNDRED - percent) / HUNDRED
        loss.lines.append(LossLine(table, f"{how}: {figure(percent)}% kept", lost, value))

    # ---- one ship ---------------------------------------------------------------------------------
    def score_ship(self, member: FleetMember, damage: ShipDamage | None, copy: int) -> ShipLoss:
        status = damage.status if damage is not None else "intact"
        value = member.value or Decimal(0)
        loss = ShipLoss(member.ship.display_name, member.path, copy, status, value)
        if damage is None or status == "intact":
            return loss
        if status in FULL_VALUE_STATUSES:
            step = FULL_VALUE_STATUSES[status]
            loss.lines.append(LossLine(f"full value (step {step})", f"{status}: the ship's whole value", value, value))
            return loss
        design = member.design
        installed_jump = design.installed.get("jump", 0)
        hulk = _hulk(member, damage, installed_jump)
        if hulk is not None:
            loss.lines.append(LossLine("full value (step C)", f"a hulk: {hulk}; the ship's whole value", value, value))
            return loss
        jump_after = damage.jump if damage.jump is not None else installed_jump
        short = _fuel_short_of_jump_1(member, damage, self.fleet.scenario.drop_tank_fuel_after_battle)
        if short is not None and installed_jump >= 1:
            loss.lines.append(
                LossLine("full value (jump)", f"{short}: it cannot make jump-1 (Determination of Damage)", value, value)
            )
            return loss
        if jump_after < 1:
            if installed_jump >= 1:
                loss.lines.append(
                    LossLine(
                        "full value (jump)",
                        f"jump {jump_after} after the battle: it cannot make jump-1 (Determination of Damage)",
                        value,
                        value,
                    )
                )
                return loss
            key = f"{loss.ship}: no jump drive"
            self.asked.add(key)
            if key in self.rulings:
                if self.rulings[key] >= HUNDRED:
                    loss.lines.append(
                        LossLine("full value (jump)", "no jump drive: full value, as ruled", value, value)
                    )
                    return loss
            else:
                self.needs_ruling(
                    key,
                    f"{loss.ship} has no jump drive, so it is never capable of jump-1; the rules "
                    f'would count it lost in full. A ruling is needed (set "{key}" = 100 for full '
                    "value, 0 to value its damage by the tables)",
                )
                loss.pending.append(Pending(key, value))
        self.drives(member, damage, loss)
        self.power_plant(member, damage, loss)
        self.armour(member, damage, loss)
        self.spinal(member, damage, loss)
        self.screens(member, damage, loss)
        self.direct_losses(member, damage, loss)
        return loss

    def drives(self, member: FleetMember, damage: ShipDamage, loss: ShipLoss) -> None:
        design = member.design
        for kind, number, installed_codes, rows, pattern in (
            ("maneuver", "1 M-drive", tcs.M_DRIVE_INSTALLED, tcs.M_DRIVE, r"^M-Drive"),
            ("jump", "2 J-drive", tcs.J_DRIVE_INSTALLED, tcs.J_DRIVE, r"^J-Drive"),
        ):
            damaged = getattr(damage, kind)
            if damaged is None:
                continue
            installed = design.installed.get(kind)
            if installed is None:
                continue
            if damaged > installed:
                self.problem("APX003", f"{loss.ship}: damaged {kind} {damaged} is above the installed {installed}")
                continue
            if damaged == installed:
                continue
            key = f"{number.split(' ', 1)[1]} {installed} to {damaged}"
            cell = tcs.kept_percent(rows, installed_codes, installed, damaged)
            what = f"{loss.ship}: table {number}, installed {installed}, damaged {damaged}"
            if installed not in installed_codes:
                what += f" (the table stops at {installed_codes[0]})"
            percent = self.kept(key, cell, what)
            component = member.ship.find_component("ENGINEERING", pattern)
            self.table_loss(
                loss, number, component.mcr if component else None, percent, f"{kind} {installed} -> {damaged}", key
            )

    def power_plant(self, member: FleetMember, damage: ShipDamage, loss: ShipLoss) -> None:
        design = member.design
        if damage.power is not None:
            plant = design.drives.get("power")
            installed = (
                plant.potential if plant is not None else (Decimal(member.ship.usp.power) if member.ship.usp else None)
            )
            component = member.ship.find_component("ENGINEERING", r"^P-Plant")
            if installed is not None and damage.power > installed:
                self.problem(
                    "APX003",
                    f"{loss.ship}: damaged power plant {damage.power} is above the installed {figure(installed)}",
                )
            elif installed and damage.power != installed and component is not None:
                kept = damage.power / installed * component.mcr
                loss.lines.append(
                    LossLine(
                        "3 power plant",
                        f"Pn {figure(installed)} -> {figure(damage.power)}: "
                        f"{figure(damage.power)}/{figure(installed)} kept",
                        component.mcr - kept,
                        component.mcr,
                    )
                )
            elif component is None and damage.power != installed:
                self.problem("APX004", f"{loss.ship}: table 3: the power plant's value is not on the sheet")

    def armour(self, member: FleetMember, damage: ShipDamage, loss: ShipLoss) -> None:
        """Table 4 on the armour the USP gives (a planetoid's built-in armour with its purchased factor: the battle
        starts from that), valued at the purchased armour's cost."""
        design = member.design
        if damage.armour is not None and design.armour_factor is not None:
            usp_armour = design.usp.get("armour")
            installed = usp_armour if isinstance(usp_armour, int) else design.armour_factor
            component = member.ship.find_component("HULL", r"^armou?r")
            if damage.armour > installed:
                self.problem(
                    "APX003", f"{loss.ship}: damaged armour {damage.armour} is above the installed {installed}"
                )
            elif damage.armour != installed and component is not None:
                remaining = damage.armour - tcs.ARMOUR_OFFSET
                if remaining < 0:
                    key = f"armour {installed} to {damage.armour}"
                    percent = self.kept(
                        key,
                        None,
                        f"{loss.ship}: table 4, armour {installed} -> {damage.armour} "
                        f"((damaged - {tcs.ARMOUR_OFFSET}) is below 0)",
                    )
                    self.table_loss(
                        loss, "4 armour", component.mcr, percent, f"armour {installed} -> {damage.armour}", key
                    )
                else:
                    kept = Decimal(remaining) / installed * component.mcr
                    loss.lines.append(
                        LossLine(
                            "4 armour",
                            f"armour {installed} -> {damage.armour}: ({damage.armour} - "
                            f"{tcs.ARMOUR_OFFSET})/{installed} kept",
                            component.mcr - kept,
                            component.mcr,
                        )
                    )

    def spinal(self, member: FleetMember, damage: ShipDamage, loss: ShipLoss) -> None:
        design = member.design
        if damage.spinal is not None and design.spinal is not None:
            kind, installed = design.spinal
            damaged = damage.spinal
            if damaged != installed:
                if kind == "particle_accelerator":
                    installed_codes, rows, name = tcs.PA_INSTALLED, tcs.PA_SPINAL, "accelerator"
                else:
                    installed_codes, rows, name = tcs.MESON_INSTALLED, tcs.MESON_SPINAL, "meson"
                group = tcs.code_group(damaged, rows)
                cell = tcs.kept_percent(rows, installed_codes, installed, group)
                key = f"{name} {installed} to {damaged}"
                percent = self.kept(
                    key,
                    cell,
                    f"{loss.ship}: table 6 ({name}), installed {installed}, damaged "
                    f"{damaged}" + ("" if installed in installed_codes else f" (the table does not list {installed})"),
                )
                line = next(
                    (c for c in member.ship.components_in("WEAPONRY") if c.label.lower().startswith("spinal")), None
                )
                self.table_loss(
                    loss,
                    f"6 {name} spinal",
                    line.mcr if line else None,
                    percent,
                    f"spinal {installed} -> {damaged}",
                    key,
                )

    def screens(self, member: FleetMember, damage: ShipDamage, loss: ShipLoss) -> None:
        design = member.design
        for key, rows, words, pattern in (
            ("damper", tcs.DAMPERS, "dampers", r"^nuclear damper"),
            ("meson_screen", tcs.MESON_SCREENS, "screens", r"^meson screen"),
        ):
            damaged = getattr(damage, key)
            installed = design.screens.get(key)
            if damaged is None or installed is None or damaged == installed:
                continue
            if damaged > installed:
                self.problem(
                    "APX003", f"{loss.ship}: damaged {words} factor {damaged} is above the installed {installed}"
                )
                continue
            cell = tcs.kept_percent(rows, tcs.SCREEN_INSTALLED, installed, damaged)
            hole = f"{words} {installed} to {damaged}"
            percent = self.kept(hole, cell, f"{loss.ship}: table 7 ({words}), installed {installed}, damaged {damaged}")
            line = member.ship.find_component("SCREENS", pattern)
            self.table_loss(
                loss, f"7 {words}", line.mcr if line else None, percent, f"{words} {installed} -> {damaged}", hole
            )

    def direct_losses(self, member: FleetMember, damage: ShipDamage, loss: ShipLoss) -> None:
        if damage.fuel_hits:
            tankage = member.design.fuel_carried
            if tankage is None:
                self.problem("APX004", f"{loss.ship}: table 5: the fuel tankage is not on the sheet")
            else:
                how = f"{figure(tankage)} tons x {figure(damage.fuel_hits)}% x Cr 25,000"
                loss.lines.append(LossLine("5 fuel", how, tankage * damage.fuel_hits / HUNDRED * tcs.FUEL_MCR_PER_TON))
        for count, each, table, words in (
            (damage.turrets_destroyed, tcs.TURRET_LOSS_MCR, "8 turrets", "turrets"),
            (damage.bays_destroyed, tcs.BAY_LOSS_MCR, "9 bays", "bays"),
            (damage.crew_lost, tcs.CREW_LOSS_MCR, "10 crew", "crew"),
        ):
            if count:
                loss.lines.append(LossLine(table, f"{count} {words} x MCr {money(each)}", count * each))
        if damage.computer is not None:
            installed = member.design.computer
            damaged = hg.COMPUTER_BY_MODEL.get(damage.computer.lower())
            if damaged is None:
                self.problem(
                    "APX003",
                    f"{loss.ship}: '{damage.computer}' is not a computer model (Model/1 ... Model/9, with fib or bis)",
                )
            elif installed is None:
                self.problem("APX004", f"{loss.ship}: table 11: the installed computer is not on the sheet")
            elif damaged != installed:
                loss.lines.append(
                    LossLine(
                        "11 computer",
                        f"{installed.model} MCr {money(installed.mcr)} - new {damaged.model} MCr {money(damaged.mcr)}",
                        installed.mcr - damaged.mcr,
                    )
                )

    # ---- the fleet -----------------------------------------------------------------------------------
    def score(self, record: DamageRecord) -> FleetScore:
        entries: dict[tuple[int, int], ShipDamage] = {}
        for index, damage in enumerate(record.damage):
            line, col = self.positions.get(("damage", index), (1, 1))
            self.where = Span(path=self.path, line=line, col=col)
            matches = [i for i, m in enumerate(self.fleet.members) if _names_sheet(m, damage.sheet)]
            if not matches:
                self.problem(
                    "APX002",
                    f"'{damage.sheet}' is not a sheet of fleet {self.fleet.name}" + self._sheets_hint(damage.sheet),
                )
                continue
            member_index = matches[0]
            if damage.copy_number > self.fleet.members[member_index].count:
                self.problem(
                    "APX002",
                    f"copy {damage.copy_number} of '{damage.sheet}': the fleet builds "
                    f"{self.fleet.members[member_index].count}",
                )
                continue
            if (member_index, damage.copy_number) in entries:
                self.problem("APX002", f"copy {damage.copy_number} of '{damage.sheet}' is listed twice")
                continue
            entries[(member_index, damage.copy_number)] = damage
        ships, spent = [], Decimal(0)
        for member_index, member in enumerate(self.fleet.members):
            value = member.value
            if value is None:
                self.where = Span(path=self.fleet.path, line=1, col=1)
                self.problem(
                    "APX004",
                    f"{member.ship.display_name}: no cost on the sheet: the fleet's spending cannot be counted",
                )
                value = Decimal(0)
            spent += value * member.count
            for copy in sorted(number for index, number in entries if index == member_index):  # damaged copies
                entry = entries[(member_index, copy)]
                index = record.damage.index(entry)
                line, col = self.positions.get(("damage", index), (1, 1))
                self.where = Span(path=self.path, line=line, col=col)
                ships.append(self.score_ship(member, entry, copy))
        by_quantity = fleet_cost(self.fleet).total
        if self.fleet.scenario.money_spent == "quantity rule":
            return FleetScore(self.fleet.name, by_quantity, ships, self.asked, ("sheet prices", spent), self.unruled)
        return FleetScore(self.fleet.name, spent, ships, self.asked, ("quantity rule", by_quantity), self.unruled)


def _hulk(member: FleetMember, damage: ShipDamage, installed_jump: int) -> str | None:
    """Why a damaged ship is a hulk (step C: without life support, jump drive, power plant or fuel), or None."""
    if not damage.life_support:
        return "no life support"
    if damage.power is not None and damage.power <= 0:
        return "no power plant (Pn 0)"
    if damage.jump is not None and damage.jump <= 0 and installed_jump >= 1:
        return "no jump drive (jump 0)"
    if damage.fuel_hits >= tcs.FUEL_HITS_NO_FUEL:
        return f"no fuel left ({figure(damage.fuel_hits)} fuel hits, rules clarification 3)"
    return None


def _fuel_short_of_jump_1(member: FleetMember, damage: ShipDamage, tanks_count: bool) -> str | None:
    """The fuel a damaged ship has left, when it is less than its jump-1 needs (0.1 x hull), else None: its internal
    fuel less the fuel hits' share, and its drop tanks (which no fuel hit reaches) where ``tanks_count``
    (``Scenario.drop_tank_fuel_after_battle``)."""
    tankage, hull = member.design.fuel_carried, member.design.hull
    if not damage.fuel_hits or tankage is None or hull is None:
        return None
    tanks = member.design.drop_tanks if tanks_count else Decimal(0)
    left = tankage * (HUNDRED - damage.fuel_hits) / HUNDRED + tanks
    needed = hg.JUMP_FUEL_PER_PARSEC * hull
    if left >= needed:
        return None
    also = f" and {figure(tanks)} of drop tanks" if tanks else ""
    return (
        f"{figure(damage.fuel_hits)} fuel hits leave {figure(round(left - tanks, 3))} tons of fuel{also}, short of "
        f"the {figure(needed)} tons of a jump-1"
    )


def _names_sheet(member: FleetMember, sheet: str) -> bool:
    path = Path(member.path).as_posix()
    return path == sheet or path.endswith("/" + sheet.lstrip("./")) or member.ship.display_name == sheet


def score_fleet(
    fleet: FleetSubject, record: DamageRecord, record_path: str, positions: dict | None = None
) -> tuple[FleetScore, list[Diagnostic]]:
    """Appendix A for one fleet: the value of every damaged ship's losses, and the findings (holes, bad
    entries). Ships not in the record are intact and lose nothing."""
    scorer = _Scorer(fleet, record_path, positions or {})
    return scorer.score(record), scorer.diagnostics


def unasked_rulings(path: Path, rulings: Iterable[str], asked: set[str]) -> list[Diagnostic]:
    """APX005 at each ruling of ``path``'s ``[scenario.rulings]`` (a scenario or a fleet file) that no hole of
    the battle asked for (a misspelt key is never used, and its hole stays pending), naming the key meant when
    one asked for is near."""
    unasked = [key for key in rulings if key not in asked]
    if not unasked:
        return []
    text, _ = read_sheet_text(path, str(path))
    positions = toml_positions(text) if text is not None else {}
    found = []
    for key in unasked:
        near = meant(key, sorted(asked), NEAR_NAME)
        hint = f': did you mean "{near}"?' if near else ""
        line, col = positions.get(("scenario", "rulings", key), positions.get(("scenario", "rulings"), (1, 1)))
        found.append(
            Diagnostic(
                code="APX005",
                severity=Severity.WARNING,
                span=Span(path=str(path), line=line, col=col),
                message=f'the ruling "{key}" is asked for by no hole of this battle{hint}',
            )
        )
    return found


def winner(scores: list[FleetScore]) -> tuple[FleetScore | None, bool]:
    """Step G: the fleet with the lowest percentage lost; (None, True) on a tie, which the seed does not break.
    With rulings pending this is the standing so far (``standing`` says whether it can still change)."""
    ranked = sorted(scores, key=lambda s: s.percentage)
    if len(ranked) > 1 and ranked[0].percentage == ranked[1].percentage:
        return None, True
    return (ranked[0] if ranked else None), False


@dataclass(frozen=True)
class Standing:
    """Whether the result is final: with rulings pending, which of them could still change the winner."""

    provisional: bool
    pending: list[str]
    decisive: list[str]

    @property
    def words(self) -> str:
        if not self.provisional:
            return "final"
        if not self.decisive:
            return (
                f"provisional: {len(self.pending)} ruling(s) pending ({', '.join(self.pending)}); the leader stays "
                "ahead whatever they are"
            )
        return (
            f"provisional: {len(self.pending)} ruling(s) pending ({', '.join(self.pending)}); these could change "
            f"the winner: {', '.join(self.decisive)}"
        )


def standing(scores: list[FleetScore], best: FleetScore | None) -> Standing:
    """The standing of a scored battle. A ruling can change the winner when, ruled against the leader (nothing
    kept) while every other fleet's went its way (all kept), the leader would no longer be ahead."""
    pending = [hole.key for score in scores for hole in score.pending]
    staked = set(pending)
    unstaked = [key for score in scores for key in score.unruled if key not in staked]  # a stake not known
    pending += unstaked
    if not pending:
        return Standing(False, [], [])
    if best is None:  # a tie: any ruling may break it
        return Standing(True, pending, pending)
    others = [s for s in scores if s is not best]
    holds = all(best.worst_percentage < other.percentage for other in others)
    decisive = (
        []
        if holds
        else [
            hole.key
            for score in scores
            for hole in score.pending
            if score is best or best.worst_percentage >= score.percentage
        ]
    )
    return Standing(True, pending, decisive + unstaked)

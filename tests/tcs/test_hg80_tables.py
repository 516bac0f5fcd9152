"""Every table of High Guard (1980) combat against the reference transcription's own numbers
(tests/data/hg80-combat-tables.md, read here cell by cell; the cells where the two transcriptions agree are
marked [PL=RB] there and are all among them). The code's tables are reached the way the engine reaches them:
through the to-hit and penetration rolls of ``fire`` and the damage tables' ``table_result``."""

from __future__ import annotations

import pytest
from hg_helpers import battery, factor, number, ship, tables

from shipyard.systems.highguard.charts import ehex_value
from shipyard.systems.tcs.combat import tables as t
from shipyard.systems.tcs.combat.fire import penetration_rolls, to_hit_roll
from shipyard.systems.tcs.combat.readings import Readings, with_readings

DEFAULT = Readings()
#: The reference's row names of the to-hit tables, and the weapon each is fired by.
TO_HIT_ROWS = {
    "missile": "missile",
    "beam laser, pulse laser, energy weapon": "laser",
    "meson gun (bay)": "meson",
    "particle accelerator (turret, bay)": "particle_accelerator",
    "meson gun": "meson",
    "particle accelerator": "particle_accelerator",
}


def _to_hit_number(weapon: str, f: int) -> int:
    gun = battery(weapon, f)
    return to_hit_roll(ship(batteries=[gun]), gun, ship(), "short").number


def test_to_hit_tables_of_turrets_bays_and_spinals():
    """Reference §3.1, both tables: 36 bay cells and 36 spinal cells [PL=RB]."""
    checked = 0
    for table in tables("3.1"):
        header, *rows = table
        for row in rows:
            weapon = TO_HIT_ROWS[row[0]]
            for column, cell in zip(header[1:], row[1:], strict=True):
                assert _to_hit_number(weapon, factor(column)) == int(cell), (row[0], column)
                checked += 1
    assert checked == 72
    assert _to_hit_number("energy", 5) == 6  # one table serves energy weapons: COTI-Q's fusion gun "hit on a 6"


def test_range_dms():
    """Reference §3.3: missiles -1 short; lasers -1 at long (option: at short); energy weapons cannot fire long;
    mesons +2 short; accelerators none."""
    (table,) = tables("3.3")
    weapons = {
        "Missile": "missile",
        "Beam laser": "laser",
        "Pulse laser": "pulse_laser",
        "Energy weapon (plasma, fusion gun)": "energy",
        "Meson gun": "meson",
        "Particle accelerator": "particle_accelerator",
    }
    for row in table[1:]:
        weapon = weapons[row[0]]
        for band, cell in zip(("long", "short"), row[1:3], strict=True):
            expected = None if "cannot" in cell else number(cell)
            assert t.RANGE_DM[weapon][("long", "short").index(band)] == expected, (weapon, band)
    gun = battery("laser", 3)
    short = with_readings(["laser_range_dm=short"])
    dms = {band: dict(to_hit_roll(ship(), gun, ship(), band, short).dms)[f"{band} range"] for band in ("long", "short")}
    assert dms == {"long": 0, "short": -1}  # RB's reading: the reverse of the default


def _codes(cell: str) -> list[int]:
    """The size codes a row of §3.4 names: "0", "1-9, A", "B-K", "M, N, P", "R and larger" (to Z)."""
    codes: list[int] = []
    for part in cell.replace(" and larger", "-Z").split(","):
        low, _, high = part.strip().partition("-")
        first, last = ehex_value(low), ehex_value(high or low)
        assert first is not None and last is not None
        codes += range(first, last + 1)
    return codes


@pytest.mark.parametrize("reading, column", [("rb", 3), ("pl", 2), ("rb", 4)])
def test_size_dm_by_code(reading, column):
    """Reference §3.4: PL's and RB's columns, and the default (RB's) column, for every code from 0 to Z."""
    (table,) = tables("3.4")
    seen = 0
    for row in table[1:]:
        for code in _codes(row[0]):
            assert t.size_dm(code, reading) == number(row[column]), (row[0], code)
            seen += 1
    assert seen == 34


def _penetration(gun, target, readings=DEFAULT, defence=None):
    rolls, _ = penetration_rolls(ship(), gun, target, defence or {}, readings)
    return rolls


@pytest.mark.parametrize(
    "heading, kind",
    [("4.1", "sand"), ("4.1", "beam"), ("4.2", "repulsor"), ("4.3", "damper")],
)
def test_missile_penetration_tables(heading, kind):
    """Reference §4.1 (sandcaster and beam point defence, [PL=RB]), §4.2 (repulsor, [PL=RB]), §4.3 (nuclear
    damper, PL's nine rows): every cell, as the number of the roll the missile makes."""
    (table,) = tables(heading)
    header, *rows = table
    for row in rows:
        d = int(row[0])
        for column, cell in zip(header[1:], row[1:], strict=True):
            gun = battery("missile", int(column))
            if kind == "damper":
                target, defence = ship(damper=d), {}
            elif kind == "beam":
                target, defence = ship(batteries=[battery("laser", d)]), {"beam": 1}
            else:
                target, defence = ship(**{"sand" if kind == "sand" else "repulsor": d}), {kind: 1}
            (roll,) = _penetration(gun, target, defence=defence)
            assert roll.number == int(cell), (kind, d, column)


@pytest.mark.parametrize("table_index, reading", [(0, "6"), (1, "8")])
def test_beam_vs_sandcaster(table_index, reading):
    """Reference §4.4: PL's table (the default) and RB's (beam_sand_base = 8), every cell."""
    header, *rows = tables("4.4")[table_index]
    readings = with_readings([f"beam_sand_base={reading}"])
    for row in rows:
        for column, cell in zip(header[1:], row[1:], strict=True):
            (roll,) = _penetration(battery("laser", int(column)), ship(sand=int(row[0])), readings, {"sand": 1})
            assert roll.number == int(cell)


@pytest.mark.parametrize("table_index", [0, 1])
def test_meson_vs_meson_screen(table_index):
    """Reference §4.5: bays and spinals against screens 1-9 (PL; row 1 [PL=RB]), 243 cells."""
    header, *rows = tables("4.5")[table_index]
    for row in rows:
        for column, cell in zip(header[1:], row[1:], strict=True):
            screen_roll, _configuration = _penetration(battery("meson", factor(column)), ship(meson_screen=int(row[0])))
            assert screen_roll.number == int(cell), (row[0], column)


@pytest.mark.parametrize("table_index", [0, 1])
def test_meson_vs_configuration(table_index):
    """Reference §4.6: bays and spinals against configurations 1-9, the default in the cells marked *."""
    header, *rows = tables("4.6")[table_index]
    for row in rows:
        configuration = int(row[0].split()[0])
        for column, cell in zip(header[1:], row[1:], strict=True):
            (roll,) = _penetration(battery("meson", factor(column)), ship(configuration=configuration))
            assert roll.number == number(cell), (row[0], column)


def _damage_rows(heading: str) -> dict[str, str]:
    (table,) = tables(heading)
    return {row[0]: row[1] for row in table[1:]}


def _same(result: str, cell: str) -> bool:
    """A code's result and a reference cell alike ("Interior explosion: roll on §5.5", "Critical hit (§5.6)")."""
    words = cell.split(":")[0].split("(")[0].strip().lower()
    return result.lower() == words


@pytest.mark.parametrize("heading, table", [("5.3", "surface"), ("5.4", "radiation"), ("5.5", "interior")])
def test_damage_tables(heading, table):
    """Reference §5.3-5.5, the default column (RB's rows; PL's as corrected), rolls 2-21 and 22 and more."""
    rows = _damage_rows(heading)
    assert len(rows) == 21
    for roll, cell in rows.items():
        modified = 22 if roll.startswith("22") else int(roll)
        assert _same(t.table_result(table, modified), cell), (table, roll)
    assert t.table_result(table, 40) == t.NO_EFFECT
    assert t.table_result(table, 1) == t.table_result(table, 2)  # below 2 reads row 2 by default (§5.8)
    assert t.table_result(table, 1, "none") == t.NO_EFFECT  # RB: no row, no effect


#: COTI's spellings of the critical results, in the code's words.
COTI_WORDS = {
    "bridge hit": "bridge destroyed",
    "hanger/boat deck destroyed": "hangars / boat deck destroyed",
    "frozen watch/ship's troops dead": "frozen watch / ship's troops dead",
    "spinal mount/fire control out": "spinal mount / fire control out",
    "fuel tanks shattered": "crew-1",  # the swap: COTI's one change of results, read back (reference §5.6)
}


def test_critical_hit_table_both_orders():
    """Reference §5.6: RB's order (the default) and COTI's (critical_order = coti)."""
    (table,) = tables("5.6")
    for row in table[1:]:
        roll = int(row[0])
        assert _same(t.CRITICALS["rb"][roll - 2], row[1])
        coti = row[2].split("(")[0].strip().lower()
        assert t.CRITICALS["coti"][roll - 2].lower() == COTI_WORDS.get(coti, coti), roll

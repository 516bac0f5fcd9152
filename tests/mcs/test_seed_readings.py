"""MCS play by the seed's own words: a drive damaged to 0 is still a drive, and a salvo keeps the strength it
was launched with (MCS sections 4.0 and 4.5, and the combat example)."""

from __future__ import annotations

from fractions import Fraction

from conftest import ROOT
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.systems.mcs.combat.resolve import facility_missing
from shipyard.systems.mcs.combat.shot import interior_locations
from shipyard.systems.mcs.combat.state import combat_ship
from shipyard.systems.mcs.parse import parse_usd

runner = CliRunner()


def _ship(name: str):
    path = ROOT / "fixtures" / "mcs" / f"{name}.usd"
    (ship, *_), _ = parse_usd(path.read_text(), path.name)
    return combat_ship(ship)


def test_a_drive_damaged_to_0_is_still_a_drive():
    """MCS 4.5: "All hits on non-existent facilities (weapon on unarmed ships) are re-rolled." The Kuvasz
    (Maneuver 3, Jump 2) with both drives damaged to 0 still has them: a hit on either is not re-rolled (it is
    wasted), so the chance of a maneuver or jump drive location stays what it was."""
    kuvasz = _ship("kuvasz")
    before = interior_locations(kuvasz)
    kuvasz.maneuver, kuvasz.jump = Fraction(0), 0
    assert not facility_missing(kuvasz, "maneuver drive") and not facility_missing(kuvasz, "jump drive")
    assert interior_locations(kuvasz) == before


def test_a_ship_built_without_a_jump_drive_has_none():
    """The Drachen Jaeger (Jump 0) has no jump drive: a hit on it is re-rolled."""
    fighter = _ship("drachen-jaeger")
    assert facility_missing(fighter, "jump drive") and "jump drive" not in interior_locations(fighter)


def test_a_salvo_keeps_the_strength_it_was_launched_with():
    """The combat example, turn 2: "The five +4 missile salvos launched last turn then attack." One of the
    Hollyfields' missile batteries had its salvo rating reduced by 3 (to +1) in turn 1, after its salvo left at
    +4; the salvo strikes at +4 (point defence 3 + 4 + 5 - 6 - 4 = 2), as in combat battle, where a salvo keeps
    its launch strength."""
    result = runner.invoke(app, ["combat", "resolve", str(ROOT / "examples" / "combat" / "coronation-hollyfields.toml"),
                                 "--format", "json"])
    text = result.stdout
    assert "salvo rating reduced by 3 to +1" in text
    assert "- 1 salvo = 5 on 1d6" not in text
    assert "- 4 salvo = 2 on 1d6" in text  # every point defence roll at the five salvos, the reduced one's too

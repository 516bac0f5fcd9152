"""The drop-tank ship as High Guard works it out (p. 23, drives read backwards on hull + tanks): the 1981 TCS
winner's Eurisko, Cisor and Garter, as their published notes print them (copies in the published HG'80 layout,
with the USPs, tonnages, tanks and fuel of the fleet's files)."""

from __future__ import annotations

import json
import re

import pytest
from conftest import FIXTURES
from typer.testing import CliRunner

from shipyard.cli import app

runner = CliRunner()
LADEN = FIXTURES / "highguard" / "copies" / "tcs1981"
#: Each ship: its laden USP prefix as the published notes print it (the Cisor's "(BD- L9313F3)" with its space).
PRINTED = {"eurisko": "BA-K931363", "cisor": "BD-L9313F3", "garter": "TB-K1344F3"}


def _check(text: str, name: str = "ship.txt") -> str:
    return runner.invoke(app, ["check", "-", "--stdin-filename", name], input=text).stdout


def _without_laden_usp(text: str) -> str:
    return re.sub(r"; laden \([^)]*\)", "", text)


@pytest.mark.parametrize("ship", sorted(PRINTED))
def test_the_1981_winners_drop_tank_ships_pass_as_their_judges_passed_them(ship):
    """Jump-5 unladen at TL12 is no HG111 (the drive was built for the laden jump-3), and the fuel with the tanks
    covers the laden ship (HG104). Before: both errors on every one of them. The Eurisko: 0.1 x 16,650 x 3 +
    0.01 x 16,650 x 3 = 5,494.5 <= 555 + 5,550; the Cisor: 0.1 x 29,970 x 3 + 0.01 x 29,970 x 3 = 9,890.1 <= 999 +
    9,990; the Garter: 0.1 x 18,000 x 3 + 0.01 x 18,000 x 4 = 6,120 <= 840 + 6,000."""
    text = (LADEN / f"{ship}.txt").read_text(encoding="utf-8")
    for copy in (text, _without_laden_usp(text)):
        found = _check(copy)
        assert "HG104" not in found and "HG111" not in found and "error" not in found, found


@pytest.mark.parametrize("ship", sorted(PRINTED))
def test_the_laden_usp_derived_from_the_unladen_digits_is_the_printed_one(ship):
    """Eurisko: jump drive 6% of 11,100 = 666 t, maneuver 5% = 555 t, plant 5 x 3% = 1,665 t; on 16,650 t: J =
    floor(100 x 666 / 16,650) - 1 = 3, G = floor((3.33 + 1) / 3) = 1, Pn = floor(100 x 1,665 / 16,650 / 3) = 3.
    Garter: 720 t, 2,040 t, 2,520 t on 18,000: J = 4 - 1 = 3, G = floor((11.33 + 1) / 3) = 4, Pn = floor(4.67) = 4.
    Cisor: 1,198.8 t, 999 t, 2,997 t on 29,970 (hull L): J 3, G 1, Pn 3."""
    text = (LADEN / f"{ship}.txt").read_text(encoding="utf-8")
    printed = json.loads(runner.invoke(app, ["show", "-", "-f", "json"], input=text).stdout)[0]["ships"][0]
    assert printed["laden"] == {"usp": PRINTED[ship], "from": "printed on the sheet"}
    bare = _without_laden_usp(text)
    derived = json.loads(runner.invoke(app, ["show", "-", "-f", "json"], input=bare).stdout)[0]["ships"][0]
    assert derived["laden_usp"] is None
    assert derived["laden"]["usp"] == PRINTED[ship] and derived["laden"]["from"].startswith("derived from the unladen")
    shown = runner.invoke(app, ["show", "-"], input=bare, env={"COLUMNS": "200"}).stdout
    assert f"With drop tanks: {PRINTED[ship]} (" in shown and "derived from the unladen digits' drives" in shown


def test_a_printed_laden_digit_no_drive_of_that_rating_makes_is_said():
    """An unladen jump-5 drive on 11,100 tons is 666 to 777 tons (up to jump-6's size, not reaching it): on 16,650
    tons that is J 3 (floor(4.0) - 1) to J 3 (floor(4.67) - 1). A printed laden jump-4 is HG101 at its digit in
    the note (and the ship is judged by what it claims: jump-4 laden needs TL13, HG111); the printed jump-3 is
    not."""
    text = (LADEN / "eurisko.txt").read_text(encoding="utf-8").replace("(BA-K931363)", "(BA-K941363)")
    found = _check(text)
    assert (
        "ship.txt:6:51: error: HG101 laden USP jump digit 4, but with 5550 tons of drop tanks the sheet gives 3"
        in found
    )
    assert "HG101" not in _check((LADEN / "eurisko.txt").read_text(encoding="utf-8"))


def test_the_laden_ship_short_of_fuel_and_past_its_tl_is_still_an_error():
    """With 1,000 tons of tanks the Eurisko is 12,100 tons laden: J = floor(100 x 666 / 12,100) - 1 = 4, Pn =
    floor(100 x 1,665 / 12,100 / 3) = 4; it needs 0.1 x 12,100 x 4 + 0.01 x 12,100 x 4 = 4,840 + 484 = 5,324, and
    Fuel 555 and the tanks make 1,555 (HG104). Laden jump-4 needs TL13: at TL12, HG111."""
    text = _without_laden_usp((LADEN / "eurisko.txt").read_text(encoding="utf-8")).replace("5,550 tons", "1,000 tons")
    found = _check(text)
    assert (
        "HG104 Fuel 555 and 1000 tons of drop tanks make 1555, short of what the laden ship (12100 tons) needs: "
        "jump fuel 4840 (jump-4 laden) + power plant fuel 484 (Pn 4 laden) = 5324" in found.replace("\n", " ")
    )
    assert "HG111 jump 4 (laden) needs TL13; this ship is TL12" in found

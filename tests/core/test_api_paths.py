"""The library as a user calls it: every public function that reads a file takes its path as ``str`` or ``Path``
alike, and bad input is a finding, never an exception."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import ROOT

from shipyard import api

EXAMPLES = "examples"


@pytest.fixture(autouse=True)
def _at_root(monkeypatch):
    monkeypatch.chdir(ROOT)


def test_convert_and_render_take_text_paths_and_files_read():
    """``api.convert("examples/kuvasz.usd")`` and ``api.render(sheet_file)`` raised AttributeError."""
    assert api.convert(f"{EXAMPLES}/coronation-t4.usd") == api.convert(Path(EXAMPLES) / "coronation-t4.usd")
    assert [d.code for d in api.convert(f"{EXAMPLES}/kuvasz.usd").diagnostics] == ["CNV100"]
    sheet = api.load(f"{EXAMPLES}/kuvasz.usd")
    assert api.render(sheet) == api.render(sheet.ships[0]) and api.render(sheet).startswith("Class: Kuvasz TL: 12")


@pytest.mark.parametrize(
    "call",
    [
        lambda p: api.combat_resolve(p("examples/coronation-hollyfields.toml")).turns[1].number,
        lambda p: api.sfc_referee(p("examples/sfc/game.toml")).turns[0].number,
        lambda p: len(api.darkstars_referee(p("examples/darkstars/game.toml")).turns),
        lambda p: api.darkstars_draw(p("examples/darkstars/system.toml"))[0][:4],
        lambda p: api.check_formation_log(p("fixtures/tcs/battle/turn-log.toml"))[0],
        lambda p: api.diff(p("examples/kuvasz.usd"), p("examples/kuvasz.usd")).changed,
        lambda p: (
            api.combat_shot(p("examples/midu-agashaan.usd"), "Laser Battery", p("examples/kuvasz.usd"), "m").odds.p_hit
        ),  # type: ignore[union-attr]
    ],
    ids=["combat_resolve", "sfc_referee", "darkstars_referee", "darkstars_draw", "formation", "diff", "combat_shot"],
)
def test_a_path_as_text_or_as_path_gives_the_same(call):
    assert call(str) == call(Path) is not None


def test_bad_input_is_a_finding_not_an_exception(tmp_path):
    missing = tmp_path / "nowhere.usd"
    shot = api.combat_shot(str(missing), "Laser Battery", "examples/kuvasz.usd", "m")
    assert shot.odds is None and shot.unreadable and shot.diagnostics[0].code == "IO001"
    assert [d.code for d in api.sfc_odds("cruiserr", "escort").diagnostics] == ["SFC002"]
    assert "did you mean 'cruiser'" in api.sfc_odds("cruiserr", "escort").diagnostics[0].message
    picture, found = api.darkstars_draw("examples/kuvasz.usd")
    assert picture is None and [d.code for d in found] == ["DS002"]
    assert api.combat_battle([]).unreadable and [d.code for d in api.combat_battle([]).diagnostics] == ["CMB002"]

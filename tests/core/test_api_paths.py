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
            api.combat_shot(
                api.ShotRequest(
                    attacker=p("examples/midu-agashaan.usd"),
                    battery="Laser Battery",
                    target=p("examples/kuvasz.usd"),
                    band="m",
                )
            ).odds.p_hit  # type: ignore[union-attr]
        ),
    ],
    ids=["combat_resolve", "sfc_referee", "darkstars_referee", "darkstars_draw", "formation", "diff", "combat_shot"],
)
def test_a_path_as_text_or_as_path_gives_the_same(call):
    assert call(str) == call(Path) is not None


def test_bad_input_is_a_finding_not_an_exception(tmp_path):
    missing = tmp_path / "nowhere.usd"
    shot = api.combat_shot(
        api.ShotRequest(attacker=str(missing), battery="Laser Battery", target="examples/kuvasz.usd", band="m")
    )
    assert shot.odds is None and shot.unreadable and shot.diagnostics[0].code == "IO001"
    assert [d.code for d in api.sfc_odds("cruiserr", "escort").diagnostics] == ["SFC002"]
    assert "did you mean 'cruiser'" in api.sfc_odds("cruiserr", "escort").diagnostics[0].message
    picture, found = api.darkstars_draw("examples/kuvasz.usd")
    assert picture is None and [d.code for d in found] == ["DS002"]
    nothing = api.combat_battle(api.BattleRequest(sources=[]))
    assert nothing.unreadable and [d.code for d in nothing.diagnostics] == ["CMB002"]


def test_a_request_names_every_field():
    """A request's fields are named where it is built: two figures of one type cannot be swapped by position
    (``combat_shot`` took 16 positional parameters)."""
    with pytest.raises(TypeError):
        api.ShotRequest("examples/midu-agashaan.usd", "Laser Battery", "examples/kuvasz.usd", "m")  # type: ignore[misc]
    with pytest.raises(TypeError):
        api.combat_battle(api.BattleRequest(sources=["examples/kuvasz.usd"]), None)  # type: ignore[misc]


def test_a_battle_gives_back_its_public_record_as_the_command_line_prints_it(monkeypatch):
    """``combat_battle`` gives a ``BattleOutcome`` whose JSON form is ``combat battle --format json``'s document,
    key for key (the diagnostics aside, which the command line prints beside it); the record is frozen."""
    import json

    from typer.testing import CliRunner

    from shipyard.cli import app

    monkeypatch.chdir(ROOT)
    sheets = ["examples/midu-agashaan.usd", "examples/kuvasz.usd"]
    outcome = api.combat_battle(api.BattleRequest(sources=sheets, runs=40, seed=7, jobs=1)).outcome
    assert outcome is not None and outcome.runs == 40 and outcome.seed == 7
    printed = CliRunner().invoke(app, ["combat", "battle", *sheets, "--runs", "40", "--seed", "7", "-j", "1",
                                       "--format", "json"]).stdout  # fmt: skip
    document = json.loads(printed)
    document.pop("diagnostics", None)
    assert outcome.model_dump(mode="json") == document
    assert outcome.sides[0].name == "Midu Agashaan" and outcome.sides[0].win == document["sides"][0]["win"]
    with pytest.raises(ValueError):
        outcome.sides[0].win = 0.5  # type: ignore[misc]

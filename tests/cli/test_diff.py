"""``shipyard diff OLD NEW``: the judge's "what did the entrant change after the first check?", field by field
and battery by battery, each change where it stands; a new layout of the same sheet is no change."""

from __future__ import annotations

import json

from conftest import FIXTURES, ROOT
from typer.testing import CliRunner

from shipyard.cli import app

runner = CliRunner()
KUVASZ = ROOT / "examples" / "kuvasz.usd"


def _edited(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_a_new_layout_of_the_same_sheet_is_no_change() -> None:
    for layout in ("midu-crlf.usd", "midu-few-lines.usd", "midu-one-field-per-line.usd"):
        result = runner.invoke(
            app, ["diff", str(FIXTURES / "mcs" / "midu-agashaan.usd"), str(FIXTURES / "mcs" / "layouts" / layout)]
        )
        assert result.exit_code == 0, result.stdout
        assert result.stdout.splitlines()[-1] == "0 ship(s) changed (0 change(s)), 0 added, 0 removed, 1 the same"


def test_each_changed_figure_and_battery_is_a_line_at_its_place(tmp_path) -> None:
    """Armour 14 -> 16 (line 2), the second Laser Battery from 5 to 6 batteries (line 11), the missile bays
    removed with their range limit (old lines 12 and 13), a spinal PAW added (new last line)."""
    lines = KUVASZ.read_text().splitlines()
    assert lines[11].startswith("2 x Missile Bays") and lines[12].startswith("only useable")
    lines[1] = lines[1].replace("Armour: 14", "Armour: 16")
    lines[10] = lines[10].replace("5xLaser", "6xLaser")
    del lines[11:13]
    new = _edited(tmp_path, "kuvasz.usd", "\n".join(lines + ["1xSpinal PAW (+1) 14:14 14:14 14:14 14:14 14:14"]) + "\n")
    result = runner.invoke(app, ["diff", str(KUVASZ), str(new)])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"--- {KUVASZ}",
        f"+++ {new}",
        "Kuvasz: changed",
        f"  {new}:2:32: armour: 14 -> 16",
        f"  {new}:11:1: weapons[Laser Battery (2)].count: 5 -> 6",
        f"  {new}:{len(lines) + 1}:1: added weapons[Spinal PAW]: 1xSpinal PAW (+1) (14:14 14:14 14:14 14:14 14:14)",
        f"  {KUVASZ}:12:1: removed weapons[Missile Bays]: 2 x Missile Bays: (+2)16:10 (-8 size&evade) 6 salvos "
        "each. 2 missiles per salvo",
        "1 ship(s) changed (4 change(s)), 0 added, 0 removed, 0 the same",
    ]


def test_ships_added_and_removed_are_named(tmp_path) -> None:
    layouts = (FIXTURES / "highguard" / "forms" / "layouts.txt").read_text()
    assert "Second" in layouts
    only_first = _edited(tmp_path, "first.txt", (FIXTURES / "highguard" / "forms" / "adjacent-counts.txt").read_text())
    result = runner.invoke(app, ["diff", str(FIXTURES / "highguard" / "forms" / "layouts.txt"), str(only_first)])
    assert "Second: removed" in result.stdout and result.exit_code == 1
    back = runner.invoke(app, ["diff", str(only_first), str(FIXTURES / "highguard" / "forms" / "layouts.txt")])
    assert "Second: added" in back.stdout


def test_a_changed_usp_is_one_line(tmp_path) -> None:
    vigilant = FIXTURES / "highguard" / "vigilant-legal.txt"
    text = vigilant.read_text()
    assert "CA-E333463-471100-60009-0" in text
    new = _edited(tmp_path, "vigilant.txt", text.replace("CA-E333463-471100-60009-0", "CA-E333463-471100-60009-1"))
    document = json.loads(runner.invoke(app, ["diff", str(vigilant), str(new), "--format", "json"]).stdout)
    assert document["changed"] is True
    [ship] = document["ships"]
    assert ship["status"] == "changed"
    assert [c["field"] for c in ship["changes"]][:1] == ["usp.text"] or any(
        c["field"].startswith("usp") for c in ship["changes"]
    )
    assert all(c["where"]["path"] == str(new) for c in ship["changes"] if c["where"])


def test_a_version_that_cannot_be_read_exits_2(tmp_path) -> None:
    result = runner.invoke(app, ["diff", str(KUVASZ), str(tmp_path / "missing.usd")])
    assert result.exit_code == 2 and "IO001" in result.stderr and result.stdout == ""


def test_a_renamed_ship_is_the_same_ship_changed() -> None:
    """The 13% plant Vigilant is the legal Vigilant with another name, a larger plant and its cost."""
    result = runner.invoke(
        app,
        [
            "diff",
            str(FIXTURES / "highguard" / "vigilant-legal.txt"),
            str(FIXTURES / "highguard" / "plant-13-percent.txt"),
        ],
    )
    assert "Vigilant (13% plant): changed" in result.stdout and "removed" not in result.stdout.splitlines()[2]
    assert "name: Vigilant -> Vigilant (13% plant)" in result.stdout


def test_ships_of_two_systems_are_two_ships() -> None:
    """The Kuvasz (USD) and the Vigilant (High Guard) are not one ship renamed: one removed, one added."""
    result = runner.invoke(app, ["diff", str(KUVASZ), str(ROOT / "examples" / "fleet" / "vigilant.txt")])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[2:4] == ["Vigilant: added", "Kuvasz: removed"]


def test_a_t4_sheet_against_its_mcs_conversion_is_a_diff_not_a_traceback(tmp_path) -> None:
    """The Coronation as T4 and as ``convert`` rates it: each weapon is another kind of record (a T4 line, an MCS
    battery), one change from the one to the other; before, ``'T4Weapon' object has no attribute 'rof'``."""
    t4 = ROOT / "examples" / "coronation-t4.usd"
    converted = _edited(tmp_path, "mcs.usd", runner.invoke(app, ["convert", str(t4), "--to", "mcs"]).stdout)
    result = runner.invoke(app, ["diff", str(t4), str(converted)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert (
        f"{converted}:8:1: weapons[Spinal Meson]: 1xSpinal Meson (+4) 2/14-11-9-6 -> 1xSpinal Meson (+1) "
        "(18:18 18:18 16:16 15:15 13:13)" in result.stdout
    )


def test_a_record_without_a_line_of_its_own_is_shown_by_its_figures(tmp_path) -> None:
    """A signature added is shown by its figures, never by its class's name ("none -> Signature")."""
    trader = (FIXTURES / "mcs" / "free-trader.usd").read_text(encoding="utf-8")
    old = _edited(tmp_path, "old.usd", "".join(line for line in trader.splitlines(True) if "Signature" not in line))
    result = runner.invoke(app, ["diff", str(old), str(FIXTURES / "mcs" / "free-trader.usd")])
    assert "signature: none -> vis -0.5, ir 0.0, active 0.0, lidar 0.5" in result.stdout
    assert "Signature" not in result.stdout.replace("Signature:", "")

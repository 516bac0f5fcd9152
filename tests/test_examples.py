"""Every file in examples/ is read by the CLI without error, so the examples cannot rot: USD sheets
are shown, FFS designs converted, and everything is checked (findings are allowed: the Hollyfields
example carries the seed's size slip; a read failure or an internal error is not)."""

from __future__ import annotations

import re

import pytest
from conftest import ROOT, beside
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.core.sniff import sniff

EXAMPLES = sorted(p for p in (ROOT / "examples").rglob("*") if p.is_file())


def _role(path):
    return "sheet" if path.suffix == ".xlsx" else sniff(path.read_text())


SETTINGS = [p for p in EXAMPLES if _role(p) in ("fleet", "scenario", "fire-log", "sfc-game", "tcs-catalogue")]
SHEETS = [p for p in EXAMPLES if p not in SETTINGS]


def test_there_are_examples():
    assert len(EXAMPLES) >= 6


@pytest.mark.parametrize("path", SHEETS, ids=lambda p: p.name)
def test_example_reads_cleanly(path):
    command = (
        "convert"
        if path.suffix in (".toml", ".xlsx") and _role(path) not in ("sfc-roster", "darkstars-system")
        else "show"
    )
    if _role(path) == "darkstars-game":
        command = "check"
    if command == "show":  # show checks as check does: the Hollyfields' declared size is an example's error
        from shipyard.core.pipeline import load_sheet

        assert not [d for d in load_sheet(path).diagnostics if d.severity.value == "error"]
        return
    result = CliRunner().invoke(app, [command, str(path)])
    assert result.exit_code == 0, result.output
    assert "error:" not in result.stderr


@pytest.mark.parametrize(
    "path", SHEETS + [p for p in SETTINGS if _role(p) in ("fleet", "tcs-catalogue")], ids=lambda p: p.name
)
def test_example_checks_without_read_errors(path):
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code in (0, 1), result.output
    assert "SY00" not in result.stdout and "Traceback" not in result.output
    if path.name != "hollyfields.usd":
        assert result.exit_code == 0, result.stdout


def test_example_fleet_checks_clean_with_its_scenario():
    fleet = ROOT / "examples" / "fleet"
    result = CliRunner().invoke(
        app, ["check", "--scenario", str(fleet / "scenario.toml"), str(fleet), "--level", "warning"]
    )
    assert result.exit_code == 0, result.output
    assert result.stdout == ""


def test_check_referees_every_game_log_one_way(tmp_path):
    """A game log (a fire log, a Simple Fleet Combat or Dark Stars game, a formation turn log) is refereed by its
    format's referee, as its own command referees it: ``check`` gives the log's own findings at their lines and
    exits on them. The shipped logs are clean but the turn log, which holds three illegal entries on purpose."""
    runner = CliRunner()
    for log in ("coronation-hollyfields.toml", "sfc/game.toml", "darkstars/game.toml"):
        result = runner.invoke(app, ["check", str(ROOT / "examples" / log)])
        assert (result.exit_code, result.stdout) == (0, ""), log
    turns = runner.invoke(app, ["check", str(ROOT / "fixtures" / "tcs" / "battle" / "turn-log.toml")])
    assert turns.exit_code == 1 and [line.split(": ")[2].split()[0] for line in turns.stdout.splitlines()] == [
        "FRM001",
        "FRM002",
        "FRM001",
    ]
    # a fire log is the record of the table's rolls: a fire without its dice is CMB006 at its line, as
    # `combat resolve` says without --seed
    text = (ROOT / "examples" / "coronation-hollyfields.toml").read_text(encoding="utf-8")
    text = text.replace("dice = [16]\n", "")
    (tmp_path / "log.toml").write_text(text, encoding="utf-8")
    for sheet in ("coronation.usd", "hollyfields.usd"):
        beside(tmp_path, ROOT / "examples" / sheet)
    missing = runner.invoke(app, ["check", str(tmp_path / "log.toml")])
    assert missing.exit_code == 1 and "error: CMB006 the dice ran out: Spinal Meson 1 to-hit" in missing.stdout
    assert [line.split(":")[1] for line in missing.stdout.splitlines()] == [
        str(1 + text[: text.index('battery = "Spinal Meson"')].count("\n") - 2)
    ]


def test_an_engagement_is_not_a_sheet(tmp_path):
    """Named, an engagement file says what it is and what to do with it; in a folder it is left out as settings
    are."""
    path = tmp_path / "battle.toml"
    path.write_text(
        '[[sides]]\n[[sides.ships]]\nsheet = "a.usd"\n[[sides]]\n[[sides.ships]]\nsheet = "b.usd"\n', encoding="utf-8"
    )
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    assert "IO007 an MCS engagement file, not a sheet: fight it with 'shipyard combat battle'" in result.stdout
    (tmp_path / "kuvasz.usd").write_bytes((ROOT / "examples" / "kuvasz.usd").read_bytes())
    folder = CliRunner().invoke(app, ["check", str(tmp_path)])
    assert folder.exit_code == 0 and "IO007" not in folder.output and "1 file(s), 1 ship(s)" in folder.stderr
    assert folder.stderr.rstrip().endswith(f"; 1 TOML file(s) that are no sheet skipped ({path})")


@pytest.mark.parametrize(
    "name, words",
    [("damage-a.toml", "IO007 a TCS damage record file, not a sheet: score it with 'shipyard score'")],
)
def test_a_record_is_not_a_sheet(name, words):
    result = CliRunner().invoke(app, ["check", str(ROOT / "fixtures" / "tcs" / "battle" / name)])
    assert result.exit_code == 2 and words in result.stdout


def test_a_scenario_file_is_not_a_sheet():
    result = CliRunner().invoke(app, ["check", str(ROOT / "examples" / "fleet" / "scenario.toml")])
    assert result.exit_code == 2 and "IO007 a scenario file, not a sheet: give it with --scenario" in result.stdout


def test_the_readme_library_example_runs_and_says_what_it_shows(monkeypatch, capsys):
    """The README's "As a library" block, run as it stands: its commented figures are the values it gets."""
    import re
    from fractions import Fraction

    from conftest import ROOT

    monkeypatch.chdir(ROOT)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"## As a library\n\n```python\n(.*?)```", readme, re.S)
    assert block is not None
    names: dict[str, object] = {}
    exec(compile(block.group(1), "README.md", "exec"), names)
    assert names["shot"].odds.p_hit == Fraction(215, 216)  # type: ignore[attr-defined]
    assert "# Fraction(215, 216)" in block.group(1) and "# Fraction(5, 12)" in block.group(1)
    assert names["midu"].toughness == 10  # type: ignore[attr-defined]
    assert "MCS006" in capsys.readouterr().out


#: A place a shipped example points a reader at: a doc, with a section of it ("docs/formats.md, \"Fleets\""), or a
#: section of the README ("the README, \"Fleets\"").
_POINTER = re.compile(r'(docs/[\w-]+\.md|the README)(?:, "([^"]+)")?')


def test_every_example_points_at_docs_and_sections_that_exist():
    """Each doc an example's comments name exists, and so does each section they name (the fleet and scenario
    examples sent readers to README sections "Fleets" and "Scenarios" the README does not have)."""
    pointers = 0
    for example in sorted((ROOT / "examples").rglob("*.toml")) + sorted((ROOT / "examples").rglob("*.usd")):
        for doc, section in _POINTER.findall(example.read_text(encoding="utf-8")):
            pointers += 1
            path = ROOT / ("README.md" if doc == "the README" else doc)
            assert path.exists(), f"{example}: {doc}"
            if section:
                headings = [line.lstrip("#").strip() for line in path.read_text().splitlines() if line.startswith("#")]
                assert section in headings, f"{example}: {doc} has no section {section!r}"
    assert pointers >= 5

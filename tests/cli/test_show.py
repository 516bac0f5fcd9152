"""``shipyard show`` and ``--version`` as a user runs them: output, exit codes, JSON that validates."""

from __future__ import annotations

from conftest import FIXTURES
from pydantic import TypeAdapter
from typer.testing import CliRunner

import shipyard
from shipyard.cli import app
from shipyard.core.sheet import SheetFile

runner = CliRunner()


def test_version():
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.strip() == f"shipyard {shipyard.__version__}"


def test_the_version_alone_is_printed_without_the_command_line():
    """``shipyard --version`` prints what the command line prints, in a process that never imports it (nor typer,
    rich or pydantic): the answer costs a Python start and the package's metadata, not the app."""
    import subprocess
    import sys

    probe = (
        "import sys; sys.argv = ['shipyard', '--version']; from shipyard.__main__ import main; main(); "
        "print(sorted(m for m in ('shipyard.cli', 'typer', 'rich', 'pydantic') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == [f"shipyard {shipyard.__version__}", "[]"]


def test_show_every_mcs_fixture():
    files = sorted(str(p) for p in (FIXTURES / "mcs").glob("*.usd"))
    result = runner.invoke(app, ["show", *files])
    assert result.exit_code == runner.invoke(app, ["check", *files]).exit_code == 1  # Hollyfields' size: MCS001
    for name in ("Midu Agashaan", "Kuvasz", "Hollyfields", "Zhodani Strike Cruiser", "Rampart-15 Light Fighter"):
        assert name in result.stdout


def test_show_json_validates_back_into_the_model():
    files = sorted(str(p) for p in (FIXTURES / "mcs").glob("*.usd"))
    result = runner.invoke(app, ["show", "--format", "json", *files])
    assert result.exit_code == 1
    sheets = TypeAdapter(list[SheetFile]).validate_json(result.stdout)
    assert len(sheets) == 11
    midu = next(s for s in sheets if s.path.endswith("midu-agashaan.usd")).ships[0]
    assert midu.missile_batteries[0].salvos_in_cargo == 12 and midu.toughness == 10
    from shipyard.core.pipeline import load_sheet

    assert [sh.ships for sh in sheets] == [load_sheet(f).ships for f in files]


def test_show_goes_on_past_unreadable_lines_and_exits_as_check_does():
    """A line that cannot be read is an error finding (exit 1, as check), not an unreadable file (exit 2)."""
    bad = FIXTURES / "core" / "invalid" / "truncated-weapon.usd"
    good = FIXTURES / "mcs" / "kuvasz.usd"
    result = runner.invoke(app, ["show", str(bad), str(good)])
    assert result.exit_code == runner.invoke(app, ["check", str(bad), str(good)]).exit_code == 1
    assert "Kuvasz" in result.stdout
    assert f"{bad}:3:39: error: USD101 cannot read this rating" in result.stderr
    assert "Traceback" not in result.output


def test_show_missing_file_is_a_located_error():
    result = runner.invoke(app, ["show", "no/such/sheet.usd"])
    assert result.exit_code == 2
    assert "no/such/sheet.usd:1:1: error: IO006 no such file or folder" in result.stderr


def test_caret_points_at_the_column():
    result = runner.invoke(app, ["show", str(FIXTURES / "core" / "invalid" / "malformed-ranges.usd")])
    lines = result.stderr.splitlines()
    quoted = next(i for i, line in enumerate(lines) if "14;9" in line and "|" in line)
    assert lines[quoted + 1].index("^") == lines[quoted].index("14;9")


def test_usage_error_exits_2():
    assert runner.invoke(app, ["show", "--format", "yaml", "x.usd"]).exit_code == 2


def test_show_takes_a_folder_as_check_does(tmp_path):
    """Folders are searched as check searches them; a valid TOML file that is no sheet is skipped there, and a
    broken one is said at its error (it may be a design whose [ship] header broke)."""
    import shutil

    from conftest import ROOT

    shutil.copy(ROOT / "examples" / "kuvasz.usd", tmp_path)
    (tmp_path / "other.toml").write_text("a = 1\n", encoding="utf-8")
    (tmp_path / "broken.toml").write_text('edition = "ffs2"\n[ship\nname = "X"\n', encoding="utf-8")
    result = runner.invoke(app, ["show", str(tmp_path)])
    assert result.exit_code == 2 and "Kuvasz" in result.stdout
    assert f"{tmp_path / 'broken.toml'}:2:6: error: IO008 not valid TOML" in result.stderr
    assert "other.toml" not in result.stderr


def test_show_and_check_give_one_exit_code_for_each_shipped_file():
    from conftest import ROOT

    files = [p for p in sorted((ROOT / "examples").rglob("*")) if p.is_file()]
    files += [FIXTURES / "core" / "invalid" / "truncated-weapon.usd", FIXTURES / "tcs" / "battle" / "turn-log.toml"]
    codes = {
        str(p): (runner.invoke(app, ["show", str(p)]).exit_code, runner.invoke(app, ["check", str(p)]).exit_code)
        for p in files
    }
    assert all(shown == checked for shown, checked in codes.values()), codes
    assert {shown for shown, _ in codes.values()} == {0, 1, 2}  # clean sheets, findings, and a scenario named


def test_show_says_what_a_file_without_ships_is():
    from conftest import ROOT

    result = runner.invoke(app, ["show", str(ROOT / "examples" / "coronation-hollyfields.toml")])
    assert result.exit_code == 0 and result.stdout == ""
    assert "coronation-hollyfields.toml: an MCS fire log, no ship to show" in result.stderr
    quiet = runner.invoke(app, ["show", "-q", str(ROOT / "examples" / "coronation-hollyfields.toml")])
    assert quiet.stderr == ""

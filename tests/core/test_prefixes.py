"""A code prefix that names no code is a usage error with a did-you-mean, on the command line and in the
settings: a typo in --select used to select nothing and turn a failing run green."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from conftest import ROOT
from typer.testing import CliRunner

from shipyard import api
from shipyard.cli import app
from shipyard.core.codes import unknown_prefix

runner = CliRunner()
HOLLYFIELDS = ROOT / "examples" / "hollyfields.usd"  # fails: an error finding (MCS001)


@pytest.mark.parametrize("prefix", ["MCS", "mcs", "M", "TC", "IO", "MCS00", "MCS001", "TCS114", "CFG", "HG1"])
def test_a_prefix_of_some_code_is_known(prefix: str) -> None:
    assert unknown_prefix(prefix) is None


@pytest.mark.parametrize(
    ("prefix", "hint"),
    [
        ("MSC", "did you mean 'MCS'?"),
        ("TSC", "did you mean 'TCS'?"),
        ("MCS999", "did you mean 'MCS009'?"),
        ("XYZ", "codes start with IO"),
    ],
)
def test_a_prefix_of_no_code_is_named_with_a_hint(prefix: str, hint: str) -> None:
    why = unknown_prefix(prefix)
    assert why is not None and why.startswith(f"no code starts with '{prefix}'") and hint in why


def test_a_typo_in_select_is_a_usage_error_not_a_green_run() -> None:
    result = runner.invoke(app, ["check", "--select", "MSC", str(HOLLYFIELDS)])
    assert result.exit_code == 2
    assert "--select:1:1: error: CFG003 unknown code prefix: no code starts with 'MSC'; did you mean 'MCS'?" in (
        result.output
    )
    assert runner.invoke(app, ["check", "--select", "MCS", str(HOLLYFIELDS)]).exit_code == 1


def test_a_typo_in_ignore_or_in_audit_is_a_usage_error_too() -> None:
    assert runner.invoke(app, ["check", "--ignore", "MCS001,USDX", str(HOLLYFIELDS)]).exit_code == 2
    assert runner.invoke(app, ["audit", "--select", "HGG", str(HOLLYFIELDS)]).exit_code == 2


def test_a_typo_in_the_settings_is_a_finding_at_its_line(tmp_path: Path) -> None:
    (tmp_path / "shipyard.toml").write_text('level = "info"\nselect = ["HG1", "TSC"]\n', encoding="utf-8")
    plan, problems = api.plan_check([tmp_path])
    assert plan is None
    assert [(d.code, d.span.line) for d in problems] == [("CFG002", 2)]
    assert "no code starts with 'TSC'; did you mean 'TCS'?" in problems[0].message


def test_a_bare_suppression_never_touches_the_next_line(tmp_path: Path) -> None:
    """``# shipyard: ignore`` with no codes is SY010 on its own line; the blank after it used to reach into the
    next line and blank it, so that line's fields were lost and every later line number moved."""
    path = tmp_path / "k.usd"
    path.write_text(
        "Class: Kuvasz TL:12 Type: FFE # shipyard: ignore\nDisplacement: 500 tons Size: 4 Armour: 14 Toughness: 9\n",
        encoding="utf-8",
    )
    sheet = api.load(path)
    assert sheet.ships[0].displacement == Decimal(500) and sheet.ships[0].toughness == 9
    assert [(d.code, d.span.line) for d in sheet.diagnostics] == [("SY010", 1)]


def test_a_broken_pyproject_meant_for_shipyard_is_said_not_ignored(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.shipyard]\nselect = ["MCS"\n', encoding="utf-8")
    plan, problems = api.plan_check([tmp_path])
    assert plan is None and [d.code for d in problems] == ["CFG001"]
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x\n', encoding="utf-8")  # broken, not ours
    plan, problems = api.plan_check([tmp_path])
    assert plan is not None and problems == []


def test_a_broken_toml_file_in_a_folder_is_reported_not_dropped(tmp_path: Path) -> None:
    """An archivist's worst case: a design whose [ship] header broke used to vanish from the run."""
    (tmp_path / "design.toml").write_text('edition = "ffs2"\n[ship\nname = "X"\n', encoding="utf-8")
    (tmp_path / "notes.toml").write_text("a = 1\n", encoding="utf-8")  # valid TOML, not a sheet: skipped
    result = runner.invoke(app, ["check", str(tmp_path)])
    assert result.exit_code == 2
    assert "design.toml:2:6: error: IO008 not valid TOML" in result.output
    assert f"1 TOML file(s) that are no sheet skipped ({tmp_path / 'notes.toml'})" in result.stderr  # named, once


@pytest.mark.parametrize(("options", "code"), [([], 0), (["--strict"], 1), (["--strict", "--exit-zero"], 0)])
def test_strict_fails_on_a_warning_and_exit_zero_on_nothing(options: list[str], code: int) -> None:
    """The Kuvasz example has warnings (MCS002, MCS007) and no error."""
    kuvasz = ROOT / "examples" / "kuvasz.usd"
    assert runner.invoke(app, ["check", *options, str(kuvasz)]).exit_code == code


def test_exit_zero_keeps_errors_from_failing_but_not_an_unreadable_file(tmp_path: Path) -> None:
    assert runner.invoke(app, ["check", "--exit-zero", str(HOLLYFIELDS)]).exit_code == 0
    assert runner.invoke(app, ["check", str(HOLLYFIELDS)]).exit_code == 1
    (tmp_path / "empty.usd").write_text("", encoding="utf-8")
    assert runner.invoke(app, ["check", "--exit-zero", str(tmp_path / "empty.usd")]).exit_code == 2

"""``check --fix``, ``--diff`` and ``--unsafe-fixes``: a finding with one right answer is fixed in place at its
span, the sheet keeping its layout, line endings and encoding; a declared figure only with --unsafe-fixes;
--diff writes nothing."""

from __future__ import annotations

import shutil

import pytest
from conftest import FIXTURES
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.core.diagnostics import Diagnostic, Edit, Fix, Severity, Span
from shipyard.core.fixes import apply_fixes

runner = CliRunner()
HOLLYFIELDS = FIXTURES / "mcs" / "hollyfields.usd"  # "Fire Cotnrol" (USD103) on line 7, Size 6 for size 7 (MCS001)


@pytest.fixture
def sheet(tmp_path):
    target = tmp_path / "hollyfields.usd"
    shutil.copy(HOLLYFIELDS, target)
    return target


def test_fix_respells_a_misspelled_key_in_place_and_reports_what_remains(sheet) -> None:
    before = sheet.read_bytes()
    result = runner.invoke(app, ["check", str(sheet), "--fix", "--level", "warning"])
    after = sheet.read_bytes()
    assert after == before.replace(b"Fire Cotnrol: 3", b"Fire Control: 3")  # that, and nothing else
    assert "USD103" not in result.stdout and "MCS001" in result.stdout  # the Size is a declared figure: kept
    assert "fixed 1; " in result.stderr and "1 fixable with --fix --unsafe-fixes" in result.stderr
    assert result.exit_code == 1


def test_unsafe_fixes_also_set_the_size_the_chart_gives(sheet) -> None:
    result = runner.invoke(app, ["check", str(sheet), "--fix", "--unsafe-fixes", "--level", "error"])
    text = sheet.read_text()
    assert "Size: 7 Armour: 14 Toughness: 15" in text and "Fire Control: 3" in text
    assert "MCS001" not in result.stdout and result.exit_code == 0
    assert "fixed 2" in result.stderr


def test_diff_prints_the_fixes_and_writes_nothing(sheet) -> None:
    before = sheet.read_bytes()
    result = runner.invoke(app, ["check", str(sheet), "--diff"])
    assert sheet.read_bytes() == before
    assert result.stdout.splitlines()[:2] == [f"--- {sheet}", f"+++ {sheet}"]
    assert "-Fire Cotnrol: 3 (all batteries)" in result.stdout and "+Fire Control: 3 (all batteries)" in result.stdout
    assert "Size: 7" not in result.stdout  # unsafe: not without --unsafe-fixes
    assert result.exit_code == 1 and "1 fix(es) would be made" in result.stderr
    clean = runner.invoke(app, ["check", str(FIXTURES / "mcs" / "free-trader.usd"), "--diff"])
    assert clean.stdout == "" and clean.exit_code == 0


def test_a_stale_suppression_is_removed_with_its_blanks(tmp_path) -> None:
    sheet = tmp_path / "kuvasz.usd"
    lines = (FIXTURES / "mcs" / "free-trader.usd").read_text().splitlines(keepends=True)
    lines[1] = lines[1].rstrip("\n") + "   # shipyard: ignore[MCS001]\n"
    sheet.write_text("".join(lines))
    first = runner.invoke(app, ["check", str(sheet)])
    assert "SY011" in first.stdout
    runner.invoke(app, ["check", str(sheet), "--fix"])
    assert sheet.read_text() == (FIXTURES / "mcs" / "free-trader.usd").read_text()


def test_crlf_line_endings_and_latin1_are_kept(tmp_path) -> None:
    sheet = tmp_path / "crlf.usd"
    text = HOLLYFIELDS.read_text().replace("Hollyfields", "Höllyfields").replace("\n", "\r\n")
    sheet.write_bytes(text.encode("latin-1"))
    runner.invoke(app, ["check", str(sheet), "--fix"])
    fixed = sheet.read_bytes()
    assert fixed == text.replace("Fire Cotnrol", "Fire Control").encode("latin-1")


def _finding(line: int, col: int, old: str | None, new: str, end: int | None = None) -> Diagnostic:
    return Diagnostic(
        code="X",
        severity=Severity.WARNING,
        message="m",
        span=Span(path="p", line=line, col=col),
        fix=Fix(message="f", edits=(Edit(line=line, col=col, end_col=end, old=old, new=new),)),
    )


def test_an_edit_whose_text_is_not_where_it_says_is_left_out() -> None:
    text = "Size: 6 Armour: 14\n"
    fixed, applied = apply_fixes(text, [_finding(1, 1, "9", "7", 8)])
    assert (fixed, applied) == (text, [])


def test_edits_on_one_line_apply_right_to_left_and_overlaps_are_left_out() -> None:
    """Two edits on line 1 (Size's 6 at column 7, Armour's 14 at 17-18) both apply, right to left; a third from
    the same column whose text ("6 A", columns 7-9) reaches into the Size edit's is left out."""
    text = "Size: 6 Armour: 14\n"
    size, armour = _finding(1, 1, "6", "7", 8), _finding(1, 9, "14", "16", 19)
    overlap = _finding(1, 1, "6 A", "x", 10)
    fixed, applied = apply_fixes(text, [size, armour, overlap], unsafe=True)
    assert fixed == "Size: 7 Armour: 16\n" and applied == [armour, size]


def test_unsafe_fixes_write_the_usp_digit_the_components_give(tmp_path) -> None:
    """The legal Vigilant's USP CA-E333463-471100-60009-0 with its maneuver digit made 4: HG101 says the 400-ton
    drive gives 3, and --fix --unsafe-fixes writes the 3 back, nothing else."""
    legal = (FIXTURES / "highguard" / "vigilant-legal.txt").read_text()
    sheet = tmp_path / "vigilant.txt"
    sheet.write_text(legal.replace("CA-E333463-471100-60009-0", "CA-E334463-471100-60009-0", 1))
    found = runner.invoke(app, ["check", str(sheet), "--select", "HG101"])
    assert "HG101 USP maneuver digit 4, but the sheet gives 3" in found.stdout
    safe = runner.invoke(app, ["check", str(sheet), "--select", "HG101", "--fix"])
    assert "CA-E334463" in sheet.read_text() and safe.exit_code == 1  # a declared digit: not without the option
    runner.invoke(app, ["check", str(sheet), "--select", "HG101", "--fix", "--unsafe-fixes"])
    assert sheet.read_text() == legal


def test_diff_prints_only_the_diff_whatever_the_format(sheet) -> None:
    result = runner.invoke(app, ["check", str(sheet), "--diff", "--format", "json"])
    assert result.stdout.startswith(f"--- {sheet}\n") and "[" not in result.stdout.splitlines()[0]


def test_a_sheet_that_cannot_be_written_keeps_its_findings_and_says_why(sheet, monkeypatch) -> None:
    import shipyard.core.fixes

    def refuse(path, fixed):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(shipyard.core.fixes, "write_fixed", refuse)
    before = sheet.read_bytes()
    result = runner.invoke(app, ["check", str(sheet), "--fix", "--level", "warning"])
    assert sheet.read_bytes() == before
    assert "USD103" in result.stdout and f"{sheet}:1:1: error: IO009" in result.stdout
    assert "fixed" not in result.stderr and result.exit_code == 1


def test_fix_on_standard_input_writes_the_fixed_sheet_to_stdout_and_the_findings_to_stderr() -> None:
    """As ruff does: the sheet, fixed, on stdout (byte for byte but the fix); what remains on stderr."""
    original = HOLLYFIELDS.read_bytes()
    result = runner.invoke(app, ["check", "--fix", "-", "--stdin-filename", "holly.usd"], input=original)
    assert result.stdout_bytes == original.replace(b"Fire Cotnrol", b"Fire Control")
    assert "holly.usd:3:1: error: MCS001" in result.stderr and "USD103" not in result.stderr
    assert "fixed 1" in result.stderr and result.exit_code == 1
    diff = runner.invoke(app, ["check", "--diff", "-"], input=original)
    assert diff.stdout.startswith("--- <stdin>\n+++ <stdin>\n") and diff.exit_code == 1
    alone = runner.invoke(app, ["check", "--fix", "-", str(HOLLYFIELDS)], input=original)
    assert alone.exit_code == 2 and "standard input is checked alone" in alone.output

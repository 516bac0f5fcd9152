"""The audit counts and names the files it read only in part: a sheet with a refused line or block has ships
missing from the totals, and "0 not read" alone would hide them."""

from __future__ import annotations

from conftest import FIXTURES
from openpyxl import load_workbook
from typer.testing import CliRunner

from shipyard.cli import app

FORMS = FIXTURES / "highguard" / "forms"
runner = CliRunner()


def _folder(tmp_path):
    tmp_path.mkdir(exist_ok=True)
    """refused-usp.txt (its second ship's USP refused) and summary-pieces.txt with one piece spoilt: two files
    read in part; kinunir-hg80.txt read whole."""
    (tmp_path / "a-refused.txt").write_text((FORMS / "refused-usp.txt").read_text())
    (tmp_path / "b-pieces.txt").write_text((FORMS / "summary-pieces.txt").read_text().replace("Y = 60.", "Y = sixty."))
    (tmp_path / "c-whole.txt").write_text((FIXTURES / "highguard" / "kinunir-hg80.txt").read_text())
    return tmp_path


def test_the_audit_counts_and_names_files_read_in_part(tmp_path):
    folder = _folder(tmp_path)
    result = runner.invoke(app, ["audit", str(folder)])
    last = result.stdout.strip().splitlines()[-1]
    assert "0 file(s) not read, 2 file(s) read in part" in last
    assert "a-refused.txt" in last and "b-pieces.txt" in last and "c-whole.txt" not in last


def test_a_file_read_whole_is_not_counted(tmp_path):
    (tmp_path / "c-whole.txt").write_text((FIXTURES / "highguard" / "kinunir-hg80.txt").read_text())
    result = runner.invoke(app, ["audit", str(tmp_path)])
    assert "read in part" not in result.stdout


def test_the_workbook_summary_counts_them(tmp_path):
    folder = _folder(tmp_path / "in")
    out = tmp_path / "report.xlsx"
    runner.invoke(app, ["audit", str(folder), "-o", str(out)])
    rows = {row[0]: row[1] for row in load_workbook(out)["Summary"].iter_rows(values_only=True) if row[0]}
    assert rows["files not read"] == 0 and rows["files read in part"] == 2
    assert "a-refused.txt" in rows["read in part"] and "b-pieces.txt" in rows["read in part"]

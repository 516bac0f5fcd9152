"""The contract, fuzzed over every format (strategies.py): whatever a file holds, reading it gives located
findings and never a traceback, an internal error (SY001, SY002), a hang, or JSON that is not JSON; a sheet
that reads without errors renders to text that reads back equal; every command exits 0, 1 or 2."""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
from pathlib import Path
from typing import Any

import profiles  # noqa: F401  (loads the fast or the long profile)
from hypothesis import given
from longlines import hang_guard, read_any
from pydantic import TypeAdapter
from strategies import ANY_CASE, Case, play_documents, sheets, toml_documents, workbooks
from typer.testing import CliRunner

from shipyard import api
from shipyard.cli import app
from shipyard.core.sheet import SheetFile

#: No case may take longer (a hang guard; the fuzzed files are small, each reads in milliseconds).
CASE_SECONDS = 10
INTERNAL = ("SY001", "SY002")


def _strict_json(text: str) -> Any:
    def refuse(constant: str) -> None:
        raise ValueError(f"not JSON: {constant}")

    return json.loads(text, parse_constant=refuse)


def read_case(path: Path, form: str) -> list[api.Diagnostic]:
    """Read a case as the commands that take its kind of file do; a sheet also under the sheet contract."""
    found, sheet = read_any(path, form)
    if sheet is not None:
        _check_sheet_contract(path, sheet)
    return found


def _check_sheet_contract(path: Path, sheet: SheetFile) -> None:
    document = _strict_json(TypeAdapter(list[SheetFile]).dump_json([sheet]).decode())
    assert [SheetFile.model_validate(item) for item in document] == [sheet]  # show --format json reads back
    if any(d.severity.value == "error" for d in sheet.diagnostics):
        return
    for ship in sheet.ships:
        if ship.format not in ("usd", "highguard"):
            continue
        again = path.with_name("again" + (".usd" if ship.format == "usd" else ".txt"))
        again.write_text(api.render(ship), encoding="utf-8")
        back = api.load(again)
        assert back.ships == [ship], "rendered and read back, the ship differs"
        assert not [d for d in back.diagnostics if d.severity.value == "error"], back.diagnostics


def _dump(case: Case) -> None:
    """With SHIPYARD_FUZZ_DUMP=FOLDER, a failing case is saved there as a file to read by hand."""
    folder = os.environ.get("SHIPYARD_FUZZ_DUMP")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        (Path(folder) / f"failure-{case.form.replace(' ', '-')}{case.suffix}").write_bytes(case.data)


def _log(test: str, seconds: float) -> None:
    """With SHIPYARD_FUZZ_LOG=FILE, each case's time is appended there (benchmarks/fuzz_long.py sums them)."""
    log = os.environ.get("SHIPYARD_FUZZ_LOG")
    if log:
        with open(log, "a", encoding="utf-8") as stream:
            stream.write(f"{test}\t{seconds:.4f}\n")


def assert_contract(case: Case, test: str = "read") -> None:
    start = time.perf_counter()
    try:
        _assert_contract(case)
    except BaseException:
        _dump(case)
        raise
    _log(test, time.perf_counter() - start)


def _assert_contract(case: Case) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"case{case.suffix}"
        path.write_bytes(case.data)
        lines = len(re.split(rb"\r\n|\r|\n", case.data)) + 1  # as an editor counts them, and the end
        with hang_guard(CASE_SECONDS):
            found = read_case(path, case.form)
        assert not [d for d in found if d.code in INTERNAL], [str(d) for d in found if d.code in INTERNAL]
        for d in found:  # a finding of a file the case names (a fire log's sheet) is located in that file
            if d.span.path == str(path):
                assert 1 <= d.span.line <= max(lines, 2) and d.span.col >= 1, f"{d} is not inside the file"


@given(sheets())
def test_any_sheet_reads_to_located_findings(case: Case) -> None:
    assert_contract(case, "sheets")


@given(toml_documents())
def test_any_toml_input_reads_to_located_findings(case: Case) -> None:
    assert_contract(case, "toml")


@given(workbooks())
def test_any_workbook_reads_to_located_findings(case: Case) -> None:
    assert_contract(case, "workbooks")


@given(play_documents())
def test_any_play_input_reads_to_located_findings(case: Case) -> None:
    """Fire logs, engagements, Simple Fleet Combat rosters and games, Dark Stars systems and games, the search's
    catalogues and pools: each read (a log resolved, an engagement fought once, a game refereed) as its command
    reads it."""
    assert_contract(case, "play")


COMMANDS = {
    "sheet": [
        ["check"],
        ["check", "--format", "json"],
        ["show"],
        ["show", "--format", "json"],
        ["audit"],
        ["export", "--format", "json"],
        ["convert"],
    ],
    "damage": [["check"]],
    "scenario": [["check"], ["check", "--scenario"]],
    "turn log": [["formation"]],
    # the shipped sheets a case names are outside its temporary folder: read them (--allow-outside)
    "fire log": [["combat", "resolve", "--seed", "1", "--allow-outside"],
                 ["combat", "resolve", "--seed", "1", "--format", "json", "--allow-outside"]],
    "engagement": [["combat", "battle", "--runs", "1", "--turns", "2", "--allow-outside"],
                   ["combat", "battle", "--runs", "3", "-j", "1", "--turns", "2", "--format", "json",
                    "--allow-outside"]],
    "sfc game": [["sfc", "referee"], ["sfc", "referee", "--format", "json"]],
    "ds game": [["darkstars", "referee", "--allow-outside"], ["darkstars", "referee", "--format", "json",
                "--allow-outside"], ["darkstars", "draw", "-o", "-", "--allow-outside"]],
    "catalogue": [["check"]],
    "pool": [["check"]],
}  # fmt: skip
#: Every control character but tab and line feed: none reaches a terminal from a file (NOISE puts them in).
RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
runner = CliRunner()


@given(ANY_CASE)
def test_every_command_exits_0_1_or_2_without_a_traceback(case: Case) -> None:
    start = time.perf_counter()
    try:
        _run_commands(case)
    except BaseException:
        _dump(case)
        raise
    _log("commands", time.perf_counter() - start)


def _run_commands(case: Case) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"case{case.suffix}"
        path.write_bytes(case.data)
        for command in COMMANDS[case.form]:
            arguments = [*command, str(path)] if command[-1] != "--scenario" else [*command, str(path), folder]
            with hang_guard(CASE_SECONDS):
                result = runner.invoke(app, arguments)
            assert result.exit_code in (0, 1, 2), (arguments, result.exit_code, result.output[-2000:])
            assert result.exception is None or isinstance(result.exception, SystemExit), (
                arguments,
                repr(result.exception),
            )
            assert "SY001" not in result.output and "SY002" not in result.output, result.output[-2000:]
            assert RAW_CONTROL.search(result.output) is None, (arguments, RAW_CONTROL.findall(result.output)[:5])
            if "json" in command:
                _strict_json(result.stdout)

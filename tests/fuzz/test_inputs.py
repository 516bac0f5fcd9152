"""Inputs an attacker sends: FIFOs, devices, files past the limit, numbers past any rule, counts past any
fleet, workbooks that are bombs. Each gets a located finding, never a hang or a traceback."""

from __future__ import annotations

import os
import re
import shutil
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from longlines import ROOT, hang_guard, run_shipyard
from workbooks import SHIP_XML, bomb, members, with_rows, with_ship_xml, workbook

from shipyard import api
from shipyard.core.numbers import FIGURE_DIGITS, _beyond, beyond_reason
from shipyard.core.source import MAX_SHEET_BYTES, Unreadable, read_limited, split_lines
from shipyard.systems.mcs.ffs.workbook import MAX_ROWS, MAX_UNPACKED_BYTES
from shipyard.systems.tcs.scenario import MAX_COPIES

BATTLE = ROOT / "fixtures" / "tcs" / "battle"


def codes(path: Path) -> list[tuple[str, int, int]]:
    return [(d.code, d.span.line, d.span.col) for d in api.check_file(path).diagnostics if d.severity.value == "error"]


# --- files that are not regular files, or too large ------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_named_or_in_a_folder_is_refused_without_opening_it(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.usd")
    shutil.copy(ROOT / "examples" / "kuvasz.usd", tmp_path)
    run = run_shipyard("check", tmp_path, tmp_path / "pipe.usd", cwd=tmp_path)
    refused = [line for line in run.stdout.splitlines() if "IO001" in line]
    assert len(refused) == 2 and all("FIFO (named pipe), not a regular file" in line for line in refused)
    assert "kuvasz.usd:2:43: warning: MCS002" in run.stdout  # the batch went on
    assert run.returncode == 2


def test_a_device_is_refused_not_read_until_memory_runs_out() -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    with hang_guard(10):
        sheet = api.check_file(Path("/dev/zero"))
    assert [(d.code, d.message) for d in sheet.diagnostics] == [
        ("IO001", "cannot read file: it is a character device, not a regular file")
    ]


def test_reading_stops_one_byte_past_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.usd"
    path.write_bytes(b"x" * (MAX_SHEET_BYTES + 1))
    with pytest.raises(Unreadable) as refused:
        read_limited(path)
    assert refused.value.code == "IO002"
    path.write_bytes(b"x" * MAX_SHEET_BYTES)
    assert len(read_limited(path)) == MAX_SHEET_BYTES


def test_a_file_that_grew_after_its_size_was_taken_is_read_whole_or_refused(tmp_path: Path, monkeypatch) -> None:
    """The reader asks for the size it was told and one byte more: a file longer than that (it grew) is read
    on, to the limit, so it is neither cut short nor let past the limit."""
    import os

    from shipyard.core import source

    told = os.stat_result
    real_fstat = os.fstat
    monkeypatch.setattr(source.os, "fstat", lambda fd: told((*real_fstat(fd)[:6], 10, *real_fstat(fd)[7:])))
    path = tmp_path / "growing.usd"
    path.write_bytes(b"Class: Kuvasz\n" * 100)
    assert read_limited(path) == b"Class: Kuvasz\n" * 100  # told 10 bytes, read all 1,400
    path.write_bytes(b"x" * (MAX_SHEET_BYTES + 5))
    with pytest.raises(Unreadable) as refused:
        read_limited(path)
    assert refused.value.code == "IO002"


# --- numbers past any rule -----------------------------------------------------------------------------------


def test_what_a_number_past_any_rule_is() -> None:
    assert beyond_reason(10**FIGURE_DIGITS - 1) is None
    assert beyond_reason(10**FIGURE_DIGITS) == "has 16 digits (figures are under 10**15)"
    assert beyond_reason(float("inf")) == "is infinite"
    assert beyond_reason(float("nan")) == "is NaN (not a number)"
    assert beyond_reason(True) is None and beyond_reason("1" * 40) is None
    assert beyond_reason(Decimal("1E-15")) is None and beyond_reason(Decimal("-999999999999999.9")) is None
    assert (
        beyond_reason(Decimal("9.9E-16")) == "is 9.9E-16, nearer 0 than any rule can mean (figures are 0 or at "
        "least 10**-15)"
    )
    assert beyond_reason(Decimal("1E+15")) == "has 16 digits (figures are under 10**15)"


@given(
    st.integers(min_value=-(10**17), max_value=10**17)
    | st.decimals(allow_nan=True, allow_infinity=True)
    | st.builds(
        lambda digits, exponent: Decimal(digits).scaleb(exponent), st.integers(-(10**3), 10**3), st.integers(-20, 20)
    )
)
def test_a_figure_told_quickly_is_told_as_its_exact_decimal_is(value: int | Decimal) -> None:
    """Whole numbers and Decimals well inside the limits skip the exact reading; the answer is the same."""
    assert beyond_reason(value) == _beyond(Decimal(value))


@pytest.mark.parametrize(
    ("value", "words"),
    [("inf", "is infinite"), ("nan", "is NaN"), ("1e400", "has 401 digits"), ("-1" + "0" * 20, "has 21 digits")],
)
def test_a_toml_number_past_any_rule_is_a_finding_at_its_key(tmp_path: Path, value: str, words: str) -> None:
    text = (ROOT / "examples" / "ffs2" / "seed-examples.toml").read_text(encoding="utf-8")
    path = tmp_path / "design.toml"
    path.write_text(text.replace("displacement = 3000", f"displacement = {value}"), encoding="utf-8")
    found = [d for d in api.check_file(path).diagnostics if d.code == "FFS002"]
    assert [(d.span.line, words in d.message) for d in found] == [(11, True)]


def test_a_toml_number_under_the_limit_is_read(tmp_path: Path) -> None:
    text = (ROOT / "examples" / "ffs2" / "seed-examples.toml").read_text(encoding="utf-8")
    path = tmp_path / "design.toml"
    path.write_text(text.replace("displacement = 3000", "displacement = 999999999999999"), encoding="utf-8")
    assert "FFS002" not in {d.code for d in api.check_file(path).diagnostics}


def test_a_sheet_figure_of_more_than_fifteen_digits_refuses_its_line(tmp_path: Path) -> None:
    path = tmp_path / "big.usd"
    text = (ROOT / "examples" / "kuvasz.usd").read_text(encoding="utf-8")
    path.write_text(text.replace("Cargo: 22 tons", "Cargo: 9,999,999,999,999,999 tons"), encoding="utf-8")
    assert ("IO010", 4, 23) in codes(path)
    path.write_text(text.replace("Cargo: 22 tons", "Cargo: 999,999,999,999,999 tons"), encoding="utf-8")
    assert "IO010" not in {code for code, _, _ in codes(path)}


def test_a_count_past_any_fleet_is_refused_at_its_line_not_counted(tmp_path: Path) -> None:
    for name in ("vigilant.txt", "kinunir.txt", "damage-a.toml", "fleet-b.toml", "damage-b.toml"):
        shutil.copy(BATTLE / name, tmp_path)
    fleet = (BATTLE / "fleet-a.toml").read_text(encoding="utf-8").replace("count = 2", "count = 100000000000")
    (tmp_path / "fleet-a.toml").write_text(fleet, encoding="utf-8")
    with hang_guard(20):
        result, problems = api.score(
            tmp_path / "fleet-a.toml", tmp_path / "damage-a.toml", tmp_path / "fleet-b.toml", tmp_path / "damage-b.toml"
        )
    found = [d for d in problems + (result.diagnostics if result else []) if "count" in d.message]
    assert found and found[0].span.line == 6 and f"{MAX_COPIES:,}".replace(",", "") in found[0].message.replace(",", "")


# --- workbooks -----------------------------------------------------------------------------------------------


def _read(tmp_path: Path, data: bytes) -> list[tuple[str, int, str]]:
    path = tmp_path / "design.xlsx"
    path.write_bytes(data)
    with hang_guard(20):
        found = api.check_file(path).diagnostics
    return [(d.code, d.span.line, d.message) for d in found if d.severity.value == "error"]


def test_a_zip_bomb_is_refused_before_it_is_opened(tmp_path: Path) -> None:
    data = bomb(MAX_UNPACKED_BYTES + 1)
    assert len(data) < 100_000  # a few kilobytes that unpack past the limit
    [(code, _, message)] = _read(tmp_path, data)
    assert code == "FFS003" and "unpacks to" in message


def test_rows_past_the_limit_are_one_finding(tmp_path: Path) -> None:
    [(code, line, message)] = _read(tmp_path, with_rows(MAX_ROWS))
    assert (code, line) == ("FFS003", MAX_ROWS + 1) and "rows past row 1,000" in message
    assert _read(tmp_path, with_rows(MAX_ROWS - 100)) == []  # the template's rows and 900 more: read


def test_a_million_rows_is_refused_unread(tmp_path: Path) -> None:
    found = _read(tmp_path, with_rows(1_000_000))
    assert [code for code, _, _ in found] in (["IO002"], ["FFS003"])


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        (b'<c r="B4" t="n"><v>INF</v></c>', "FFS003"),
        (b'<c r="B4" t="n"><v>NaN</v></c>', "FFS003"),
        (b'<c r="ZZZZ9" t="n"><v>15</v></c>', "FFS003"),
        (b'<c r="B4" t="n"><v>1e400</v></c>', "FFS002"),
    ],
)
def test_a_cell_openpyxl_cannot_read_or_past_any_rule_is_a_finding(tmp_path: Path, cell: bytes, expected: str) -> None:
    found = _read(tmp_path, with_ship_xml({b'<c r="B4" t="n"><v>15</v></c>': cell}))
    assert [code for code, _, _ in found] == [expected]


def test_entities_are_never_expanded(tmp_path: Path) -> None:
    """Billion laughs and an external entity (XXE): refused by the XML parser, not expanded."""
    laughs = (
        b'<?xml version="1.0"?><!DOCTYPE l [<!ENTITY l0 "lol">'
        + b"".join(b'<!ENTITY l%d "%s">' % (n, b"&l%d;" % (n - 1) * 10) for n in range(1, 10))
        + b"]>"
    )
    external = b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>'
    for prolog, entity in ((laughs, b"&l9;"), (external, b"&e;")):
        parts = members()
        parts[SHIP_XML] = prolog + parts[SHIP_XML].replace(b"<t>Seed Example</t>", b"<t>" + entity + b"</t>")
        found = _read(tmp_path, workbook(parts))
        assert [code for code, _, _ in found] == ["FFS003"]
        assert "root:" not in found[0][2]


def test_formulas_and_dde_are_never_evaluated(tmp_path: Path) -> None:
    """A formula is read as its cached value (none: the field is missing); a DDE call's cached text is a name,
    kept as text."""
    found = _read(tmp_path, with_ship_xml({b'<c r="B4" t="n"><v>15</v></c>': b'<c r="B4"><f>1+1</f></c>'}))
    assert [(code, "ship.tl" in message) for code, _, message in found] == [("FFS002", True)]
    path = tmp_path / "dde.xlsx"
    name = b'<c r="B3" t="inlineStr"><is><t>Seed Example</t></is></c>'
    dde = b'<c r="B3" t="str"><f>cmd|\' /C calc\'!A0</f><v>=cmd|calc</v></c>'
    path.write_bytes(with_ship_xml({name: dde}))
    assert [ship.name for ship in api.check_file(path).ships] == ["=cmd|calc"]


@given(st.text(alphabet="a \r\n\x0b\x0c\x1c\x85\u2028\u2029", max_size=40))
def test_lines_end_at_cr_lf_and_crlf_and_at_nothing_else(text: str) -> None:
    """Split without the pattern when a text has no CR: the same lines (the separators that ``str.splitlines``
    takes, form feed and LINE SEPARATOR among them, end no line here)."""
    assert split_lines(text) == re.split(r"\r\n|\r|\n", text)

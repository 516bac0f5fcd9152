"""Sheets the fuzz suite found that read without errors but did not read back equal once rendered, each reduced
to its cause; and the writers given figures no reader lets through."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from longlines import ROOT

from shipyard import api

VIGILANT = (ROOT / "fixtures" / "highguard" / "vigilant-legal.txt").read_text(encoding="utf-8")
KINUNIR = (ROOT / "fixtures" / "highguard" / "kinunir-hg80.txt").read_text(encoding="utf-8")
KUVASZ = (ROOT / "examples" / "kuvasz.usd").read_text(encoding="utf-8")


def _swap_sections(text: str) -> str:
    """FUEL listed before ENGINEERING, as one published copy does."""
    start, fuel, avionics = text.index("ENGINEERING\n"), text.index("FUEL\n"), text.index("AVIONICS\n")
    return text[:start] + text[fuel:avionics] + text[start:fuel] + text[avionics:]


CASES = {
    "sections out of order": (_swap_sections(VIGILANT), ".txt"),
    "a note of digits before the USP": (VIGILANT.replace("\nUSP\n", "\n0\nUSP\n"), ".txt"),
    "an HG'80 note naming drop tanks before the USP": ("Note: laden with drop tanks (BC- A2447G2)\n" + KINUNIR, ".txt"),
    "no component sheet title": (VIGILANT.replace("Vigilant Class Armoured Cruiser\n", ""), ".txt"),
    "a TL on a battery line without counts": (
        "Ship: Hauler\nTech Level: 12\n\nUSP\n         CA-E333463-471100-60009-0 MCr 4,014.772 5 KTons\n",
        ".txt",
    ),
    "two flags on two lines": (KINUNIR + "Bay-3 Passengers=0.\nModel/7fib Low=0.\n", ".txt"),
    "a drop tank cost without a laden USP": (
        VIGILANT.replace("\nVigilant Class", "\nWith Drop Tanks\nDrop Tanks Cost: MCr 1.000\n\nVigilant Class"),
        ".txt",
    ),
    "a class name with an unmatched bracket": (
        KUVASZ.replace("Class: Kuvasz TL:12", "Kuvasz yal-class) TL-12"),
        ".usd",
    ),
    "a computer without a count beside one with": (
        KUVASZ.replace("Type: FFE", "Type: FFE\nComputers: Std 3xFib"),
        ".usd",
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_a_sheet_that_reads_without_errors_reads_back_equal(tmp_path: Path, name: str) -> None:
    text, suffix = CASES[name]
    path = tmp_path / f"sheet{suffix}"
    path.write_text(text, encoding="utf-8")
    sheet = api.load(path)
    assert sheet.ships and not [d for d in sheet.diagnostics if d.severity.value == "error"], sheet.diagnostics
    for ship in sheet.ships:
        again = tmp_path / f"again{suffix}"
        again.write_text(api.render(ship), encoding="utf-8")
        back = api.load(again)
        assert back.ships == [ship]
        assert not [d for d in back.diagnostics if d.severity.value == "error"]


def test_the_cases_hold_what_they_name(tmp_path: Path) -> None:
    """Each case reads as the fault it names (so the test above cannot pass on a sheet that lost it)."""

    def read(name: str) -> api.SheetFile:
        text, suffix = CASES[name]
        path = tmp_path / f"{len(name)}{suffix}"
        path.write_text(text, encoding="utf-8")
        return api.load(path)

    sections = [c.section for c in read("sections out of order").ships[0].components]
    assert sections.index("FUEL") < sections.index("ENGINEERING")
    assert [n.text for n in read("a note of digits before the USP").ships[0].notes] == ["0"]
    assert read("an HG'80 note naming drop tanks before the USP").ships[0].laden_usp is None
    assert read("no component sheet title").ships[0].title is None
    assert read("a TL on a battery line without counts").ships[0].batteries is None
    assert read("two flags on two lines").ships[0].flags == ["Bay-3", "Model/7fib"]
    ship = read("a drop tank cost without a laden USP").ships[0]
    assert ship.laden_usp is None and ship.drop_tank_cost == Decimal("1.000")
    assert read("a class name with an unmatched bracket").ships[0].class_name == "Kuvasz yal-class)"
    assert [(c.count, c.model) for c in read("a computer without a count beside one with").ships[0].computers] == [
        (1, "Std"),
        (3, "Fib"),
    ]


def test_the_workbook_writer_keeps_a_figure_past_any_rule_as_text(tmp_path: Path) -> None:
    """Readers refuse such figures; a library caller may still hand one to the writer, which used to lose the
    whole workbook to an OverflowError."""
    from openpyxl import load_workbook

    from shipyard.report.tables import SHIP_COLUMNS
    from shipyard.report.workbook import WorkbookWriter

    row: list = [None] * len(SHIP_COLUMNS)
    row[0], row[4], row[5] = "f.usd", Decimal(10) ** 400, Decimal("Infinity")
    writer = WorkbookWriter()
    writer.sheet("Ships", SHIP_COLUMNS, [row])
    writer.save(tmp_path / "x.xlsx")
    cells = [c.value for c in next(iter(load_workbook(tmp_path / "x.xlsx")["Ships"].iter_rows(min_row=2)))]
    assert (cells[4], cells[5]) == (str(Decimal(10) ** 400), "Infinity")


def test_json_numbers_are_never_infinity() -> None:
    from shipyard.core.numbers import json_number

    assert json_number(Decimal("Infinity")) is None and json_number(Decimal("NaN")) is None
    assert json_number(Decimal("1336.63")) == 1336.63 and json_number(Decimal("1700")) == 1700

"""Narrow terminals: ``show`` and ``audit`` never cut a figure or a path (rich's ellipsis made ``4,01…`` and
``examples/flee…`` at 60 columns); a layout folds its text, narrows, or stacks its rows instead."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT
from rich.console import Console

from shipyard import api
from shipyard.report.terminal import audit_tables

WIDTHS = (40, 60, 80, 100, 140, 220)
SHEETS = [
    *sorted((ROOT / "examples").glob("*.usd")),
    FIXTURES / "highguard" / "vigilant-legal.txt",
    FIXTURES / "highguard" / "kinunir-hg80.txt",
]
#: The other panels ``show`` draws: a Simple Fleet Combat roster (its names once cut to ``drea…`` at 40 columns)
#: and a Dark Stars system.
OTHERS = [ROOT / "examples" / "sfc" / "imperial-squadron.toml", ROOT / "examples" / "darkstars" / "system.toml"]


def _render(width: int, *renderables) -> str:
    stream = io.StringIO()
    console = Console(file=stream, width=width, color_system=None, highlight=False, soft_wrap=False)
    for renderable in renderables:
        console.print(renderable, markup=False)
    return stream.getvalue()


def _figures(text: str) -> set[str]:
    """The figures of a rendering: 3,759, 15:10, -2:12, +6, 33,381 (as whole tokens)."""
    return set(re.findall(r"(?<![\w.,:])[-+]?\d[\d,]*(?:\.\d+)?(?::-?\d+)?(?![\w,:])", text))


@pytest.mark.parametrize("sheet", [*SHEETS, *OTHERS], ids=lambda p: p.name)
def test_show_cuts_no_figure_at_any_width(sheet) -> None:
    panels = [api.panel(ship, str(sheet)) for ship in api.load(sheet).ships]
    wide = _render(400, *panels)
    for width in WIDTHS:
        narrow = _render(width, *panels)
        assert "…" not in narrow, (width, narrow)
        assert max(map(len, narrow.splitlines())) <= width
        missing = _figures(wide) - _figures(narrow)
        assert not missing, (width, sorted(missing))


def test_show_keeps_the_midu_figures_whole_at_60_columns() -> None:
    """The figures the issue saw cut (``4,01…``, ``15:…``) in the Midu Agashaan's panel."""
    sheet = ROOT / "examples" / "midu-agashaan.usd"
    text = _render(60, *(api.panel(ship, str(sheet)) for ship in api.load(sheet).ships))
    for figure in ("33,381", "3,759", "1,200", "15:10", "15:15", "18:12", "-2:12"):
        assert re.search(rf"(?<![\d,:]){re.escape(figure)}(?![\d,:])", text), figure


@pytest.mark.parametrize("width", WIDTHS)
def test_the_audit_table_cuts_no_figure_or_path(width, monkeypatch) -> None:
    monkeypatch.chdir(ROOT)  # paths as a user gives them: examples/fleet/vigilant-drop-tanks.txt, 38 characters
    rows = api.audit([Path("examples/fleet")]).rows
    text = _render(width, *audit_tables(rows, width))
    assert "…" not in text
    lines = text.splitlines()
    for row in rows:
        assert any(row[0] in line for line in lines), row[0]  # each path whole on one line
    for figure in ("843,203.12", "1,050,000", "4,014.77", "4,015.78", "210"):
        assert figure in text


def test_a_wide_terminal_gets_the_table_and_a_narrow_one_the_stacked_layout() -> None:
    rows = api.audit([ROOT / "examples" / "fleet"]).rows
    assert re.search(r"^file +ship +count", _render(220, *audit_tables(rows, 220)), re.MULTILINE)
    stacked = _render(60, *audit_tables(rows, 60))
    assert "file " not in stacked.splitlines()[1] and "count 100" in stacked


def test_a_large_audit_is_drawn_in_parts_at_one_set_of_widths() -> None:
    """600 rows: two parts (TABLE_CHUNK 500), the header once, the totals once, every row aligned alike."""
    from decimal import Decimal

    from shipyard.report.terminal import TABLE_CHUNK

    row = ["a/ship.usd", "Ship", 1, "usd", 12, Decimal(100), Decimal("1.5"), 1, 2, 3, "Size 2", 0, 0, "pass"]
    rows = [[f"a/ship-{n:04}.usd", *row[1:]] for n in range(TABLE_CHUNK + 100)]
    parts = list(audit_tables(rows, 200))
    assert len(parts) == 2
    text = _render(200, *parts)
    assert text.count("count") == 1 and text.count("total") == 1
    body = [line for line in text.splitlines() if line.startswith("a/ship-")]
    assert len(body) == len(rows) and len({line.index("Ship") for line in body}) == 1


def _whole_on_a_line(text: str, piece: str) -> bool:
    """Whether ``piece`` stands on one line of the rendering (never parted by a line's end)."""
    return any(piece in line for line in text.splitlines())


def test_hanging_keeps_each_piece_whole_and_indents_the_lines_after_the_first() -> None:
    """At 10 cells: "a 1," (4) and " bb 22," (7) make 11, so "bb 22," opens the second line after two spaces
    (8 cells); " ccc 333" would make 16, so it opens the third."""
    from shipyard.core.layout import Hanging

    assert Hanging(["a 1,", "bb 22,", "ccc 333"]).lines(10) == ["a 1,", "  bb 22,", "  ccc 333"]
    assert Hanging(["a 1,", "bb 22,"]).lines(40) == ["a 1, bb 22,"]  # it fits: one line, as a plain Text


def test_hanging_lays_out_a_piece_too_wide_for_any_line_word_by_word_and_folds_a_long_word() -> None:
    """ "one two three four" (18) is wider than a line after the indent (8 of 10): its words are laid out one by
    one, "x one two" (9), then "three" and "four" each on an indented line (12 together is over 10)."""
    from shipyard.core.layout import Hanging

    assert Hanging(["x", "one two three four"]).lines(10) == ["x one two", "  three", "  four"]
    folded = _render(6, Hanging(["ABCDEFGHIJ"]))
    assert "".join(folded.split()) == "ABCDEFGHIJ"  # folded over two lines, no character lost


def test_a_label_and_its_figure_are_never_parted_at_60_columns() -> None:
    """At 60 columns a sensor's kind and rating (``LIDAR 1x13.5t``), a battery's mounting (``2 turrets each``,
    once left as ``PD 4  2`` with ``turrets each`` on the next line) and a USP clause (``energy factor 0;``,
    once ``energy factor`` at a line's end and ``0;`` under it) stay on one line."""
    kuvasz = ROOT / "examples" / "kuvasz.usd"
    text = _render(60, *(api.panel(ship, str(kuvasz)) for ship in api.load(kuvasz).ships))
    for piece in ("LIDAR 1x13.5t", "LIDAR 2x15.5,", "PD 4", "2 turrets each", "size&evade -8"):
        assert _whole_on_a_line(text, piece), piece
    assert not re.search(r"PD \d +\d", text)  # the mounting's count no longer trails the point defence
    vigilant = ROOT / "examples" / "fleet" / "vigilant.txt"
    text = _render(60, *(api.panel(ship, str(vigilant)) for ship in api.load(vigilant).ships))
    for piece in ("configuration 3 (cylinder)", "computer 6 (Model/6);", "energy factor 0;", "meson screen 1;"):
        assert _whole_on_a_line(text, piece), piece
    assert "│     configuration 3 (cylinder)" in text  # the clause that goes on is indented under its line


@pytest.mark.parametrize("sheet", [s for s in SHEETS if "t4" not in s.name], ids=lambda p: p.name)  # T4: none
def test_show_keeps_every_sensor_and_usp_clause_whole_at_every_width(sheet) -> None:
    from shipyard.systems.highguard.panel import usp_in_words

    ships = api.load(sheet).ships
    pieces = [f"{s.kind} {s.render()}" for ship in ships for s in getattr(ship, "sensors", [])]
    pieces += [
        clause.rstrip(";")
        for ship in ships
        if getattr(ship, "usp", None) is not None
        for line in usp_in_words(ship.usp, ship)
        for clause in line.split("; ")
    ]
    assert pieces
    for width in WIDTHS:
        text = _render(width, *(api.panel(ship, str(sheet)) for ship in ships))
        for piece in pieces:
            if len(piece) + 8 <= width:  # the panel's border and padding, and the indent of a line that goes on
                assert _whole_on_a_line(text, piece), (width, piece)


def test_the_stacked_audit_keeps_each_name_with_its_figure() -> None:
    rows = api.audit([ROOT / "examples" / "fleet"]).rows
    text = _render(50, *audit_tables(rows, 50))
    for piece in ("cost 4,014.77", "cost 843,203.12", "tonnage 1,050,000", "count 100", "verdict pass"):
        assert _whole_on_a_line(text, piece), piece


def test_a_narrow_roster_stacks_its_elements_with_every_name_whole() -> None:
    roster = OTHERS[0]
    panels = [api.panel(ship, str(roster)) for ship in api.load(roster).ships]
    text = _render(40, *panels)
    for piece in (
        "Lion (Dreadnought) (flagship)",
        "type dreadnought",
        "type assault-transport",
        "points 48",
        "carried: Fighter",
    ):
        assert _whole_on_a_line(text, piece), piece
    assert re.search(r"^element +┃ type", _render(100, *panels).splitlines()[2][2:])  # wide: the table


@pytest.mark.parametrize("width", WIDTHS)
def test_the_rules_list_cuts_no_code_or_name(width) -> None:
    """``shipyard rules`` at 40 columns once printed ``size-by…``: names are what ``explain`` takes."""
    from shipyard.core.registry import all_rules
    from shipyard.report.terminal import rules_table

    text = _render(width, rules_table())
    assert "…" not in text and max(map(len, text.splitlines())) <= width
    for rule in all_rules().values():
        assert re.search(rf"{rule.code}\W+{re.escape(rule.meta.name)}\W", text), rule.code


def test_text_as_written_keeps_its_blanks_within_a_line_and_drops_them_at_a_break() -> None:
    """A note's own spacing (``Launchers  20``) stands where the line is not broken; at a break the blanks go
    (no line ends in them) and the next line starts at the indent."""
    from shipyard.core.layout import Hanging, as_written

    assert as_written("Launchers  20  Bays 2") == ["Launchers  ", "20  ", "Bays ", "2"]
    note = Hanging(as_written("Launchers  20  Bays 2"), sep="", first="  ", indent=4)
    assert note.lines(40) == ["  Launchers  20  Bays 2"]
    assert note.lines(16) == ["  Launchers  20", "    Bays 2"]

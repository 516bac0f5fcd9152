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
SHEETS = [*sorted((ROOT / "examples").glob("*.usd")), FIXTURES / "highguard" / "vigilant-legal.txt",
          FIXTURES / "highguard" / "kinunir-hg80.txt"]


def _render(width: int, *renderables) -> str:
    stream = io.StringIO()
    console = Console(file=stream, width=width, color_system=None, highlight=False, soft_wrap=False)
    for renderable in renderables:
        console.print(renderable, markup=False)
    return stream.getvalue()


def _figures(text: str) -> set[str]:
    """The figures of a rendering: 3,759, 15:10, -2:12, +6, 33,381 (as whole tokens)."""
    return set(re.findall(r"(?<![\w.,:])[-+]?\d[\d,]*(?:\.\d+)?(?::-?\d+)?(?![\w,:])", text))


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda p: p.name)
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

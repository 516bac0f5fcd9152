"""The HTML reports: one self-contained page (no script, nothing fetched), everything from a sheet escaped, the
summary, the ships, the charts and the findings by ship with their source lines; rendered in headless Chromium
where it is installed (a screenshot and a PDF print of examples/fleet's audit)."""

from __future__ import annotations

import re
import shutil
import struct
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT, beside, chromium, needs_chromium
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.report import charts

runner = CliRunner()
FLEET = ROOT / "examples" / "fleet"
BATTLE = FIXTURES / "tcs" / "battle"


@pytest.fixture
def entries(tmp_path) -> Path:
    folder = tmp_path / "entries"
    folder.mkdir()
    shutil.copy(FIXTURES / "mcs" / "hollyfields.usd", folder)
    shutil.copy(ROOT / "examples" / "kuvasz.usd", folder)
    shutil.copy(ROOT / "examples" / "midu-agashaan.usd", folder)  # the one with a cost: MCr 3,759
    (folder / "evil.usd").write_text("Class: <script>alert(1)</script> TL:12\nDisplacement: 100 Size: 2\n")
    return folder


def _audit_page(folder: Path, target: Path, *options: str) -> str:
    result = runner.invoke(app, ["audit", str(folder), "-o", str(target), *options])
    assert result.exit_code in (0, 1), result.output
    return target.read_text()


def test_the_page_is_self_contained_and_escapes_the_sheets(entries, tmp_path) -> None:
    page = _audit_page(entries, tmp_path / "report.html")
    assert "<script" not in page  # the name from the sheet is text, and the page has no script of its own
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert not re.search(r"""(src|href)=["']?(https?:|//)""", page) and "@import" not in page
    assert set(re.findall(r"https?://[^\s\"'<>]+", page)) <= {"http://www.w3.org/2000/svg"}  # the SVG namespace


def test_the_page_gives_the_summary_the_ships_the_charts_and_the_findings_by_ship(entries, tmp_path) -> None:
    page = _audit_page(entries, tmp_path / "report.html")
    assert "Verdict: <strong>fail</strong>" in page
    assert re.search(r"<th scope=\"row\">ships \(sheets\)</th><td class=\"number\">4</td>", page)
    ship_rows = re.findall(r"<tr class=\"mark-(\w+)\">", page)
    assert sorted(ship_rows) == ["check", "check", "fail", "pass"]  # warnings (Kuvasz, Midu), an error (Hollyfields)
    assert page.count('<svg xmlns="http://www.w3.org/2000/svg" role="img" class="chart"') == 2
    assert "Cost by ship (times its count), MCr" in page and ">MCr 3,759</text>" in page
    assert "Findings by rule" in page
    holly = page[
        page.index("hollyfields.usd</h3>") if "hollyfields.usd</h3>" in page else page.index("hollyfields.usd <span") :
    ]
    assert re.search(
        r"MCS001</code> Size 6, but 15000 dTons is size 7.*?<pre class=\"source\"><span "
        r"class=\"gutter\">3 \| </span>Size: 6 Armour: 14 Toughness: 15",
        holly,
        re.DOTALL,
    )


def test_a_fleet_page_charts_its_designs_against_the_budget(tmp_path) -> None:
    page = _audit_page(FLEET, tmp_path / "fleet.html")
    assert "Fleet Example Squadron: cost by design (quantity rule), MCr" in page
    assert ">budget: MCr 1,000,000</text>" in page and ">whole fleet</text>" in page
    assert "fleet verdict" in page


def test_the_score_page_charts_each_fleets_losses_by_table(tmp_path) -> None:
    target = tmp_path / "scores.html"
    result = runner.invoke(
        app,
        [
            "score",
            *(str(BATTLE / name) for name in ("fleet-a.toml", "damage-a.toml", "fleet-b.toml", "damage-b.toml")),
            "--scenario",
            str(BATTLE / "rulings.toml"),
            "-o",
            str(target),
        ],
    )
    assert result.exit_code in (0, 1), result.output
    page = target.read_text()
    assert "Losses by table, MCr" in page and '<h2 id="losses-heading">Loss lines</h2>' in page
    assert "winner: " in page or "leader: " in page


def test_a_chart_writes_each_figure_and_draws_a_bar_past_the_budget_in_another_colour() -> None:
    svg = charts.bar_chart("Cost", [("A", 600), ("B", 300)], "MCr", ("budget", 500))
    assert ">MCr 600</text>" in svg and ">MCr 300</text>" in svg
    assert svg.count(charts.OVER_COLOUR) == 1 and svg.count(charts.BAR_COLOUR) == 1
    # the bars scale to the largest figure: A fills the plot, B half of it
    plot = charts.CHART_WIDTH - charts.LABEL_WIDTH - charts.FIGURE_ROOM
    assert f'width="{plot:.1f}"' in svg and f'width="{plot / 2:.1f}"' in svg


def test_a_cost_chart_keeps_the_costliest_and_sums_the_rest_as_one_bar() -> None:
    """Five ships of MCr 1..5 in a chart of at most 3 bars: the costliest two (5 and 4), then "3 others" of
    1 + 2 + 3 = 6. With 3 bars or more room, every ship is its own bar, the costliest first."""
    from decimal import Decimal

    ships = [(f"ship {n}", Decimal(n)) for n in (3, 1, 5, 2, 4)]
    assert charts.costliest(ships, 3) == [("ship 5", 5), ("ship 4", 4), ("3 others", 6)]
    assert charts.costliest(ships, 5) == [("ship 5", 5), ("ship 4", 4), ("ship 3", 3), ("ship 2", 2), ("ship 1", 1)]
    assert charts.costliest([], 3) == []


@needs_chromium
def test_chromium_renders_the_fleet_page_with_its_summary_table_and_charts(tmp_path) -> None:
    target = tmp_path / "fleet.html"
    _audit_page(FLEET, target)
    dom = chromium("--dump-dom", target.as_uri()).stdout
    for heading in ("Summary", "Charts", "Ships", "Findings by ship"):
        assert f">{heading}</h2>" in dom
    assert dom.count("<svg") == 2 and "Vigilant (drop tanks)" in dom
    shot = tmp_path / "fleet.png"
    chromium("--window-size=1280,1600", f"--screenshot={shot}", target.as_uri())
    header = shot.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", header[16:24]) == (1280, 1600)
    assert shot.stat().st_size > 30_000  # a page with text, a table and charts, not a blank one


@needs_chromium
def test_the_fleet_page_prints_on_one_or_two_pages(tmp_path) -> None:
    target, pdf = tmp_path / "fleet.html", tmp_path / "fleet.pdf"
    _audit_page(FLEET, target)
    chromium(f"--print-to-pdf={pdf}", target.as_uri())
    pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf.read_bytes()))
    assert 1 <= pages <= 2


def test_an_audit_page_with_a_damage_record_has_the_loss_lines_and_their_chart(tmp_path) -> None:
    page = _audit_page(
        BATTLE / "fleet-a.toml",
        tmp_path / "battle.html",
        "--damage",
        str(BATTLE / "damage-a.toml"),
        "--scenario",
        str(BATTLE / "rulings.toml"),
    )
    assert '<h2 id="losses-heading">Loss lines</h2>' in page and "Losses by table, MCr" in page
    assert "1 M-drive" in page  # Blue's first loss line, as the workbook's Losses sheet has it


def _charts(dom: str) -> list[str]:
    return re.findall(r'<svg[^>]*class="chart".*?</svg>', dom, re.S)


@needs_chromium
def test_chromium_renders_a_battle_page_whose_charts_are_titled_told_apart_and_on_axes(tmp_path) -> None:
    """The Kuvasz against the Kuvasz, four ships a side: a page where every chart has its title and an axis with
    its unit, the outcome's bars (each side, the draw) have colours of their own, no two ships share a label, and
    the verdict says what happened most often (draws, at these odds), not who "wins most often"."""
    engagement = tmp_path / "mirror.toml"
    kuvasz = beside(tmp_path, ROOT / "examples" / "kuvasz.usd")
    engagement.write_text(
        f'[[sides]]\n[[sides.ships]]\nsheet = "{kuvasz}"\ncount = 4\n'
        f'[[sides]]\n[[sides.ships]]\nsheet = "{kuvasz}"\ncount = 4\n',
        encoding="utf-8",
    )
    target = tmp_path / "battle.html"
    result = runner.invoke(app, ["combat", "battle", str(engagement), "-n", "40", "-j", "1", "-o", str(target)])
    assert result.exit_code == 0, result.output
    dom = chromium("--dump-dom", target.as_uri()).stdout
    drawn = _charts(dom)
    assert len(drawn) >= 5
    for chart in drawn:
        assert re.search(r'class="chart-title">[^<]+<', chart) and 'class="axis"' in chart
    outcome = next(c for c in drawn if "Outcome (%)" in c)
    fills = re.findall(r'<rect [^>]*fill="([^"]+)"', outcome)
    assert len(fills) == 3 and len(set(fills)) == 3
    survival = next(c for c in drawn if "Still fighting at the end" in c)
    labels = re.findall(r'<text [^>]*text-anchor="end">([^<]+)</text>', survival)
    assert len(labels) == 8 and len(set(labels)) == 8
    assert {"Kuvasz (side 1): Kuvasz 1", "Kuvasz (side 2): Kuvasz 8"} <= set(labels)
    verdict = re.search(r"Outcome: <strong>([^<]*)</strong>", dom)  # a page of odds is headed by what they came to
    assert "wins most often" not in dom and verdict is not None and "Verdict:" not in dom
    assert verdict.group(1).startswith(("drawn in", "Kuvasz (side 1) wins", "Kuvasz (side 2) wins"))
    shot = tmp_path / "battle.png"
    chromium("--window-size=1280,2400", f"--screenshot={shot}", target.as_uri())
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 30_000


def test_every_series_has_a_colour_of_its_own_past_the_first_eight() -> None:
    colours = charts.series_colours(30)
    assert len(set(colours)) == 30 and colours[:8] == list(charts.STACK_COLOURS)


@needs_chromium
def test_a_usp_breaks_at_no_dash_in_a_narrow_window(tmp_path) -> None:
    """The audit page's ratings cell holds a USP whole: its cell does not wrap (white-space: nowrap)."""
    target = tmp_path / "fleet.html"
    _audit_page(FLEET, target)
    page = target.read_text(encoding="utf-8")
    assert '<td class="code">USP CA-E333463-471100-60009-0</td>' in page
    assert "td.code, th.code { white-space: nowrap; }" in page


@pytest.mark.parametrize(
    ("low", "high", "ticks"),
    [
        (1008, 3000, [1000, 1500, 2000, 2500, 3000]),  # the search's front: cost from MCr 1,008
        (0, 21000, [0, 5000, 10000, 15000, 20000, 25000]),  # battles fought
        (0.032, 0.852, [0, 0.2, 0.4, 0.6, 0.8, 1]),  # win chances
        (-5, 5, [-5, -2.5, 0, 2.5, 5]),
        (3, 3, [3]),
    ],
)
def test_chart_axes_tick_at_round_figures(low, high, ticks):
    """An axis ticks at multiples of 1, 2, 2.5 or 5 times a power of ten, from a round figure at or below its
    lowest value to one at or above its highest, six ticks at most (before: five evenly spaced from the lowest
    value, 1,008, 1,506, 2,004 ...)."""
    assert charts._ticks(low, high) == ticks

"""Dark Stars plots refereed: the seed's gravity-assist example, a legal and an illegal plot for each drive of
each race, and a game log with one illegal plot of each kind."""

from __future__ import annotations

import json

import pytest
from conftest import CHROMIUM, ROOT, chromium
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.systems.darkstars import report
from shipyard.systems.darkstars.referee import referee

runner = CliRunner()
#: A t5 (which, like the seed's g1, allows 2 hexes of change; a g1 cannot be rolled in orbital 4) at [3, 1];
#: the planet movement before the first plots puts it at [2, 2].
SYSTEM = '[system]\n[[planet]]\ntype = "t5"\nhex = [3, 1]\n'
UP_THREE = "[[0, -5], [0, -6], [0, -7]]"  # from orbital 4, three hexes outward


def vessel(name="V", race="terran", drive="x-ray-laser", hexes="[0, -4]", speed=0, klass="explorer", extra=""):
    return (
        f'[[vessel]]\nname = "{name}"\nrace = "{race}"\nclass = "{klass}"\ndrive = "{drive}"\nhex = {hexes}\n'
        f"speed = {speed}\n{extra}"
    )


def plot(move, speed, hexes, ship="V", drive=None, extra=""):
    chosen = f'drive = "{drive}"\n' if drive else ""
    return f'[[turn.plot]]\nship = "{ship}"\n{chosen}move = "{move}"\nspeed = "{speed}"\nhexes = {hexes}\n{extra}'


def codes(tmp_path, vessels: str, *turns: str) -> list[str]:
    (tmp_path / "system.toml").write_text(SYSTEM, encoding="utf-8")
    path = tmp_path / "game.toml"
    path.write_text(
        '[game]\nsystem = "system.toml"\n' + vessels + "".join("[[turn]]\n" + t for t in turns), encoding="utf-8"
    )
    return [d.code for d in referee(path).diagnostics]


def test_the_seeds_gravity_assist_example(tmp_path):
    """Orbital 4, Up Well, HA: +3. Beside the planet (2 hexes of change) for two consecutive hexes ([3, 1] in
    orbital 4, [3, 2] in 5) it may add 2 more: 5 hexes. Beside it for one hex ([3, 2], from [3, 1]) it may
    decelerate 2: +1, one hex."""
    five = "[[3, 1], [3, 2], [3, 3], [3, 4], [3, 5]]"
    assist = "assist = {}\nassist_body = [2, 2]\n"
    assert codes(tmp_path, vessel(hexes="[4, 0]"), plot("up", "HA", five, extra=assist.format(2))) == []
    assert codes(tmp_path, vessel(hexes="[3, 1]"), plot("up", "HA", "[[3, 2]]", extra=assist.format(-2))) == []
    assert sorted(
        codes(tmp_path, vessel(hexes="[4, 0]"), plot("up", "HA", five[:-9] + "]", extra=assist.format(3)))
    ) == ["DS201", "DS208"]  # a t5 allows 2 (and 3 + 3 = 6 is not the 4 hexes entered)
    far = "[[0, -5], [0, -6], [0, -7], [0, -8], [0, -9]]"  # never beside the planet
    assert codes(tmp_path, vessel(), plot("up", "HA", far, extra=assist.format(2))) == ["DS208"]


def test_a_deceleration_assist_needs_only_one_hex_beside_the_body(tmp_path):
    """ "If it is moved so that it is adjacent for only one hex of movement, it may deacelerate more than the
    table allows." A vessel at speed 2 in orbital 4, Up Well at HA (+3) with an assist of -2: speed 3, its three
    hexes [3, 1], [3, 2], [3, 3], the first two beside the t5 at [2, 2]: two hexes beside, not one, so the
    deceleration is not allowed (DS208). The seed's own one-hex case stays legal (the test above)."""
    assist = "assist = -2\nassist_body = [2, 2]\n"
    found = codes(tmp_path, vessel(hexes="[4, 0]", speed=2), plot("up", "HA", "[[3, 1], [3, 2], [3, 3]]", extra=assist))
    assert found == ["DS208"]


DRIVES = [  # race, drive, a legal plot, an illegal one, what the illegal one breaks
    ("riin", "polarizer", ("down", "LD", "[[0, -3]]", 2), ("up", "HA", UP_THREE, 0), "moves only orbit or down"),
    ("riin", "photon", ("up", "HA", UP_THREE, 0), ("up", "LA", "[[0, -5]]", 0), "plots only HA, HD, NC"),
    ("gzrel", "sail", ("up", "LA", "[[0, -5]]", 0), ("up", "HA", UP_THREE, 0), "plots only LA, LD, NC"),
    ("gzrel", "ramjet", ("down", "NC", "[[0, -3]]", 0), ("orbit", "LA", "[[1, -4]]", 0), "plots only LD, NC"),
    ("tassar", "pulse", ("up", "HA", UP_THREE, 0), ("up", "LA", "[[0, -5]]", 0), "plots only HD, HA, NC"),
    (
        "tassar",
        "ram-rocket",
        ("down", "NC", "[[0, -3]]", 0),
        ("orbit", "HA", "[[1, -4], [2, -4], [3, -4]]", 0),
        "plots only HD, NC",
    ),
    ("terran", "x-ray-laser", ("orbit", "LA", "[[1, -4]]", 0), ("up", "HA", UP_THREE, 0), "no wormhole"),
]


@pytest.mark.parametrize("race, drive, legal, illegal, why", DRIVES, ids=[f"{d[0]}-{d[1]}" for d in DRIVES])
def test_each_drive(tmp_path, race, drive, legal, illegal, why):
    move, speed, hexes, start = legal
    assert codes(tmp_path, vessel(race=race, drive=drive, speed=start), plot(move, speed, hexes)) == []
    move, speed, hexes, start = illegal
    chosen = "wormhole" if race == "terran" else None
    assert codes(tmp_path, vessel(race=race, drive=drive, speed=start), plot(move, speed, hexes, drive=chosen)) == [
        "DS206"
    ], why


def test_switching_drives(tmp_path):
    """The Gzrel switch to the sail the turn after an NC on the ramjet, and never back; the Tassar likewise to
    the pulse; the Riin switch at will."""
    down = plot("down", "NC", "[[0, -3]]")
    assert (
        codes(tmp_path, vessel(race="gzrel", drive="ramjet"), down, plot("up", "LA", "[[0, -4], [0, -5]]")) == []
    )  # turn 2 is on the sail: +1 from speed 1
    assert codes(
        tmp_path, vessel(race="gzrel", drive="ramjet"), down, plot("down", "NC", "[[0, -2], [0, -1]]", drive="ramjet")
    ) == ["DS206"]
    assert codes(tmp_path, vessel(race="tassar", drive="ram-rocket"), plot("up", "HA", UP_THREE, drive="pulse")) == [
        "DS206"
    ]  # no pulse before an NC on the ram rocket
    assert codes(tmp_path, vessel(race="riin", drive="polarizer"), plot("up", "HA", UP_THREE, drive="photon")) == []


ONE_OF_EACH = [  # (code, vessel, plot)
    ("DS201", vessel("A"), plot("up", "HA", "[[0, -5], [0, -6]]", ship="A")),
    ("DS202", vessel("B"), plot("up", "HA", "[[0, -5], [0, -7], [0, -8]]", ship="B")),
    ("DS203", vessel("C"), plot("up", "HA", "[[0, -5], [1, -5], [1, -4]]", ship="C")),
    ("DS204", vessel("D"), plot("down", "LA", "[[0, -3], [0, -4]]", ship="D")),
    (
        "DS205",
        vessel("E", speed=1, extra='orbit_direction = "clockwise"\n'),
        plot("orbit", "NC", "[[-1, -3]]", ship="E"),
    ),
    ("DS206", vessel("F"), plot("up", "HA", UP_THREE, ship="F", drive="wormhole")),
    ("DS207", vessel("G", klass="light-warship", extra="fuel = 5\n"), plot("up", "HA", UP_THREE, ship="G")),
    (
        "DS208",
        vessel("H"),
        plot(
            "up",
            "HA",
            "[[0, -5], [0, -6], [0, -7], [0, -8], [0, -9]]",
            ship="H",
            extra="assist = 2\nassist_body = [2, 2]\n",
        ),
    ),
]


def test_a_game_log_with_one_illegal_plot_of_each_kind(tmp_path):
    (tmp_path / "system.toml").write_text(SYSTEM, encoding="utf-8")
    path = tmp_path / "game.toml"
    text = (
        '[game]\nsystem = "system.toml"\n'
        + "".join(v for _, v, _ in ONE_OF_EACH)
        + "[[turn]]\n"
        + "".join(p for _, _, p in ONE_OF_EACH)
    )
    path.write_text(text, encoding="utf-8")
    found = referee(path).diagnostics
    assert [d.code for d in found] == [code for code, _, _ in ONE_OF_EACH]
    lines = text.splitlines()
    for d, (_, _, entry) in zip(found, ONE_OF_EACH, strict=True):  # each at a line of its own plot
        assert lines[d.span.line - 1] in entry.splitlines()


def test_the_example_game_and_its_picture(tmp_path):
    game = ROOT / "examples" / "darkstars" / "game.toml"
    assert referee(game).diagnostics == []
    assert runner.invoke(app, ["check", str(game)]).exit_code == 0
    picture = tmp_path / "game.svg"
    result = runner.invoke(app, ["darkstars", "referee", str(game), "-o", str(picture)])
    assert result.exit_code == 0, result.output
    assert "Sword: up HA on x-ray-laser, speed 3, to (0, -7) (orbital 7), fuel 92" in result.stdout
    svg = picture.read_text(encoding="utf-8")
    assert svg.count('class="path"') == 2 and 'data-ship="Sword"' in svg


def test_a_game_log_with_a_byte_order_mark(tmp_path):
    """A game log saved with a UTF-8 byte order mark is refereed as the example is, by the referee and by check."""
    examples = ROOT / "examples" / "darkstars"
    (tmp_path / "system.toml").write_bytes((examples / "system.toml").read_bytes())
    game = tmp_path / "game.toml"
    game.write_bytes(b"\xef\xbb\xbf" + (examples / "game.toml").read_bytes())
    assert referee(game).turns == referee(examples / "game.toml").turns and referee(game).diagnostics == []
    assert runner.invoke(app, ["darkstars", "referee", str(game)]).exit_code == 0
    assert runner.invoke(app, ["check", str(game)]).exit_code == 0


@pytest.mark.parametrize(
    "vessels, turn, found",
    [
        (
            vessel("Sword") + vessel("Sword", hexes="[0, -3]"),
            "",
            [("DS210", 11, "a second vessel is named 'Sword': it is not played")],
        ),
        (
            vessel("Sword", hexes="[0, -40]"),
            "",
            [("DS209", 8, "Sword starts at (0, -40), off the display (orbital 40; the display has 9)")],
        ),
        (vessel("Sword", hexes="[0, 0]"), "", [("DS209", 8, "Sword starts at (0, 0), the star's hex")]),
        (
            vessel("Sword"),
            "[[turn]]\n" + plot("up", "HA", "[[0, -5], [0, -6], [0, -7]]", ship="Swrd"),
            [("DS209", 12, "no ship 'Swrd' (did you mean 'Sword'?): expected one of Sword")],
        ),
    ],
)
def test_the_vessels_a_log_names(tmp_path, vessels, turn, found):
    (tmp_path / "system.toml").write_text(SYSTEM, encoding="utf-8")
    path = tmp_path / "game.toml"
    path.write_text('[game]\nsystem = "system.toml"\n' + vessels + turn, encoding="utf-8")
    assert [
        (d.code, d.span.line, d.message[: len(m)])
        for d, (_, _, m) in zip(referee(path).diagnostics, found, strict=True)
    ] == found
    path.write_text(
        '[game]\nsystem = "system.toml"\n' + vessel("Sword") + turn.replace("Swrd", "Sword"), encoding="utf-8"
    )
    assert referee(path).diagnostics == []


def test_an_illegal_plot_is_drawn_dashed(tmp_path):
    (tmp_path / "system.toml").write_text(SYSTEM, encoding="utf-8")
    path = tmp_path / "game.toml"
    path.write_text(
        '[game]\nsystem = "system.toml"\n' + vessel() + "[[turn]]\n" + plot("up", "HA", "[[0, -5]]"), encoding="utf-8"
    )
    picture = tmp_path / "game.svg"
    result = runner.invoke(app, ["darkstars", "referee", str(path), "-o", str(picture)])
    assert result.exit_code == 1 and "DS201" in result.stderr
    assert 'class="path illegal"' in picture.read_text(encoding="utf-8")
    assert runner.invoke(app, ["check", str(path)]).exit_code == 1  # check referees game logs too


def test_the_plot_helper_lists_the_legal_plots():
    """After the example's two turns the Sword is in orbital 7 at speed 2, last orbiting clockwise, with 90 cells:
    Orbit NC keeps speed 2 (clockwise only, to (4, -7)); Up Well LD (-2) would leave it at 0 and cannot climb;
    Up Well NC (-1) moves 1 hex to orbital 8."""
    game = ROOT / "examples" / "darkstars" / "game.toml"
    result = runner.invoke(app, ["darkstars", "moves", str(game), "--ship", "Sword", "--format", "json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["diagnostics"] == []
    found = {(o["move"], o["speed"]): o for o in document["moves"]}
    assert found["orbit", "NC"]["ends"] == [[4, -7]] and found["orbit", "NC"]["fuel"] == 89
    assert ("up", "LD") not in found
    assert found["up", "NC"]["new_speed"] == 1 and all(
        abs(q) + abs(r) + abs(q + r) == 16 for q, r in found["up", "NC"]["ends"]
    )
    anycase = runner.invoke(app, ["darkstars", "moves", str(game), "--ship", " sWORD ", "--format", "json"])
    assert (anycase.exit_code, anycase.stdout) == (0, result.stdout)  # a ship's name in any case and spacing
    bad = runner.invoke(app, ["darkstars", "moves", str(game), "--ship", "Nobody"])
    assert bad.exit_code == 2 and "no ship 'Nobody': expected one of Sword" in bad.stderr
    misspelt = runner.invoke(app, ["darkstars", "moves", str(game), "--ship", "Swrd"])
    assert misspelt.exit_code == 2 and "no ship 'Swrd' (did you mean 'Sword'?)" in misspelt.stderr


def test_a_game_drawn_and_its_page(tmp_path):
    """A game log is drawn with its paths; its refereed page carries the picture and every turn; PNG where
    Chromium is installed."""
    game = ROOT / "examples" / "darkstars" / "game.toml"
    svg = tmp_path / "game.svg"
    assert runner.invoke(app, ["darkstars", "draw", str(game), "-o", str(svg)]).exit_code == 0
    drawn = svg.read_text(encoding="utf-8")
    assert drawn.count('class="path"') == 2
    # a plot read off the picture: every hex's axial coordinates, each plot's end labelled with its ship and number,
    # and no legal path in the illegal plots' colour
    assert drawn.count('<text class="coord"') == 271 and ">0,0</text>" in drawn and ">4,-7</text>" in drawn
    assert ">Sword 1</text>" in drawn and ">Sword 2</text>" in drawn
    assert f'stroke="{report.ILLEGAL_COLOUR}"' not in drawn
    page = tmp_path / "game.html"
    assert runner.invoke(app, ["darkstars", "referee", str(game), "-o", str(page)]).exit_code == 0
    html = page.read_text(encoding="utf-8")
    assert html.count("<svg") == 1 and "every plot legal" in html and "turn 2" in html and "<script" not in html
    png = tmp_path / "game.png"
    result = runner.invoke(app, ["darkstars", "draw", str(game), "-o", str(png)])
    if CHROMIUM is None:
        assert result.exit_code == 2 and "PNG needs Chromium" in result.stderr
    else:
        assert result.exit_code == 0 and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        dom = chromium("--dump-dom", page.as_uri()).stdout
        assert dom.count("<polyline") == 2 and ">Summary</h2>" in dom


def _ends_step_by_step(start, steps, move, direction):
    """The hexes a move can end in, worked one hex at a time (what ``_ends`` skips whole laps and cycles of)."""
    from shipyard.systems.darkstars import geometry as g

    if steps == 0:
        return []
    if move == "orbit":
        found = set()
        for way in ("clockwise", "counterclockwise"):
            if direction in (None, way):
                here = start
                for _ in range(steps):
                    here = g.clockwise(here, 1 if way == "clockwise" else -1)
                found.add(here)
        return sorted(found)
    from shipyard.systems.darkstars.referee import well_step

    frontier = {start}
    for _ in range(steps):
        frontier = well_step(frontier, move)
    low = g.orbital(start)
    return sorted(h for h in frontier if (g.orbital(h) >= low + 1 if move == "up" else g.orbital(h) <= low - 1))


def test_the_ends_of_a_move_skip_laps_and_cycles_without_changing_them() -> None:
    """Orbit wraps its ring and Up or Down Well repeats its frontiers, so ``_ends`` skips them (a speed of a
    billion ends at once); 250 drawn moves end where stepping hex by hex ends."""
    import random

    from shipyard.systems.darkstars import geometry as g
    from shipyard.systems.darkstars.referee import _ends

    hexes = [h for h in g.display(9) if h != g.STAR]
    draw = random.Random(20261205)
    for _ in range(250):
        start, move = draw.choice(hexes), draw.choice(["up", "orbit", "down"])
        direction, steps = draw.choice([None, "clockwise", "counterclockwise"]), draw.randint(0, 30)
        assert _ends(start, steps, move, direction) == _ends_step_by_step(start, steps, move, direction)

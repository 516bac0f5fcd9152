"""Dark Stars: the display's geometry, the tables against the seed's text, systems generated and checked."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.systems.darkstars import charts as c
from shipyard.systems.darkstars import geometry as g
from shipyard.systems.darkstars.system import generate, read_system, to_toml

runner = CliRunner()


@pytest.mark.parametrize("n", range(1, 10))
def test_each_ring(n):
    """Ring n has 6n hexes, each at distance n; consecutive hexes (and the last and first) are adjacent; a
    clockwise step keeps the orbital, and 6n steps come back."""
    hexes = g.ring(n)
    assert len(hexes) == c.HEXES_PER_RING * n == len(set(hexes))
    assert all(g.orbital(h) == n for h in hexes)
    assert all(g.adjacent(a, b) for a, b in zip(hexes, hexes[1:] + hexes[:1], strict=True))
    start = hexes[0]
    assert g.orbital(g.clockwise(start)) == n and g.clockwise(start, 6 * n) == start


def test_clockwise_on_the_page():
    """Drawn with y downward, the ring's order turns clockwise: from the north-west corner of ring 1, east."""
    assert g.ring(1) == [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]
    assert len(list(g.display(9))) == 1 + 3 * 9 * 10


# The generation table, typed from the seed (tab stops of 8): orbital -> rolls 1..6.
SEED_TABLE = """
1 t1 t1 t1 t2 -  -
2 t1 t1 t2 t2 t3 -
3 t1 t2 t2 t3 t3 t4
4 t2 t2 t3 t4 t5 -
5 t2 g1 g2 g3 -  -
6 g1 g2 g3 g4 g4 g5
7 g2 g2 g3 g4 g5 -
8 g2 g2 g3 g3 g4 -
9 g1 g2 g3 g4 -  -
"""


def test_generation_table():
    for line in SEED_TABLE.strip().splitlines():
        orbital, *bodies = line.split()
        assert c.GENERATION[int(orbital)] == tuple(None if b == "-" else b for b in bodies)


def test_movement_tables_and_the_seed_example():
    """ "a craft is in the 4th orbital and is moving Up Well at HA. It would normally add +3"."""
    assert c.change("up", "HA", 4) == 3
    assert c.MOVEMENT["up"]["HD"] == (-5, -4, -4) and c.MOVEMENT["orbit"]["HD"] == (-4, -3, -2)
    assert c.MOVEMENT["down"]["NC"] == (1, 1, 1) and c.MOVEMENT["orbit"]["NC"] == (0, 0, 0)
    assert c.MOVEMENT["down"]["HA"] == (5, 4, 3) and c.MOVEMENT["up"]["LD"] == (-2, -2, -2)
    assert [c.band_of(o) for o in range(1, 10)] == [0, 0, 0, 1, 1, 1, 1, 2, 2]
    # beside a g1 (2 hexes of change) for one hex it may add only +1; for two, +5
    assert c.change("up", "HA", 4) - c.GRAVITY_ASSIST["g1"] == 1 and c.change("up", "HA", 4) + 2 == 5
    assert (c.ASSIST_ACCELERATE_HEXES, c.ASSIST_DECELERATE_HEXES) == (2, 1)
    with pytest.raises(ValueError):
        c.band_of(10)


def test_drives_fuel_and_assists():
    assert c.DRIVES["riin", "photon"][:2] == ({"HA", "HD", "NC"}, {"up"})
    assert c.DRIVES["gzrel", "ramjet"][:2] == ({"LD", "NC"}, {"orbit", "down"})
    assert c.DRIVES["tassar", "pulse"][2] and c.DRIVES["terran", "x-ray-laser"][2]
    assert not c.DRIVES["riin", "polarizer"][2] and c.DRIVES["tassar", "ram-rocket"][3]
    assert c.DRIVES["gzrel", "sail"][:2] == ({"LA", "LD", "NC"}, {"orbit", "up"})
    assert c.FUEL_CELLS == {"explorer": 100, "light-warship": 60, "heavy-warship": 300, "colony": 150}
    assert c.FUEL_COST == {"HA": 8, "HD": 8, "LA": 2, "LD": 2, "NC": 1}
    assert [c.GRAVITY_ASSIST[b] for b in ("t1", "t4", "t5", "g1", "g2", "g3", "g5", "star")] == [1, 1, 2, 2, 2, 3, 3, 3]
    assert c.SPEEDS == ("HA", "LA", "HD", "LD", "NC") and c.ORBITALS == 9 and c.GENERATION_DIE == 6
    assert c.BODY_TYPES == ("t1", "t2", "t3", "t4", "t5", "g1", "g2", "g3", "g4", "g5")


def test_the_same_seed_gives_the_same_system_and_it_validates(tmp_path):
    one, two = generate(7), generate(7)
    assert one == two and generate(8) != one
    text = to_toml(one)
    path = tmp_path / "system.toml"
    path.write_text(text, encoding="utf-8")
    ships, found = read_system(text, path, str(path))
    assert found == [] and ships[0].planets == one.planets
    for planet in one.planets:
        assert planet.type in c.GENERATION[planet.orbital] and 1 <= planet.orbital <= 9
    result = runner.invoke(app, ["darkstars", "generate", "--seed", "7"])
    assert result.exit_code == 0 and result.stdout == text


@pytest.mark.parametrize(
    "planets, code, line, words",
    [
        ('[[planet]]\ntype = "g5"\nhex = [1, 0]\n', "DS101", 3, "a g5 in orbital 1: its roll gives t1, t2 or nothing"),
        (
            '[[planet]]\ntype = "t1"\nhex = [1, 0]\n[[planet]]\ntype = "t2"\nhex = [1, 0]\n',
            "DS102",
            7,
            "two bodies in hex (1, 0)",
        ),
        ('[[planet]]\ntype = "g1"\nhex = [10, 0]\n', "DS103", 4, "orbital 10: the display has orbitals 1-9"),
        ('[[planet]]\ntype = "t1"\nhex = [0, 0]\n', "DS102", 4, "the star's hex"),
        (
            '[[planet]]\ntype = "t1"\nhex = [1, 0]\n[[planet]]\ntype = "t2"\nhex = [0, 1]\n',
            "DS104",
            7,
            "a second planet in orbital 1",
        ),
        ('[[planet]]\ntype = "t9"\nhex = [1, 0]\n', "DS002", 3, "t9"),
    ],
)
def test_bad_systems_are_located(tmp_path, planets, code, line, words):
    path = tmp_path / "system.toml"
    path.write_text("[system]\n" + planets, encoding="utf-8")
    result = runner.invoke(app, ["check", str(path), "--no-show-source"])
    found = [text for text in result.stdout.splitlines() if code in text]
    assert found and f"system.toml:{line}:" in found[0] and words in found[0], result.stdout
    assert result.exit_code == (0 if code == "DS104" else 1)


def test_a_legal_system_checks_clean(tmp_path):
    path = tmp_path / "system.toml"
    path.write_text(
        '[system]\nname = "Test"\n[[planet]]\ntype = "t1"\nhex = [1, 0]\n[[planet]]\ntype = "g5"\nhex = [0, 6]\n',
        encoding="utf-8",
    )
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 0 and "0 error(s), 0 warning(s)" in result.output
    assert "g5" in runner.invoke(app, ["show", str(path)]).stdout


def test_the_picture(tmp_path):
    """Every hex of the display (1 + 3 x 9 x 10 = 271), the star, each planet labelled by its type; the same seed
    gives the same picture."""
    system = tmp_path / "system.toml"
    assert runner.invoke(app, ["darkstars", "generate", "--seed", "7", "-o", str(system)]).exit_code == 0
    pictures = []
    for name in ("one.svg", "two.svg"):
        target = tmp_path / name
        result = runner.invoke(app, ["darkstars", "draw", str(system), "-o", str(target)])
        assert result.exit_code == 0, result.output
        pictures.append(target.read_text(encoding="utf-8"))
    assert pictures[0] == pictures[1]
    svg = pictures[0]
    assert svg.count('<polygon class="hex"') == 271 and svg.count('class="star"') == 1
    planets = generate(7).planets
    assert svg.count('<g class="planet"') == len(planets)
    for planet in planets:
        assert f'data-type="{planet.type}"' in svg and f">{planet.type}</text>" in svg
    assert "<script" not in svg


def test_drawing_what_is_not_a_system(tmp_path):
    target = tmp_path / "x.svg"
    result = runner.invoke(app, ["darkstars", "draw", "examples/kuvasz.usd", "-o", str(target)])
    assert result.exit_code == 2 and "not a Dark Stars system" in result.stderr and not target.exists()
    bad = runner.invoke(app, ["darkstars", "draw", "examples/kuvasz.usd", "-o", str(tmp_path / "x.pdf")])
    assert bad.exit_code == 2 and "expected a .svg, .png file" in bad.output

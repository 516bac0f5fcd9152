"""MCS engagements: the turn sequence, many battles counted reproducibly, and checks that the counts are right
(a ship against its copy, hit rates against the exact odds)."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest
from conftest import CHROMIUM, FIXTURES, beside, chromium
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl import load_workbook
from typer.testing import CliRunner

from shipyard.api import load
from shipyard.cli import app
from shipyard.core.intervals import wilson
from shipyard.systems.mcs.combat import tables as t
from shipyard.systems.mcs.combat.battle import (
    PARALLEL_FROM,
    Engagement,
    ShipRef,
    Side,
    build_fleets,
    count,
    run_many,
)
from shipyard.systems.mcs.combat.build import combat_ship
from shipyard.systems.mcs.combat.dice import RandomDice
from shipyard.systems.mcs.combat.doctrine import Doctrine
from shipyard.systems.mcs.combat.options import Options
from shipyard.systems.mcs.combat.report import damage_bars
from shipyard.systems.mcs.combat.resolve import Context, Firing, apply_changes, fire_beam
from shipyard.systems.mcs.combat.shot import shot_odds
from shipyard.systems.mcs.combat.turns import (
    Battle,
    Fleet,
    Tally,
    best_band,
    can_fight,
    fight,
    ship_batteries_lost,
    weapon_batteries,
)

MCS = FIXTURES / "mcs"
runner = CliRunner()


def ship(name):
    return combat_ship(load(MCS / f"{name}.usd").ships[0])


def fleets(*names, doctrine=None):
    found = []
    for name in names:
        one = ship(name)
        found.append(Fleet(one.name, [one], one.skill, doctrine or Doctrine().orders()))
    return found


def test_wilson_interval():
    """The Wilson score interval of 30 in 100: centre (0.3 + z^2/200) / (1 + z^2/100) = 0.3087..., half-width
    z sqrt(0.0021 + z^2/40000) / (1 + z^2/100) = 0.0875...: 0.2189 to 0.3958."""
    low, high = wilson(30, 100)
    assert math.isclose(low, 0.2189, abs_tol=1e-4) and math.isclose(high, 0.3958, abs_tol=1e-4)
    assert wilson(0, 10)[0] == 0.0 and math.isclose(wilson(10, 10)[1], 1.0)
    # At all or none the interval holds the chance itself exactly: 30 of 30 is 1.0, not 0.9999999999999999.
    assert all(wilson(runs, runs)[1] == 1.0 and wilson(0, runs)[0] == 0.0 for runs in range(1, 200))


def test_order_of_fire_is_largest_first_alternating():
    """MCS 2.4: from the initiative winner's largest ship, alternating, in decreasing size."""
    coronation, hollyfields, kuvasz, midu = (
        ship("coronation"),
        ship("hollyfields"),
        ship("kuvasz"),
        ship("midu-agashaan"),
    )
    battle = Battle(
        [
            Fleet("A", [kuvasz, coronation], 6, Doctrine().orders()),
            Fleet("B", [midu, hollyfields], 8, Doctrine().orders()),
        ],
        Options().readings(),
        "x",
        1,
        RandomDice(1),
    )
    assert [s.name for s in battle.order(1)] == ["Hollyfields", "Coronation", "Midu Agashaan", "Kuvasz"]


def test_best_band_and_range_steps():
    """The Hollyfields' laser bays (16 damage) and light lasers (12, VS and S only) against the Coronation's
    toughness 17: VS and S score 5 x 3 + 20 x 0 = 15, M 15, L 5 x 2 = 10, X 5 x 1 = 5: the nearest best, VS."""
    holly, coronation = fleets("hollyfields", "coronation")
    assert best_band(holly, coronation) == "vs"
    battle = Battle([holly, coronation], Options().readings(), "x", 3, RandomDice(3), narrate=True)
    battle.fight()
    ranges = [line for line in battle.log if line.startswith("range:")]
    assert ranges and all(line.count(" to ") == 1 for line in ranges)
    assert ranges[0] in ("range: Extreme to Long",)  # one band a turn (MCS 2.3)


def test_narration_does_not_change_the_dice():
    """The narrated battle and the counted one are the same battle: same seed, same result (over 20 runs, so
    the two engines give the same distribution too)."""
    templates = fleets("coronation", "hollyfields")
    for run in range(20):
        quiet, _ = fight(templates, Options().readings(), "x", 10, 5, run)
        told, log = fight(templates, Options().readings(), "x", 10, 5, run, narrate=True)
        assert (quiet.winner, quiet.turns, quiet.hits, quiet.survivors, quiet.batteries_lost) == (
            told.winner,
            told.turns,
            told.hits,
            told.survivors,
            told.batteries_lost,
        )
    assert log[0] == "Turn 1" and log[-1].startswith("The battle ends after turn")
    end = log.index("End of turn 1: damage takes effect")  # the shots come before the damage they do
    assert any("to-hit" in line for line in log[:end]) and not any("to-hit" in line for line in log[end : end + 3])


def test_narrated_and_counted_battles_agree_with_every_play_rule_in_play():
    """The Kuvasz (bays limited to Very Short, two laser lines of one name, blocking sand) against the Midu (spinal
    PAW aiming half its G, sand against the Kuvasz's salvos, power plant and drive damage), from Very Short and
    from Long, power damage read both ways: the narrated battle and the counted one are the same battle, run for
    run."""
    templates = fleets("kuvasz", "midu-agashaan")
    for start in ("vs", "l"):
        for options in (Options(), Options(power_loss="batteries"), Options(aiming_half="rounded down")):
            for run in range(8):
                quiet, _ = fight(templates, options.readings(), start, 10, 11, run)
                told, _ = fight(templates, options.readings(), start, 10, 11, run, narrate=True)
                assert (quiet.winner, quiet.turns, quiet.hits, quiet.survivors, quiet.batteries_lost) == (
                    told.winner,
                    told.turns,
                    told.hits,
                    told.survivors,
                    told.batteries_lost,
                ), (start, options, run)


def test_the_same_seed_gives_the_same_result_whatever_the_jobs():
    templates = fleets("kuvasz", "midu-agashaan")
    engagement = Engagement(sides=[Side(ships=[ShipRef(sheet="x")]), Side(ships=[ShipRef(sheet="y")])])
    runs = PARALLEL_FROM  # enough for a pool of workers
    one = run_many(templates, engagement, runs, 7, jobs=1)
    two = run_many(templates, engagement, runs, 7, jobs=2)
    assert (one.wins, one.draws, one.turns, one.hits) == (two.wins, two.draws, two.turns, two.hits)
    other = run_many(templates, engagement, runs, 8, jobs=1)
    assert (other.wins, other.turns) != (one.wins, one.turns)


def test_the_progress_bar_changes_nothing_it_is_told_after_each_block():
    """With a progress callback the runs are fought in blocks (of 50 here): 120 runs are told at 50, 100 and
    120, and the counts are those of one go, run k rolling the dice of (seed, k) either way."""
    templates = fleets("kuvasz", "midu-agashaan")
    engagement = Engagement(sides=[Side(ships=[ShipRef(sheet="x")]), Side(ships=[ShipRef(sheet="y")])])
    told: list[tuple[int, int]] = []
    blocks = run_many(
        templates, engagement, 120, 7, jobs=1, block=50, progress=lambda done, runs: told.append((done, runs))
    )
    whole = run_many(templates, engagement, 120, 7, jobs=1)
    assert told == [(50, 120), (100, 120), (120, 120)]
    assert (blocks.wins, blocks.draws, blocks.turns, blocks.hits) == (whole.wins, whole.draws, whole.turns, whole.hits)


def test_a_few_battles_need_no_workers(monkeypatch):
    """Below PARALLEL_FROM battles the runs stay in this process, whatever -j (no pool is started)."""
    import concurrent.futures

    def refuse(*args, **kwargs):
        raise AssertionError("a worker pool was started")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", refuse)
    templates = fleets("kuvasz", "midu-agashaan")
    engagement = Engagement(sides=[Side(ships=[ShipRef(sheet="x")]), Side(ships=[ShipRef(sheet="y")])])
    assert run_many(templates, engagement, PARALLEL_FROM - 1, 7, jobs=2).runs == PARALLEL_FROM - 1
    with pytest.raises(AssertionError, match="worker pool"):
        run_many(templates, engagement, PARALLEL_FROM, 7, jobs=2)


def test_a_ship_against_its_copy_wins_as_often_as_it_loses():
    """Two Kuvaszes over 30 turns: over the decided battles the two win counts differ by no more than three
    standard errors of a fair coin (the difference of a and b over n = a + b has standard deviation sqrt(n))."""
    templates = fleets("kuvasz", "kuvasz")
    engagement = Engagement(sides=[Side(ships=[ShipRef(sheet="x")]), Side(ships=[ShipRef(sheet="y")])], turns=30)
    counted = run_many(templates, engagement, 400, 11)
    a, b = counted.wins
    decided = a + b
    assert decided > 50
    assert abs(a - b) <= 3 * math.sqrt(decided)  # a fair coin over the decided battles, three standard errors


def test_hit_rate_agrees_with_the_exact_odds():
    """20,000 shots of the Coronation's heavy laser at the Hollyfields at Long, 0.3 G evasion: the exact chance
    is 493/648 = 0.7608; the count is within three standard errors (sqrt(p (1 - p) / n) = 0.0030)."""
    coronation, hollyfields = ship("coronation"), ship("hollyfields")
    group = coronation.group("Heavy Laser Btty")
    exact = shot_odds(coronation, group, hollyfields, "l", Fraction(3, 10)).p_hit
    ctx = Context(dice=RandomDice(2, keep=False), options=Options().readings(), narrate=False)
    shots = 20_000
    hits = 0
    for _ in range(shots):
        hits += (
            fire_beam(
                Firing(ctx, coronation, group, hollyfields, t.RANGE_BANDS["l"], Fraction(3, 10)), group.batteries[0]
            ).bonus
            is not None
        )
        ctx.changes.clear()
    error = math.sqrt(exact * (1 - exact) / shots)
    assert abs(hits / shots - float(exact)) < 3 * error


def test_a_battle_ends_when_a_side_cannot_fight():
    """A Kuvasz whose every battery is destroyed can no longer fight: the other side wins, and says why."""
    templates = fleets("midu-agashaan", "kuvasz")
    for group in templates[1].ships[0].groups:
        for battery in group.batteries:
            battery.destroyed = True
    assert not can_fight(templates[1].ships[0])
    tally, log = fight(templates, Options().readings(), "x", 10, 1, 0, narrate=True)
    assert (tally.winner, tally.turns, tally.reason) == (0, 1, "Kuvasz can no longer fight")
    assert log[-1] == "The battle ends after turn 1: Midu Agashaan wins, Kuvasz can no longer fight"


def test_withdrawal():
    """A side whose doctrine withdraws at the first battery lost leaves; the other side wins."""
    templates = fleets("coronation", "kuvasz")
    templates[1].orders = Doctrine(withdraw=Fraction(1, 100)).orders()
    engagement = Engagement(sides=[Side(ships=[ShipRef(sheet="x")]), Side(ships=[ShipRef(sheet="y")])], start_range="s")
    counted = run_many(templates, engagement, 40, 3)
    assert counted.reasons.get("Kuvasz withdrew", 0) > 0
    assert counted.wins[0] >= counted.reasons["Kuvasz withdrew"]


def test_allocation_by_doctrine():
    """MCS 2.1: "a ship with a spinal mount must allocate at least one-half of it's total current acceleration
    ... to aiming"; the example's 1 G Coronation aims 0.5 G. By the default doctrine the Coronation (1 G, a spinal
    mount) aims 1/2 and evades 1/2; the Midu (6 G, spinal PAW) aims 3 and evades 3; with 2 G of maneuver it aims
    3 and evades 1. With ``aiming_half = "rounded down"`` the Coronation aims floor(1/2) = 0 and evades 1."""
    from shipyard.systems.mcs.combat.options import Options
    from shipyard.systems.mcs.combat.turns import _allocate

    coronation, midu = ship("coronation"), ship("midu-agashaan")
    _allocate(coronation, Doctrine().orders(), Fraction(0))
    _allocate(midu, Doctrine().orders(), Fraction(0))
    assert coronation.allocation == (0, Fraction(1, 2), Fraction(1, 2)) and midu.allocation == (0, 3, 3)
    _allocate(midu, Doctrine(maneuver=Fraction(2)).orders(), Fraction(2))
    assert midu.allocation == (2, 1, 3)
    _allocate(coronation, Doctrine().orders(), Fraction(0), Options(aiming_half="rounded down").readings())
    assert coronation.allocation == (0, 1, 0)


def test_initiative_counts_the_maneuver_g_allocated_this_turn():
    """MCS 2.2: "each side rolls 2d, plus the Fleet Tactics of the commanding admiral, plus the twice number of G's
    allocated to maneuver by that side", and 2.1: "Each ship in a fleet or squadron must allocate the same number
    of G's to maneuver". A side of a Midu (6 G) and a Coronation (1 G) whose doctrine plans 3 G of maneuver
    allocates 1 G, what the Coronation has: +2 to initiative, not +6; alone, the Midu allocates the 3."""
    from shipyard.systems.mcs.combat.turns import Fleet, fleet_maneuver

    midu, coronation = ship("midu-agashaan"), ship("coronation")
    assert fleet_maneuver(Fleet("mixed", [midu, coronation], 0, Doctrine(maneuver=Fraction(3)).orders())) == 1
    assert fleet_maneuver(Fleet("fast", [midu], 0, Doctrine(maneuver=Fraction(3)).orders())) == 3
    coronation.maneuver = Fraction(0)  # damaged to 0 G: the side allocates none
    assert fleet_maneuver(Fleet("mixed", [midu, coronation], 0, Doctrine(maneuver=Fraction(3)).orders())) == 0


def test_an_engagement_file(tmp_path):
    path = tmp_path / "battle.toml"
    path.write_text(
        f'start_range = "m"\nturns = 3\n[[sides]]\nname = "Imperials"\n[[sides.ships]]\n'
        f'sheet = "{beside(tmp_path, MCS / "midu-agashaan.usd")}"\ncount = 2\n[[sides]]\n[[sides.ships]]\n'
        f'sheet = "{beside(tmp_path, MCS / "zhodani-strike-cruiser.usd")}"\n',
        encoding="utf-8",
    )
    from shipyard.systems.mcs.combat.battle import load_engagement

    engagement, found, positions = load_engagement(path)
    assert engagement is not None and not found
    built, _ = build_fleets(engagement, tmp_path, positions, str(path))
    assert built is not None
    assert [s.name for s in built[0].ships] == ["Midu Agashaan 1", "Midu Agashaan 2"]
    assert built[0].name == "Imperials" and built[1].name == built[1].ships[0].name
    result = runner.invoke(app, ["combat", "battle", str(path), "--runs", "30", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["runs"] == 30 and data["seed"] == 1
    assert [side["name"] for side in data["sides"]] == ["Imperials", built[1].name]
    for side in data["sides"]:
        assert 0 <= side["win"] <= 1 and side["win_ci"][0] <= side["win"] <= side["win_ci"][1]
        assert math.isclose(side["win"] + side["draw"] + side["loss"], 1)
        lost = side["batteries_lost"]
        assert sum(lost["distribution"].values()) == 30 and 0 <= lost["mean"] <= lost["of"]
        assert math.isclose(sum(ship["batteries_lost_mean"] for ship in side["ships"]), lost["mean"])
        assert sum(ship["weapon_batteries"] for ship in side["ships"]) == lost["of"]
    assert [side["batteries_lost"]["of"] for side in data["sides"]] == [18, 21]  # 2 x 9; 8 + 5 + 2 + 1 + 5
    assert max(int(k) for k in data["turns"]["distribution"]) <= 3


@pytest.mark.parametrize(
    "body, code, line, words",
    [
        ('[[sides]]\nnam = "A"\n', "CMB002", 2, "nam"),
        ("turns = 0\n[[sides]]\n", "CMB002", 1, "turns"),
        ("[[sides\n", "CMB001", 1, "not valid engagement file"),
    ],
)
def test_bad_engagement_files_are_located(tmp_path, body, code, line, words):
    path = tmp_path / "battle.toml"
    path.write_text(body, encoding="utf-8")
    result = runner.invoke(app, ["combat", "battle", str(path)])
    assert result.exit_code == 2
    assert f"{path}:{line}:" in result.stderr and code in result.stderr and words in result.stderr


def test_a_missing_sheet_in_an_engagement(tmp_path):
    path = tmp_path / "battle.toml"
    path.write_text(
        '[[sides]]\n[[sides.ships]]\nsheet = "nowhere.usd"\n[[sides]]\n[[sides.ships]]\n'
        f'sheet = "{beside(tmp_path, MCS / "kuvasz.usd")}"\n',
        encoding="utf-8",
    )
    result = runner.invoke(app, ["combat", "battle", str(path)])
    assert result.exit_code == 2 and "IO001" in result.stderr


def test_one_battle_is_narrated():
    result = runner.invoke(
        app, ["combat", "battle", str(MCS / "kuvasz.usd"), str(MCS / "midu-agashaan.usd"), "--runs", "1", "--seed", "4"]
    )
    assert result.exit_code == 0
    out = result.stdout
    assert out.startswith("Turn 1\ninitiative: ") and "is presented for fire" in out and "to-hit" in out
    assert "The battle ends after turn" in out and "1 battles, seed 4" in out
    assert "  weapon batteries lost: mean " in out and "a battle\n" in out
    again = runner.invoke(
        app, ["combat", "battle", str(MCS / "kuvasz.usd"), str(MCS / "midu-agashaan.usd"), "--runs", "1", "--seed", "4"]
    )
    assert again.stdout == out


def test_until_ci_stops_early():
    result = runner.invoke(
        app,
        [
            "combat",
            "battle",
            str(MCS / "kuvasz.usd"),
            str(MCS / "kuvasz.usd"),
            "--runs",
            "5000",
            "--until-ci",
            "0.5",
            "--format",
            "json",
        ],
    )
    assert result.exit_code == 0
    assert json.loads(result.stdout)["runs"] == 500  # one block: both intervals narrower than 0.5 already


def test_the_battle_workbook(tmp_path):
    target = tmp_path / "battle.xlsx"
    result = runner.invoke(
        app,
        [
            "combat",
            "battle",
            str(MCS / "kuvasz.usd"),
            str(MCS / "midu-agashaan.usd"),
            "--runs",
            "40",
            "-o",
            str(target),
        ],
    )
    assert result.exit_code == 0, result.output
    book = load_workbook(target)
    assert book.sheetnames == ["Sides", "Ships", "Turns", "Damage", "Batteries", "Endings"]
    rows = list(book["Sides"].iter_rows(values_only=True))
    assert rows[0][:3] == ("side", "win", "win 95% low") and rows[1][0] == "Kuvasz"
    assert sum(r[1] for r in list(book["Turns"].iter_rows(values_only=True))[1:]) == 40


def test_the_battle_page(tmp_path):
    target = tmp_path / "battle.html"
    result = runner.invoke(
        app,
        [
            "combat",
            "battle",
            str(MCS / "kuvasz.usd"),
            str(MCS / "midu-agashaan.usd"),
            "--runs",
            "40",
            "-o",
            str(target),
        ],
    )
    assert result.exit_code == 0, result.output
    page = target.read_text(encoding="utf-8")
    assert "<script" not in page and page.count("<svg") == 6
    assert "Battles by turns fought" in page and "Still fighting at the end" in page
    assert "Kuvasz: battles by weapon batteries lost (of 9)" in page and "Weapon batteries lost</h2>" in page
    if CHROMIUM is not None:
        dom = chromium("--dump-dom", target.as_uri()).stdout
        assert dom.count("<svg") == 6 and ">Summary</h2>" in dom and "Hits by battery" in dom


def test_a_bad_output_name(tmp_path):
    target = tmp_path / "battle.pdf"
    result = runner.invoke(
        app, ["combat", "battle", str(MCS / "kuvasz.usd"), str(MCS / "kuvasz.usd"), "-o", str(target)]
    )
    assert result.exit_code == 2 and "expected a .xlsx, .html, .json, .txt file" in result.output
    assert not target.exists()


def test_damage_applies_at_the_end_of_the_turn_in_battle():
    """Damage rolled in a turn is applied with the turn's other changes (MCS 2.4)."""
    coronation, hollyfields = ship("coronation"), ship("hollyfields")
    ctx = Context(dice=RandomDice(9, keep=False), options=Options().readings(), narrate=False)
    group = coronation.group("Light Laser Btty")
    while not ctx.changes:
        fire_beam(Firing(ctx, coronation, group, hollyfields, t.RANGE_BANDS["vs"], Fraction(0)), group.batteries[0])
    before = repr(hollyfields)
    assert apply_changes(ctx) == [] and not ctx.changes  # counted: the changes are made, no words kept
    assert repr(hollyfields) != before
    ctx.narrate = True
    while not ctx.changes:
        fire_beam(Firing(ctx, coronation, group, hollyfields, t.RANGE_BANDS["vs"], Fraction(0)), group.batteries[0])
    texts = [f"Hollyfields: {change.text}" for change in ctx.changes]
    assert apply_changes(ctx) == texts and not ctx.changes


def test_squadrons_evade_alike_and_the_reserve_stands_off():
    """MCS 2.1.1: a Midu (3 G spare) and a Kuvasz (3 G, no spinal: all to evasion) in one squadron evade the
    least of the two, 3 G; a reserve ship is two bands farther off, out of range beyond Extreme."""
    from shipyard.systems.mcs.combat.turns import _allocate, _squadrons_evade_alike, band_between

    midu, kuvasz = ship("midu-agashaan"), ship("kuvasz")
    for one in (midu, kuvasz):
        one.squadron = "screen"
        _allocate(one, Doctrine().orders(), Fraction(0))
    assert (midu.allocation[1], kuvasz.allocation[1]) == (3, 3)
    kuvasz.allocation = (Fraction(0), Fraction(2), Fraction(0))
    _squadrons_evade_alike(Fleet("A", [midu, kuvasz], 4, Doctrine().orders()))
    assert midu.allocation == (0, 2, 3)
    kuvasz.reserve = True
    assert band_between("s", midu, kuvasz) == "l" and band_between("l", midu, kuvasz) is None


def test_the_reserve_is_never_the_larger_part(tmp_path):
    path = tmp_path / "battle.toml"
    path.write_text(
        f'[[sides]]\n[[sides.ships]]\nsheet = "{beside(tmp_path, MCS / "kuvasz.usd")}"\nreserve = true\n'
        f'[[sides.ships]]\nsheet = "{beside(tmp_path, MCS / "kuvasz.usd")}"\n[[sides]]\n[[sides.ships]]\n'
        f'sheet = "{beside(tmp_path, MCS / "kuvasz.usd")}"\n',
        encoding="utf-8",
    )
    result = runner.invoke(app, ["combat", "battle", str(path)])
    assert result.exit_code == 2
    assert "CMB007 1 ship(s) in the reserve and 1 in the main body: there must always be more" in result.stderr


@pytest.mark.parametrize(
    "doctrine, code, words",
    [
        (
            'point_defence = ["Lazer Battery"]',
            "CMB004",
            "point defence names 'Lazer Battery', a battery no ship of the "
            "side has (did you mean 'Laser Battery'?): it has 'Laser Battery', 'Missile Bays', 'Sandcaster battery'",
        ),
        ("maneuver = -1", "CMB002", "sides[0].doctrine.maneuver: Input should be greater than or equal to 0"),
        ("withdraw = 2", "CMB002", "sides[0].doctrine.withdraw: Input should be less than or equal to 1"),
        ("withdraw = 0", "CMB002", "sides[0].doctrine.withdraw: Input should be greater than 0"),
    ],
)
def test_a_doctrine_that_cannot_be_meant_is_refused(tmp_path, doctrine, code, words):
    """A doctrine naming a battery the side lacks would keep nothing for point defence in silence; negative G
    or a share past 0-1 means nothing. Each is said at the doctrine's line, and no battle is fought."""
    path = tmp_path / "battle.toml"
    body = (
        f'[[sides]]\n[[sides.ships]]\nsheet = "{beside(tmp_path, MCS / "kuvasz.usd")}"\n[sides.doctrine]\n{doctrine}\n'
        f'[[sides]]\n[[sides.ships]]\nsheet = "{beside(tmp_path, MCS / "kuvasz.usd")}"\n'
    )
    path.write_text(body, encoding="utf-8")
    result = runner.invoke(app, ["combat", "battle", str(path), "-n", "5"])
    assert result.exit_code == 2 and f"battle.toml:5:1: error: {code} {words}" in " ".join(result.stderr.split())
    fine = {"CMB004": 'point_defence = ["laser  battery"]', "CMB002": "maneuver = 1\nwithdraw = 0.5"}[code]
    path.write_text(body.replace(doctrine, fine), encoding="utf-8")
    assert runner.invoke(app, ["combat", "battle", str(path), "-n", "5"]).exit_code == 0


def test_an_engagement_names_its_bands_as_the_command_line_does():
    from shipyard.systems.mcs.combat.battle import Engagement
    from shipyard.systems.mcs.combat.doctrine import Doctrine

    engagement = Engagement.model_validate(
        {
            "start_range": "Extreme",
            "sides": [
                {"ships": [{"sheet": "a.usd"}], "doctrine": {"seek": "very short"}},
                {"ships": [{"sheet": "b.usd"}]},
            ],
        }
    )
    assert engagement.start_range == "x" and engagement.sides[0].doctrine.seek == "vs"
    assert Doctrine.model_validate({"seek": "hold"}).seek == "hold"


def test_squadron_mates_give_point_defence():
    """MCS 4.1: a salvo at one Midu meets the PD of its squadron mate when its own has fired."""
    battle_fleets = [
        Fleet("Z", [ship("zhodani-strike-cruiser")], 6, Doctrine().orders()),
        Fleet(
            "M", [ship("midu-agashaan"), ship("midu-agashaan")], 4, Doctrine(point_defence=["Laser Battery"]).orders()
        ),
    ]
    first, second = battle_fleets[1].ships
    first.squadron = second.squadron = "screen"
    battle = Battle(battle_fleets, Options().readings(), "m", 1, RandomDice(1), narrate=True)
    from shipyard.systems.mcs.combat.turns import _Salvo

    attacker = battle_fleets[0].ships[0]
    group = next(g for g in attacker.groups if g.kind == "missile")
    used = {id(b) for b in first.groups[0].batteries}  # the first Midu's lasers have fired
    ctx = Context(dice=RandomDice(2), options=Options().readings(), narrate=True)
    battle.strike(
        ctx,
        _Salvo(attacker, group, group.batteries[0], group.batteries[0].rof, first, "m"),
        battle_fleets[1].orders,
        used,
    )
    assert any(line.startswith(f"{second.name}, Laser Battery point defence -> ") for line in ctx.log)
    assert any(id(b) in used for b in second.groups[0].batteries)


def test_damage_counts_weapon_batteries_lost():
    """Two battles: side 0 loses 0 then 3 weapon batteries, side 1 all 9 of a destroyed Kuvasz then 2. The
    distribution counts each battle once; the mean is (0 + 3) / 2 = 1.5 and (9 + 2) / 2 = 5.5."""
    kuvasz = ship("kuvasz")
    fleets = [Fleet("A", [kuvasz], 0, Doctrine().orders()), Fleet("B", [kuvasz.clone()], 0, Doctrine().orders())]
    assert len(weapon_batteries(kuvasz)) == 9
    wrecked = fleets[1].ships[0]
    wrecked.destroyed = True
    assert ship_batteries_lost(wrecked) == 9 and ship_batteries_lost(kuvasz) == 0  # all of a destroyed ship
    wrecked.destroyed = False
    for battery in weapon_batteries(wrecked)[:2]:
        battery.destroyed = True
    assert ship_batteries_lost(wrecked) == 2
    tallies = [
        Tally(0, "x", 3, [[True], [False]], ship_losses=[[0], [9]]),
        Tally(None, "y", 10, [[True], [True]], ship_losses=[[3], [2]]),
    ]
    assert [t.batteries_lost for t in tallies] == [[0, 9], [3, 2]]
    counted = count(tallies, 2, 1, fleets)
    lost = [counted.side(i)["batteries_lost"] for i in (0, 1)]
    assert lost == [
        {"of": 9, "mean": 1.5, "distribution": {"0": 1, "3": 1}},
        {"of": 9, "mean": 5.5, "distribution": {"2": 1, "9": 1}},
    ]
    ships = [counted.side(i)["ships"][0] for i in (0, 1)]
    assert [(s["weapon_batteries"], s["batteries_lost_mean"], s["fighting_at_end"]) for s in ships] == [
        (9, 1.5, 1.0),
        (9, 5.5, 0.5),
    ]


def test_damage_bars_draw_every_count_or_equal_ranges():
    """Up to 12 batteries, a bar for each count from 0; past that "0" and ranges of ceil(of / 10) batteries:
    of 62, ranges of 7 (1-7 ... 57-62), each battle in exactly one bar."""
    assert damage_bars({"0": 2, "3": 1}, 4) == [("0", 2), ("1", 0), ("2", 0), ("3", 1), ("4", 0)]
    bars = damage_bars({"0": 5, "7": 1, "8": 2, "62": 4}, 62)
    assert bars[:3] == [("0", 5), ("1-7", 1), ("8-14", 2)] and bars[-1] == ("57-62", 4)
    assert len(bars) == 10 and sum(n for _, n in bars) == 12


@pytest.mark.parametrize("narrate", [False, True])
def test_a_volley_fires_as_its_batteries_would_one_by_one(narrate):
    """A line's volley (the counted battles' loop) and the same batteries fired one by one with fire_beam make
    the same rolls and the same changes, narrated or not, over 200 volleys of the Coronation's light lasers
    (with blocking sand) at the Hollyfields at Very Short range."""
    from shipyard.systems.mcs.combat.resolve import fire_volley

    coronation, hollyfields = ship("coronation"), ship("hollyfields")
    group = coronation.group("Light Laser Btty")
    band = t.RANGE_BANDS["vs"]
    volley = Context(dice=RandomDice(21, keep=False), options=Options().readings(), narrate=narrate)
    single = Context(dice=RandomDice(21, keep=False), options=Options().readings(), narrate=narrate)
    for _ in range(200):
        hits = fire_volley(
            Firing(volley, coronation, group, hollyfields, band, Fraction(1)), group.batteries, None, "blocking", set()
        )
        fired = set()
        one_by_one = sum(
            fire_beam(
                Firing(single, coronation, group, hollyfields, band, Fraction(1)),
                battery,
                sand="blocking",
                sand_fired=fired,
            ).bonus
            is not None
            for battery in group.batteries
        )
        assert hits == one_by_one
        assert [(c.ship.name, c.text if narrate else None) for c in volley.changes] == [
            (c.ship.name, c.text if narrate else None) for c in single.changes
        ]
        volley.changes.clear()
        single.changes.clear()
    assert volley.dice.roll(1, 1_000_000, "check") == single.dice.roll(1, 1_000_000, "check")  # in step
    assert volley.log == single.log


def test_mcr_lost_is_unknown_without_costs():
    """The Kuvasz's sheet gives no cost, the Midu's MCr 3759: one battle in two loses the Midu, a mean of
    3759 / 2 = 1879.5; the Kuvasz's side says its loss is not known rather than 0."""
    fleets = [
        Fleet("K", [ship("kuvasz")], 0, Doctrine().orders()),
        Fleet("M", [ship("midu-agashaan")], 0, Doctrine().orders()),
    ]
    tallies = [
        Tally(0, "x", 3, [[True], [False]], lost_mcr=[Fraction(0), Fraction(3759)]),
        Tally(None, "y", 10, [[True], [True]], lost_mcr=[Fraction(0), Fraction(0)]),
    ]
    counted = count(tallies, 2, 1, fleets)
    assert counted.side(0)["lost_mcr_mean"] is None and counted.side(1)["lost_mcr_mean"] == 1879.5
    from shipyard.systems.mcs.combat.report import battle_outcome, battle_text

    text = battle_text(battle_outcome(counted))
    assert "K: wins 50.0%" in text and "mean loss in MCr not known" in text and "mean loss MCr 1,879.50" in text


_VOLLEY_LINES = [  # (attacker, beam line): lasers, a meson bay, a spinal meson and PAW, a limited bay
    ("coronation", "Light Laser Btty"),
    ("coronation", "Heavy Laser Btty"),
    ("coronation", "Meson Bay"),
    ("coronation", "Spinal Meson"),
    ("hollyfields", "Spinal PAW"),
    ("hollyfields", "Laser Bay"),
    ("kuvasz", "#1"),
]


@settings(max_examples=80, deadline=None, derandomize=True)
@given(
    line=st.sampled_from(_VOLLEY_LINES),
    target=st.sampled_from(["hollyfields", "coronation", "midu-agashaan"]),
    band=st.sampled_from(list(t.RANGE_BANDS)),
    evasion=st.sampled_from([Fraction(0), Fraction(1, 2), Fraction(1)]),
    aiming=st.sampled_from([None, Fraction(0), Fraction(1, 2)]),
    sand=st.sampled_from(["none", "blocking", "cloud"]),
    destroyed=st.sets(st.integers(0, 9), max_size=4),
    seed=st.integers(0, 2**16),
    narrate=st.booleans(),
)
def test_a_volley_and_its_batteries_one_by_one_agree_everywhere(
    line, target, band, evasion, aiming, sand, destroyed, seed, narrate
):
    """The volley loop and fire_beam share one to-hit and bonus formula (``ToHit.damage_bonus``): for every kind
    of beam line, range, evasion, aiming, sand and destroyed batteries, a volley and the same batteries fired one
    by one (those that may fire: not destroyed, no dash at the range) make the same rolls, hits and changes."""
    from shipyard.systems.mcs.combat.resolve import CannotFire, fire_volley

    name, battery_line = line
    attacker, aimed = ship(name), ship(target)
    group = attacker.group(battery_line)
    for index in destroyed:
        if index < len(group.batteries):
            group.batteries[index].destroyed = True
    at = t.RANGE_BANDS[band]
    volley = Context(dice=RandomDice(seed, keep=False), options=Options().readings(), narrate=narrate)
    single = Context(dice=RandomDice(seed, keep=False), options=Options().readings(), narrate=narrate)
    if evasion > aimed.maneuver or (aiming or 0) > attacker.maneuver:
        return  # more G than the ship has: refused before any fire (CMB007)
    hits = fire_volley(Firing(volley, attacker, group, aimed, at, evasion), group.batteries, aiming, sand, set())
    fired: set[int] = set()
    one_by_one = 0
    if attacker.why_not_fire(group) is None and group.beyond(at.key) is None:
        for battery in group.batteries:
            if battery.destroyed:
                continue
            try:
                shot = fire_beam(
                    Firing(single, attacker, group, aimed, at, evasion),
                    battery,
                    aiming_g=aiming,
                    sand=sand,
                    sand_fired=fired,
                )
            except CannotFire:  # a dash at this range: the volley holds that battery's fire too
                continue
            one_by_one += shot.bonus is not None
    assert hits == one_by_one
    assert [(c.ship.name, c.text if narrate else None) for c in volley.changes] == [
        (c.ship.name, c.text if narrate else None) for c in single.changes
    ]
    assert volley.dice.roll(1, 1_000_000, "check") == single.dice.roll(1, 1_000_000, "check")  # in step
    assert volley.log == single.log


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    target=st.sampled_from(["coronation", "hollyfields", "kuvasz", "midu-agashaan", "drachen-jaeger"]),
    weapon=st.sampled_from(["laser", "paw", "missile", "meson"]),
    pen=st.integers(0, 30),
    dv=st.integers(0, 30),
    sand=st.sampled_from(["none", "blocking", "cloud"]),
    cloud=st.integers(0, 4),
    rules=st.sampled_from(
        [{}, {"pc_survivability": True}, {"location_on_no_effect": True}, {"severity_against": "size"}]
    ),
)
def test_a_counted_hit_is_resolved_as_the_long_way_resolves_it(seed, target, weapon, pen, dv, sand, cloud, rules):
    """``resolve_counted`` (counted battles' hits, rolls in line) makes the same changes with the same draws of the
    generator as ``resolve_damage``, for every weapon, sand and severity rule: the same words when narrated, the
    same ship once the changes are applied when not."""
    from shipyard.systems.mcs.combat.damage import Hit, resolve_counted, resolve_damage
    from shipyard.systems.mcs.combat.resolve import apply_changes

    for narrate in (False, True):
        done = []
        for counted in (False, True):
            ship_hit = ship(target)
            dice = RandomDice(seed, keep=False)
            ctx = Context(dice=dice, options=Options(**rules).readings(), narrate=narrate)
            if counted:
                draw = dice.quick()
                assert draw is not None
                resolve_counted(ctx, draw, weapon, pen, dv, ship_hit, sand, cloud, set())
            else:
                resolve_damage(ctx, Hit(weapon, pen, dv, "battery"), ship_hit, sand, cloud, set())
            texts = [c.text for c in ctx.changes]
            apply_changes(ctx)
            done.append((texts, ship_hit.summary(), dice._random()))
        assert done[0] == done[1]


def _blind(one):
    """The ship with every LIDAR destroyed."""
    for sensor in one.sensors:
        if sensor.kind == "LIDAR":
            sensor.destroyed = True
    return one


@pytest.mark.parametrize("sensors, fires", [("lidar", False), ("ignore", True)])
def test_a_battle_applies_the_sensor_rule_as_a_fire_log_does(sensors, fires):
    """MCS 2.4.1: "The second simplest is to require that a ship have a functional LIDAR for all weapons fire."
    With ``sensors = "lidar"`` the Midu without a working LIDAR fires no beam at the Kuvasz in a battle (as a fire
    log refuses its fire); with the default ``"ignore"`` it fires. Before, a battle never applied the option."""
    midu, kuvasz = _blind(ship("midu-agashaan")), ship("kuvasz")
    orders = Doctrine(missiles=False, seek="hold").orders()
    battle = Battle(
        [Fleet("M", [midu], 4, orders), Fleet("K", [kuvasz], 4, orders)],
        Options(sensors=sensors).readings(),
        "s",
        1,
        RandomDice(5),
        narrate=True,
    )
    battle.turn(1)
    refused = "Midu Agashaan has no working LIDAR: no fire (MCS 2.4.1)"
    fired = [line for line in battle.log if line.startswith("Midu Agashaan, ") and "to-hit" in line]
    assert (refused in battle.log) is not fires and bool(fired) is fires, battle.log


def test_a_grounded_ship_launches_no_salvo_and_allocates_no_g():
    """MCS 4.5: "Bridge destroyed. Ship may not maneuver or fire for one turn." The Kuvasz, its bridge destroyed
    the turn before, launches none of its bays' salvos at Very Short and allocates no G
    (maneuver, evasion and aiming 0, where its doctrine would evade with 3 G); the Midu, unhurt, launches."""
    from shipyard.systems.mcs.combat.resolve import electronics

    kuvasz, midu = ship("kuvasz"), ship("midu-agashaan")
    ctx = Context(dice=RandomDice(1), options=Options().readings(), turn=0)
    electronics(ctx, kuvasz, "critical", "laser", "bridge")
    apply_changes(ctx)
    battle = Battle(
        [
            Fleet("K", [kuvasz], 4, Doctrine(seek="hold").orders()),
            Fleet("M", [midu], 4, Doctrine(seek="hold").orders()),
        ],
        Options().readings(),
        "vs",
        1,
        RandomDice(2),
        narrate=True,
    )
    battle.turn(1)
    assert kuvasz.allocation == (0, 0, 0) and midu.allocation[1] > 0
    assert not [line for line in battle.log if line.startswith("Kuvasz, Missile Bays") and "launches" in line]
    assert "Kuvasz may not maneuver or fire this turn (bridge or computers destroyed): no salvo launched" in battle.log
    assert any(line.startswith("Midu Agashaan") and "launches a salvo" in line for line in battle.log)

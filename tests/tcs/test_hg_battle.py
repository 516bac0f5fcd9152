"""TCS battles under High Guard combat: the tournament's rules around the turn (TCS82 Tournament procedure),
properties of whole battles, the damage each result does, and the same battles on any number of processes."""

from __future__ import annotations

import random
import shutil
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import ROOT, chromium, needs_chromium
from hg_helpers import battery, ship

from shipyard.systems.tcs.combat import sampling
from shipyard.systems.tcs.combat import tables as t
from shipyard.systems.tcs.combat.battle import fight_once, fleet_side, score
from shipyard.systems.tcs.combat.count import count
from shipyard.systems.tcs.combat.engine import Battle, Guard, Orders, Side
from shipyard.systems.tcs.combat.fire import attack
from shipyard.systems.tcs.combat.odds import ShotOdds
from shipyard.systems.tcs.combat.readings import Readings
from shipyard.systems.tcs.combat.warship import Warship

TCS82 = replace(Readings(), rerolls=True)
COPIES = ROOT / "fixtures" / "highguard" / "copies" / "tcs1981"
BATTLE = ROOT / "fixtures" / "tcs" / "battle"


def _fleet(tmp_path: Path, name: str, *ships: tuple[Path, int]) -> Path:
    """A fleet file in ``tmp_path`` of copies of the given sheets."""
    lines = [f'name = "{name}"']
    for sheet, number in ships:
        shutil.copy(sheet, tmp_path / sheet.name)
        lines += ["[[ship]]", f'sheet = "{sheet.name}"', f"count = {number}"]
    path = tmp_path / f"{name}.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


#: A tender with no weapon but its sandcaster (a collier of the 1981 shape).
COLLIER = """Three Collier class Tenders
BD-0301 Collier       BD-K9525F3-E41100-00000-0  MCr 10,000.00   19980 tons
     batteries bearing            1                Crew=300.
             batteries            1                TL=12.
Passengers=0. Low=0. Cargo=0. Fuel=555. EP=555. Agility=0.
"""


def _side(path: Path, doctrine: dict | None = None):
    problems: list = []
    found = fleet_side(path, TCS82, doctrine, problems)
    assert found is not None, problems
    return found


def test_a_fleet_against_an_unarmed_fleet_wins_by_automatic_victory(tmp_path):
    """TCS82 Tournament procedure 2: "If, at the beginning of any turn of battle, a player has no ships capable
    of offensive fire in his reserve or battle lines, or engaged in strafing, his opponent is awarded an automatic
    victory." Three colliers (a sandcaster each, no weapon) cannot fire: the battle is over before the first turn."""
    armed = _side(BATTLE / "fleet-b.toml")
    (tmp_path / "collier.txt").write_text(COLLIER, encoding="utf-8")
    unarmed = _side(tmp_path / "collier.txt")
    assert [(s.template.name, s.count, s.template.batteries) for s in unarmed.squadrons] == [("Collier", 3, [])]
    for run in range(5):
        outcome = fight_once([armed, unarmed], TCS82, 1, run)
        assert (outcome.automatic, outcome.turns) == (0, 0)
        scored = score(outcome, [armed, unarmed])
        assert (scored.winner, scored.automatic, scored.percentages) == (0, True, (0.0, 0.0))


def test_two_copies_of_one_fleet_are_symmetric_within_their_intervals():
    """The same fleet on both sides: each side's 95% interval of its win chance holds the even share (half of what
    the draws leave), whichever seat it fights from."""
    side = _side(BATTLE / "fleet-b.toml")
    counted = count([side, side], TCS82, 400, 7)
    a, b = counted.sides
    assert a.wins + a.draws + a.losses == 400 and (a.wins, a.losses) == (b.losses, b.wins)
    even = (1 - a.draws / 400) / 2
    for each in (a, b):
        low, high = each.interval(each.wins)
        assert low <= even <= high


def test_a_battle_never_passes_forty_turns(tmp_path):
    """TCS82 Tournament procedure 1: "The tournament battles will be limited to 40 turns." Two Euriskos (armour
    J, lasers 3 and energy weapons that cannot reach through it often): the battle is fought to the limit and
    decided by Appendix A."""
    pair = _side(_fleet(tmp_path, "Pair", (COPIES / "eurisko.txt", 1)))
    turns = [fight_once([pair, pair], TCS82, 3, run).turns for run in range(30)]
    assert max(turns) == t.MOST_TURNS and all(turn <= t.MOST_TURNS for turn in turns)


def test_the_same_seed_gives_the_same_battles_on_any_jobs():
    a, b = _side(BATTLE / "fleet-a.toml"), _side(BATTLE / "fleet-b.toml")
    one = count([a, b], TCS82, 40, 11, jobs=1)
    two = count([a, b], TCS82, 40, 11, jobs=2)
    for x, y in zip(one.sides, two.sides, strict=True):
        assert (x.wins, x.draws, x.losses, x.mean, x.squares, x.least, x.most, x.lost) == (
            y.wins,
            y.draws,
            y.losses,
            y.mean,
            y.squares,
            y.least,
            y.most,
            y.lost,
        )
    assert one.turns == two.turns and sum(one.turns.values()) == 40
    assert count([a, b], TCS82, 40, 12).sides[0].mean != one.sides[0].mean


def test_the_percentage_lost_counted_without_keeping_each_run():
    """The running mean and spread equal the two-pass figures of the same percentages."""
    import statistics

    from shipyard.systems.tcs.combat.count import SideCount

    seen = [3.5, 37.0, 12.25, 0.0, 8.0]
    side = SideCount("Blue", len(seen))
    for each in seen:
        side.add(each)
    assert side.mean == pytest.approx(statistics.mean(seen)) and side.spread == pytest.approx(statistics.stdev(seen))
    assert (side.least, side.most) == (0.0, 37.0)


def test_narration_changes_no_dice():
    a, b = _side(BATTLE / "fleet-a.toml"), _side(BATTLE / "fleet-b.toml")
    for run in range(6):
        told: list[str] = []
        narrated = score(fight_once([a, b], TCS82, 5, run, told), [a, b])
        quiet = score(fight_once([a, b], TCS82, 5, run), [a, b])
        assert (narrated.winner, narrated.percentages, narrated.turns) == (quiet.winner, quiet.percentages, quiet.turns)
        assert told and told[0].startswith("turn 1: ") and "long range" in told[0]  # the first turn is long


def test_the_battles_group_draws_match_the_exact_odds():
    """The engine's draw of N identical batteries at one target (hits as one binomial draw, the hits the target's
    sandcaster meets drawn alone, the rest as one count) against the exact odds: over many steps the mean number
    through equals N x P(hit) x P(through), the defended hit at its own chance (within three standard errors)."""
    firer = ship(computer=5, batteries=[battery("missile", 6, count=10)])
    target = ship(computer=3, agility=1, size=12, sand=3, damper=1, armour=2)
    plain = ShotOdds(attack(firer, firer.batteries[0], target, "long", {}, TCS82))
    defended = ShotOdds(attack(firer, firer.batteries[0], target, "long", {"sand": 1}, TCS82))
    rng = random.Random(3)
    through = []
    for _ in range(4000):
        a = Warship(firer, 0, "firer", "f.txt", 1)
        b = Warship(target, 1, "target", "t.txt", 1)
        battle = Battle([Side("A", [a], Orders()), Side("B", [b], Orders())], TCS82, rng)
        guard = Guard(b, None)
        guard.repulsor = 0
        got = battle.group(a, a.batteries[0], 10, b, "long", guard)
        through.append(got)
    hits = plain.p_to_hit * 10
    # the first hit meets the sandcaster; P(at least one hit) x its chance, plus the others at the plain chance
    p_any = 1 - (1 - plain.p_to_hit) ** 10
    expected = float(p_any * defended.p_penetrate + (hits - p_any) * plain.p_penetrate)
    mean = sum(through) / len(through)
    spread = (sum((x - mean) ** 2 for x in through) / (len(through) - 1)) ** 0.5
    assert abs(mean - expected) <= 3 * spread / len(through) ** 0.5


def test_the_binomial_draw():
    """sampling.binomial against Bin(5, 1/3): each count's frequency within three standard errors."""
    rng = random.Random(1)
    seen = Counter(sampling.binomial(rng, 5, 1 / 3) for _ in range(30_000))
    from math import comb

    for k in range(6):
        p = comb(5, k) * (1 / 3) ** k * (2 / 3) ** (5 - k)
        assert abs(seen[k] / 30_000 - p) <= 3 * (p * (1 - p) / 30_000) ** 0.5
    assert sampling.binomial(rng, 7, 0) == 0 and sampling.binomial(rng, 7, 1) == 7


def _warship(**fields) -> Warship:
    return Warship(ship(**fields), 0, "x", "x.txt", 1)


def test_spinal_mount_hits_by_the_twentieth():
    """TCS82 Rules modifications 2: "Spinal hits are removed on the eleventh weapon hit (i.e. 11,31,51,etc.)." Ten
    weapon hits fall on the other batteries; the eleventh on the spinal mount (stepped down by its n)."""
    w = _warship(tons=600, batteries=[battery("meson", "J"), battery("laser", 6, count=40)])
    rng = random.Random(0)
    for _ in range(10):
        w.effect("surface", "Weapon-1", 1, rng)
    spinal, lasers = w.batteries
    assert (spinal.factor, lasers.count) == (18, 30)
    w.effect("surface", "Weapon-2", 1, rng)
    assert (spinal.factor, lasers.count) == (16, 30)


def test_turrets_eliminated_bays_and_last_batteries_stepped():
    """TCS82 Rules modifications 4: "Turret-based batteries on ships of 500 tons or more are not step-reduced, but
    eliminated when hit. Only spinal mounts and bays (the last of each type) are subject to step reduction." Two
    laser turret batteries: the first hit destroys one (its turrets counted for Appendix A), the second steps the
    last one down; a bay is stepped down."""
    w = _warship(batteries=[battery("laser", 5, count=2)])
    rng = random.Random(0)
    w.batteries[0].turrets = 3
    w.effect("surface", "Weapon-1", 1, rng)
    assert (w.batteries[0].count, w.batteries[0].factor, w.turrets_destroyed) == (1, 5, 3)
    w.effect("surface", "Weapon-2", 1, rng)
    assert (w.batteries[0].count, w.batteries[0].factor) == (1, 3)
    bay = _warship(batteries=[battery("missile", 9, count=3)])
    bay.batteries[0].bay = True
    bay.effect("surface", "Weapon-3", 1, rng)
    assert (bay.batteries[0].count, bay.batteries[0].factor) == (3, 6)


def test_crew_hits_and_the_frozen_watch():
    """TCS82 Frozen crew: "If a crew hit occurs on turn 1, say, the ship would be available for combat on turn 4
    (not turn 3), after revival of the frozen watch." TCS82 Crew: "a ship with 1500 crew on board (Crew number 4)
    would be reduced to 999 crew by one crew hit, and to 99 by a second hit." Without a frozen watch (RB), or at
    a second hit, the ship is out."""
    rng = random.Random(0)
    w = _warship(batteries=[battery("laser", 5)])
    w.crew, w.frozen_watch = 1500, True
    w.effect("radiation", "Crew-1", 1, rng)
    assert (w.crew, w.firing(3), w.firing(4), w.armed()) == (999, False, True, True)
    w.effect("radiation", "Crew-1", 5, rng)
    assert (w.crew, w.armed()) == (99, False)
    bare = _warship(batteries=[battery("laser", 5)])
    bare.crew = 250
    bare.effect("interior", "Crew-1", 1, rng)
    assert (bare.crew, bare.armed()) == (99, False)


def test_fuel_hits_are_percent_of_the_tankage():
    """TCS82 Rules clarification 3: "Each fuel hit destroys 1% of the total internal fuel tankage of the target.
    This means that 100 total fuel hits scored will reduce a ship to "no fuel left" status." """
    rng = random.Random(0)
    w = _warship(batteries=[battery("laser", 5)])
    w.effect("surface", "Fuel-3", 1, rng)
    assert (w.fuel_hits, w.afloat) == (3, True)
    w.effect("interior", "Fuel tanks shattered", 1, rng)
    assert (w.fuel_hits, w.afloat, w.armed()) == (100, False, False)


def test_a_critical_lowers_armour_before_its_result():
    """Reference §5.2 and TCS82 Rules modifications 9: "In addition to being reduced for each critical hit
    taken, armor is reduced by 1 each time a natural 2 is rolled on a spinal mount damage roll." """
    rng = random.Random(0)
    w = _warship(armour=5, computer=6, batteries=[battery("laser", 5)])
    w.effect("critical", "Bridge destroyed", 1, rng)
    assert (w.armour, w.computer) == (4, 3)
    w.effect("armour", "natural 2 on a spinal mount's damage roll", 1, rng)
    assert w.armour == 3
    w.effect("automatic critical", "Ship vaporized", 1, rng)
    assert (w.armour, w.vaporised, w.afloat) == (2, True, False)


def test_radiation_computer_hits_spare_a_fib_computer():
    """Reference §5.4: computer results of the radiation table have no effect on fib computers (TML97)."""
    rng = random.Random(0)
    fib = _warship(computer=6, fib=True, batteries=[battery("laser", 5)])
    fib.effect("radiation", "Computer-2", 1, rng)
    assert fib.computer == 6
    fib.effect("interior explosion", "Computer-2", 1, rng)
    assert fib.computer == 4


def test_the_damage_record_is_what_score_reads(tmp_path):
    """One battle's damage records, written as TOML, scored by 'shipyard score' to the battle's own percentages."""
    from typer.testing import CliRunner

    from shipyard.cli import app

    runner = CliRunner()
    a, b = str(BATTLE / "fleet-a.toml"), str(BATTLE / "fleet-b.toml")
    fought = runner.invoke(app, ["tcs", "battle", a, b, "--seed", "3", "--records", str(tmp_path), "-f", "json"])
    assert fought.exit_code == 0, fought.output
    import json

    document = json.loads(fought.stdout)
    scored = runner.invoke(
        app, ["score", a, str(tmp_path / "a-damage.toml"), b, str(tmp_path / "b-damage.toml"), "-f", "json"]
    )
    fleets = json.loads(scored.stdout)["fleets"]
    battle_sides = document["sides"]
    for fleet, side in zip(fleets, battle_sides, strict=True):
        assert fleet["name"] == side["name"]
        assert fleet["percentage"] == pytest.approx(side["percentage_lost"]["mean"])
    assert document["narration"][0].startswith("turn 1: ")
    assert "Red's Vigilant: missiles nuclear (the sheets do not say; reading missiles)" in document["assumptions"]


def test_beam_defence_takes_the_defenders_unfired_batteries():
    """With its doctrine's beam defence, a ship meets each missile hit with one of its lasers too (reference §4.9:
    "energy weapons and lasers over missile hits"), each battery once a turn: the battery so used no longer fires
    at a target (RB's one count a turn for both uses). Lasers meet no laser hits."""
    defender = Warship(ship(sand=3, batteries=[battery("laser", 4, count=2)]), 1, "target", "t.txt", 1)
    battle = Battle(
        [Side("A", [], Orders()), Side("B", [defender], Orders(beam_defence=True))], TCS82, random.Random(0)
    )
    own = battle.kinds([defender], "long")
    (kind,) = own.values()
    guard = Guard(defender, own)
    assert guard.take("missile") == (("sand", 1), ("laser", 1))
    assert guard.take("laser") == ()  # the sandcaster is spent; lasers do not defend against lasers
    assert guard.take("missile") == (("laser", 1),)
    assert guard.take("missile") == () and kind[2] == 0  # both lasers spent: none left to fire this turn
    assert Guard(defender, None).take("missile") == (("sand", 1),)


def test_a_fleet_files_doctrine_and_the_command_line_over_it(tmp_path):
    """A fleet file's [doctrine] is how its side fights; the command line's options change it, one by one."""
    fleet = tmp_path / "fleet.toml"
    for sheet in ("vigilant.txt", "kinunir.txt"):
        shutil.copy(BATTLE / sheet, tmp_path / sheet)
    fleet.write_text(
        'name = "Blue"\n[doctrine]\nreserve = ["Kinunir"]\nfire = "focus"\n'
        '[[ship]]\nsheet = "vigilant.txt"\ncount = 2\n[[ship]]\nsheet = "kinunir.txt"\n',
        encoding="utf-8",
    )
    side = _side(fleet)
    assert side.orders == Orders(reserve=("Kinunir",), fire="focus")
    assert _side(fleet, {"fire": "spread", "beam_defence": True}).orders == Orders(
        reserve=("Kinunir",), fire="spread", beam_defence=True
    )
    told: list[str] = []
    fight_once([side, _side(BATTLE / "fleet-b.toml")], TCS82, 2, 0, told)
    first_turn = told[: next(i for i, line in enumerate(told[1:], 1) if line.startswith("turn "))]
    assert not any(line.strip().startswith("Blue's Kinunir:") for line in first_turn)  # in reserve: it does not fire
    assert any(line.strip().startswith("Blue's Vigilant 1:") for line in first_turn)
    fleet.write_text(fleet.read_text(encoding="utf-8").replace('fire = "focus"', 'fire = "all"'), encoding="utf-8")
    problems: list = []
    assert fleet_side(fleet, TCS82, None, problems) is None
    assert any(p.code == "SCN002" and "fire" in p.message for p in problems)


def test_the_battle_workbook(tmp_path):
    from openpyxl import load_workbook
    from typer.testing import CliRunner

    from shipyard.cli import app

    target = tmp_path / "battle.xlsx"
    a, b = str(BATTLE / "fleet-a.toml"), str(BATTLE / "fleet-b.toml")
    result = CliRunner().invoke(app, ["tcs", "battle", a, b, "-n", "30", "--seed", "4", "-o", str(target)])
    assert result.exit_code == 0, result.output
    book = load_workbook(target)
    assert book.sheetnames == ["Sides", "Ships lost whole", "Turns fought"]
    sides = list(book["Sides"].iter_rows(values_only=True))
    assert sides[0][:3] == ("side", "win", "win 95% low") and [r[0] for r in sides[1:]] == ["Blue", "Red"]
    assert sum(r[1] for r in sides[1:]) + sides[1][4] == pytest.approx(1)  # the wins and the draws
    assert sum(r[1] for r in list(book["Turns fought"].iter_rows(values_only=True))[1:]) == 30
    assert "Blue: wins" in result.stdout  # the results still printed


def _battle_page(tmp_path: Path) -> Path:
    from typer.testing import CliRunner

    from shipyard.cli import app

    target = tmp_path / "battle.html"
    a, b = str(BATTLE / "fleet-a.toml"), str(BATTLE / "fleet-b.toml")
    result = CliRunner().invoke(app, ["tcs", "battle", a, b, "-n", "30", "--seed", "4", "-o", str(target)])
    assert result.exit_code == 0, result.output
    return target


def test_the_battle_page(tmp_path):
    page = _battle_page(tmp_path).read_text(encoding="utf-8")
    assert "<script" not in page and page.count("<svg") == 3
    assert "Battles by turns fought" in page and "Appendix A: mean percentage lost" in page
    assert "Ships lost whole</h2>" in page and "30 battles, seed 4" in page


@needs_chromium
def test_the_battle_page_in_chromium(tmp_path):
    dom = chromium("--dump-dom", _battle_page(tmp_path).as_uri()).stdout
    assert dom.count("<svg") == 3 and ">Summary</h2>" in dom and "Turns fought</h2>" in dom


def test_the_range_choice_weighs_each_band_on_its_own_numbers():
    """The attacker's "best" range sums its line's expected hits through at each band: missiles lose 1 at short,
    mesons gain 2, each band's numbers its own (kept apart within the step)."""

    def sides():
        ours = Warship(ship(computer=5, batteries=[battery("missile", 5, count=6)]), 0, "ours", "o.txt", 1)
        theirs = Warship(ship(computer=5, batteries=[battery("meson", 6, count=2)]), 1, "theirs", "t.txt", 1)
        made = [Side("A", [ours], Orders()), Side("B", [theirs], Orders())]
        for side in made:
            side.form(1)
        return made

    a, b = sides()
    battle = Battle([a, b], TCS82, random.Random(0))
    long_first, short_after = battle.expected(a, b, "long"), battle.expected(a, b, "short")
    fresh_a, fresh_b = sides()
    short_alone = Battle([fresh_a, fresh_b], TCS82, random.Random(0)).expected(fresh_a, fresh_b, "short")
    assert short_after == short_alone and short_alone < long_first  # missiles -1 at short
    assert battle.expected(b, a, "short") > battle.expected(b, a, "long")  # mesons +2 at short
    assert battle.choose_range(1) == "short" and battle.choose_range(0) == "long"


#: Standard errors a frequency may stray when many are held at once.
SPREAD = 4


def test_the_battles_damage_draws_match_the_exact_odds():
    """The engine's damage rolls (one draw from each table's exact distribution, the interior explosion's and the
    critical's after it) against ``tcs shot``'s distributions: a nuclear missile (surface and radiation at the
    armour) at armour 1, where interior explosions come on 3-5, every result's frequency within four standard
    errors of its chance (some twenty cells are held at once: at three, one seed in twenty would fail one of them
    by chance alone; at four, one in a thousand)."""
    firer = Warship(ship(computer=5, batteries=[battery("missile", 6)]), 0, "f", "f.txt", 1)
    target = Warship(ship(computer=3, armour=1), 1, "t", "t.txt", 1)
    battle = Battle([Side("A", [firer], Orders()), Side("B", [target], Orders())], TCS82, random.Random(9))
    prepared = battle.numbers(firer, firer.batteries[0], target, "long", ())
    odds = ShotOdds(prepared.shot)
    draws = 20_000
    for _ in range(draws):
        battle.damage(prepared, target)
    seen = Counter(target.pending)
    (surface, on_surface), (radiation, on_radiation) = odds.damage
    for rolls, found in ((surface, on_surface), (radiation, on_radiation)):
        for result, chance in found.items():
            if result in (t.NO_EFFECT, t.INTERIOR_EXPLOSION, t.CRITICAL):
                continue
            p = float(chance)
            assert abs(seen[(rolls.table, result)] / draws - p) <= SPREAD * (p * (1 - p) / draws) ** 0.5, result
    exploded = on_surface[t.INTERIOR_EXPLOSION]  # then one roll on the interior table, its criticals as criticals
    for result, chance in odds.interior[1].items():
        if result != t.CRITICAL:
            p = float(exploded * chance)
            assert abs(seen[("interior explosion", result)] / draws - p) <= SPREAD * (p * (1 - p) / draws) ** 0.5


def test_a_reserve_class_is_named_as_the_sheets_name_it(tmp_path):
    """A doctrine's reserve classes are read in any case and spacing; one that names no class of the fleet is
    TCB005 at its line, with the class meant, and keeps nothing back (nothing the user wrote is dropped unsaid)."""
    fleet = tmp_path / "fleet.toml"
    for sheet in ("vigilant.txt", "kinunir.txt"):
        shutil.copy(BATTLE / sheet, tmp_path / sheet)
    body = '[[ship]]\nsheet = "vigilant.txt"\n[[ship]]\nsheet = "kinunir.txt"\n'
    fleet.write_text('name = "Blue"\n[doctrine]\nreserve = ["  KINUNIR "]\n' + body, encoding="utf-8")
    assert _side(fleet).orders.reserve == ("Kinunir",)
    fleet.write_text('name = "Blue"\n[doctrine]\nreserve = ["Kinunr"]\n' + body, encoding="utf-8")
    problems: list = []
    side = fleet_side(fleet, TCS82, None, problems)
    assert side is not None and side.orders.reserve == ()
    (finding,) = problems
    assert (finding.code, finding.severity.value, finding.span.line) == ("TCB005", "warning", 3)
    assert "(did you mean 'Kinunir'?)" in finding.message and "its classes: Vigilant, Kinunir" in finding.message
    from typer.testing import CliRunner

    from shipyard.cli import app

    told = CliRunner().invoke(
        app, ["tcs", "battle", str(fleet), str(BATTLE / "fleet-b.toml"), "--reserve-a", "Vigilnt"]
    )
    assert (
        told.exit_code == 0 and "TCB005" in told.stderr and "did you mean 'Vigilant'" in " ".join(told.stderr.split())
    )


def test_a_counted_battle_builds_no_words():
    """Damage applied while counting changes the ship as narrated damage does, and says nothing."""
    rng = random.Random(0)
    told, quiet = _warship(batteries=[battery("laser", 5, count=3)]), _warship(batteries=[battery("laser", 5, count=3)])
    for each in (told, quiet):
        each.pending = [("surface", "Weapon-1"), ("surface", "Fuel-2"), ("critical", "Bridge destroyed")]
    assert told.apply(1, rng, True) == [
        "laser battery destroyed (2 left)",
        "fuel hits 2%",
        "critical (Bridge destroyed): armour 0; computer Model/0",
    ]
    assert quiet.apply(1, rng, False) == []
    assert (quiet.batteries[0].count, quiet.fuel_hits, quiet.bridge) == (
        told.batteries[0].count,
        told.fuel_hits,
        told.bridge,
    )


def test_what_the_scoring_finds_is_said_once_with_its_battles():
    """A value Appendix A needs that a sheet does not give (the Kinunir's fuel tankage, its drives' values: a USP
    block prices none of them) is said once, as a warning, with the number of battles whose scoring met it: the
    battles are fought and counted all the same, and nothing the scoring found is dropped."""
    from shipyard.systems.tcs.api import HgBattleRequest, hg_battle

    result = hg_battle(HgBattleRequest(BATTLE / "fleet-a.toml", BATTLE / "fleet-b.toml", runs=30, seed=2))
    fuel = [d for d in result.diagnostics if "the fuel tankage is not on the sheet" in d.message]
    assert len(fuel) == 1 and fuel[0].code == "APX004" and fuel[0].severity.value == "warning"
    seen = int(fuel[0].message.rsplit("(scoring ", 1)[1].split(" of ")[0])
    assert 0 < seen <= 30 and fuel[0].message.endswith("of 30 battles)")
    assert fuel[0].span.path == str(BATTLE / "fleet-a.toml")


def test_a_fleet_against_itself_has_its_sides_told_apart():
    from shipyard.systems.tcs.api import HgBattleRequest, hg_battle

    result = hg_battle(HgBattleRequest(BATTLE / "fleet-b.toml", BATTLE / "fleet-b.toml", runs=1, seed=1))
    assert [side.name for side in result.counted.sides] == ["Red (A)", "Red (B)"]
    assert any("Red (A)'s Vigilant" in line for line in result.narration)


def test_a_defence_by_lasers_reads_each_targets_own_lasers():
    """Two targets alike but for their lasers' factor (one stepped down by a hit) are not fired on alike when their
    lasers defend: a missile (5) against laser defence 6 needs 5 + 6 - 5 = 6, against 3 it needs 3."""
    firer = Warship(ship(batteries=[battery("missile", 5)]), 0, "f", "f.txt", 1)
    whole = Warship(ship(batteries=[battery("laser", 6)]), 1, "whole", "t.txt", 1)
    stepped = Warship(ship(batteries=[battery("laser", 6)]), 1, "stepped", "t.txt", 2)
    stepped.batteries[0].factor = 3
    battle = Battle([Side("A", [firer], Orders()), Side("B", [whole, stepped], Orders())], TCS82, random.Random(0))
    numbers = [battle.numbers(firer, firer.batteries[0], each, "long", (("laser", 1),)) for each in (whole, stepped)]
    assert [n.shot.penetration[-1].number for n in numbers] == [6, 3]

"""Milliseconds a TCS battle under High Guard combat (``shipyard tcs battle``; run by hand, results in
docs/benchmarks.md).

    python benchmarks/bench_tcs_battle.py              # 40 battles of each case
    python benchmarks/bench_tcs_battle.py --runs 200
    python benchmarks/bench_tcs_battle.py --smoke

Fleets of the 1981 winner's shape (Eurisko battle riders, 31 batteries each, with Cisor and Garter tenders; the
published sheets in fixtures/highguard/copies/tcs1981) against twenty ships, on one core, as this python has
shipyard installed (compiled or not: the table says): the battle alone, and the battle with its Appendix A
scoring. Then how the time grows: with the ships (a quarter, half, the whole and twice the fleets) and with the
batteries (the Euriskos' 29 missile batteries as 10, 29 and 87).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from shipyard.core.collector import fewer_collections
from shipyard.systems.tcs.combat.battle import FleetSide, fight_once, fleet_side, score
from shipyard.systems.tcs.combat.readings import Readings

ROOT = Path(__file__).resolve().parents[1]
COPIES = ROOT / "fixtures" / "highguard" / "copies" / "tcs1981"
VIGILANT = ROOT / "examples" / "fleet" / "vigilant.txt"
TCS82 = replace(Readings(), rerolls=True)


def fleet(folder: Path, name: str, ships: dict[Path, int]) -> FleetSide:
    lines = [f'name = "{name}"']
    for sheet, count in ships.items():
        shutil.copy(sheet, folder / sheet.name)
        lines += ["[[ship]]", f'sheet = "{sheet.name}"', f"count = {count}"]
    path = folder / f"{name}.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    problems: list = []
    side = fleet_side(path, TCS82, None, problems)
    assert side is not None, problems
    return side


def lenat(folder: Path, scale: float = 1.0) -> FleetSide:
    """The 1981 shape: 88 Euriskos, 4 Cisors, 4 Garters (96 ships), scaled."""
    ships = {COPIES / "eurisko.txt": round(88 * scale), COPIES / "cisor.txt": max(1, round(4 * scale))}
    ships[COPIES / "garter.txt"] = max(1, round(4 * scale))
    return fleet(folder, f"Lenat-{scale:g}", ships)


def missiles_as(side: FleetSide, count: int) -> FleetSide:
    """The side with every Eurisko's missile batteries ``count`` (29 on the sheet)."""
    squadrons = []
    for squadron in side.squadrons:
        template = squadron.template
        if template.name == "Eurisko":
            template = type(template).__new__(type(template))
            template.__dict__.update(squadron.template.__dict__)
            template.batteries = [b.copy() for b in squadron.template.batteries]
            for battery in template.batteries:
                if battery.weapon == "missile":
                    battery.count = battery.bearing = count
        squadrons.append(replace(squadron, template=template))
    return replace(side, squadrons=squadrons)


def measure(sides: list[FleetSide], runs: int, scored: bool) -> tuple[float, float]:
    """The median milliseconds a battle (over ``runs`` battles, each its own dice), and the mean turns fought."""
    times, turns = [], []
    with fewer_collections():
        for run in range(runs):
            start = time.perf_counter()
            outcome = fight_once(sides, TCS82, 1, run)
            if scored:
                score(outcome, sides)
            times.append((time.perf_counter() - start) * 1000)
            turns.append(outcome.turns)
    return statistics.median(times), statistics.mean(turns)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--smoke", action="store_true", help="a few battles of the first cases only")
    args = parser.parse_args()
    runs = 2 if args.smoke else args.runs
    import shipyard.systems.tcs.combat.engine as engine

    built = "compiled" if engine.__file__.endswith((".so", ".pyd")) else "pure Python"
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        twenty_vigilants = fleet(base, "Vigilants", {VIGILANT: 20})
        twenty_cisors = fleet(base, "Cisors", {COPIES / "cisor.txt": 16, COPIES / "garter.txt": 4})
        whole = lenat(base)
        print(f"shipyard as installed: {built}; {runs} battles a case, the median\n")
        print("| battle | ms a battle | with Appendix A scoring | turns (mean) | ms a turn |")
        print("|---|---|---|---|---|")
        cases = [("96 (1981 shape) v 20 Vigilants", [whole, twenty_vigilants])]
        if not args.smoke:
            cases.append(("96 (1981 shape) v 16 Cisors + 4 Garters", [whole, twenty_cisors]))
            cases.append(("96 (1981 shape) v the same", [whole, whole]))
        for name, sides in cases:
            alone, turns = measure(sides, runs, False)
            with_score, _ = measure(sides, runs, True)
            print(f"| {name} | {alone:.1f} | {with_score:.1f} | {turns:.1f} | {alone / max(turns, 1):.1f} |")
        if args.smoke:
            return
        print("\nGrowth with the ships (the 1981 shape scaled, against 16 Cisors + 4 Garters scaled alike):\n")
        print("| ships in all | ms a battle | turns | ms a turn | ms a turn a ship |")
        print("|---|---|---|---|---|")
        for scale in (0.25, 0.5, 1.0, 2.0):
            ours = lenat(base, scale)
            theirs = fleet(
                base,
                f"Cisors-{scale:g}",
                {COPIES / "cisor.txt": max(1, round(16 * scale)), COPIES / "garter.txt": max(1, round(4 * scale))},
            )
            ships = sum(s.count for s in ours.squadrons) + sum(s.count for s in theirs.squadrons)
            ms, turns = measure([ours, theirs], runs, False)
            print(f"| {ships} | {ms:.1f} | {turns:.1f} | {ms / turns:.1f} | {ms / turns / ships:.3f} |")
        print("\nGrowth with the batteries (each Eurisko's missile batteries; 96 v 16 Cisors + 4 Garters):\n")
        print("| missile batteries an Eurisko | batteries in all | ms a battle | turns | ms a turn |")
        print("|---|---|---|---|---|")
        for count in (10, 29, 87):
            side = missiles_as(whole, count)
            batteries = sum(s.count * sum(b.count for b in s.template.batteries) for s in side.squadrons)
            ms, turns = measure([side, twenty_cisors], runs, False)
            print(f"| {count} | {batteries} | {ms:.1f} | {turns:.1f} | {ms / turns:.1f} |")


if __name__ == "__main__":
    main()

"""Battles per second of ``shipyard combat battle`` (run by hand; results go in docs/benchmarks.md).

    python benchmarks/bench_battle.py              # 2,000 battles of each engagement
    python benchmarks/bench_battle.py --runs 10000
    python benchmarks/bench_battle.py --fleets --base /tmp/old   # fleet scale, against another checkout

Measures, in this process, the Coronation against the Hollyfields from Extreme range and a squadron battle (8
Midus against 4 Zhodani strike cruisers), counted on 1 and 2 cores, beside the narrated engine run once per
battle (the same engine keeping its narration), and prints the ratios. ``--fleets`` measures the engine at fleet
scale instead (4 Coronations against 4 Hollyfields, 16 against 16) on one core, as this python has shipyard
installed (compiled or not: the table says), and with ``--base DIR`` the same battles fought by the checkout in DIR
(pure Python, its source first on the path) in the same run, alternating, the median of ``--repeat`` rounds each;
with ``--base-python PY`` the same battles fought by another interpreter's installed shipyard (a compiled build of
another commit: ``python -m venv /tmp/old && /tmp/old/bin/pip install REV-CHECKOUT``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from shipyard.core.collector import fewer_collections
from shipyard.systems.mcs.combat.battle import Engagement, ShipRef, Side, build_fleets, run_many

try:
    from shipyard.systems.mcs.combat.turns import fight
except ImportError:  # a --base checkout from before the battle's turns had a module of their own
    from shipyard.systems.mcs.combat.battle import fight  # type: ignore[attr-defined,no-redef]

ROOT = Path(__file__).resolve().parents[1]
MCS = ROOT / "fixtures" / "mcs"


def engagements() -> dict[str, Engagement]:
    return {
        "Coronation v Hollyfields": Engagement(
            sides=[
                Side(ships=[ShipRef(sheet=str(MCS / "coronation.usd"))]),
                Side(ships=[ShipRef(sheet=str(MCS / "hollyfields.usd"))]),
            ]
        ),
        "8 Midus v 4 strike cruisers": Engagement(
            sides=[
                Side(ships=[ShipRef(sheet=str(MCS / "midu-agashaan.usd"), count=8)]),
                Side(ships=[ShipRef(sheet=str(MCS / "zhodani-strike-cruiser.usd"), count=4)]),
            ]
        ),
    }


#: Fleet scale: each side's count of its sheet.
FLEET_SIZES = (4, 16)


def fleet_engagement(size: int) -> Engagement:
    return Engagement(
        sides=[
            Side(ships=[ShipRef(sheet=str(MCS / "coronation.usd"), count=size)]),
            Side(ships=[ShipRef(sheet=str(MCS / "hollyfields.usd"), count=size)]),
        ]
    )


def _engine_options(engagement: Engagement) -> Any:
    """The engagement's options as the engine takes them: the plain ``Readings`` (a base from before the engine read
    them took the ``Options`` themselves)."""
    readings = getattr(engagement.options, "readings", None)
    return readings() if readings is not None else engagement.options


def ms_a_battle(size: int, runs: int) -> float:
    """Milliseconds a counted battle of ``size`` against ``size`` on one core, in this process."""
    engagement = fleet_engagement(size)
    fleets, _ = build_fleets(engagement, ROOT)
    assert fleets is not None
    options = _engine_options(engagement)
    start = time.perf_counter()
    with fewer_collections():  # as counted battles are fought (battle.run_many, the search's units)
        for run in range(runs):
            fight(fleets, options, engagement.start_range, engagement.turns, 1, run)
    return (time.perf_counter() - start) / runs * 1000


def _elsewhere(base: str | None, size: int, runs: int, python: str = sys.executable) -> float:
    """``ms_a_battle`` measured in a fresh process of ``python``: by the checkout in ``base`` (its shipyard first on
    the path), or (None) by the shipyard that python has installed."""
    here = str(ROOT / "benchmarks")
    code = f"import sys; sys.path.insert(0, {here!r}); import bench_battle as b; print(b.ms_a_battle({size}, {runs}))"
    env = dict(os.environ, PYTHONPATH=base) if base is not None else os.environ
    where = base if base is not None else here  # not the checkout's root: its shipyard/ would come first
    done = subprocess.run([python, "-c", code], env=env, capture_output=True, text=True, check=True, cwd=where)
    return float(done.stdout.strip().splitlines()[-1])


def fleet_scale(runs: int, base: str | None, repeat: int, base_python: str | None = None) -> None:
    from shipyard.systems.mcs.combat import engine_compiled

    print(f"this install's engine: {'compiled' if engine_compiled() else 'pure Python'}")
    if base_python is not None:
        print(f"base: the shipyard installed for {base_python}")
    print("| engagement | battles | ms a battle, this | ms a battle, base | speed-up |")
    print("|---|---|---|---|---|")
    for size in FLEET_SIZES:
        count = max(5, runs // size)
        here, there = [], []
        for _ in range(repeat):
            here.append(_elsewhere(None, size, count))
            if base is not None or base_python is not None:
                there.append(_elsewhere(base, size, count, base_python or sys.executable))
        mine = statistics.median(here)
        other = statistics.median(there) if there else None
        print(
            f"| {size} Coronations v {size} Hollyfields | {count:,} | {mine:.1f} | "
            + (f"{other:.1f} | {other / mine:.2f}x |" if other is not None else "- | - |")
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2000)
    parser.add_argument("--fleets", action="store_true", help="the engine at fleet scale, on one core")
    parser.add_argument("--base", help="a checkout to measure beside this one (with --fleets)")
    parser.add_argument("--base-python", help="an interpreter whose installed shipyard to measure beside this one")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if args.fleets:
        fleet_scale(args.runs, args.base, args.repeat, args.base_python)
        return
    print(
        "| engagement | battles | -j1 battles/s | -j2 battles/s | -j2 speed-up | narrated battles/s | "
        "counted / narrated |"
    )
    print("|---|---|---|---|---|---|---|")
    for name, engagement in engagements().items():
        fleets, _ = build_fleets(engagement, ROOT)
        assert fleets is not None
        rates = []
        for jobs in (1, 2):
            start = time.perf_counter()
            run_many(fleets, engagement, args.runs, 1, jobs)
            rates.append(args.runs / (time.perf_counter() - start))
        narrated_runs = min(args.runs, max(50, args.runs // 10))
        start = time.perf_counter()
        options = _engine_options(engagement)
        for run in range(narrated_runs):
            fight(fleets, options, engagement.start_range, engagement.turns, 1, run, narrate=True)
        narrated = narrated_runs / (time.perf_counter() - start)
        print(
            f"| {name} | {args.runs:,} | {rates[0]:,.0f} | {rates[1]:,.0f} | {rates[1] / rates[0]:.2f}x | "
            f"{narrated:,.0f} | {rates[0] / narrated:.2f}x |"
        )


if __name__ == "__main__":
    main()

"""Battles per second of ``shipyard combat battle`` (run by hand; results go in docs/benchmarks.md).

    python benchmarks/bench_battle.py              # 2,000 battles of each engagement
    python benchmarks/bench_battle.py --runs 10000

Measures, in this process, the Coronation against the Hollyfields from Extreme range and a squadron battle (8
Midus against 4 Zhodani strike cruisers), counted on 1 and 2 cores, beside the narrated engine run once per
battle (the same engine keeping its narration), and prints the ratios.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from shipyard.systems.mcs.combat.battle import Engagement, ShipRef, Side, build_fleets, fight, run_many

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2000)
    args = parser.parse_args()
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
        for run in range(narrated_runs):
            fight(fleets, engagement.options, engagement.start_range, engagement.turns, 1, run, narrate=True)
        narrated = narrated_runs / (time.perf_counter() - start)
        print(
            f"| {name} | {args.runs:,} | {rates[0]:,.0f} | {rates[1]:,.0f} | {rates[1] / rates[0]:.2f}x | "
            f"{narrated:,.0f} | {rates[0] / narrated:.2f}x |"
        )


if __name__ == "__main__":
    main()

"""Start-up: a bare Python, ``shipyard --version`` and ``shipyard --help``, each the median of N fresh processes,
with this checkout and, given ``--base FOLDER`` (another checkout, as ``git worktree add FOLDER REV`` makes), that
one's, measured alternately in one run (results in docs/benchmarks.md, "Start-up").

    python benchmarks/bench_start.py [--runs 15] [--base /tmp/base]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMMANDS = {
    "bare python": ["-c", "pass"],
    "--version": ["-m", "shipyard", "--version"],
    "--help": ["-m", "shipyard", "--help"],
}


def seconds(arguments: list[str], source: Path) -> float:
    environment = dict(os.environ, PYTHONPATH=str(source))
    start = time.perf_counter()
    subprocess.run([sys.executable, *arguments], env=environment, stdout=subprocess.DEVNULL, check=True, cwd="/")
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--base", type=Path, help="another checkout to measure beside this one")
    args = parser.parse_args()
    sources = {"this": ROOT} | ({"base": args.base.resolve()} if args.base else {})
    times: dict[tuple[str, str], list[float]] = {}
    for _ in range(args.runs):
        for name, arguments in COMMANDS.items():
            for label, source in sources.items():  # alternately: a slow spell of the host falls on both
                times.setdefault((name, label), []).append(seconds(arguments, source))
    bare = statistics.median(times[("bare python", "this")])
    print("| command | " + " | ".join(f"{label} (ms) | {label} / bare" for label in sources) + " |")
    print("|---|" + "---|---|" * len(sources))
    for name in COMMANDS:
        cells = []
        for label in sources:
            median = statistics.median(times[(name, label)])
            cells += [f"{median * 1000:.0f}", f"{median / bare:.1f}x"]
        print(f"| {name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()

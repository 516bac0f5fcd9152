"""Speed and memory of ``shipyard check`` (run by hand; results go in docs/benchmarks.md).

    python benchmarks/bench_check.py            # N = 1,000 and 10,000
    python benchmarks/bench_check.py --n 500    # one size

Run it with the python of an environment where shipyard is installed (``pip install .``): the commands run
outside the checkout, on the installed package, with its compiled bytecode.

For each N it writes N realistic sheets to a temporary folder (the MCS seed's sample sheets and the High
Guard fixtures, renamed and with their figures varied, about 70% USD and 30% High Guard) and measures:
- the bare lark parse of the same files (every line through the USD or High Guard parser, in this process);
- ``shipyard check DIR`` end to end on one core (-j 1) and on every core (-j N), wall time;
- the peak memory (largest process, from the kernel's rusage) of each run;
- each of these ``--repeat`` times (5), in turn, the best rate and the largest peak shown; the ratio of
  ``check -j1`` to the bare parse is the median of each turn's own (by the wall clock, with the lowest and the
  highest turn's in brackets): the check run between two bare parses, against the rate of their mean time (this
  machine's speed drifts by a fifth over minutes, and measurements made within seconds of each other drift
  together; bracketed so, a drift within the turn falls on both sides alike), by the wall clock and by CPU time
  (which a busy host's other guests do not add to);
- the rate past start-up: in each turn, the check's run less a one-sheet check's (``SAMPLE``, run just after it,
  inside the bracket), the rate at which it reads and checks the other sheets, against the same bare parse rate
  (a run's start-up, a few tenths of a second, is a quarter of a 1,000-sheet run and is in ``check`` but not in
  the bare parse, which is timed in a process that has imported its parsers already); the median of the turns;
- the ceiling at each size: the ratio a check would reach if it started in the stack floor's time (below) and
  each sheet cost it what the bare parse's costs, ``bare / (floor + bare)``, the floor run in each turn beside
  the rest; the median of the turns. The floor is in every check and in no bare parse, so at a small N the
  ceiling can lie under a target that a large N meets (a yardstick more than a bound: a check that read a sheet
  faster than the bare parse would pass it);
- the start-up: ``shipyard check ONE-SHEET`` against ``python -c "import lark, pydantic, typer"``, with the
  stack's floor beside it (STACK_FLOOR), and with ``--against PYTHON`` another installed shipyard (an earlier
  version, in its own virtual environment) timed in the same rotation.
Targets: one core at least 0.7x the bare-parse rate, past start-up (the rate at which a check reads and checks
sheets, as the bare parse's is the rate at which lark parses them; the whole run's ratio, its start-up in it, is
shown beside it); 1.6x or more on 2 cores; memory that does not grow with N; start-up under twice the import
baseline.

    python benchmarks/bench_check.py --instructions   # N = 1,000, under valgrind: about five minutes

counts instructions instead of seconds (callgrind's count, which no other load on the host moves and which changes
by a tenth of a percent from run to run, the hash seed fixed): a warm pass of the bare parse (a process that parses
the folder twice, less one that parses it once), ``shipyard check DIR -j 1`` as a whole process (its start-up
included), and the stack floor, with the ratio and the ceiling as above, taken by instructions. It says how much
work each side does; the seconds say how fast the host runs that work, and lark's one small loop runs more of them
a second than a check's wider code (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHIPYARD = [sys.executable, "-m", "shipyard"]
#: The one sheet the start-up is measured on (the stack floor takes it as its argument too).
SAMPLE = ROOT / "examples" / "kuvasz.usd"


def check_command(folder: Path, jobs: int, python: str = sys.executable) -> list[str]:
    """``shipyard check FOLDER`` as every measurement of a folder runs it: ``jobs`` workers, JSON output."""
    return [python, "-m", "shipyard", "check", str(folder), "-j", str(jobs), "--format", "json"]


def templates() -> list[tuple[str, str]]:
    usd = sorted((ROOT / "fixtures" / "mcs").glob("*.usd"))
    hg = [ROOT / "fixtures" / "highguard" / "vigilant-legal.txt", ROOT / "fixtures" / "highguard" / "kinunir-hg80.txt"]
    return [("usd", p.read_text()) for p in usd] + [("hg", p.read_text()) for p in hg]


def generate(folder: Path, n: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    usd = [t for t in templates() if t[0] == "usd"]
    hg = [t for t in templates() if t[0] == "hg"]
    for i in range(n):
        kind, text = rng.choice(hg) if rng.random() < 0.3 else rng.choice(usd)
        text = text.replace("Kuvasz", f"Kuvasz {i}").replace("Vigilant", f"Vigilant {i}")
        text = text.replace("Crew: 42", f"Crew: {rng.randint(20, 90)}")
        sub = folder / f"{i // 1000:03d}"
        sub.mkdir(exist_ok=True)
        (sub / f"ship-{i:05d}.{'txt' if kind == 'hg' else 'usd'}").write_text(text)


def bare_parse(folder: Path) -> tuple[float, float]:
    """Sheets per second through the lark parsers alone (no model, no rules), by the wall clock and by this
    process's CPU time."""
    if str(ROOT) not in sys.path:  # called twice a turn
        sys.path.insert(0, str(ROOT))
    from shipyard.systems.highguard.read.lines import highguard_parser, line_rule
    from shipyard.systems.highguard.sniff import looks_like_highguard
    from shipyard.systems.mcs.read.lines import usd_parser

    files = sorted(folder.rglob("*.*"))
    usd, hg = usd_parser(), highguard_parser()
    start, cpu = time.perf_counter(), time.process_time()
    for path in files:
        text = path.read_text()
        highguard = looks_like_highguard(text)
        for line in text.splitlines():
            if not line.strip():
                continue
            try:
                if highguard:
                    rule = line_rule(line)
                    if rule is not None:
                        hg.parse(line, start=rule)
                else:
                    usd.parse(line)
            except Exception:
                pass
    return len(files) / (time.perf_counter() - start), len(files) / (time.process_time() - cpu)


def run(command: list[str]) -> tuple[float, float, float]:
    """Wall seconds, peak RSS (MiB, the largest process) and CPU seconds (user and system, every process) of a
    command, in a fresh runner process."""
    runner = (
        "import resource, subprocess, sys, time\n"
        "t = time.perf_counter()\n"
        "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
        "used = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
        "print(time.perf_counter() - t, used.ru_maxrss, used.ru_utime + used.ru_stime)\n"
    )
    # Run outside the checkout: ``python -m shipyard`` there would import the source folder, not the install.
    out = subprocess.run(
        [sys.executable, "-c", runner, *command], capture_output=True, text=True, check=True, cwd=tempfile.gettempdir()
    ).stdout.split()
    return float(out[0]), int(out[1]) / 1024, float(out[2])


#: The least any ``check`` on this stack can cost: a typer command that builds one pydantic model and parses
#: one line with lark's LALR parser and contextual lexer (grammar cached, as shipyard's are), and nothing else.
#: Shown beside the start-up so the part that is shipyard's own can be read off.
STACK_FLOOR = r"""
from pathlib import Path
import typer
app = typer.Typer(add_completion=False)
@app.callback()
def root() -> None:
    pass
@app.command()
def check(paths: list[Path]) -> None:
    from lark import Lark
    from pydantic import BaseModel
    class Ship(BaseModel):
        name: str
        tl: int
    grammar = 'start: WORD ":" WORD "TL:" INT\n%import common.WORD\n%import common.INT\n%ignore " "'
    tree = Lark(grammar, parser="lalr", lexer="contextual", cache=True).parse("Class: Kuvasz TL: 12")
    Ship(name=str(tree.children[1]), tl=int(tree.children[2]))
app()
"""


def floor_command(sample: Path) -> list[str]:
    """The stack floor run as a check is: on one sheet, in a fresh process."""
    return [sys.executable, "-c", STACK_FLOOR, "check", str(sample)]


def startup(sample: Path, repeat: int = 15, against: str | None = None) -> dict[str, float]:
    """Median wall seconds of the import baseline, the stack floor and ``shipyard check`` on one sheet (and the
    same with another install's python), run in turn."""
    commands = {
        "baseline": [sys.executable, "-c", "import lark, pydantic, typer"],
        "floor": floor_command(sample),
        "shipyard": [*SHIPYARD, "check", str(sample)],
    }
    if against is not None:
        commands["against"] = [against, "-m", "shipyard", "check", str(sample)]
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(repeat):
        for name, command in commands.items():
            times[name].append(run(command)[0])
    return {name: statistics.median(values) for name, values in times.items()}


#: A process that parses a folder (argv[1]) with the bare parse, argv[2] times, as the benchmark's own process does.
BARE_PASSES = """
import sys
from pathlib import Path
sys.path.insert(0, {benchmarks!r})
from bench_check import bare_parse
for _ in range(int(sys.argv[2])):
    bare_parse(Path(sys.argv[1]))
"""


def instructions(command: list[str]) -> int:
    """Instructions a command runs under callgrind (one process; a check on one core starts no other), with
    Python's hash seed fixed so that the count hardly moves from run to run."""
    with tempfile.TemporaryDirectory(prefix="shipyard-callgrind-") as scratch:
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={scratch}/out", *command],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            cwd=tempfile.gettempdir(),
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )
    found = re.search(r"Collected\s*:\s*(\d+)", run.stderr)
    if found is None:
        raise SystemExit(f"callgrind gave no count for {' '.join(command[:4])} ...:\n{run.stderr[-2000:]}")
    return int(found.group(1))


def count_instructions(sizes: list[int]) -> None:
    """The ratio of ``check -j1`` to the bare parse, and its ceiling, by instructions (the module's docstring)."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (apt-get install valgrind)")
    bare_passes = BARE_PASSES.format(benchmarks=str(ROOT / "benchmarks"))
    floor = instructions(floor_command(SAMPLE))
    print(f"stack floor: {floor / 1e6:,.0f} million instructions")
    print("| N | bare parse, a warm pass (million instructions) | check -j1, whole process | -j1 / bare | ceiling |")
    print("|---|---|---|---|---|")
    for n in sizes:
        folder = Path(tempfile.mkdtemp(prefix="shipyard-bench-"))
        try:
            generate(folder, n)
            once, twice = (instructions([sys.executable, "-c", bare_passes, str(folder), str(k)]) for k in (1, 2))
            bare = twice - once
            check = instructions(check_command(folder, 1))
            print(
                f"| {n:,} | {bare / 1e6:,.0f} | {check / 1e6:,.0f} | {bare / check:.2f} | {bare / (floor + bare):.2f} |"
            )
        finally:
            shutil.rmtree(folder)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, action="append", help="sheets to generate (repeatable)")
    parser.add_argument("--startup-only", action="store_true", help="measure the start-up only")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count instructions under valgrind's callgrind instead (N = 1,000 unless --n is given)",
    )
    parser.add_argument("--against", help="the python of another shipyard install, timed beside this one")
    parser.add_argument(
        "--repeat",
        type=int,
        default=5,
        help="runs of each measurement, in turn; the best of them is shown (noise only adds time)",
    )
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    print(f"python {sys.version.split()[0]}, {cores} cores")
    if args.instructions:
        count_instructions(args.n or [1000])
        return
    sizes = [] if args.startup_only else args.n or [1000, 10000]
    if sizes:
        print(
            f"| N | bare parse (sheets/s) | check -j1 (sheets/s) | -j1 / bare | by CPU time | past start-up | "
            f"ceiling | check -j{cores} (sheets/s) | speed-up | peak MiB -j1 | peak MiB -j{cores} |"
        )
        print("|---|---|---|---|---|---|---|---|---|---|---|")
    for n in sizes:
        folder = Path(tempfile.mkdtemp(prefix="shipyard-bench-"))
        try:
            generate(folder, n)
            bare, one, many, other = 0.0, float("inf"), float("inf"), float("inf")
            one_mem = many_mem = other_mem = 0.0
            ratios, cpu_ratios = [], []  # each turn's check -j1 rate over its bare parses' (their mean time)
            # Each turn's check -j1 rate past its start-up (its run less a one-sheet check's, both in the turn)
            # over the same bare parse rate.
            past = []
            ceilings = []  # each turn's bare parse over itself and the stack floor's start-up
            for _ in range(args.repeat):  # in turn, so that the machine's drift falls on each alike
                # The check on one core between two bare parses, against the rate of their mean time: a drift of
                # the machine's speed within the turn falls on both sides of the ratio alike.
                before, before_cpu = bare_parse(folder)
                seconds, peak, cpu = run(check_command(folder, 1))
                started = run(check_command(SAMPLE, 1))[0]  # the same check's start-up: one sheet, read and checked
                after, after_cpu = bare_parse(folder)
                bare = max(bare, before, after)
                bare_now, bare_cpu = 2 / (1 / before + 1 / after), 2 / (1 / before_cpu + 1 / after_cpu)
                one, one_mem = min(one, seconds), max(one_mem, peak)
                ratios.append(n / seconds / bare_now)
                cpu_ratios.append(n / cpu / bare_cpu)
                if n > 1 and seconds > started:
                    past.append((n - 1) / (seconds - started) / bare_now)
                floor = run(floor_command(SAMPLE))[0]
                ceilings.append((n / bare_now) / (floor + n / bare_now))
                seconds, peak, _ = run(check_command(folder, cores))
                many, many_mem = min(many, seconds), max(many_mem, peak)
                if args.against:
                    seconds, peak, _ = run(check_command(folder, 1, args.against))
                    other, other_mem = min(other, seconds), max(other_mem, peak)
            beyond = f"{statistics.median(past):.2f} ({min(past):.2f}-{max(past):.2f})" if past else "-"
            print(
                f"| {n:,} | {bare:,.0f} | {n / one:,.0f} | {statistics.median(ratios):.2f} "
                f"({min(ratios):.2f}-{max(ratios):.2f}) | {statistics.median(cpu_ratios):.2f} | {beyond} | "
                f"{statistics.median(ceilings):.2f} | {n / many:,.0f} | "
                f"{one / many:.2f}x | {one_mem:,.0f} | {many_mem:,.0f} |"
            )
            if args.against:
                print(
                    f"|   against: check -j1 {n / other:,.0f} sheets/s, peak {other_mem:,.0f} MiB; this one "
                    f"{other / one:.2f}x its rate |"
                )
        finally:
            shutil.rmtree(folder)
    times = startup(SAMPLE, against=args.against)
    base = times["baseline"]
    print(
        f"\nstart-up: import lark, pydantic, typer {base * 1000:.0f} ms; stack floor {times['floor'] * 1000:.0f} ms "
        f"({times['floor'] / base:.2f}x); shipyard check one sheet {times['shipyard'] * 1000:.0f} ms "
        f"({times['shipyard'] / base:.2f}x)"
    )
    if "against" in times:
        print(
            f"against {args.against}: {times['against'] * 1000:.0f} ms ({times['against'] / base:.2f}x); this one "
            f"takes {times['shipyard'] / times['against']:.2f}x its time"
        )


if __name__ == "__main__":
    main()

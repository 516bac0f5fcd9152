"""Long lines of every character class put into a file of every format: what the long-line test and the
benchmark (benchmarks/bench_long_lines.py) read; and the helpers the fuzz tests share (reading a file as its
command would, running shipyard in a process). A pattern or grammar that backtracks is quadratic on such a
line; one that is linear reads a 1 MiB line in well under a second."""

from __future__ import annotations

import resource
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]

#: One file of each format, and the line after which the long line goes.
BASES = {
    "usd": (ROOT / "examples/kuvasz.usd", 2),
    "highguard": (ROOT / "fixtures/highguard/kinunir-hg80.txt", 1),
    "component sheet": (ROOT / "fixtures/highguard/vigilant-legal.txt", 3),
    "ffs": (ROOT / "examples/ffs2/seed-examples.toml", 1),
    "fleet": (ROOT / "examples/fleet/fleet.toml", 1),
    "scenario": (ROOT / "examples/fleet/scenario.toml", 1),
    "damage": (ROOT / "fixtures/tcs/battle/damage-a.toml", 1),
    "turn log": (ROOT / "fixtures/tcs/battle/turn-log.toml", 1),
}

#: Runs of each character class, and the shapes the sheets' patterns look for, repeated.
CHUNKS = {
    "letters": "A",
    "lower": "a",
    "digits": "1",
    "spaces": " ",
    "tabs": "\t",
    "words": "word ",
    "dash": "-",
    "equals": "=",
    "colon": ":",
    "comma": "1,",
    "dot": ".",
    "slash": "1/",
    "paren": "(",
    "plus": "+1",
    "hash": "#",
    "bracket": "[",
    "brace": "{",
    "quote": '"',
    "semicolon": ";",
    "pair": "A=1 ",
    "usp": "A-1234567-",
    "money": "MCr 1 ",
    "tons": "Td 1;",
    "letter-digit": "A1",
    "digit-space": "1 ",
    "unicode": "é",
    "nul": "\x00",
    "cr": "\r",
    "blank-lines": "\n",
}


def with_long_line(base: Path, after: int, chunk: str, size: int) -> str:
    """The text of ``base`` with a line of ``size`` characters of ``chunk`` after its line ``after``."""
    lines = base.read_text(encoding="utf-8").splitlines()
    lines.insert(after, (chunk * (size // len(chunk) + 1))[:size])
    return "\n".join(lines) + "\n"


def cases() -> Iterator[tuple[str, str, Path, int]]:
    for form, (base, after) in BASES.items():
        for name in CHUNKS:
            yield form, name, base, after


def read_any(path: Path, form: str) -> tuple[list[Any], Any]:
    """Read ``path`` as the command that takes its format would: every diagnostic reading gave, and the sheet
    file when it is one (None for a scenario, a turn log or a damage record). The shipped sheets a case names are
    outside its temporary folder: they are read (``--allow-outside``), so the reading goes past them."""
    from shipyard.core.references import outside_allowed

    with outside_allowed():
        return _read_any(path, form)


def _read_any(path: Path, form: str) -> tuple[list[Any], Any]:
    from shipyard import api

    if form == "scenario":
        return api.load_scenario(path)[1], None
    if form == "turn log":
        _, findings, problems = api.check_formation_log(path)
        return findings + problems, None
    if form == "damage":
        from shipyard.systems.tcs.damage import load_record

        problems: list[Any] = []
        load_record(path, problems)
        return problems, None
    if form == "fire log":
        return api.combat_resolve(path, 1).diagnostics, None
    if form == "engagement":
        return api.combat_battle(api.BattleRequest(sources=[path], runs=1, turns=2)).diagnostics, None
    if form == "sfc game":
        return api.sfc_referee(path).diagnostics, None
    if form == "ds game":
        return api.darkstars_referee(path).diagnostics, None
    if form in ("catalogue", "pool"):
        from shipyard.systems.mcs.combat import search

        inputs, found = search.load_catalogue([path]) if form == "catalogue" else (search.Inputs([], []), [])
        return found if form == "catalogue" else search.load_opponents([str(path)], inputs), None
    sheet = api.check_file(path)
    return sheet.diagnostics, sheet


def run_shipyard(
    *args: str | Path, cwd: Path, env: dict[str, str] | None = None, file_limit: int | None = None
) -> subprocess.CompletedProcess[str]:
    """``shipyard ARGS`` in a process of its own; with ``file_limit``, writes past that many bytes fail with
    EFBIG, as on a full disk."""

    def small_disk() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (file_limit, file_limit))

    return subprocess.run(
        [sys.executable, "-m", "shipyard", *map(str, args)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        preexec_fn=small_disk if file_limit is not None else None,
    )


@contextmanager
def hang_guard(seconds: float) -> Iterator[None]:
    """TimeoutError when the body runs longer than ``seconds`` (a guard against hangs, not a speed test)."""

    def expire(signum: int, frame: object) -> None:
        raise TimeoutError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)

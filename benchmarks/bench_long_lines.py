"""Reading time of lines no sheet has: one long line of every character class in a file of every format, and
a whole file of lines at the line limit, for the first lines of each base and the densest classes (run by hand;
results go in the README, "Bad input").

    python benchmarks/bench_long_lines.py
    python benchmarks/bench_long_lines.py --smoke     # a few cases of each measure: that it runs, not a result

Two measures, in this process, with the files of tests/fuzz/longlines.py:
- a line as long as a file under the size limit can hold (about 1 MiB) of each character class, in each format:
  target under a second each (a line-based sheet refuses it, IO010; a TOML file reads it);
- a file of 1 MiB made of copies of one of its own lines with a run at the line limit (2,000 characters)
  inside, for every line of the base, every class and every format: the worst case of the line limit.
Exit 1 when a long line takes a second or more.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "fuzz"))

from longlines import BASES, CHUNKS, cases, read_any, with_long_line  # noqa: E402

from shipyard.core.source import MAX_LINE_CHARS, MAX_SHEET_BYTES  # noqa: E402

TARGET_SECONDS = 1.0

#: The classes the slow cases were found in (tokens of one or two characters, runs a terminal scans), and the
#: first lines of each base: the second measure takes minutes even so.
DENSE = ("letters", "digits", "spaces", "tabs", "words", "plus", "digit-space", "pair", "semicolon")
FIRST_LINES = 6


def timed(path: Path, form: str) -> float:
    start = time.perf_counter()
    read_any(path, form)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="three long lines and one class of one line a format")
    args = parser.parse_args()
    first_lines, dense = (1, DENSE[:1]) if args.smoke else (FIRST_LINES, DENSE)
    folder = Path(tempfile.mkdtemp(prefix="shipyard-long-"))
    long = MAX_SHEET_BYTES - 16 * 1024
    slowest: dict[str, tuple[float, str]] = {}
    for number, (form, name, base, after) in enumerate(cases()):
        if args.smoke and number == 3:
            break
        path = folder / f"long{base.suffix}"
        path.write_text(with_long_line(base, after, CHUNKS[name], long), encoding="utf-8")
        seconds = timed(path, form)
        if seconds > slowest.get(form, (0.0, ""))[0]:
            slowest[form] = (seconds, name)
    print(f"one line of {long:,} characters, slowest class per format (target < {TARGET_SECONDS} s):")
    for form, (seconds, name) in slowest.items():
        print(f"  {form:16} {seconds:6.2f} s  ({name})")
    print(f"\na 1 MiB file of lines holding a {MAX_LINE_CHARS:,}-character run, slowest per format:")
    for form, (base, _) in BASES.items():
        lines = base.read_text(encoding="utf-8").splitlines()
        worst = (0.0, "", 0)
        for index, line in enumerate(lines[:first_lines]):
            for name in dense:
                chunk = CHUNKS[name]
                run = (chunk * (MAX_LINE_CHARS // len(chunk) + 1))[: MAX_LINE_CHARS - len(line)]
                copy = line[: len(line) // 2] + run + line[len(line) // 2 :]
                copies = [copy] * (MAX_SHEET_BYTES // (MAX_LINE_CHARS + 9))
                path = folder / f"many{base.suffix}"
                path.write_text("\n".join(lines[:index] + copies + lines[index + 1 :]) + "\n", encoding="utf-8")
                seconds = timed(path, form)
                if seconds > worst[0]:
                    worst = (seconds, name, index + 1)
        print(f"  {form:16} {worst[0]:6.2f} s  ({worst[1]} in line {worst[2]})", flush=True)
    return 1 if any(seconds >= TARGET_SECONDS for seconds, _ in slowest.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main())

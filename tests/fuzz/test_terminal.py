"""Strings from files (ship names, notes, file names) printed by every command: control characters come out
as escapes, rich markup as written, on a terminal and in a pipe. Before, OSC 52 (set the clipboard) and OSC 8
(a link) reached the terminal intact, and a newline in a file name split a finding over two lines."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from longlines import ROOT, run_shipyard

#: OSC 52 (clipboard), OSC 8 (a hyperlink), a colour, BEL, and rich markup that would make a live link.
ATTACK = "\x1b]52;c;SGk=\x07\x1b]8;;http://x\x1b\\here\x1b]8;;\x1b\\ \x1b[31m [link=http://e]L[/link] [/bold]"
ESCAPED = "\\x1b]52;c;SGk=\\x07"


@pytest.fixture(scope="module")
def attacked(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("attacked")
    hg = (ROOT / "fixtures/highguard/kinunir-hg80.txt").read_text(encoding="utf-8")
    (folder / "hg.txt").write_text(hg.replace("Kinunir", "Kin" + ATTACK, 1), encoding="utf-8")
    t4 = (ROOT / "examples/coronation-t4.usd").read_text(encoding="utf-8")
    (folder / "t4.usd").write_text(t4.replace("Coronation", "Cor" + ATTACK, 1), encoding="utf-8")
    (folder / "name\x1b[31m\nsplit.usd").write_text(
        (ROOT / "examples/kuvasz.usd").read_text(encoding="utf-8"), encoding="utf-8"
    )
    return folder


COMMANDS = [
    ["check", "."],
    ["show", "hg.txt"],
    ["show", "t4.usd"],
    ["audit", "."],
    ["convert", "t4.usd"],
    ["export", "hg.txt"],
    ["check", ".", "--format", "github"],
]


@pytest.mark.parametrize("terminal", ["1", "0"], ids=["terminal", "pipe"])
@pytest.mark.parametrize("command", COMMANDS, ids=[" ".join(c) for c in COMMANDS])
def test_nothing_from_a_file_reaches_the_terminal_raw(attacked: Path, command: list[str], terminal: str) -> None:
    env = {**os.environ, "TTY_COMPATIBLE": terminal, "COLUMNS": "400", "NO_COLOR": "1"}
    run = run_shipyard(*command, cwd=attacked, env=env)
    assert "Traceback" not in run.stderr
    for stream in (run.stdout, run.stderr):  # the sheet's sequences (the progress bar's own cursor moves are fine)
        assert "\x1b]" not in stream and "\x07" not in stream and "\x1b[31m" not in stream
    output = run.stdout + run.stderr
    if command[0] in ("show", "audit", "convert"):  # they print the ship's name or notes
        assert ESCAPED in output and "[link=http://e]L[/link]" in output
    if command[0] in ("check", "audit") and "github" not in command:
        assert "name\\x1b[31m\\x0asplit.usd" in output
        assert not any(line.startswith("split.usd") for line in output.splitlines())


def test_a_plain_line_escapes_every_control_character() -> None:
    """Off a terminal, Lines writes each control character as its escape (none dropped: the reader sees what the
    file holds), tabs as they are."""
    import io

    from shipyard.report.console import Lines

    lines = Lines()
    lines.console, lines.stream = None, io.StringIO()
    lines.write([("a\x07b\x08c\x0bd\x0ce\rf", None), (" g\th", "bold")])
    lines.write([("plain", None)])
    assert lines.stream.getvalue() == "a\\x07b\\x08c\\x0bd\\x0ce\\x0df g\th\nplain\n"

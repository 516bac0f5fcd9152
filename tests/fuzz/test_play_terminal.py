"""Strings from the play formats (fire logs, engagements, Simple Fleet Combat rosters and games, Dark Stars systems
and games) printed by their own commands: control characters come out as escapes, rich markup as written, on a
terminal and in a pipe. Before, a ship named with OSC 52 (set the reader's clipboard) came out raw 235 times in
one narrated battle, and ``show`` of a roster named ``a [/]`` was a MarkupError traceback."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from longlines import ROOT, run_shipyard

from shipyard.core.toml_input import toml_string

#: OSC 52 (clipboard), BEL, a colour, and rich markup that would close a tag or make a live link.
CONTROLS = "\x1b]52;c;SGk=\x07\x1b[31m"
MARKUP = " [link=http://e]L[/link] [/]"
ATTACK = CONTROLS + MARKUP  # a sheet's title line holds no brackets: ship names on sheets get the controls only
ESCAPED = "\\x1b]52;c;SGk=\\x07"
#: Every control character but tab and line feed: none may reach stdout or stderr raw.
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
#: What the progress bar itself writes to a terminal: hide and show the cursor, clear a line, move up, return.
BAR = re.compile(r"\x1b\[(\?25[lh]|2K|\d*A)|\r")


def _put(source: str, old: str, new: str) -> str:
    assert old in source, old
    return source.replace(old, new)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped play examples with their names (ships, sides, elements, vessels, systems) attacked."""
    folder = tmp_path_factory.mktemp("played")
    for name in ("coronation", "hollyfields"):
        sheet = (ROOT / f"fixtures/mcs/{name}.usd").read_text(encoding="utf-8")
        (folder / f"{name}.usd").write_text(_put(sheet, name.title(), name.title() + CONTROLS), encoding="utf-8")
    log = (ROOT / "examples/coronation-hollyfields.toml").read_text(encoding="utf-8")
    (folder / "fire.toml").write_text(log, encoding="utf-8")
    engagement = (ROOT / "tests/data/kuvasz-midu-vs.toml").read_text(encoding="utf-8")
    engagement = engagement.replace("../../examples/kuvasz.usd", "coronation.usd")
    (folder / "battle.toml").write_text(engagement.replace("../../examples/midu-agashaan.usd", "hollyfields.usd"))
    roster = (ROOT / "examples/sfc/imperial-squadron.toml").read_text(encoding="utf-8")
    roster = _put(roster, '"Imperial squadron"', toml_string("Imperial" + ATTACK))
    (folder / "roster.toml").write_text(_put(roster, '"Lion"', toml_string("Lion" + ATTACK)), encoding="utf-8")
    game = (ROOT / "examples/sfc/game.toml").read_text(encoding="utf-8")
    game = _put(game, '"Imperials"', toml_string("Imperials" + ATTACK))
    (folder / "sfc.toml").write_text(_put(game, '"lion"', toml_string("lion" + ATTACK)), encoding="utf-8")
    system = (ROOT / "examples/darkstars/system.toml").read_text(encoding="utf-8")
    (folder / "system.toml").write_text(_put(system, '"seed 7"', toml_string("seed 7" + ATTACK)), encoding="utf-8")
    ds = (ROOT / "examples/darkstars/game.toml").read_text(encoding="utf-8")
    (folder / "ds.toml").write_text(_put(ds, '"Sword"', toml_string("Sword" + ATTACK)), encoding="utf-8")
    return folder


#: Each command, and what it must print of an attacked name: escaped controls, and markup as written.
COMMANDS = [
    (["combat", "battle", "battle.toml", "--runs", "1"], [ESCAPED]),
    (["combat", "battle", "coronation.usd", "hollyfields.usd", "--runs", "20", "-j", "1"], [ESCAPED]),
    (["combat", "shot", "coronation.usd", "hollyfields.usd", "-b", "Spinal Meson", "-r", "l"], [ESCAPED]),
    (["combat", "resolve", "fire.toml"], [ESCAPED]),
    (["sfc", "table", "roster.toml", "roster.toml"], [ESCAPED, MARKUP]),
    (["sfc", "referee", "sfc.toml"], [ESCAPED, MARKUP]),
    (["darkstars", "referee", "ds.toml"], [ESCAPED, MARKUP]),
    (["darkstars", "moves", "ds.toml", "--ship", "Sword" + ATTACK], []),  # prints the plots, not the name
    (["darkstars", "generate", "--seed", "7", "--name", "Gen" + ATTACK], ["\\u001b]52;c;SGk=\\u0007", MARKUP]),
    (["show", "roster.toml", "system.toml", "coronation.usd"], [ESCAPED, MARKUP]),
    (["check", "."], []),
]


@pytest.mark.parametrize("terminal", ["1", "0"], ids=["terminal", "pipe"])
@pytest.mark.parametrize(("command", "shown"), COMMANDS, ids=[" ".join(c[:3]) for c, _ in COMMANDS])
def test_nothing_from_a_play_file_reaches_the_terminal_raw(
    played: Path, command: list[str], shown: list[str], terminal: str
) -> None:
    env = {**os.environ, "TTY_COMPATIBLE": terminal, "COLUMNS": "400", "NO_COLOR": "1"}
    run = run_shipyard(*command, cwd=played, env=env)
    assert "Traceback" not in run.stderr, run.stderr[-2000:]
    assert run.returncode in (0, 1), (run.returncode, run.stderr[-2000:])
    for stream in (run.stdout, BAR.sub("", run.stderr)):
        assert RAW.search(stream) is None, RAW.findall(stream)[:5]
    output = run.stdout + run.stderr
    for part in shown:  # each command prints a name it was given: its controls escaped, its markup as written
        assert part in output


JSON_COMMANDS = [c for c, shown in COMMANDS if shown and c[0] != "show" and "generate" not in c]


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for item in value.values() for s in _strings(item)]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    return []


@pytest.mark.parametrize("command", JSON_COMMANDS, ids=[" ".join(c[:3]) for c in JSON_COMMANDS])
def test_a_play_command_s_json_keeps_the_names_as_they_are(played: Path, command: list[str]) -> None:
    """In JSON the names are the file's own characters, escaped by JSON (strict: no raw control)."""
    run = run_shipyard(*command, "--format", "json", cwd=played)
    assert "Traceback" not in run.stderr
    assert RAW.search(run.stdout) is None
    document = json.loads(run.stdout)
    assert any(CONTROLS in text for text in _strings(document))


#: A name with every kind of character a TOML or XML writer must escape: a quote, a backslash, a line break, ESC,
#: DEL, a C1 control, and one byte that is not UTF-8 (as a shell passes it: a lone surrogate).
NASTY = 'a"b\\c\nd\x1be\x7ff\x85g\udc85h'


def test_generate_writes_a_valid_toml_string_whatever_the_name(tmp_path: Path) -> None:
    """Before: ``name = "a"b...`` (an unreadable file) and, for the byte that is not UTF-8, a traceback."""
    import tomllib

    run = run_shipyard("darkstars", "generate", "--seed", "7", "--name", NASTY, "-o", "gen.toml", cwd=tmp_path)
    assert run.returncode == 0 and "Traceback" not in run.stderr
    name = tomllib.loads((tmp_path / "gen.toml").read_text(encoding="utf-8"))["system"]["name"]
    assert name == NASTY.replace("\udc85", "\ufffd")  # read back as given; the byte that is no UTF-8 as U+FFFD


def test_toml_string_reads_back_to_the_string() -> None:
    import tomllib

    from shipyard.core.toml_input import toml_string

    for text in ("plain", 'quote " and \\', "line\nbreak\ttab", "\x00\x1b\x7f\x85\x9f", "é ☃ 𝄞"):
        assert tomllib.loads(f"v = {toml_string(text)}")["v"] == text


@pytest.mark.parametrize("source", ["system.toml", "ds.toml"])
def test_a_picture_stays_well_formed_xml_with_controls_in_its_names(played: Path, source: str) -> None:
    """XML 1.0 holds no C0 control, not even as a reference: each is written as its escape (``\\x1b``)."""
    from xml.dom import minidom

    target = played / f"{source}.svg"
    run = run_shipyard("darkstars", "draw", source, "-o", target.name, cwd=played)
    assert run.returncode == 0, run.stderr
    document = minidom.parse(str(target))
    assert any(
        "\\x1b]52;c;SGk=\\x07" in (t.firstChild.data if t.firstChild else "")
        for t in document.getElementsByTagName("title")
    )

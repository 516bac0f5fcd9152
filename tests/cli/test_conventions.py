"""Every command of ``shipyard --help`` against docs/cli.md's table of conventions: its options (``-q``, ``-o``,
``--format`` with the choices the table lists, ``-`` on the file arguments it names), and each run as a user
would: ``-q --format json`` prints one JSON document and nothing else, ``-o FILE`` writes the file and says so,
``-o -`` prints what no ``-o`` prints, ``-`` reads standard input as the file would be read, and ``./-`` is the
file named ``-``."""

from __future__ import annotations

import json
import re
import shutil

import pytest
import typer
from conftest import ROOT
from contract import commands
from typer.testing import CliRunner

from shipyard.cli import whole_app
from shipyard.report.console import path_or_stdin

runner = CliRunner()
TABLE = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")

#: A run of each command on the shipped examples (paths from the project's root), and which argument of it is
#: the file ``-`` stands for (None: the command reads no file, or only folders).
RUNS: dict[str, tuple[list[str], int | None]] = {
    "show": (["examples/kuvasz.usd"], 0),
    "check": (["examples/kuvasz.usd"], 0),
    "audit": (["examples/fleet"], None),
    "export": (["examples/kuvasz.usd"], 0),
    "convert": (["examples/coronation-t4.usd"], 0),
    "diff": (["examples/kuvasz.usd", "examples/midu-agashaan.usd"], 0),
    "rules": ([], None),
    "explain": (["MCS001"], None),
    "score": (
        [
            "fixtures/tcs/battle/fleet-a.toml",
            "fixtures/tcs/battle/damage-a.toml",
            "fixtures/tcs/battle/fleet-b.toml",
            "fixtures/tcs/battle/damage-b.toml",
        ],
        1,
    ),
    "formation": (["fixtures/tcs/battle/turn-log.toml"], 0),
    "tcs shot": (
        [
            "fixtures/highguard/copies/tcs1981/cisor.txt",
            "fixtures/highguard/copies/tcs1981/eurisko.txt",
            "-b",
            "meson",
            "-r",
            "short",
        ],
        0,
    ),
    "tcs readings": ([], None),
    "tcs battle": (["fixtures/tcs/battle/fleet-a.toml", "fixtures/tcs/battle/fleet-b.toml", "-n", "20"], 0),
    "tcs search": (
        ["fixtures/tcs/battle/kinunir.txt", "--against", "fixtures/tcs/battle/fleet-b.toml", "-n", "30"]
        + ["--screen", "10", "--full", "10", "-j", "1", "--scenario", "fixtures/tcs/search/small.toml"],
        0,
    ),
    "combat shot": (["examples/kuvasz.usd", "examples/hollyfields.usd", "-b", "#1", "-r", "m"], 0),
    "combat resolve": (["examples/coronation-hollyfields.toml"], 0),
    "combat battle": (["examples/kuvasz.usd", "examples/midu-agashaan.usd", "-n", "20", "-j", "1"], 0),
    "combat search": (
        [
            "fixtures/mcs/zhodani-patrol-corvette.usd",
            "--against",
            "examples/midu-agashaan.usd",
            "-b",
            "1000",
            "-n",
            "40",
            "--screen",
            "10",
            "--full",
            "20",
            "-j",
            "1",
        ],
        0,
    ),
    "sfc odds": (["cruiser", "escort"], None),
    "sfc table": (["examples/sfc/imperial-squadron.toml", "examples/sfc/imperial-squadron.toml"], 0),
    "sfc referee": (["examples/sfc/game.toml"], 0),
    "darkstars generate": (["--seed", "3"], None),
    "darkstars draw": (["examples/darkstars/system.toml", "-o", "-"], 0),
    "darkstars referee": (["examples/darkstars/game.toml"], 0),
    "darkstars moves": (["examples/darkstars/game.toml", "--ship", "sword"], 0),
}


def _rows() -> dict[str, dict[str, str]]:
    """docs/cli.md's table of commands: each command's row by its column names."""
    part = TABLE[TABLE.index("## The commands") :]
    lines = [line for line in part.splitlines() if line.startswith("| ")]
    names = [cell.strip() for cell in lines[0].strip("|").split("|")]
    return {
        cells[0].strip("`"): dict(zip(names, cells, strict=True))
        for line in lines[1:]
        if (cells := [cell.strip() for cell in line.strip("|").split("|")])
    }


ROWS = _rows()


def _leaves() -> dict[str, object]:
    whole = typer.main.get_command(whole_app())
    return {path.removeprefix("shipyard "): c for path, c in commands(whole) if not getattr(c, "commands", None)}


LEAVES = _leaves()


def test_the_table_has_a_row_for_every_command_and_a_run_for_each():
    assert set(ROWS) == set(LEAVES)
    assert set(RUNS) == set(LEAVES)


@pytest.mark.parametrize("name", sorted(ROWS))
def test_each_command_has_the_options_its_row_gives(name):
    row, command = ROWS[name], LEAVES[name]
    options = {opt for param in command.params for opt in getattr(param, "opts", []) if opt.startswith("-")}
    assert {"-q", "--quiet", "-o", "--output"} <= options, name
    fmt = next((p for p in command.params if "--format" in p.opts), None)
    if row["`--format`"].startswith("none"):
        assert fmt is None
    else:
        choices = [member.value for member in fmt.type_descriptor.annotation] if fmt is not None else []
        assert choices == [c.strip() for c in row["`--format`"].split(",")]
    stdin = {p.name.upper() for p in command.params if p.type_descriptor.parameter_info.parser is path_or_stdin}
    stdin -= {"OUTPUT", "PICTURE"}  # -o - is standard output
    said = set() if row["reads `-`"].startswith("no") else {w.strip() for w in row["reads `-`"].split(",")}
    assert stdin == said, name


def _run(name: str, args: list[str], stdin: bytes | None = None, env: dict[str, str] | None = None):
    return runner.invoke(whole_app(), [*name.split(), *args], input=stdin, env=env)


@pytest.fixture(autouse=True)
def _at_the_root(monkeypatch):
    monkeypatch.chdir(ROOT)


def _formats(name: str) -> list[str]:
    return [c.strip() for c in ROWS[name]["`--format`"].split(",")]


@pytest.mark.parametrize("name", sorted(n for n in RUNS if "json" in _formats(n)))
def test_quiet_json_is_one_document_and_nothing_else_at_any_width(name):
    args, _ = RUNS[name]
    result = _run(name, [*args, "-q", "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    json.loads(result.stdout)
    narrow = _run(name, [*args, "-q", "--format", "json"], env={"COLUMNS": "20"})
    assert narrow.stdout == result.stdout  # a JSON document is never wrapped to a terminal's width
    assert "wrote" not in result.stderr


@pytest.mark.parametrize("name", sorted(n for n in RUNS if n != "darkstars draw"))
def test_o_file_writes_the_results_and_says_so_and_o_dash_prints_them(name, tmp_path):
    args, _ = RUNS[name]
    plain = _run(name, args)
    dash = _run(name, [*args, "-o", "-"])
    assert (dash.exit_code, dash.stdout) == (plain.exit_code, plain.stdout)
    target = tmp_path / "out.json"
    written = _run(name, [*args, "-o", str(target)])
    assert written.exit_code == plain.exit_code, written.output
    assert written.stdout == "", f"{name} printed its results as well as writing them"
    json.loads(target.read_text(encoding="utf-8"))  # .json takes JSON, whatever --format says
    assert f"wrote {target}" in written.stderr or f"to {target}" in written.stderr
    quiet = _run(name, [*args, "-q", "-o", str(tmp_path / "quiet.json")])
    assert "wrote" not in quiet.stderr and (tmp_path / "quiet.json").exists()


def test_a_picture_to_standard_output_and_to_a_file(tmp_path):
    args, _ = RUNS["darkstars draw"]
    dash = _run("darkstars draw", args)
    assert dash.exit_code == 0 and dash.stdout.startswith("<svg")
    target = tmp_path / "display.svg"
    written = _run("darkstars draw", [*args[:-1], str(target)])
    assert target.read_text(encoding="utf-8") == dash.stdout and f"wrote {target}" in written.stderr


@pytest.mark.parametrize("name", sorted(n for n, (_, at) in RUNS.items() if at is not None))
def test_dash_reads_standard_input_as_the_file_is_read(name, monkeypatch):
    """Run from the file's folder (the files it names are found from there in both runs): the same exit code
    and the same output (JSON, where there is a choice: a layout's borders follow the length of a name), the
    file's name read as ``<stdin>``."""
    args, at = RUNS[name]
    assert at is not None
    args = [*args, "--format", "json"] if "json" in _formats(name) else args
    path = ROOT / args[at]
    given = [str(ROOT / a) if (ROOT / a).exists() and i != at else a for i, a in enumerate(args)]
    monkeypatch.chdir(path.parent)
    from_file = _run(name, [*given[:at], path.name, *given[at + 1 :]])
    piped = _run(name, [*given[:at], "-", *given[at + 1 :]], stdin=path.read_bytes())
    assert piped.exit_code == from_file.exit_code, piped.output
    assert piped.stdout == re.sub(rf"(?<![\w.-]){re.escape(path.name)}(?![\w.-])", "<stdin>", from_file.stdout)


def test_a_file_named_dash_is_dot_slash_dash(tmp_path, monkeypatch):
    shutil.copy(ROOT / "examples" / "kuvasz.usd", tmp_path / "-")
    monkeypatch.chdir(tmp_path)
    result = _run("show", ["./-", "-f", "json"])
    assert result.exit_code == 0 and json.loads(result.stdout)[0]["ships"][0]["class_name"] == "Kuvasz"


def test_standard_input_is_read_once():
    result = _run("diff", ["-", "-"], stdin=b"Class: X\n")
    assert result.exit_code == 2 and "standard input ('-') can be read once" in result.output


def test_an_output_named_for_no_report_is_refused_before_any_work(tmp_path):
    result = _run("combat battle", [*RUNS["combat battle"][0], "-o", str(tmp_path / "battle.pdf")])
    assert result.exit_code == 2 and "expected a .xlsx, .html, .json, .txt file" in result.output
    assert not (tmp_path / "battle.pdf").exists()


def test_a_value_is_quoted_whole_up_to_80_characters_then_cut_with_its_length():
    from shipyard.core.names import QUOTED_MOST, quoted

    assert quoted("Laser") == "'Laser'"
    assert quoted("x" * QUOTED_MOST) == repr("x" * QUOTED_MOST)
    assert quoted("x" * 5000) == repr("x" * (QUOTED_MOST - 1) + "…") + " (5,000 characters)"


@pytest.mark.parametrize(
    "args",
    [
        ["sfc", "odds", "S" * 5000, "escort"],
        ["combat", "shot", "examples/kuvasz.usd", "examples/kuvasz.usd", "-b", "S" * 5000, "-r", "m"],
        ["combat", "shot", "examples/kuvasz.usd", "examples/kuvasz.usd", "-b", "1", "-r", "S" * 5000],
        ["explain", "S" * 5000],
        ["darkstars", "moves", "examples/darkstars/game.toml", "--ship", "S" * 5000],
    ],
    ids=["element", "battery", "range band", "code", "ship"],
)
def test_a_long_bad_value_is_quoted_cut_with_its_length(args):
    result = runner.invoke(whole_app(), args)
    assert result.exit_code in (1, 2) and "(5,000 characters)" in " ".join(result.output.split())
    assert "S" * 100 not in result.output.upper()


def test_every_choice_is_taken_in_any_case():
    """``--crew ELITE``, ``--format JSON``, ``--sand Cloud``: a choice is a word, not a spelling."""
    import enum
    import types
    import typing

    strict, seen = [], 0
    for name, command in LEAVES.items():
        for param in command.params:
            annotation = param.type_descriptor.annotation
            kinds = typing.get_args(annotation) if isinstance(annotation, types.UnionType) else (annotation,)
            if any(isinstance(k, type) and issubclass(k, enum.Enum) for k in kinds):
                seen += 1
                if param.type_descriptor.parameter_info.case_sensitive:
                    strict.append(f"{name} {param.opts[0]}")
    assert strict == [] and seen >= len(LEAVES)  # every --format, and the other choices
    shot = _run("combat shot", [*RUNS["combat shot"][0], "--crew", "ELITE", "--sand", "Cloud", "-f", "JSON"])
    assert shot.exit_code == 1 and json.loads(shot.stdout)["attacker"] == "Kuvasz"  # the Hollyfields' own MCS001


@pytest.mark.parametrize(
    ("args", "label"),
    [
        (
            ["combat", "battle", "examples/kuvasz.usd", "examples/midu-agashaan.usd", "-n", "1200", "-j", "1"],
            "fighting",
        ),
        (["audit", "examples"], "auditing"),
        (["export", "examples", "-o", "{tmp}/ships.json"], "exporting"),
        (["sfc", "table", "examples/sfc/imperial-squadron.toml", "examples/sfc/imperial-squadron.toml"], "odds"),
        ([*["combat", "search"], *RUNS["combat search"][0]], "searching"),
        ([*["tcs", "search"], *RUNS["tcs search"][0]], "searching"),
    ],
    ids=["battle", "audit", "export", "sfc table", "search", "tcs search"],
)
def test_long_work_shows_a_progress_bar_on_a_terminal_and_none_with_q(args, label, tmp_path):
    """TTY_COMPATIBLE=1 makes standard error a terminal to rich: the bar is drawn there, and gone with -q; off a
    terminal (the other tests) there is none."""
    import os
    import subprocess
    import sys

    given = [a.replace("{tmp}", str(tmp_path)) for a in args]
    env = {**os.environ, "TTY_COMPATIBLE": "1"}

    def run(*more: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "shipyard", *given, *more], capture_output=True, text=True, cwd=ROOT, env=env
        )
        assert done.returncode in (0, 1), done.stderr
        return done.stderr

    assert label in run()
    assert label not in run("-q")

"""Files that other files name are read only inside the naming file's folder, unless --allow-outside; a named file
that is no sheet is never quoted; names given on the command line are never bounded."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from conftest import ROOT, beside
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.core.processes import running_pool
from shipyard.core.references import outside_allowed, outside_is_allowed, referenced

runner = CliRunner()
KUVASZ = ROOT / "examples" / "kuvasz.usd"
#: A sheet with a cost, for the search.
CORVETTE = ROOT / "fixtures" / "mcs" / "zhodani-patrol-corvette.usd"
GAME = ROOT / "examples" / "darkstars" / "game.toml"
#: A file a hostile engagement might name: not a sheet, and holding what must never be printed.
SECRET = "root:x:0:0:hunter2-secret:/root:/bin/bash\n"


def _folders(tmp_path: Path) -> tuple[Path, Path]:
    """A folder of play files (``games``) beside one holding a sheet and a secret (``elsewhere``)."""
    games, elsewhere = tmp_path / "games", tmp_path / "elsewhere"
    games.mkdir()
    elsewhere.mkdir()
    beside(elsewhere, KUVASZ)
    (elsewhere / "passwd").write_text(SECRET, encoding="utf-8")
    return games, elsewhere


def _engagement(folder: Path, first: str, second: str) -> Path:
    path = folder / "battle.toml"
    path.write_text(f'[[sides]]\nships = [{{sheet = "{first}"}}]\n[[sides]]\nships = [{{sheet = "{second}"}}]\n')
    return path


def test_a_name_inside_the_folder_is_read_and_one_outside_is_not():
    folder = ROOT / "examples" / "darkstars"
    assert referenced(folder, "system.toml") == (folder / "system.toml", None)
    assert referenced(folder, "./sub/../system.toml") == (folder / "system.toml", None)
    path, refused = referenced(folder, "../kuvasz.usd")
    assert path == ROOT / "examples" / "kuvasz.usd" and refused is not None
    assert refused.startswith(f"'../kuvasz.usd' is outside {folder}, the folder of the file that names it (it ")
    assert referenced(folder, "/etc/passwd")[1] is not None and "(an absolute path)" in referenced(folder, "/etc/x")[1]
    with outside_allowed():
        assert referenced(folder, "../kuvasz.usd") == (ROOT / "examples" / "kuvasz.usd", None)
    assert not outside_is_allowed()  # the block's setting ends with it
    assert referenced(None, "../kuvasz.usd") == (Path("../kuvasz.usd"), None)  # the command line's own


def test_a_link_inside_the_folder_to_a_file_outside_is_outside(tmp_path):
    """A link is followed before the folder is compared: an archive's link to ``~/.ssh`` is not read."""
    games, elsewhere = _folders(tmp_path)
    (games / "kuvasz.usd").symlink_to(elsewhere / "kuvasz.usd")
    assert referenced(games, "kuvasz.usd")[1] is not None
    (games / "ships").symlink_to(games, target_is_directory=True)  # a link that stays inside is followed
    assert referenced(games, "ships/battle.toml")[1] is None


def test_an_engagement_naming_files_outside_its_folder_reads_neither(tmp_path):
    """Each name that leaves the folder is IO012 at its own line, both sides said; nothing of either file is
    read, so the secret never reaches the output; --allow-outside reads them."""
    games, elsewhere = _folders(tmp_path)
    path = _engagement(games, "../elsewhere/kuvasz.usd", str(elsewhere / "passwd"))
    result = runner.invoke(app, ["combat", "battle", str(path), "-n", "2"])
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert [line.split(": ")[0] + ":" + line.split(": ")[2].split()[0] for line in lines] == [
        f"{path}:2:1:IO012",
        f"{path}:4:1:IO012",
    ]
    assert "hunter2" not in result.output and "it resolves to" in lines[0] and "(an absolute path)" in lines[1]
    allowed = runner.invoke(app, ["combat", "battle", str(path), "-n", "2", "--allow-outside"])
    assert allowed.exit_code == 2 and "IO012" not in allowed.stderr
    assert "CMB003" in allowed.stderr and "hunter2" not in allowed.output  # read, and found no sheet: not quoted
    fine = _engagement(games, "../elsewhere/kuvasz.usd", "../elsewhere/kuvasz.usd")
    assert runner.invoke(app, ["combat", "battle", str(fine), "-n", "2", "--allow-outside"]).exit_code == 0
    assert runner.invoke(app, ["combat", "battle", str(fine), "-n", "2"]).exit_code == 2  # the option is per command


def test_a_named_file_that_is_no_sheet_is_never_quoted(tmp_path):
    """Inside the folder, a file that holds no ship is one finding at the name that names it, which counts its
    errors and says how to see them: its lines are not quoted into the engagement's, log's or game's findings
    (before, "root:x:0:0..." came out with a caret under it)."""
    games, _ = _folders(tmp_path)
    (games / "passwd").write_text(SECRET, encoding="utf-8")
    beside(games, KUVASZ)
    battle = runner.invoke(app, ["combat", "battle", str(_engagement(games, "kuvasz.usd", "passwd"))])
    assert battle.exit_code == 2 and "hunter2" not in battle.output
    assert (
        "battle.toml:4:1: error: CMB003 passwd holds no MCS USD ship (reading it gave 2 error(s): 'shipyard check "
        f"{games / 'passwd'}' shows them)\n"
    ) in battle.stderr
    log = games / "fire.toml"
    log.write_text('[ships.a]\nsheet = "passwd"\n[[turn]]\nrange = "l"\n', encoding="utf-8")
    resolved = runner.invoke(app, ["combat", "resolve", str(log)])
    assert "hunter2" not in resolved.output and f"{log}:2:1: error: CMB003 ship 'a': passwd holds no" in resolved.stderr
    game = games / "game.toml"
    game.write_text(GAME.read_text(encoding="utf-8").replace('"system.toml"', '"passwd"'), encoding="utf-8")
    refereed = runner.invoke(app, ["darkstars", "referee", str(game)])
    assert refereed.exit_code == 2 and "hunter2" not in refereed.output
    assert f"{game}:6:1: error: DS209 passwd: no Dark Stars system to play in (reading it gave" in refereed.stderr
    missing = runner.invoke(app, ["combat", "battle", str(_engagement(games, "kuvasz.usd", "gone.usd"))])
    assert "CMB003 gone.usd holds no MCS USD ship (IO001: cannot read file: No such file" in missing.stderr


def test_sheets_named_on_the_command_line_are_never_bounded(tmp_path, monkeypatch):
    """Two sheets given to ``combat battle`` are the user's own choice, wherever they are."""
    games, elsewhere = _folders(tmp_path)
    monkeypatch.chdir(games)
    result = runner.invoke(app, ["combat", "battle", "../elsewhere/kuvasz.usd", str(elsewhere / "kuvasz.usd")])
    assert result.exit_code == 0 and "IO012" not in result.stderr


@pytest.mark.parametrize(
    ("name", "text", "command", "line"),
    [
        ("fire.toml", '[ships.a]\nsheet = "{sheet}"\n[[turn]]\nrange = "l"\n', ["combat", "resolve"], 2),
        ("fleet.toml", '[[ship]]\nsheet = "{sheet}"\n', ["check"], 2),
        ("fleet.toml", '[[ship]]\nsheet = "{sheet}"\n', ["audit"], 2),
        ("game.toml", None, ["darkstars", "referee"], 6),
        ("catalogue.toml", '[[designs]]\nsheet = "{sheet}"\n', ["combat", "search", "--against", "{ship}"], 2),
        (
            "pool.toml",
            '[[opponents]]\nships = [{{sheet = "{sheet}"}}]\n',
            ["combat", "search", "{ship}", "--against"],
            2,
        ),
    ],
)
def test_every_file_that_names_files_is_bounded(tmp_path, name, text, command, line):
    """A fire log, a fleet (checked and audited), a game, a search's catalogue and pool: IO012 at the name's line."""
    games, _ = _folders(tmp_path)
    path = games / name
    if text is None:  # the example game, its system named outside
        text = GAME.read_text(encoding="utf-8").replace('system = "system.toml"', 'system = "{sheet}"')
    path.write_text(text.format(sheet="../elsewhere/passwd"), encoding="utf-8")
    ship = beside(games, CORVETTE)
    words = [word.format(ship=games / ship) for word in command]
    result = runner.invoke(app, [*words, str(path), "-b", "1000"] if "search" in command else [*words, str(path)])
    assert f"{path}:{line}:1: error: IO012 " in result.output
    assert f"'../elsewhere/passwd' is outside {games}, the folder of the file that names it" in result.output
    assert "hunter2" not in result.output


def test_workers_follow_names_as_the_command_does():
    """``check -j`` referees game logs in worker processes: each worker takes the command's --allow-outside."""
    for allowed in (True, False):
        with outside_allowed(allowed), running_pool(1) as pool:
            assert pool.submit(outside_is_allowed).result() is allowed


def test_a_written_engagement_says_when_its_replay_needs_the_option(tmp_path):
    """The search's written engagement names its sheets from its own folder; where one is outside it, the replay
    command its header gives carries --allow-outside (the search tests replay it so)."""
    ship = str(tmp_path / beside(tmp_path, CORVETTE))
    target = tmp_path / "best.toml"
    inside = runner.invoke(
        app,
        ["combat", "search", ship, "--against", ship, "-b", "2000"]
        + ["-n", "8", "--generation", "4", "-j", "1", "--seed", "1", "--write-engagement", str(target), "-q"],
    )
    assert inside.exit_code == 0, inside.output
    header = target.read_text(encoding="utf-8").splitlines()[1]
    assert header.startswith("# Replay") and "--allow-outside" not in header


def test_moves_as_json_is_one_document_with_its_findings(tmp_path):
    """``darkstars moves --format json`` is an object: its plots and its findings, even when the log names a
    system outside its folder (none listed, the finding there)."""
    games, elsewhere = _folders(tmp_path)
    game = GAME
    ok = runner.invoke(app, ["darkstars", "moves", str(game), "--ship", "sword", "--format", "json"])
    document = json.loads(ok.stdout)
    assert ok.exit_code == 0 and document["moves"] and document["diagnostics"] == []
    outside = games / "game.toml"
    text = game.read_text(encoding="utf-8")
    system = (ROOT / "examples" / "darkstars" / "system.toml").read_text(encoding="utf-8")
    (elsewhere / "system.toml").write_text(system, encoding="utf-8")
    outside.write_text(text.replace('system = "system.toml"', 'system = "../elsewhere/system.toml"'))
    refused = runner.invoke(app, ["darkstars", "moves", str(outside), "--ship", "sword", "--format", "json"])
    document = json.loads(refused.stdout)
    assert refused.exit_code == 2 and document["moves"] == []
    assert [d["code"] for d in document["diagnostics"]] == ["IO012"]
    allowed = runner.invoke(
        app, ["darkstars", "moves", str(outside), "--ship", "sword", "--format", "json", "--allow-outside"]
    )
    assert allowed.exit_code == 0 and json.loads(allowed.stdout)["moves"] == json.loads(ok.stdout)["moves"]
    assert os.path.exists(elsewhere / "system.toml")

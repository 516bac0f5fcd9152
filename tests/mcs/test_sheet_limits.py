"""What an MCS sheet says of its batteries holds in combat: two battery lines of one name are two batteries
everywhere, and a range limit the sheet writes is read into the model, shown, and obeyed by every combat command
(the Kuvasz and Drachen Jaeger sample sheets of MCS section 6, and forms of them made here)."""

from __future__ import annotations

import json

from conftest import ROOT, beside
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.systems.mcs.combat.build import combat_ship
from shipyard.systems.mcs.parse import parse_usd
from shipyard.systems.mcs.render import render_usd

KUVASZ = ROOT / "examples" / "kuvasz.usd"
MIDU = ROOT / "examples" / "midu-agashaan.usd"
DRACHEN = ROOT / "fixtures" / "mcs" / "drachen-jaeger.usd"
runner = CliRunner()


def _ship(path):
    (ship, *_), _ = parse_usd(path.read_text(), path.name)
    return ship


def test_a_range_limit_under_a_battery_is_read_into_it():
    """The Kuvasz: "2 x Missile Bays: (+2)16:10 (-8 size&evade) 6 salvos each. 2 missiles per salvo" with "only
    useable at Very Short range or less" on line 13 under it; the Drachen Jaeger's FIM rack "3 salvoes 1
    missile/salvo", "only useable at Medium range or less" on line 14. Neither line is a note any more."""
    kuvasz, drachen = _ship(KUVASZ), _ship(DRACHEN)
    bays = kuvasz.weapons[2]
    assert (bays.name, bays.max_range, bays.spans["max_range"].line) == ("Missile Bays", "very short", 13)
    assert not any("useable" in note.text for note in kuvasz.notes)
    rack = drachen.weapons[1]
    assert (rack.name, rack.max_range, rack.missiles_per_salvo) == ("FIM rack", "medium", 1)
    assert [ship.max_range for ship in kuvasz.weapons] == [None, None, "very short", None]


def test_a_limit_written_on_the_battery_line_itself():
    """The seed's one-line form: "... 3 salvoes 1 missile/salvo only useable at Medium range or less"."""
    text = (
        "Class: Rack TL:12 Type: FH\nDisplacement: 37 tons Size: 2 Armour: 8 Toughness: 4\n"
        "1xFIM rack: (+1)17:11 (-5 size&evade) 3 salvoes 1 missile/salvo only useable at Medium range or less\n"
    )
    (ship,), diagnostics = parse_usd(text, "rack.usd")
    (rack,) = ship.weapons
    assert (rack.max_range, rack.missiles_per_salvo, [d.text for d in rack.details]) == (
        "medium",
        1,
        ["salvoes", "missile/salvo"],
    )
    assert diagnostics == []


def test_a_limit_line_that_follows_no_battery_is_a_note():
    text = (
        "Class: Plain TL:12 Type: FH\nDisplacement: 37 tons Size: 2 Armour: 8 Toughness: 4\n"
        "only useable at Medium range or less\n"
    )
    (ship,), diagnostics = parse_usd(text, "plain.usd")
    assert [note.text for note in ship.notes] == ["only useable at Medium range or less"]
    assert [d.code for d in diagnostics] == ["USD100"]


def test_the_limit_renders_back_and_reads_equal():
    kuvasz = _ship(KUVASZ)
    text = render_usd(kuvasz)
    assert "only useable at Very Short range or less" in text
    (again,), _ = parse_usd(text, "again.usd")
    assert again == kuvasz


def test_show_prints_the_limit():
    result = runner.invoke(app, ["show", str(KUVASZ)])
    shown = " ".join(result.stdout.replace("│", " ").split())
    assert "2 missiles per salvo only useable at Very Short range or less" in shown


def test_combat_shot_refuses_a_salvo_past_the_limit_and_takes_one_within_it():
    """The Kuvasz's bays at Long: refused at the sheet's line (CMB005, exit 1), as a dash is; at Very Short the
    salvo's odds are given (exit 0)."""
    refused = runner.invoke(app, ["combat", "shot", str(KUVASZ), str(MIDU), "-b", "Missile Bays", "-r", "l"])
    assert refused.exit_code == 1
    assert (
        "kuvasz.usd:13:1: error: CMB005 Missile Bays is only useable at Very Short range or less (the sheet's "
        "limit, line 13): not at Long" in refused.stderr
    )
    taken = runner.invoke(app, ["combat", "shot", str(KUVASZ), str(MIDU), "-b", "Missile Bays", "-r", "vs"])
    assert taken.exit_code == 0 and "one Missile Bays salvo (+2) at Midu Agashaan" in taken.stdout


def test_combat_shot_refuses_a_beam_past_a_limit(tmp_path):
    """A laser line given the limit "only useable at Short range or less": at Medium refused, at Short fired."""
    sheet = tmp_path / "short.usd"
    sheet.write_text(
        KUVASZ.read_text().replace(
            "PointDef: 1 2 turrets each\n", "PointDef: 1 2 turrets each\nonly useable at Short range or less\n"
        )
    )
    refused = runner.invoke(app, ["combat", "shot", str(sheet), str(MIDU), "-b", "#1", "-r", "m"])
    assert refused.exit_code == 1 and "only useable at Short range or less" in refused.stderr
    assert runner.invoke(app, ["combat", "shot", str(sheet), str(MIDU), "-b", "#1", "-r", "s"]).exit_code == 0


def test_a_fire_log_launching_past_the_limit_is_refused_at_its_line(tmp_path):
    log = tmp_path / "fire.toml"
    log.write_text(
        f'start_range = "l"\n[ships.kuvasz]\nsheet = "{beside(tmp_path, KUVASZ)}"\n'
        f'[ships.midu]\nsheet = "{beside(tmp_path, MIDU)}"\n'
        '[[turn]]\nrange = "l"\n[[turn.fire]]\nship = "kuvasz"\nbattery = "Missile Bays"\n'
        'target = "midu"\ncount = 1\n'
    )
    result = runner.invoke(app, ["combat", "resolve", str(log), "--seed", "1"])
    assert "fire.toml:10:1: error: CMB005 Missile Bays is only useable at Very Short range or less" in result.stderr
    assert "launches" not in result.stdout


def test_doctrine_never_launches_past_the_limit():
    """A narrated battle of the Kuvasz against the Midu from Long range, both holding the range: the Midu's
    barbettes launch, the Kuvasz's bays (Very Short or less) never do."""
    engagement = ROOT / "tests" / "data" / "kuvasz-midu-long.toml"
    result = runner.invoke(app, ["combat", "battle", str(engagement), "--runs", "1", "--seed", "3", "--allow-outside"])
    assert result.exit_code == 0, result.output
    assert "Midu Agashaan, Missile Barbettes #1 launches a salvo" in result.stdout
    assert "Missile Bays #1 launches" not in result.stdout and "Missile Bays #2 launches" not in result.stdout


def test_two_lines_of_one_name_are_two_batteries():
    """The Kuvasz's "2xLaser Battery (-1) ..." (line 10) and "5xLaser Battery (+2) ..." (line 11): two groups,
    labelled by their lines, each battery by its line and number; the state keeps both."""
    ship = combat_ship(_ship(KUVASZ))
    first, second = ship.groups[:2]
    assert (first.label, len(first.batteries), first.batteries[0].rof) == ("Laser Battery (line 10)", 2, -1)
    assert (second.label, len(second.batteries), second.batteries[0].rof) == ("Laser Battery (line 11)", 5, 2)
    assert [b.label for b in second.batteries][:2] == ["Laser Battery (line 11) 1", "Laser Battery (line 11) 2"]
    state = ship.summary()["batteries"]
    assert len(state["Laser Battery (line 10)"]) == 2 and len(state["Laser Battery (line 11)"]) == 5
    assert ship.group("laser battery (line 11)") is second and ship.group("#1") is first


def test_a_name_shared_by_no_other_line_keeps_its_name():
    ship = combat_ship(_ship(MIDU))
    assert [g.label for g in ship.groups] == [g.name for g in ship.groups]


def test_counted_battles_keep_both_lines_apart():
    """Hits by battery in a counted battle's JSON: the Kuvasz's two laser lines are two rows."""
    result = runner.invoke(
        app, ["combat", "battle", str(KUVASZ), str(MIDU), "--runs", "30", "--seed", "5", "--format", "json"]
    )
    document = json.loads(result.stdout)
    text = json.dumps(document)
    assert "Laser Battery (line 10)" in text and "Laser Battery (line 11)" in text

"""Designs from genes: a genome built into a High Guard component sheet by the design rules (``highguard.build``)
and fitted to a TCS scenario as a designer would (``tcs.genes``). Every sheet built is read back by shipyard's own
reader and checked by every rule ``check --scenario`` runs: no error (a property test over random genomes under
three scenarios); a worked design's every figure by hand; a genome nothing fits is refused with the rule's code."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest

from shipyard.core.pipeline import check_sheet, load_sheet
from shipyard.systems.highguard import charts as hg
from shipyard.systems.highguard.build import Genome, Refused, build, sheet_text
from shipyard.systems.highguard.design import recompute
from shipyard.systems.tcs.combat.ship import combatant
from shipyard.systems.tcs.genes import fitted, gene_ranges, random_genome
from shipyard.systems.tcs.scenario import Scenario

#: A Vigilant's choices: 5,000 tons, a cylinder, armour 4, jump-3, 3 G, six batteries of five triple laser turrets,
#: two of five triple sand turrets, a nuclear damper and a meson screen, TL12.
VIGILANT = Genome(5000, 3, 4, 3, 3, 0, 6, 5, 2, 5, 1, 1, 12)
SCENARIOS = {  # the first two keep their drop tanks in battle (no tugs asked), the third drops them (TCS82's default)
    "1981 shape": Scenario(tech_level=12, minimum_jump=3, minimum_maneuver=1, drop_tanks_dropped=False),
    "TL15, jump-4, 6 G": Scenario(tech_level=15, minimum_jump=4, minimum_maneuver=6, drop_tanks_dropped=False),
    "TL10, jump-1": Scenario(tech_level=10, minimum_jump=1),
}


def _checked(text: str, scenario: Scenario, tmp_path: Path, name: str = "design.txt"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return check_sheet(load_sheet(path), scenario=scenario)


def test_a_worked_design_every_figure_by_hand(tmp_path):
    """The Vigilant's genome: armour 2 + 2 x 4 = 10% = 500 t, MCr 500 x 0.7 = 350; drives 8% (400 t, MCr 200), 4%
    (200 t, MCr 800); EP drawn: a Model/3 computer 1 (the smallest for jump-3 on 5,000 tons) + 90 lasers + damper 10 +
    meson screen 0.2 x 50 = 10: 111, so the plant is 3 (150 EP, 9% = 450 t, MCr 1,350); fuel 0.1 x 5,000 x 3 +
    0.01 x 5,000 x 3 = 1,650; bridge 100 t, MCr 25; crew 6 + ceil(1,050 / 100) = 11 + 8 batteries + 8 (two screens)
    + 3 = 36 in 18 staterooms (72 t, MCr 9); agility min(3, (150 - 111) // 50) = 0."""
    built = build(VIGILANT)
    lines = {p.label: (p.tons, p.mcr) for p in built.parts}
    assert lines["Armour Factor-4"] == (500, 350)
    assert lines["M-Drive Factor-3"] == (400, 200) and lines["J-Drive Factor-3"] == (200, 800)
    assert lines["P-Plant Factor-3"] == (450, 1350) and built.power == 3 and built.ep == 150
    assert built.ep_used == 111 and built.agility == 0
    assert built.fuel == 1650 and lines["Bridge"] == (100, 25) and lines["Computer Model/3"] == (3, 18)
    assert built.crew == 36 and lines["18.0 x Staterooms"] == (72, 9)
    assert lines["30 x Laser Turrets"] == (30, 90) and lines["10 x Sand Turrets"] == (10, Decimal("7.5"))
    assert built.cargo == 5000 - sum(t for label, (t, _) in lines.items() if label != "Cargo")
    checked = _checked(sheet_text(VIGILANT, "Vigilant"), SCENARIOS["1981 shape"], tmp_path)
    assert [d for d in checked.diagnostics if d.severity.value in ("error", "warning")] == []
    ship = checked.ships[0]
    assert ship.usp is not None and ship.usp.text == "BB-E333332-471100-60000-0"
    assert ship.cost_mcr == built.cost == recompute(ship).component_cost


@pytest.mark.parametrize("scenario", sorted(SCENARIOS))
def test_every_design_built_from_random_genes_checks_clean(scenario, tmp_path):
    """40 random genomes (seeded; each gene drawn from ``gene_ranges``, the values the High Guard tables allow at the
    scenario's TL) under each scenario: each fitted (the repairs said) and built; the sheet read back by shipyard's
    reader gives no finding at error level under ``check --scenario``'s rules, and its USP's jump and maneuver are
    the fitted genome's; one with drop tanks reads back its laden USP, of the jump, maneuver and power the builder
    gave it, jump-1 at least (TCS109), where the scenario keeps tanks in battle (none where it drops them)."""
    rng = random.Random(f"genes {scenario}")
    refused: Counter[str] = Counter()
    built = tanked = 0
    for number in range(40):
        try:
            genome, _ = fitted(random_genome(rng, SCENARIOS[scenario], 12), SCENARIOS[scenario])
        except Refused as why:
            refused[why.code] += 1
            continue
        checked = _checked(sheet_text(genome, f"Design {number}"), SCENARIOS[scenario], tmp_path, f"d{number}.txt")
        errors = [f"{d.code} {d.message}" for d in checked.diagnostics if d.severity.value == "error"]
        assert errors == [], (genome, errors)
        ship = checked.ships[0]
        assert ship.usp is not None and (ship.usp.jump, ship.usp.maneuver) == (genome.jump, genome.maneuver)
        if genome.drop_tanks:
            laden = ship.laden_usp
            assert laden is not None and ship.laden_tonnage == genome.tons + genome.tanks
            assert laden.jump >= 1 and {"jump": laden.jump, "maneuver": laden.maneuver, "power": laden.power} == (
                build(genome).laden
            )
            tanked += 1
        built += 1
    assert built >= 35 and set(refused) <= {"HG107"}, refused
    assert tanked >= 10 if not SCENARIOS[scenario].drop_tanks_dropped else tanked == 0


def test_fitting_says_each_repair():
    """A 2,000-ton hull asked for armour 15 at TL12, jump 6 and 6 G with three batteries of five laser turrets and
    two of three sand turrets: the TL gives armour 12 and jump-3; the 21 turrets fit the 20 hardpoints with one sand
    turret fewer; then armour comes off until the parts fit."""
    asked = Genome(2000, 1, 15, 6, 6, 0, 3, 5, 2, 3, 1, 1, 12)
    genome, said = fitted(asked, SCENARIOS["1981 shape"])
    assert (genome.tl, genome.jump, genome.maneuver) == (12, 3, 6)
    assert genome.laser_turrets + genome.sand_turrets <= 20
    assert said[0].startswith("TL 12: jump 3, maneuver 6, armour 12")
    assert said[1] == "turrets and bays within the 20 hardpoints" and "less armour" in said
    build(genome)  # fits


def test_a_scenario_the_tl_cannot_meet_is_refused_with_its_code():
    with pytest.raises(Refused) as refused:
        fitted(VIGILANT, Scenario(tech_level=10, minimum_jump=3))
    assert refused.value.code == "TCS109" and "TL 10 builds at most 1" in str(refused.value)


def test_a_spinal_mount_and_missile_bays_are_built_and_read_back(tmp_path):
    """A 20,000-ton hull at 2 G with a particle accelerator spinal mount L (TL12: 4,000 tons, MCr 1,600, 800 EP) and two
    100-ton missile bays (MCr 20 each, factor 9 at TL12): the USP's PA column is the mount's letter and the missile
    column 9, the battery lines give one spinal and two missile batteries, and the sheet checks clean."""
    genome = Genome(20000, 2, 2, 3, 2, 0, 2, 5, 0, 1, 1, 1, 12, missile_bays=2, spinal="L")
    fitted_genome, said = fitted(genome, SCENARIOS["1981 shape"])
    assert fitted_genome == genome and said == []
    lines = {p.label: (p.tons, p.mcr) for p in build(genome).parts}
    assert lines["Spinal Particle Accelerator Factor-L"] == (4000, 1600) and lines["2 x 100T Missile Bays"] == (200, 40)
    checked = _checked(sheet_text(genome, "Lance"), SCENARIOS["1981 shape"], tmp_path)
    assert [d for d in checked.diagnostics if d.severity.value == "error"] == []
    usp = checked.ships[0].usp
    assert usp is not None and usp.particle_accelerator_spinal == "L" and usp.missile == 9


def test_the_builder_gives_the_example_vigilants_parts(tmp_path):
    """shipyard's example Vigilant (examples/fleet/vigilant.txt, a High Guard Shipyard sheet) as genes: its Model/6 is
    three models above the smallest (Model/3), its plant one above what its drives and weapons need, one 100-ton
    missile bay. Read back, every part the builder makes has the sheet's count, tons and MCr but the bay's (MCr 20 by
    High Guard's table; the sheet's 21 adds High Guard Shipyard's MCr 0.1 for each of the bay's ten hardpoints); what
    the builder does not make (scoops, a purification plant, low berths) and the crew (120 by High Guard Shipyard's
    count, 36 by RB's) differ."""
    genome = Genome(5000, 3, 4, 3, 3, 1, 6, 5, 2, 5, 1, 1, 12, missile_bays=1, computer_extra=3)
    path = tmp_path / "built.txt"
    path.write_text(sheet_text(genome, "Vigilant"), encoding="utf-8")

    def parts(sheet: Path) -> dict[str, tuple]:
        return {c.label: (c.count, c.tons, c.mcr) for c in load_sheet(sheet).ships[0].components}

    built, published = parts(path), parts(Path(__file__).parents[2] / "examples" / "fleet" / "vigilant.txt")
    assert [label for label in built if built[label] == published.get(label)] == [
        "Hull",
        "Armour Factor-4",
        "M-Drive Factor-3",
        "J-Drive Factor-3",
        "P-Plant Factor-4",
        "P-Fuel",
        "J-Fuel",
        "Bridge",
        "Computer Model/6",
        "Laser Turrets",
        "Sand Turrets",
        "Nuclear Damper Factor-1",
        "Meson Screen Factor-1",
    ]
    assert built["100T Missile Bays"] == (1, 100, 20) and published["100T Missile Bays"] == (1, 100, 21)


def test_the_library_designs_fits_checks_and_refuses(tmp_path):
    """``shipyard.api.tcs_design``: the text, the genome as fitted and the repairs; a scenario the TL cannot meet is
    refused with the rule's code; a finding names the design, not a temporary file."""
    from shipyard import api

    scenario = tmp_path / "scenario.toml"
    scenario.write_text("[scenario]\ntech_level = 12\nminimum_jump = 3\n", encoding="utf-8")
    made = api.tcs_design(replace(VIGILANT, armour=15), "Vigilant", scenario)
    assert made.genome is not None and made.genome.armour == 12 and made.repairs[0].startswith("TL 12: jump 3")
    assert made.text is not None and made.diagnostics == [] and made.refused is None
    scenario.write_text("[scenario]\ntech_level = 10\nminimum_jump = 3\n", encoding="utf-8")
    refused = api.tcs_design(VIGILANT, "Vigilant", scenario)
    assert refused.text is None and refused.refused is not None and refused.refused[0] == "TCS109"


def test_the_genes_allowed_come_from_the_tables_at_the_scenarios_tl():
    """At TL12 with jump-3 required: armour 0-12, jump exactly 3 (TL12's most), 1-6 G, the PA spinal mounts of TL12
    or below (A-E, J-L, Q) and the meson gun's (A-D, K), damper and meson screen factor 1 or none; at TL15, jump 3-6
    and every mount."""
    at_12 = gene_ranges(SCENARIOS["1981 shape"], 9)
    assert at_12["armour"] == list(range(13)) and at_12["jump"] == [3] and at_12["maneuver"] == [1, 2, 3, 4, 5, 6]
    assert at_12["spinal"] == ["", "A", "B", "C", "D", "E", "J", "K", "L", "Q"]
    assert at_12["meson_spinal"] == ["", "A", "B", "C", "D", "K"]
    assert at_12["damper"] == [0, 1] and at_12["meson_screen"] == [0, 1] and at_12["tl"] == [12]
    at_15 = gene_ranges(Scenario(tech_level=15, minimum_jump=3), 9)
    assert at_15["jump"] == [3, 4, 5, 6] and len(at_15["spinal"]) == 19 and at_15["damper"][-1] == 9


def test_a_buffered_planetoid_shows_its_built_in_armour_in_the_usp_only(tmp_path):
    """A 20,000-ton buffered planetoid (configuration 9) at TL12: its Hull line is the unusable 35%, 7,000 tons, at
    Cr 750 a ton (MCr 150); the purchased armour 12 takes 2 + 2 x 12 = 26%, 5,200 tons, MCr 5,200 x 1.5 = 7,800; the
    USP's armour digit is 12 + 6 = 18, J (as the 1981 Eurisko's), and the sheet checks clean at TL12 (HG113 holds
    the purchased factor to the TL)."""
    genome = Genome(20000, 9, 12, 1, 1, 0, 2, 3, 0, 1, 0, 0, 12)
    scenario = Scenario(tech_level=12, minimum_jump=1)
    assert fitted(genome, scenario) == (genome, [])
    lines = {p.label: (p.tons, p.mcr) for p in build(genome).parts}
    assert lines["Hull"] == (7000, 150) and lines["Armour Factor-12"] == (5200, 7800)
    checked = _checked(sheet_text(genome, "Rock"), scenario, tmp_path)
    assert [d for d in checked.diagnostics if d.severity.value == "error"] == []
    usp = checked.ships[0].usp
    assert usp is not None and usp.configuration == 9 and usp.armour == 18 and usp.text.split("-")[2][0] == "J"


def test_drop_tanks_carry_the_jump_fuel_every_figure_by_hand(tmp_path):
    """10,000 tons at TL12, jump-3, 1 G, 3,000 tons of drop tanks (3 tenths): laden, 13,000 tons. The 400-ton jump
    drive is 100 x 400 / 13,000 = 3.08% of it: jump 2.08 -> 2; the 200-ton maneuver drive (100 x 200 / 13,000 + 1) / 3
    = 0.85 -> 0 G; the 900-ton plant (Pn 3: the drives' 3 over the 32 EP drawn) 100 x 900 / 13,000 / 3 = 2.31 -> 2.
    The laden ship needs 0.1 x 13,000 x 2 = 2,600 tons of jump fuel and 0.01 x 13,000 x 2 = 260 of plant fuel: 2,860,
    less than the 3,000 tons of tanks and the hull's 300 of plant fuel (0.01 x 10,000 x 3), so the hull holds no jump
    fuel, where without tanks it holds 0.1 x 10,000 x 3 = 3,000 tons: 3,000 tons more for cargo. The fittings cost MCr
    0.01 + 0.001 x 3,000 = 3.01 on the sheet; the tanks MCr 3 in the laden block (High Guard, p. 23)."""
    genome = Genome(10000, 1, 8, 3, 1, 0, 2, 5, 1, 5, 0, 0, 12, drop_tanks=3)
    assert fitted(genome, SCENARIOS["1981 shape"]) == (genome, [])
    tanked, plain = build(genome), build(replace(genome, drop_tanks=0))
    lines = {p.label: (p.tons, p.mcr) for p in tanked.parts}
    assert lines["J-Fuel"] == (0, 0) and lines["P-Fuel"] == (300, 0) and tanked.fuel == 300 and plain.fuel == 3300
    assert lines["L-Hyd Drop Tanks"] == (0, Decimal("3.01")) and tanked.cost == plain.cost + Decimal("3.01")
    assert tanked.laden == {"maneuver": 0, "jump": 2, "power": 2} and tanked.cargo == plain.cargo + 3000
    checked = _checked(sheet_text(genome, "Tanker"), SCENARIOS["1981 shape"], tmp_path)
    assert [f"{d.code} {d.message}" for d in checked.diagnostics if d.severity.value in ("error", "warning")] == []
    ship = checked.ships[0]
    assert ship.usp is not None and ship.laden_usp is not None and ship.laden_tonnage == 13000
    assert ship.usp.text.startswith("BB-K131") and ship.laden_usp.text.startswith("BB-K1202")
    assert ship.drop_tank_cost == 3


def test_drop_tanks_no_more_than_leave_it_jump_1_carrying_them(tmp_path):
    """TCS82 clarification 6: "Scenario jump requirements are satisfied if the ship could make the required jump while
    dropping its tanks, and can make at least jump-1 carrying its tanks along." A drive is J + 1 percent of the hull:
    a jump-3 drive (4%) carrying its hull's tonnage again (10 tenths) is 4 / 2 = 2% of the laden ship, jump 1: kept. A
    jump-2 drive (3%) asked to carry 9 tenths makes 3 / 1.9 - 1 = 0.58 -> 0, and 6 tenths 3 / 1.6 - 1 = 0.875 -> 0:
    fitted to 5 tenths, 3 / 1.5 - 1 = 1. A jump-1 drive (2%) makes 2 / 1.1 - 1 = 0.82 -> 0 with a single tenth: no
    tanks. Built unfitted, the jump-1 ship's sheet breaks TCS109; fitted, it has none, and says so."""
    scenario = Scenario(tech_level=12, minimum_jump=1, drop_tanks_dropped=False)
    jump_1 = Genome(10000, 1, 2, 1, 1, 0, 1, 1, 0, 1, 0, 0, 12, drop_tanks=5)
    codes = {d.code for d in _checked(sheet_text(jump_1, "Short"), scenario, tmp_path).diagnostics}
    assert "TCS109" in codes
    genome, said = fitted(jump_1, scenario)
    assert genome.drop_tanks == 0 and said == ["drop tanks of 0 tenths of the hull: jump-1 at least carrying them"]
    jump_2 = replace(jump_1, jump=2, drop_tanks=9)
    assert fitted(jump_2, scenario) == (replace(jump_2, drop_tanks=5), [said[0].replace("0 tenths", "5 tenths")])
    jump_3 = replace(jump_1, jump=3, drop_tanks=10)
    assert fitted(jump_3, scenario) == (jump_3, [])
    codes = {d.code for d in _checked(sheet_text(jump_3, "Long"), scenario, tmp_path, "long.txt").diagnostics}
    assert "TCS109" not in codes


def test_drop_tanks_dropped_before_combat_need_a_tug_the_fleet_can_buy():
    """Where the scenario drops tanks before combat (TCS82 clarification 7: "Tugs must be provided to handle all drop
    tanks"), a design carries none unless a tug can be bought for them: the genes offer none, and fitting takes them
    off; with a tug in the catalogue, they stay."""
    dropped = Scenario(tech_level=12, minimum_jump=3)
    assert gene_ranges(dropped, 12)["drop_tanks"] == [0] and gene_ranges(dropped, 12, tugs=True)["drop_tanks"][-1] == 10
    genome = Genome(10000, 1, 8, 3, 1, 0, 2, 5, 1, 5, 0, 0, 12, drop_tanks=3)
    assert fitted(genome, dropped)[0].drop_tanks == 0 and fitted(genome, dropped, tugs=True) == (genome, [])


def test_a_meson_spinal_mount_is_built_and_one_spinal_mount_is_kept(tmp_path):
    """A 30,000-ton hull at TL12 with a meson gun spinal mount K (High Guard p. 24: 8,000 tons, MCr 10,000, 1,000 EP,
    TL12): the USP's meson column is K, the battery lines give one meson battery beside the two missile bays'; the
    crew counts 8,000 / 100 - 1 = 79 for it and 9 engineers more, for its 1,000 EP make the plant Pn 4 (1,102 EP
    over 300 a Pn, 12% = 3,600 tons) where the drives' Pn 3 serves without it (9% = 2,700): drives of 6,300 tons
    against 5,400, 63 engineers against 54; and the sheet checks clean. Asked for a PA mount as well, fitting keeps
    the PA's alone: one spinal mount a ship."""
    genome = Genome(30000, 2, 2, 3, 2, 0, 2, 5, 0, 1, 1, 1, 12, missile_bays=2, meson_spinal="K")
    assert fitted(genome, SCENARIOS["1981 shape"]) == (genome, [])
    built = build(genome)
    lines = {p.label: (p.tons, p.mcr) for p in built.parts}
    assert lines["Spinal Meson Gun Factor-K"] == (8000, 10000) and built.ep_used >= 1000
    assert built.power == 4 and built.crew - build(replace(genome, meson_spinal="")).crew == 79 + 9
    checked = _checked(sheet_text(genome, "Mesonic"), SCENARIOS["1981 shape"], tmp_path)
    assert [d for d in checked.diagnostics if d.severity.value == "error"] == []
    ship = checked.ships[0]
    assert ship.usp is not None and ship.usp.meson_spinal == "K" and ship.usp.missile == 9
    assert ship.batteries is not None and ship.batteries.meson == 1 and ship.batteries.missile == 2
    both, said = fitted(replace(genome, spinal="L"), SCENARIOS["1981 shape"])
    assert (both.spinal, both.meson_spinal) == ("L", "") and "spinal mount L" in said[0]


def test_energy_turrets_mount_the_gun_the_tl_builds(tmp_path):
    """Three batteries of four double fusion-gun turrets on 10,000 tons at TL12 (High Guard, turret weapons: a fusion
    gun TL12, MCr 2, 2 EP; an energy turret 2 tons, two guns): 12 turrets, 24 tons, 24 guns, MCr 48, 48 EP; eight guns
    a battery give factor 5 (fusion: 1 gun 4, 4 guns 5, 10 guns 6), the USP's energy digit, and the sheet checks clean.
    At TL11 fitting mounts plasma guns (TL10), the best the TL builds; at TL9 none, and the batteries go."""
    genome = Genome(10000, 2, 6, 3, 2, 0, 2, 5, 0, 1, 0, 0, 12, energy_batteries=3, energy_turrets_each=4)
    genome = replace(genome, energy_gun="fusion gun")
    assert fitted(genome, SCENARIOS["1981 shape"]) == (genome, [])
    lines = {p.label: (p.tons, p.mcr, p.tail) for p in build(genome).parts}
    assert lines["12 x Energy Turrets"] == (24, 48, "; -48 EP")
    checked = _checked(sheet_text(genome, "Fusion"), SCENARIOS["1981 shape"], tmp_path)
    assert [d for d in checked.diagnostics if d.severity.value == "error"] == []
    ship = checked.ships[0]
    assert ship.usp is not None and ship.usp.energy == 5 and ship.batteries is not None and ship.batteries.energy == 3
    at_11, _ = fitted(genome, Scenario(tech_level=11, minimum_jump=2))
    assert (at_11.energy_gun, at_11.energy_batteries) == ("plasma gun", 3)
    assert fitted(genome, Scenario(tech_level=9, minimum_jump=1))[0].energy_batteries == 0
    assert gene_ranges(Scenario(tech_level=12), 12)["energy_gun"] == ["plasma gun", "fusion gun"]
    assert gene_ranges(Scenario(tech_level=9), 9)["energy_batteries"] == [0]


@pytest.mark.parametrize(
    "weapon, label, column, factor",
    [
        ("particle accelerator", "3 x 100T Particle Accelerator Bays", "particle_accelerator", 9),
        ("meson gun", "3 x 100T Meson Bays", "meson", 5),
        ("repulsor", "3 x 100T Repulsor Bays", "repulsor", 8),
        ("fusion gun", "3 x 50T Fusion Gun Bays", "energy", 9),
        ("plasma gun", "3 x 50T Plasma Gun Bays", "energy", 6),
    ],
)
def test_bays_of_each_weapon_the_tl_builds(weapon, label, column, factor, tmp_path):
    """Three bays of each weapon on 20,000 tons at TL14 (High Guard p. 24, bays: of the size asked; its factor by
    TL: a PA bay 9 from TL14, a meson bay 5 at TL14, a repulsor bay 8, a 50-ton fusion bay 9, a 50-ton plasma bay 6
    from TL12): the component line, the USP's digit in the weapon's column, three batteries under it, and a clean
    sheet."""
    scenario = Scenario(tech_level=14, minimum_jump=3)
    size = 100 if "100T" in label else 50
    genome = Genome(20000, 2, 6, 3, 2, 0, 2, 5, 0, 1, 0, 0, 14, bays=3, bay_weapon=weapon, bay_tons=size)
    assert fitted(genome, scenario) == (genome, [])
    bay = {p.label: (p.tons, p.mcr) for p in build(genome).parts}[label]
    assert bay == (3 * size, 3 * hg.BAYS[(size, weapon)].mcr)
    checked = _checked(sheet_text(genome, "Bays"), scenario, tmp_path)
    assert [d for d in checked.diagnostics if d.severity.value in ("error", "warning")] == []
    ship = checked.ships[0]
    assert ship.usp is not None and getattr(ship.usp, column) == factor
    assert ship.batteries is not None and ship.batteries.get(column) == 3


def test_one_mounting_of_a_weapon_where_high_guard_allows_one(tmp_path):
    """HG115: a spinal particle accelerator and particle accelerator bays, or energy bays and energy turrets, are not
    both allowed: fitting keeps the spinal mount and the energy bays, and says so. At TL12 the bays built are of a
    particle accelerator, a repulsor, a fusion gun or a plasma gun (a meson bay needs TL13)."""
    scenario = SCENARIOS["1981 shape"]
    genome = Genome(20000, 2, 6, 3, 2, 0, 2, 5, 0, 1, 0, 0, 12, bays=2, bay_weapon="particle accelerator", spinal="L")
    kept, said = fitted(genome, scenario)
    assert (kept.spinal, kept.bays) == ("L", 0) and said == [
        "a spinal particle accelerator, not particle accelerator bays as well"
    ]
    guns = replace(genome, spinal="", bay_weapon="fusion gun", bay_tons=50, energy_batteries=2, energy_turrets_each=3)
    kept, said = fitted(guns, scenario)
    assert (kept.bays, kept.energy_batteries) == (2, 0) and said == ["energy bays, not energy turrets as well"]
    checked = _checked(sheet_text(kept, "Guns"), scenario, tmp_path)
    assert [d.code for d in checked.diagnostics if d.severity.value == "error"] == []
    assert gene_ranges(scenario, 12)["bay_weapon"] == ["particle accelerator", "repulsor", "fusion gun", "plasma gun"]


def test_bays_of_a_size_the_tl_does_not_build_are_of_the_other_size():
    """A fusion gun bay is built in 50 tons only (High Guard p. 24): asked for 100-ton bays, fitting gives 50-ton and
    says so; a 50-ton missile bay needs TL10, so at TL9 fitting gives a 100-ton missile bay."""
    genome = Genome(20000, 2, 6, 3, 2, 0, 2, 5, 0, 1, 0, 0, 14, bays=3, bay_weapon="fusion gun", bay_tons=100)
    kept, said = fitted(genome, Scenario(tech_level=14, minimum_jump=3))
    assert kept.bay_tons == 50 and said[0].endswith("3 50-ton fusion gun bays, beam lasers")
    missiles = Genome(20000, 2, 2, 1, 2, 0, 2, 5, 0, 1, 0, 0, 9, missile_bays=1, missile_bay_tons=50)
    kept, said = fitted(missiles, Scenario(tech_level=9, minimum_jump=1))
    assert kept.missile_bay_tons == 100 and said[0].endswith("tons, 1 100-ton missile bay, beam lasers")
    assert gene_ranges(Scenario(tech_level=9), 9)["missile_bay_tons"] == [100]


def test_fifty_ton_missile_bays_every_figure_by_hand(tmp_path):
    """Two 50-ton missile bays on 20,000 tons at TL12 (High Guard p. 24, bays: a 50-ton missile bay MCr 12, no EP,
    factor 8 at TL12; a 100-ton one MCr 20, factor 9): 100 tons, MCr 24, the USP's missile digit 8 over two
    batteries, and a clean sheet; the genes offer both sizes at TL12."""
    scenario = SCENARIOS["1981 shape"]
    genome = Genome(20000, 2, 6, 3, 2, 0, 2, 5, 0, 1, 0, 0, 12, missile_bays=2, missile_bay_tons=50)
    assert fitted(genome, scenario) == (genome, [])
    assert {p.label: (p.tons, p.mcr) for p in build(genome).parts}["2 x 50T Missile Bays"] == (100, 24)
    checked = _checked(sheet_text(genome, "Fifty"), scenario, tmp_path)
    assert [d for d in checked.diagnostics if d.severity.value in ("error", "warning")] == []
    ship = checked.ships[0]
    assert ship.usp is not None and ship.usp.missile == 8
    assert ship.batteries is not None and ship.batteries.missile == 2
    assert gene_ranges(scenario, 12)["missile_bay_tons"] == [100, 50]


def test_pulse_lasers_every_figure_by_hand(tmp_path):
    """The Vigilant with pulse lasers (High Guard, turret weapons: a pulse laser MCr 0.5, 1 EP; a beam laser MCr 1):
    the 30 laser turrets' 90 lasers cost MCr 45, not 90, and draw the same 90 EP; 15 lasers a battery give factor 4
    on the pulse laser's table (10 lasers 4, 21 lasers 5; no TL13 bonus at TL12) where beam lasers give 6. The sheet
    says "Pulse Lasers" as High Guard Shipyard does, the design engine reads the factor from it, the combat engine
    fires its lasers as pulse lasers, and it checks clean. Beam lasers need TL9: at TL8 fitting mounts pulse lasers."""
    scenario = SCENARIOS["1981 shape"]
    pulse = replace(VIGILANT, pulse_lasers=1)
    assert fitted(pulse, scenario) == (pulse, [])
    assert {p.label: (p.tons, p.mcr, p.tail) for p in build(pulse).parts}["30 x Laser Turrets"] == (30, 45, "; -90 EP")
    assert build(VIGILANT).cost - build(pulse).cost == 45
    text = sheet_text(pulse, "Pulse")
    assert "Marines: 0 Pulse Lasers" in text
    checked = _checked(text, scenario, tmp_path)
    assert [d for d in checked.diagnostics if d.severity.value in ("error", "warning")] == []
    ship = checked.ships[0]
    assert ship.usp is not None and ship.usp.text == "BB-E333332-471100-40000-0"
    fighter = combatant(ship)
    assert fighter is not None and [b.weapon for b in fighter.batteries if "laser" in b.weapon] == ["pulse_laser"]
    assert fitted(VIGILANT, Scenario(tech_level=8))[0].pulse_lasers == 1


def test_particle_accelerator_turrets_every_figure_by_hand(tmp_path):
    """Two batteries of three particle accelerator turrets on 20,000 tons (High Guard p. 25: one accelerator a
    turret, 5 EP; at TL14 a barbette, 5 tons, MCr 4; at TL15 a turret, 3 tons, MCr 3): at TL14 30 tons, MCr 24, 30
    EP; at TL15 18 tons, MCr 18. Three accelerators a battery give factor 2 (1 gun 1, 2 guns 2, 4 guns 3), 3 at
    TL15 (+1 from TL15): the USP's PA digit over two batteries, and a clean sheet. With a spinal particle
    accelerator or PA bays the turrets go (HG115); below TL14 there are none to ask for."""
    scenario = Scenario(tech_level=14, minimum_jump=3)
    genome = Genome(20000, 2, 6, 3, 2, 0, 2, 5, 0, 1, 0, 0, 14, pa_batteries=2, pa_turrets_each=3)
    assert fitted(genome, scenario) == (genome, [])
    for tl, tons, mcr, digit in ((14, 30, 24, 2), (15, 18, 18, 3)):
        at = replace(genome, tl=tl)
        lines = {p.label: (p.tons, p.mcr, p.tail) for p in build(at).parts}
        assert lines["6 x Particle Accelerator Turrets"] == (tons, mcr, "; -30 EP")
        checked = _checked(
            sheet_text(at, "Barbettes"), Scenario(tech_level=tl, minimum_jump=3), tmp_path, f"pa{tl}.txt"
        )
        assert [d for d in checked.diagnostics if d.severity.value in ("error", "warning")] == []
        ship = checked.ships[0]
        assert ship.usp is not None and ship.usp.particle_accelerator == digit
        assert ship.batteries is not None and ship.batteries.particle_accelerator == 2
    kept, said = fitted(replace(genome, spinal="L"), scenario)
    assert kept.pa_batteries == 0 and said == [
        "a spinal particle accelerator, not particle accelerator turrets as well"
    ]
    kept, said = fitted(replace(genome, bays=2, bay_weapon="particle accelerator"), scenario)
    assert (kept.bays, kept.pa_batteries) == (2, 0)
    assert said == ["particle accelerator bays, not particle accelerator turrets as well"]
    assert gene_ranges(SCENARIOS["1981 shape"], 12)["pa_batteries"] == [0]
    with pytest.raises(Refused) as refused:  # built unfitted below TL14: refused with the rule's code
        build(replace(genome, tl=13))
    assert refused.value.code == "HG115" and "no particle accelerator turret at TL 13" in str(refused.value)
    assert fitted(replace(genome, tl=12), SCENARIOS["1981 shape"])[0].pa_batteries == 0

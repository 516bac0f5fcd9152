"""The component labels of a High Guard component sheet, section by section, and the reading of a label a copy
or a typist misspelt ("M-Drvie Factor-3", "Laser Turets"): read as the label it is nearest, said, with a fix.

A misspelt label was silent: the design engine finds a drive, a turret line or a tank by its label, so "M-Drvie"
was no maneuver drive and "Laser Turets" no lasers, and the only sign was a rule's finding about a figure (an
HG101 whose unsafe fix would have set the USP's laser digit to 0)."""

from __future__ import annotations

import difflib
import re
from functools import lru_cache
from typing import NamedTuple

#: The parts of a label that vary from sheet to sheet, each read as "#": a drive's, screen's or spinal mount's
#: factor (Factor-3, Factor-1.5, Factor-H, and after a misspelt "Factor", a figure or a letter at the end after a
#: dash: Fatcor-3), a computer's model (Model/6fib) and a bay's size (100T).
_VARIABLE = re.compile(
    r"(?<=factor-)[0-9A-Za-z.]+|(?<=-)(?:[0-9][0-9.]*+|[A-Z])$|(?<=model/)[0-9A-Za-z]+"
    r"|\b[0-9]+(?=T\b)",
    re.I,
)

#: Each section's labels as High Guard Shipyard writes them, "#" where a label varies (High Guard Shipyard, the
#: component sheet: HULL, ENGINEERING, FUEL, AVIONICS, WEAPONRY, SCREENS and ACCOMODATIONS, with the T20 items
#: it writes too), and the US spelling "Armor" the design engine reads as well. CRAFT and USER DEFINED hold the
#: designer's own words, and are not looked at.
COMPONENT_LABELS: dict[str, tuple[str, ...]] = {
    "HULL": ("Hull", "Armour Factor-#", "Armor Factor-#", "Controls"),
    "ENGINEERING": (
        "M-Drive Factor-#",
        "J-Drive Factor-#",
        "P-Plant Factor-#",
        "P-Plant",
        "Backup M-Drive Factor-#",
        "Backup J-Drive Factor-#",
        "Backup P-Plant Factor-#",
        "Backup P-Plant",
    ),
    "FUEL": ("P-Fuel", "J-Fuel", "Extra Fuel", "Scoops", "Purification", "L-Hyd Drop Tanks"),
    "AVIONICS": (
        "Bridge",
        "Flag Bridge",
        "Backup Bridge",
        "Computer Model/#",
        "Computer None",
        "Flag Computer Model/#",
        "Backup Computer Model/#",
        "Flight Avionics Model/#",
        "Sensors Model/#",
        "Communications Model/#",
        "Backup Flight Avionics Model/#",
        "Backup Sensors Model/#",
        "Backup Communications Model/#",
    ),
    "WEAPONRY": (
        "Spinal Meson Gun Factor-#",
        "Spinal Particle Accelerator Factor-#",
        "Empty #T Bays",
        "#T Meson Bays",
        "#T Particle Accelerator Bays",
        "#T Repulsor Bays",
        "#T Missile Bays",
        "#T Plasma Gun Bays",
        "#T Fusion Gun Bays",
        "Empty Turrets",
        "Missile Turrets",
        "Laser Turrets",
        "Energy Turrets",
        "Sand Turrets",
        "Particle Accelerator Turrets",
        "Mixed Turrets",
    ),
    "SCREENS": (
        "Nuclear Damper Factor-#",
        "Meson Screen Factor-#",
        "Black Globe Factor-#",
        "Extra Capacitors",
        "Backup Nuclear Dampers Factor-#",
        "Backup Meson Screens Factor-#",
        "Backup Black Globes Factor-#",
    ),
    "ACCOMODATIONS": (
        "Staterooms",
        "Small Staterooms",
        "Couches",
        "Low Berths",
        "Emergency Low Berths",
        "Drop Capsule Launchers",
        "Ready Drop Capsules",
        "Stored Drop Capsules",
        "Engineering Shops",
        "Vehicle Shops",
        "Laboratories",
        "Sickbays",
        "Autodocs",
        "Extra Airlocks",
        "Freshers",
        "Missile Magazines",
        "Cargo",
    ),
}
COMPONENT_LABELS["ACCOMMODATIONS"] = COMPONENT_LABELS["ACCOMODATIONS"]  # the header as a typist spells it

#: How near a label must be to one of its section's to be read as it (difflib's ratio): "M-Drvie Factor-3" is
#: 0.94 of "M-Drive Factor-3" and "Laser Turets" 0.96 of "Laser Turrets"; "Fuel Processor" is near nothing.
NEAR_ENOUGH = 0.8

_KNOWN = {section: {label.lower(): label for label in labels} for section, labels in COMPONENT_LABELS.items()}


class LabelReading(NamedTuple):
    """A label its section does not hold: the label it is read as (None when none is near enough)."""

    meant: str | None


@lru_cache(maxsize=1024)  # a fleet's sheets repeat the same few dozen labels
def read_label(section: str, label: str) -> LabelReading | None:
    """None when ``label`` is one its section holds (in any case), or the section is not looked at; else the
    label it is nearest, its varying parts (factor, model, bay size) kept as written, or no label when it is
    near none or as near two."""
    known = _KNOWN.get(section.upper())
    if known is None:
        return None
    values = _VARIABLE.findall(label)
    shape = _VARIABLE.sub("#", label).lower()
    if shape in known:
        return None
    ratios = sorted(((difflib.SequenceMatcher(None, shape, each).ratio(), each) for each in known), reverse=True)
    (best, near), (second, _) = ratios[0], ratios[1]
    if best < NEAR_ENOUGH or best == second or near.count("#") != len(values):
        return LabelReading(None)  # near none, or as near two ("X-Drive" of M-Drive and J-Drive): not guessed
    meant = known[near]
    for value in values:
        meant = meant.replace("#", value, 1)
    return LabelReading(meant)

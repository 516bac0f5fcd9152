"""Dark Stars systems: rolled on the generation table (one 1d6 for each orbital, the planet placed at a random
hex of its ring), kept as TOML, read back with located errors and checked.

    [system]
    name = "Seed 7"
    seed = 7                 # the seed it was generated with, if any

    [[planet]]
    type = "t2"              # t1-t5 terrestrial, g1-g5 gas giants
    hex = [2, -3]            # axial coordinates (shipyard/systems/darkstars/geometry.py); its orbital is 3
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import ClassVar, Literal

from pydantic import Field

from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.core.records import Record, Ship
from shipyard.core.toml_input import ClosedTable, load_toml_model, located, toml_string
from shipyard.systems.darkstars import charts as c
from shipyard.systems.darkstars import geometry as g

BodyType = Literal["t1", "t2", "t3", "t4", "t5", "g1", "g2", "g3", "g4", "g5"]


class SystemInput(ClosedTable):
    name: str | None = None
    seed: int | None = None


class PlanetInput(ClosedTable):
    type: BodyType
    hex: tuple[int, int]
    name: str | None = None


class SystemFile(ClosedTable):
    system: SystemInput = Field(default_factory=SystemInput)
    planet: list[PlanetInput] = Field(default_factory=list)


class Planet(Record):
    type: str
    q: int
    r: int
    name: str | None = None

    @property
    def hex(self) -> g.Hex:
        return self.q, self.r

    @property
    def orbital(self) -> int:
        return g.orbital(self.hex)


class StarSystem(Ship):
    """A Dark Stars solar system: its planets on the display."""

    ANCHORS: ClassVar[tuple[str, ...]] = ("name",)
    format: Literal["darkstars"] = "darkstars"
    name: str | None = None
    seed: int | None = None
    planets: list[Planet] = Field(default_factory=list)

    @property
    def display_name(self) -> str:
        return self.name or "(unnamed system)"


def generate(seed: int, name: str | None = None) -> StarSystem:
    """A system rolled on the generation table: 1d6 for each orbital, the planet (if the roll gives one) at a
    random hex of its ring. The same seed gives the same system."""
    rolls = random.Random(seed)
    planets = []
    for orbital in range(1, c.ORBITALS + 1):
        body = c.GENERATION[orbital][rolls.randint(1, c.GENERATION_DIE) - 1]
        place = rolls.choice(g.ring(orbital))
        if body is not None:
            planets.append(Planet(type=body, q=place[0], r=place[1]))
    return StarSystem(name=name or f"seed {seed}", seed=seed, planets=planets)


def to_toml(system: StarSystem) -> str:
    """The system as its TOML file (read back by ``read_system`` to the same planets)."""
    lines = ["# A Dark Stars system (docs/darkstars.md):", "# planets by type at axial hexes (q, r).", "", "[system]"]
    if system.name is not None:
        lines.append(f"name = {toml_string(system.name)}")
    if system.seed is not None:
        lines.append(f"seed = {system.seed}")
    for planet in system.planets:
        lines += [
            "",
            "[[planet]]",
            f'type = "{planet.type}"',
            f"hex = [{planet.q}, {planet.r}]  # orbital {planet.orbital}",
        ]
    return "\n".join(lines) + "\n"


def check_system(system: StarSystem) -> list[Diagnostic]:
    """Each planet on the display (DS103), of a type its orbital's roll can give (DS101), one body a hex
    (DS102: the star's hex holds the star), at most one planet an orbital, as the table rolls (DS104)."""
    found: list[Diagnostic] = []
    taken: dict[g.Hex, Planet] = {}
    orbitals: dict[int, Planet] = {}
    for planet in system.planets:
        span = planet.span("hex") or planet.span() or Span(path="-", line=1, col=1)
        where = planet.span("type") or span
        if planet.orbital > c.ORBITALS:
            found.append(
                Diagnostic(
                    code="DS103",
                    severity=Severity.ERROR,
                    span=span,
                    message=(
                        f"hex {planet.hex} is in orbital {planet.orbital}: the display has orbitals 1-{c.ORBITALS}"
                    ),
                )
            )
            continue
        if planet.orbital == 0:
            found.append(
                Diagnostic(
                    code="DS102",
                    severity=Severity.ERROR,
                    span=span,
                    message=f"a {planet.type} in the star's hex {g.STAR}",
                )
            )
            continue
        if planet.type not in c.GENERATION[planet.orbital]:
            can = sorted({b for b in c.GENERATION[planet.orbital] if b})
            found.append(
                Diagnostic(
                    code="DS101",
                    severity=Severity.ERROR,
                    span=where,
                    message=(
                        f"a {planet.type} in orbital {planet.orbital}: its roll gives {', '.join(can)} or nothing"
                    ),
                )
            )
        if planet.hex in taken:
            found.append(
                Diagnostic(
                    code="DS102",
                    severity=Severity.ERROR,
                    span=span,
                    message=(f"two bodies in hex {planet.hex}: the {taken[planet.hex].type} and this {planet.type}"),
                )
            )
        elif planet.orbital in orbitals:
            found.append(
                Diagnostic(
                    code="DS104",
                    severity=Severity.WARNING,
                    span=span,
                    message=(
                        f"a second planet in orbital {planet.orbital} (the table rolls one for each orbital): the "
                        f"{orbitals[planet.orbital].type} is there"
                    ),
                )
            )
        taken.setdefault(planet.hex, planet)
        orbitals.setdefault(planet.orbital, planet)
    return found


def read_system(text: str | None, path: Path, shown: str) -> tuple[list[Ship], list[Diagnostic]]:
    """The registry's reader: a system file as one ``StarSystem``, checked, with located errors."""
    loaded, found, positions = load_toml_model(text or "", shown, SystemFile, "DS001", "DS002", "Dark Stars system")
    if loaded is None:
        return [], found
    planets = []
    for index, item in enumerate(loaded.planet):
        spans = {"self": located(positions, shown, ("planet", index))}
        spans.update({key: located(positions, shown, ("planet", index, key)) for key in ("type", "hex")})
        planets.append(Planet(type=item.type, q=item.hex[0], r=item.hex[1], name=item.name, spans=spans))
    head = {"self": located(positions, shown, ("system",)), "name": located(positions, shown, ("system", "name"))}
    system = StarSystem(name=loaded.system.name, seed=loaded.system.seed, planets=planets, spans=head)
    return [system], found + check_system(system)

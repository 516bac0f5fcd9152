"""The USD ship: frozen pydantic v2 records for MCS and T4 USD sheets (MCS section 1.0).

Every record keeps ``spans``: for each of its fields that was read from a sheet, where it stood
(``spans["displacement"]``). Spans are provenance, not value: two records are equal when their
values are, wherever they were read from, so a sheet rendered back to text and read again gives
an equal ship.

Battery details ("2 turrets each", "3 salvos each.", "30 cannisters") are kept verbatim as
``Detail`` records, in order, so nothing a sheet says is lost; the figures the rules need
(turrets, salvos, missiles per salvo, canisters) are computed from them.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, computed_field

from shipyard.core.diagnostics import Span
from shipyard.core.fast import unchecked
from shipyard.core.numbers import short
from shipyard.core.records import Figure, Note, Record, Ship


class Detail(Record):
    """One "<number> <words>" phrase after a battery: "2 turrets each", "12 salvoes in cargo."."""

    number: int
    text: str
    parenthesised: bool = False

    def words(self) -> str:
        return self.text.lower().rstrip(".,;")

    def render(self) -> str:
        body = f"{self.number} {self.text}"
        return f"({body})" if self.parenthesised else body


MountKind = Literal["turret", "bay", "weapon"]


class Mounting(BaseModel):
    """How a battery's weapons are mounted, read from its details: N turrets, N bays or N weapons."""

    model_config = ConfigDict(frozen=True)

    count: int
    kind: MountKind


_MOUNT_KINDS: tuple[tuple[str, MountKind], ...] = (
    ("turret", "turret"),
    ("bay", "bay"),
    ("per battery", "weapon"),
    ("laser", "weapon"),
    ("gun", "weapon"),
    ("weapon", "weapon"),
    ("caster", "weapon"),
    ("damper", "weapon"),
)


def _mounting(details: list[Detail]) -> Mounting | None:
    for detail in details:
        words = detail.words()
        for marker, kind in _MOUNT_KINDS:
            if marker in words:
                return _mount(detail.number, kind)
    return None


@lru_cache(maxsize=256)  # a frozen value, asked for by several rules of every battery
def _mount(count: int, kind: MountKind) -> Mounting:
    return Mounting(count=count, kind=kind)


def _detail_matching(details: list[Detail], pattern: re.Pattern[str]) -> int | None:
    for detail in details:
        if pattern.search(detail.words()):
            return detail.number
    return None


#: The details that give a battery's missiles per salvo, its salvos in cargo, and its canisters (misspelt as
#: sheets spell them).
_MISSILES_PER_SALVO = re.compile(r"mis+i?les?\b.*salvo|mis+i?les?/salvo")
_SALVOS_IN_CARGO = re.compile(r"(salvo|reload).*cargo")
_CANISTERS = re.compile(r"can+is+ters?")

_EVERY_PEN_DAM_FIELD = {"spans", "pen", "dam"}  # shared: a record is frozen, and a copy copies the set first


class PenDam(Record):
    """Penetration and damage of a battery at one range band (MCS USD chart codes).

    A sheet may give one without the other ("14:-"): that half is None, and rule MCS010 reports it."""

    pen: int | None
    dam: int | None

    @classmethod
    def read_at(cls, pen: int | None, dam: int | None, span: Span) -> PenDam:
        """The pair a reader read at ``span``, from ints it made: without validation (the readers make about ten
        a sheet), as ``Span.on_line`` makes a span; a test holds it equal to the validated pair."""
        return unchecked(cls, {"spans": {"self": span}, "pen": pen, "dam": dam}, _EVERY_PEN_DAM_FIELD)

    def render(self) -> str:
        return f"{'-' if self.pen is None else self.pen}:{'-' if self.dam is None else self.dam}"


#: The range bands a sheet may limit a battery to, as sheets write them ("only useable at Very Short range or
#: less", the MCS sample sheets), in lower case.
RangeLimit = Literal["very short", "short", "medium", "long", "extreme"]


class _Battery(Record):
    count: int = 1
    name: str
    details: list[Detail] = Field(default_factory=list)
    #: The farthest band the sheet lets it fire at ("only useable at Medium range or less"); None: no limit.
    max_range: RangeLimit | None = None

    def limit_text(self) -> str:
        """The sheet's words for the range limit ("only useable at Very Short range or less"), or ""."""
        return f"only useable at {self.max_range.title()} range or less" if self.max_range else ""

    @computed_field  # type: ignore[prop-decorator]  # pydantic documents this form for mypy
    @property
    def mounting(self) -> Mounting | None:
        """Turrets, bays or weapons per battery, from a detail such as "2 turrets each"."""
        return _mounting(self.details)

    def head(self) -> str:
        return f"{self.count}x{self.name}"

    def tail(self) -> str:
        return "".join(" " + d.render() for d in self.details)


class BeamBattery(_Battery):
    """A laser, particle accelerator or meson battery: ROF and Pen:Dam at VS S M L [X]."""

    kind: Literal["beam"] = "beam"
    rof: int
    ranges: list[PenDam | None]
    point_defence: int | None = None

    def render(self) -> str:
        cells = " ".join(r.render() if r else "-" for r in self.ranges)
        pd = f" PointDef: {self.point_defence}" if self.point_defence is not None else ""
        return f"{self.head()} ({self.rof:+d}) ({cells}){pd}{self.tail()}"


class MissileBattery(_Battery):
    """Missile launchers: salvo rating, one missile's Pen:Dam, size & evade, salvos carried."""

    kind: Literal["missile"] = "missile"
    salvo_rating: int
    pen: int
    dam: int
    size_evade: int

    @computed_field  # type: ignore[prop-decorator]  # pydantic documents this form for mypy
    @property
    def salvos(self) -> int | None:
        """Ready salvos per battery ("3 salvos each.")."""
        for detail in self.details:
            words = detail.words()
            if re.match(r"salvo", words) and "cargo" not in words:
                return detail.number
        return None

    @computed_field  # type: ignore[prop-decorator]  # pydantic documents this form for mypy
    @property
    def missiles_per_salvo(self) -> int | None:
        """Missiles in one salvo ("2 missiles per salvo", "1 missile/salvo", "64 semi-independent missiles per
        salvo")."""
        return _detail_matching(self.details, _MISSILES_PER_SALVO)

    @computed_field  # type: ignore[prop-decorator]  # pydantic documents this form for mypy
    @property
    def salvos_in_cargo(self) -> int | None:
        """Reload salvos carried as cargo ("12 salvoes in cargo.")."""
        return _detail_matching(self.details, _SALVOS_IN_CARGO)

    def render(self) -> str:
        return (
            f"{self.count} x {self.name}: ({self.salvo_rating:+d}){self.pen}:{self.dam} "
            f"({self.size_evade:+d} size&evade){self.tail()}"
        )


class SandcasterBattery(_Battery):
    """Sandcasters: screen (always negative) and armour, with canisters carried."""

    kind: Literal["sandcaster"] = "sandcaster"
    screen: int
    armour: int

    @computed_field  # type: ignore[prop-decorator]  # pydantic documents this form for mypy
    @property
    def canisters(self) -> int | None:
        """Canisters carried ("30 cannisters": the seed's spelling is read as well)."""
        return _detail_matching(self.details, _CANISTERS)

    def render(self) -> str:
        screen = "-0" if self.screen == 0 else str(self.screen)  # a sheet's screen always has its minus sign
        return f"{self.count} x {self.name}: {screen}: {self.armour}{self.tail()}"


class DamperBattery(_Battery):
    """Nuclear damper turrets: a point defence rating only (MCS section 6.2)."""

    kind: Literal["damper"] = "damper"
    point_defence: int

    def render(self) -> str:
        return f"{self.count} x {self.name} PointDef: {self.point_defence:+d}{self.tail()}"


class T4Weapon(_Battery):
    """A T4 weapon line: ``1xSpinal Meson (+4) 2/14-11-9-6`` = count x name (fire control)
    figure / damage at the T4 ranges VS-S-M-L (MCS section 6, converting from T4)."""

    kind: Literal["t4"] = "t4"
    fire_control: int
    figure: int
    values: tuple[int, int, int, int]

    @computed_field  # type: ignore[prop-decorator]  # pydantic documents this form for mypy
    @property
    def per_battery(self) -> int | None:
        """Weapons (turrets, bays) in one battery, when the line says so ("(5 per battery)")."""
        mounting = self.mounting
        return mounting.count if mounting else None

    def render(self) -> str:
        values = "-".join(str(v) for v in self.values)
        return f"{self.head()} ({self.fire_control:+d}) {self.figure}/{values}{self.tail()}"


Weapon = Annotated[
    BeamBattery | MissileBattery | SandcasterBattery | DamperBattery | T4Weapon,
    Field(discriminator="kind"),
]


class Computer(Record):
    """``10xFib``: how many computers of which kind."""

    count: int
    model: str


class Sensor(Record):
    """``LIDAR: 4x15.5``, ``PEMS:1x13.5s``: kind, how many, sensitivity and any suffix."""

    kind: str
    count: int | None = None
    sensitivity: float
    suffix: str = ""

    def render(self) -> str:
        count = f"{self.count}x" if self.count is not None else ""
        return f"{count}{short(self.sensitivity)}{self.suffix}"


class Signature(Record):
    """Signature by sensor kind (``Vis:-1 IR: 0 Active: 0 Lidar: -0.5``)."""

    vis: float | None = None
    ir: float | None = None
    active: float | None = None
    lidar: float | None = None


class Jammer(Record):
    """One ECM entry (``PassDJam:14``)."""

    kind: str
    rating: float


class CrewQuality(Record):
    """``Crack Crew: Skill: 6 Skill+Attribute: 14``."""

    quality: str | None = None
    skill: int | None = None
    skill_attribute: int | None = None


class UsdShip(Ship):
    """One ship of a USD sheet, MCS or T4. Absent figures are ``None``: a sheet need not give all."""

    ANCHORS: ClassVar[tuple[str, ...]] = ("title", "class_name")
    format: Literal["usd"] = "usd"

    class_name: str | None = None
    description: str | None = None
    tl: int | None = None
    ship_type: str | None = None
    displacement: Figure | None = None
    cost_mcr: Figure | None = None
    mass: Figure | None = None
    size: int | None = None
    armour: int | None = None
    armour_mark: str | None = None
    toughness: int | None = None
    maneuver: Figure | None = None
    jump: int | None = None
    power: list[int] = Field(default_factory=list)
    g_tolerance: int | None = None
    jump_fuel: Figure | None = None
    cargo: Figure | None = None
    cargo_unit: str | None = None
    crew: int | None = None
    troops: int | None = None
    passengers: int | None = None
    computers: list[Computer] = Field(default_factory=list)
    sensors: list[Sensor] = Field(default_factory=list)
    signature: Signature | None = None
    ecm: list[Jammer] = Field(default_factory=list)
    fire_control: int | None = None
    fire_control_note: str | None = None
    crew_quality: CrewQuality | None = None
    range_header: list[str] = Field(default_factory=list)
    weapons: list[Weapon] = Field(default_factory=list)
    meson_screen: int | None = None
    #: T4 sheets list missile launchers and sandcasters as counts ("Launchers: 20", "Sandcasters: 50").
    missile_launchers: int | None = None
    sandcaster_count: int | None = None
    notes: list[Note] = Field(default_factory=list)

    @computed_field  # type: ignore[prop-decorator]  # pydantic documents this form for mypy
    @property
    def edition(self) -> Literal["mcs", "t4"]:
        """``t4`` when the sheet rates its weapons in T4 form, else ``mcs``."""
        return "t4" if any(w.kind == "t4" for w in self.weapons) else "mcs"

    def _of_kind(self, kind: str) -> list:
        return [w for w in self.weapons if w.kind == kind]

    @property
    def beam_batteries(self) -> list[BeamBattery]:
        return self._of_kind("beam")

    @property
    def missile_batteries(self) -> list[MissileBattery]:
        return self._of_kind("missile")

    @property
    def sandcasters(self) -> list[SandcasterBattery]:
        return self._of_kind("sandcaster")

    @property
    def dampers(self) -> list[DamperBattery]:
        return self._of_kind("damper")

    @property
    def t4_weapons(self) -> list[T4Weapon]:
        return self._of_kind("t4")

    @property
    def name(self) -> str:
        return self.class_name or "(unnamed ship)"

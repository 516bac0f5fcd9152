"""Dark Stars' public functions (re-exported by ``shipyard.api``): a system generated and drawn, a game log
refereed, and the legal plots of a ship's next turn. None raises on bad input: a file that does not read, or is
no system or game, is a finding."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from shipyard.core.diagnostics import Diagnostic, Severity, Span

if TYPE_CHECKING:  # each loaded by the function that needs it: importing this module stays cheap
    from shipyard.systems.darkstars.referee import Option, Refereed

__all__ = ["darkstars_draw", "darkstars_generate", "darkstars_moves", "darkstars_referee"]
#: The records this module's functions take or give back, by ``"module:attribute"``: docs/api.md documents each
#: beside the functions (a test holds every record a public signature names to it).
RECORDS = (
    "shipyard.systems.darkstars.referee:Option",
    "shipyard.systems.darkstars.referee:Refereed",
)


def darkstars_generate(seed: int, name: str | None = None) -> str:
    """A Dark Stars system rolled with ``seed``, as its TOML file (the same seed, the same file)."""
    from shipyard.systems.darkstars.system import generate, to_toml

    return str(to_toml(generate(seed, name)))


def darkstars_draw(path: str | Path) -> tuple[str | None, list[Diagnostic]]:
    """The SVG picture of a Dark Stars system file or game log (None with the reasons when it cannot be read)."""
    from shipyard.core.pipeline import load_sheet
    from shipyard.systems.darkstars import charts, geometry
    from shipyard.systems.darkstars.report import display_svg, game_svg
    from shipyard.systems.darkstars.system import StarSystem

    sheet = load_sheet(path)
    if sheet.format == "darkstars-game":  # a game: its system with each plotted path
        refereed = darkstars_referee(path)
        if refereed.system is None:
            return None, refereed.diagnostics
        return game_svg(refereed), refereed.diagnostics
    systems = [s for s in sheet.ships if isinstance(s, StarSystem)]
    if not systems:
        errors = [d for d in sheet.diagnostics if d.severity is Severity.ERROR]
        return None, errors or [
            Diagnostic(
                code="DS002",
                severity=Severity.ERROR,
                span=Span(path=str(path), line=1, col=1),
                message=f"not a Dark Stars system ({sheet.format}): expected a [system] table",
            )
        ]
    return display_svg(systems[0], charts.ORBITALS, list(geometry.display(charts.ORBITALS))), list(sheet.diagnostics)


def darkstars_referee(path: str | Path) -> Refereed:
    """A Dark Stars game log refereed (``Refereed``: each turn's lines, the paths, the findings)."""
    from shipyard.systems.darkstars.referee import referee

    return referee(Path(path))


def darkstars_moves(path: str | Path, ship: str) -> tuple[list[Option], list[Diagnostic]]:
    """Every legal plot for one ship's next turn of a Dark Stars game (without gravity assists)."""
    from shipyard.systems.darkstars.referee import options

    return options(Path(path), ship)

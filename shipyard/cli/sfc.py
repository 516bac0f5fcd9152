"""``shipyard sfc odds``: the exact odds of a Simple Fleet Combat attack."""

from __future__ import annotations

import json
import sys

import typer

from shipyard.cli._output import TextOrJson

app = typer.Typer(help="Simple Fleet Combat: the exact odds of an attack.", no_args_is_help=True,
                  rich_markup_mode=None)


def _element(value: str) -> str:
    from shipyard import api

    known = api.sfc_elements()
    if value not in known:
        import difflib
        close = difflib.get_close_matches(value, known, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise typer.BadParameter(f"unknown element {value!r}{hint} (expected one of {', '.join(known)})")
    return value


def odds(
    attacker: str = typer.Argument(..., help="The attacking element type (dreadnought, cruiser, carrier, fighter, "
                                   "tender, sdb, escort, assault-transport, transport, rider, deep-meson-gun).",
                                   callback=_element, show_default=False),
    defender: str = typer.Argument(..., help="The defending element type.", callback=_element, show_default=False),
    support: list[str] = typer.Option([], "--support", help="A supporting element of the attacker's group "
                                      "(repeatable): adds its supporting factor."),
    attacker_tl: int = typer.Option(10, "--attacker-tl", help="The attacker's TL."),
    defender_tl: int = typer.Option(10, "--defender-tl", help="The defender's TL."),
    damaged_attacker: bool = typer.Option(False, "--damaged-attacker", help="The attacker is damaged (-1)."),
    damaged_defender: bool = typer.Option(False, "--damaged-defender", help="The defender is damaged (-1)."),
    successive: int = typer.Option(0, "--successive", min=0, help="The attack is the Kth successive attack (-K)."),
    near_world: bool = typer.Option(False, "--near-world", help="The defender (SDBs or fighters) is within 1\" of "
                                    "a world with other elements (-1 to the attack)."),
    on_world: bool = typer.Option(False, "--on-world", help="An assault transport attacks the deep meson gun on "
                                  "its world (+12)."),
    chain_targets: int = typer.Option(3, "--chain", min=1, help="Targets a successive-fire chain may reach."),
    attacks: int = typer.Option(3, "--attacks", min=1, help="Attacks for the survival table."),
    output_format: TextOrJson = typer.Option(TextOrJson.text, "--format", "-f", help="text or json."),
) -> None:
    """The exact chances that ATTACKER's attack on DEFENDER has no effect, damages or destroys it, each factor
    shown; the chance a successive-fire chain destroys k like targets; and each element type's chance to survive
    a number of attacks, damage markers counted to its capacity. Chances are exact fractions."""
    from shipyard import api
    from shipyard.report.sfc import odds_document, odds_text

    for value in support:
        _element(value)
    result = api.sfc_odds(attacker, defender, tuple(support), attacker_tl, defender_tl, damaged_attacker,
                          damaged_defender, successive, near_world, on_world, chain_targets, attacks)
    if output_format is TextOrJson.json:
        sys.stdout.write(json.dumps(odds_document(result), indent=2) + "\n")
    else:
        sys.stdout.write(odds_text(result))


app.command("odds")(odds)

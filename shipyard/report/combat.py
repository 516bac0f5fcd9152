"""Combat results as text and as data: the odds of one shot or salvo, and a resolved fire log."""

from __future__ import annotations

from fractions import Fraction
from typing import Any


def fraction(value: Fraction) -> str:
    """An exact chance as text: "35/216", "0", "1"."""
    return str(value)


def _percent(value: Fraction) -> str:
    return f"{float(value):.2%}"


def _distribution(distribution: dict[str, Fraction] | None) -> dict[str, str] | None:
    return None if distribution is None else {key: fraction(value) for key, value in distribution.items()}


def _line(distribution: dict[str, Fraction] | None) -> str:
    if distribution is None:
        return "none (mesons hit only the interior)"
    return ", ".join(f"{key} {fraction(value)} ({_percent(value)})" for key, value in distribution.items())


def _terms(terms: Any) -> list[dict[str, Any]]:
    return [{"label": term.label, "value": term.value} for term in terms]


def shot_document(odds: Any) -> dict[str, Any]:
    """The odds as data: chances as exact fractions in text."""
    if hasattr(odds, "p_strike"):
        return {
            "attacker": odds.attacker, "battery": odds.battery, "target": odds.target, "salvo": odds.strength,
            "pen": odds.pen, "dv": odds.dv,
            "defence": [{"battery": name, "terms": _terms(terms), "target_number": sum(t.value for t in terms),
                         "dice": "1d6", "shots": shots, "p_intercept": fraction(p)}
                        for name, terms, shots, p in odds.defence],
            "p_strike": fraction(odds.p_strike), "p_hit": fraction(odds.p_strike),
            "penetration": _distribution(odds.penetration),
            "surface_severity": _distribution(odds.surface_severity),
            "interior_severity": _distribution(odds.interior_severity),
        }
    return {
        "attacker": odds.attacker, "battery": odds.battery, "target": odds.target, "range": odds.band.key,
        "weapon": odds.weapon, "terms": _terms(odds.terms), "target_number": odds.to_hit.target,
        "dice": odds.to_hit.dice_text, "p_hit": fraction(odds.p_hit), "pen": odds.pen, "dam": odds.dam,
        "damage_bonus": {str(k): fraction(v) for k, v in odds.bonus.items()},
        "penetration": _distribution(odds.penetration),
        "surface_severity": _distribution(odds.surface_severity),
        "interior_severity": _distribution(odds.interior_severity),
        "surface_severity_with_bonus": _distribution(odds.surface_with_bonus),
        "interior_severity_with_bonus": _distribution(odds.interior_with_bonus),
        "assumptions": list(odds.assumptions),
        "surface_effects": _distribution(odds.surface_effects),
        "interior_effects": _distribution(odds.interior_effects),
        "swarm_hits": None if odds.swarm_hits is None else {str(k): fraction(v) for k, v in odds.swarm_hits.items()},
    }


def shot_text(odds: Any) -> str:
    """The odds for a terminal: each term, the dice, the chance to hit and the outcome distributions."""
    if hasattr(odds, "p_strike"):
        lines = [f"{odds.attacker}, one {odds.battery} salvo ({odds.strength:+d}) at {odds.target}"]
        for name, terms, shots, p in odds.defence:
            text = " ".join(f"{'+' if t.value >= 0 else '-'} {abs(t.value)} {t.label}" for t in terms).lstrip("+ ")
            lines.append(f"point defence {name}: {text} = {sum(t.value for t in terms)} on 1d6, "
                         f"{shots} shot(s) at {fraction(p)} each")
        lines += [f"strikes: {fraction(odds.p_strike)} ({_percent(odds.p_strike)}), quick rule: Pen:Dam "
                  f"{odds.pen}:{odds.dv}",
                  f"armour: {_line(odds.penetration)}",
                  f"surface severity: {_line(odds.surface_severity)}",
                  f"interior severity: {_line(odds.interior_severity)}"]
        return "\n".join(lines) + "\n"
    aim = odds.to_hit
    lines = [f"{odds.attacker}, {odds.battery} at {odds.target}, {odds.band.name} range",
             f"to-hit: {aim.text()}",
             f"hits: {fraction(odds.p_hit)} ({_percent(odds.p_hit)}); Pen:Dam {odds.pen}:{odds.dam}",
             "damage bonus on a hit: " + ", ".join(f"+{k} {fraction(v)}" for k, v in odds.bonus.items()),
             f"{'meson screen' if odds.weapon == 'meson' else 'armour'}: {_line(odds.penetration)}",
             f"surface severity (a hit, no bonus): {_line(odds.surface_severity)}",
             f"interior severity (a hit, no bonus): {_line(odds.interior_severity)}",
             f"surface severity (with the bonus): {_line(odds.surface_with_bonus)}",
             f"interior severity (with the bonus): {_line(odds.interior_with_bonus)}"]
    for where, effects in (("surface", odds.surface_effects), ("interior", odds.interior_effects)):
        if effects:
            top = ", ".join(f"{key} {float(value):.3f}" for key, value in list(effects.items())[:6])
            lines.append(f"{where} effects to expect (hits per hit, the likeliest): {top}")
    if odds.swarm_hits is not None:
        hits = ", ".join(f"{k} {fraction(v)}" for k, v in odds.swarm_hits.items())
        lines.append(f"ships of the squadron hit: {hits}")
    lines += [f"assumed: {text}" for text in odds.assumptions]
    return "\n".join(lines) + "\n"


def resolution_document(result: Any) -> dict[str, Any]:
    return {"seed": result.seed,
            "turns": [{"turn": turn.number, "steps": turn.steps, "effects": turn.effects, "states": turn.states}
                      for turn in result.turns]}


def _state_lines(state: dict[str, Any]) -> list[str]:
    lines = [f"  {state['name']}{' (destroyed)' if state['destroyed'] else ''}: armour {state['armour']}, "
             f"toughness {state['toughness']}, meson screen {state['meson_screen'] or 'none'}, "
             f"maneuver {state['maneuver']}, "
             f"power {state['power']}, jump {state['jump']}, fire control {state['fire_control']}, crew disabled "
             f"{state['crew_disabled']}"]
    lines.append(f"    sensors: {', '.join(state['sensors']) or 'none'}")
    for name, batteries in state["batteries"].items():
        shown = sorted(set(batteries), key=batteries.index)
        counts = ", ".join(f"{batteries.count(usd)}x {usd}" for usd in shown)
        lines.append(f"    {name}: {counts}")
    if state["systems_destroyed"]:
        lines.append(f"    destroyed: {', '.join(state['systems_destroyed'])}")
    return lines


def resolution_text(result: Any) -> str:
    lines: list[str] = []
    for turn in result.turns:
        lines.append(f"Turn {turn.number}")
        lines += turn.steps
        lines.append(f"End of turn {turn.number}: damage takes effect")
        lines += [f"  {effect}" for effect in turn.effects]
        for state in turn.states:
            lines += _state_lines(state)
        lines.append("")
    return "\n".join(lines)

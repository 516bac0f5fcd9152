"""Simple Fleet Combat odds as text and as data (chances as exact fractions in text, "5/12")."""

from __future__ import annotations

from typing import Any


def _terms(terms: Any) -> str:
    parts = []
    for index, term in enumerate(terms):
        sign = "-" if term.value < 0 else "+"
        parts.append(f"{term.value} {term.label}" if index == 0 else f"{sign} {abs(term.value)} {term.label}")
    return " ".join(parts) + f" = {sum(t.value for t in terms)}"


def odds_document(result: Any) -> dict[str, Any]:
    one = result.attack
    return {
        "attacker": [{"label": t.label, "value": t.value} for t in one.attacker_terms],
        "defender": [{"label": t.label, "value": t.value} for t in one.defender_terms],
        "attack_factor": one.attack, "defence_factor": one.defence,
        "attacker_faces_as_1": sorted(one.attacker_faces), "defender_faces_as_1": sorted(one.defender_faces),
        "no_effect": str(one.no_effect), "damaged": str(one.damaged), "destroyed": str(one.destroyed),
        "chain_destroys": {str(k): str(p) for k, p in enumerate(result.chain)},
        "survival": {key: [str(p) for p in alive] for key, alive in result.survival.items()},
        "notes": list(one.notes),
    }


def odds_text(result: Any) -> str:
    one = result.attack
    lines = [f"attack: 1d6 + {_terms(one.attacker_terms)}"
             + (f" (TL: a rolled {'/'.join(map(str, sorted(one.attacker_faces)))} counts as 1)"
                if one.attacker_faces else ""),
             f"defence: 1d6 + {_terms(one.defender_terms)}"
             + (f" (TL: a rolled {'/'.join(map(str, sorted(one.defender_faces)))} counts as 1)"
                if one.defender_faces else ""),
             f"no effect {one.no_effect} ({float(one.no_effect):.1%}), damaged {one.damaged} "
             f"({float(one.damaged):.1%}), destroyed {one.destroyed} ({float(one.destroyed):.1%})"]
    lines += [f"note: {note}" for note in one.notes]
    lines.append("successive fire against like targets, destroys: " + ", ".join(
        f"{k} {p}" for k, p in enumerate(result.chain)))
    attacks = len(next(iter(result.survival.values())))
    lines.append(f"survives 1..{attacks} attacks by this attacker:")
    for key, alive in result.survival.items():
        lines.append(f"  {key}: " + ", ".join(f"{p} ({float(p):.1%})" for p in alive))
    return "\n".join(lines) + "\n"

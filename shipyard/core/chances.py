"""Chances as people read them and as programs use them, one way for every game: text gives a percentage, and
the exact fraction beside it when it is short enough to read ("27.8% (5/18)"); a distribution folds the outcomes
too rare to show into "other"; data keeps the exact fraction and adds the float (``{"exact": "5/18", "p":
0.2777...}``); a workbook stores the number under a percent format."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction

#: Decimals of a percentage in text ("27.8%"); a chance that would round to 0.0% or 100.0% without being either
#: gets as many more as it needs to show it is neither, up to PERCENT_MOST_DECIMALS.
PERCENT_DECIMALS = 1
PERCENT_MOST_DECIMALS = 6
#: The longest numerator or denominator, in digits, of an exact chance shown beside its percentage: "35/216" is
#: read at a glance, a 150-digit fraction is not (the JSON keeps it whole).
FRACTION_DIGITS = 6
#: A chance below this rounds to 0.000 (a probability to three decimals): a distribution folds such outcomes
#: into one "other" entry.
NEGLIGIBLE = Fraction(1, 2000)
#: The name of that entry.
OTHER = "other"


def percent(chance: Fraction | float) -> str:
    """A chance (exact, or a share seen) as a percentage: "27.8%"; "0%" and "100%" only when it is exactly that."""
    if chance in (0, 1):
        return f"{int(chance * 100)}%"
    for decimals in range(PERCENT_DECIMALS, PERCENT_MOST_DECIMALS + 1):
        text = f"{float(chance) * 100:.{decimals}f}"
        if float(text) not in (0, 100):
            return f"{text}%"
    return (
        f"<{10**-PERCENT_MOST_DECIMALS:.{PERCENT_MOST_DECIMALS}f}%"
        if chance < Fraction(1, 2)
        else (f">{100 - 10**-PERCENT_MOST_DECIMALS:.{PERCENT_MOST_DECIMALS}f}%")
    )


def short(chance: Fraction) -> bool:
    """Whether the exact fraction is short enough to show: numerator and denominator of FRACTION_DIGITS digits at
    most, and not a whole 0 or 1 (which the percentage says exactly)."""
    return (
        chance not in (0, 1)
        and len(str(chance.numerator)) <= FRACTION_DIGITS
        and len(str(chance.denominator)) <= FRACTION_DIGITS
    )


def chance_text(chance: Fraction) -> str:
    """A chance for people: "27.8% (5/18)", or the percentage alone when the fraction is long or whole."""
    return f"{percent(chance)} ({chance})" if short(chance) else percent(chance)


def chance_data(chance: Fraction) -> dict[str, str | float]:
    """A chance for programs: the exact fraction as text, and its float."""
    return {"exact": str(chance), "p": float(chance)}


def folded(distribution: Mapping[str, Fraction] | Iterable[tuple[str, Fraction]]) -> list[tuple[str, Fraction]]:
    """A distribution's outcomes as shown: each of NEGLIGIBLE or more in its order, then the rest, if any has a
    chance at all, as one OTHER entry (their sum, so the shown chances still add up)."""
    pairs = list(distribution.items()) if isinstance(distribution, Mapping) else list(distribution)
    shown = [(key, value) for key, value in pairs if value >= NEGLIGIBLE]
    rest = sum((value for _, value in pairs if value < NEGLIGIBLE), Fraction(0))
    return shown + ([(OTHER, rest)] if rest else [])


def distribution_text(distribution: Mapping[str, Fraction] | Iterable[tuple[str, Fraction]]) -> str:
    """A distribution on one line: "none 25.0% (1/4), 1 50.0% (1/2), other 0.01%"."""
    return ", ".join(f"{key} {chance_text(value)}" for key, value in folded(distribution))


def battle_verdict(wins: Iterable[tuple[str, float]], draw: float) -> str:
    """What happened most often in battles counted, in words, then the other outcomes, from each side's share of
    wins and the share drawn: "drawn in 96.8% of battles; Imperials win 2.9%, Zhodani 0.3%", or "Imperials win
    62.0% of battles; Zhodani 30.0%, drawn 8.0%"."""
    ranked = sorted(((share, name) for name, share in wins), reverse=True)
    (first, top), (second, other) = ranked[0], ranked[1]
    if draw >= first:
        return f"drawn in {draw:.1%} of battles; {top} wins {first:.1%}, {other} {second:.1%}"
    return f"{top} wins {first:.1%} of battles; {other} {second:.1%}, drawn {draw:.1%}"

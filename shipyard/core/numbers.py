"""Numbers as shipyard writes them: exact ``Decimal`` figures turned into JSON numbers and into the text a
person writes, in one place so that every output agrees."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

#: The most digits a whole figure read from a file may have: 10**15 - 1 is far past any figure a rule can
#: mean (a trillion credits, the largest TCS budget, is 10**12 Cr; no tonnage, count or rating comes near),
#: and every figure below it is exact as a float, so it stays exact in JSON and in a workbook.
FIGURE_DIGITS = 15
FIGURE_LIMIT = Decimal(10) ** FIGURE_DIGITS
FIGURE_LIMIT_INT = 10**FIGURE_DIGITS


def beyond_reason(value: object) -> str | None:
    """Why a number read from a file is beyond what a rule can mean, as the end of "the number ...": infinite,
    NaN, or 10**15 and over in size; None for any other value (and for anything that is not a number)."""
    if type(value) is int:  # most of a sheet's figures: told without a Decimal
        return None if -FIGURE_LIMIT_INT < value < FIGURE_LIMIT_INT else _beyond(Decimal(value))
    if type(value) is Decimal and value.is_finite() and -FIGURE_DIGITS <= value.adjusted() < FIGURE_DIGITS:
        return None  # 10**-15 <= |value| < 10**15, or 0 (whose adjusted exponent is 0)
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal)):
        return None
    return _beyond(Decimal(value) if not isinstance(value, float) or value == value else Decimal("NaN"))


def _beyond(exact: Decimal) -> str | None:
    if exact.is_nan():
        return "is NaN (not a number)"
    if exact.is_infinite():
        return "is infinite"
    if abs(exact) >= FIGURE_LIMIT:
        return f"has {exact.adjusted() + 1:,} digits (figures are under 10**{FIGURE_DIGITS})"
    if exact and abs(exact) < 1 / FIGURE_LIMIT:
        return f"is {exact:.1E}, nearer 0 than any rule can mean (figures are 0 or at least 10**-{FIGURE_DIGITS})"
    return None


def json_number(value: Decimal) -> int | float | None:
    """A Decimal as a JSON number: a whole value as an integer (1700), any other as a float (1336.63); None
    (JSON's null) for one that is not finite, which JSON cannot write."""
    if not value.is_finite():
        return None
    return int(value) if value == value.to_integral_value() else float(value)


def short(value: float) -> str:
    """A float as a sheet writes it, as short as reads back to it, never with an exponent: 14, 13.5, -0.5,
    111115.5, 0.00001."""
    text = f"{value:g}"
    return text if "e" not in text and float(text) == value else format(Decimal(repr(value)), "f")


def plain(value: object) -> object:
    """``json_number`` for a Decimal; any other value as it is (the cells of a table written as JSON or CSV)."""
    return json_number(value) if isinstance(value, Decimal) else value


#: The decimals of an MCr figure in the audit's text: a thousandth of an MCr (Cr 1,000), as High Guard prices go.
MONEY_PLACES = 3
#: The most whole digits ``money`` rounds (rounding past the decimal context's 28 digits would fail).
MONEY_DIGITS = 24


def figure(value: Decimal | int | float) -> str:
    """A figure as a person writes it: 87.5, 1700, 1336.63 (no trailing zeros, no exponent)."""
    return format(Decimal(value).normalize(), "f")


def grouped(value: Decimal | int | float | None) -> str:
    """A figure with thousands separators for a table: 12,045, 4,014.77 (two places at most); '' for None."""
    if value is None:
        return ""
    value = Decimal(value)
    if value == value.to_integral_value():
        return f"{value:,.0f}"
    return f"{value:,.2f}".rstrip("0").rstrip(".")


def money(value: Decimal | int) -> str:
    """An MCr figure as every text of the audit writes it: thousands separators and the decimals it has, to the
    thousandth (MCr 0.001 is Cr 1,000, the finest a High Guard price goes): 677,192.014, 846,962.12, 1,000,000."""
    value = Decimal(value)
    if not value.is_finite() or value.adjusted() >= MONEY_DIGITS:
        return figure(value) if value.is_finite() else str(value)
    return grouped_exact(round(value, MONEY_PLACES))


def as_written(value: Decimal | float | int) -> str:
    """A figure as a sheet writes it, at the precision it was read with (587.500 stays 587.500; 1.0E+3 is 1000),
    so a rendered sheet reads back equal."""
    if isinstance(value, Decimal):
        return format(value.normalize(), "f") if value == value.to_integral_value() else format(value, "f")
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def grouped_exact(value: Decimal | int) -> str:
    """A figure with thousands separators and every significant decimal: 33,381, 1,336.63."""
    if isinstance(value, Decimal) and "." in f"{value:f}":
        return f"{value:,f}".rstrip("0").rstrip(".")
    return f"{value:,}"


def nearest_key(table: Mapping[int, object], key: int) -> int:
    """The key of a table with a row for every whole number of its range (a TL table) that a lookup of ``key``
    uses: ``key`` itself within the range, else its first or last key (a TL past a table reads its end row)."""
    return min(max(key, min(table)), max(table))


def as_printed(exact: Decimal, declared: Decimal) -> Decimal:
    """``exact`` rounded (half up) to the decimal places ``declared`` is printed with: 216.6666... as 216.667
    beside a declared 216.667. A whole declared figure keeps ``exact`` as it is."""
    exponent = declared.as_tuple().exponent
    if not isinstance(exponent, int) or exponent >= 0:
        return exact
    return exact.quantize(Decimal(1).scaleb(exponent), rounding=ROUND_HALF_UP)


def agrees(declared: Decimal, exact: Decimal) -> bool:
    """Whether a figure printed on a sheet is the exact one at the precision it is printed with. A sheet prints
    fractions to a few places (High Guard Shipyard to three: +216.667 EP for 216.666...), so a figure with
    decimals is compared at its own places; a whole figure must be exact (EP=88 is not 87.5)."""
    return declared == as_printed(exact, declared)


def shown(value: Decimal, places: int = 3) -> str:
    """A figure for a message: exact when it is short, else to ``places`` decimals (216.667, not 216.6666...)."""
    return figure(round(value, places)) if value != round(value, places) else figure(value)


def fraction_text(value: Fraction | int) -> str:
    """An exact figure (a ``Fraction`` or an ``int``) as a sheet writes it: 16, 1.3, 26910.5 (a whole one exactly)."""
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


#: The words of a count written out, as a heading gives one ("Seventy-five Eurisko class ...", "Twelve ..."):
#: the units and teens, the tens, and the multipliers; "and" and hyphens are joins.
NUMBER_WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
NUMBER_MULTIPLIERS = {"hundred": 100, "thousand": 1000}


def count_in_words(words: str) -> int | None:
    """A count written in figures or words: "75", "1,000", "Seventy-five", "one hundred and twelve"; None for any
    other text (a word that is no number word, or none at all)."""
    plain_words = words.replace(",", "")
    if plain_words.isdigit():
        return int(plain_words)
    total = current = 0
    seen = False
    for word in words.lower().replace("-", " ").split():
        if word == "and" and seen:
            continue
        if word in NUMBER_WORDS:
            current += NUMBER_WORDS[word]
        elif word in NUMBER_MULTIPLIERS and seen:
            multiplier = NUMBER_MULTIPLIERS[word]
            if multiplier == 1000:
                total, current = (total + max(current, 1)) * multiplier, 0
            else:
                current = max(current, 1) * multiplier
        else:
            return None
        seen = True
    return total + current if seen else None

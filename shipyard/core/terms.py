"""A figure made of labelled terms (a to-hit target, a combat factor): the terms and how they read, once for every
system that shows its arithmetic."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple


class Term(NamedTuple):
    """One labelled term of a sum (a tuple: made by the hundred for every battle counted)."""

    label: str
    value: int


def terms_text(terms: Iterable[Term]) -> str:
    """The terms as a sum: "6 skill + 4 FC - 1 evasion" (the first term with its own sign, "-5 size")."""
    parts = []
    for index, term in enumerate(terms):
        if index == 0:
            parts.append(f"{term.value} {term.label}")
        else:
            parts.append(f"{'-' if term.value < 0 else '+'} {abs(term.value)} {term.label}")
    return " ".join(parts)

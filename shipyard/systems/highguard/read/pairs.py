"""Summary lines of Key=value pairs ("Cargo=63. Fuel=587.5. EP=120."), their counted words ("200 Fighters.") and
flags, a digit legend's letters ("W = 40."); a line that does not read whole is read piece by piece."""

from __future__ import annotations

from lark import Token
from lark.exceptions import UnexpectedInput

from shipyard.core.diagnostics import Severity
from shipyard.core.parse_errors import describe
from shipyard.core.records import Note
from shipyard.systems.highguard.labels import NEAR_ENOUGH
from shipyard.systems.highguard.read.lines import (
    LEGEND_LETTER,
    NEAR_KEY_LENGTH,
    OF_TOTAL,
    SUMMARY_KEYS,
    TERMINAL_WORDS,
    Pair,
    near_key,
    number,
    pairs_parts,
    quick,
    summary_pieces,
    token_col,
)
from shipyard.systems.highguard.read.sheet import Reading


def pairs_line(r: Reading, line: str) -> None:
    try:
        tree = quick("pairs_line").parse(line)
    except UnexpectedInput:
        pieces = summary_pieces(line)
        if len(pieces) < 2:
            raise  # one piece: the line is refused whole, at lark's column
        for start, piece in pieces:
            summary_piece(r, line, start, piece)
        return
    read_pairs(r, pairs_parts(tree))


def summary_piece(r: Reading, line: str, start: int, piece: str) -> None:
    """One piece of a summary line that does not read whole: read alone at its own columns (the line's
    other characters blanked), or refused alone (HG001), kept as a note, and the ship's legend marked as
    perhaps incomplete."""
    try:
        tree = quick("pairs_line").parse(" " * start + piece)
    except UnexpectedInput as error:
        col, expected = describe(error, line, TERMINAL_WORDS)
        r.report(
            "HG001",
            Severity.ERROR,
            f"cannot read this piece of the summary line ('{piece.strip()}'): "
            f"{expected}; kept as a note, the rest of the line is read",
            col,
        )
        r.ship.notes.append(Note.trusted(text=piece.strip(), spans={"self": r.span(start + 1)}))
        r.ship.summary_refused = True
        return
    read_pairs(r, pairs_parts(tree))


def read_pairs(r: Reading, parts: list[Token | Pair]) -> None:
    ship = r.ship
    for part in parts:
        if isinstance(part, Token) and part.type == "SEMI":
            continue
        if isinstance(part, Token) and part.type == "COUNTED":  # "200 Fighters.", "7 Battle Riders."
            count, word = str(part).rstrip(".").split(None, 1)
            word = " ".join(word.split())
            canonical = SUMMARY_KEYS.get(word.lower(), word)
            ship.summary[canonical] = number(count)
            ship.spans[f"summary.{canonical}"] = r.span(token_col(part))
            continue
        if isinstance(part, Token):  # a FLAG
            ship.flags.append(str(part))
            continue
        key = str(part.key)[:-1].strip()  # the grammar's PAIR_KEY ends with its '=' or ':'
        if r.unknown(key, str(part.value), token_col(part.value)):
            continue
        if LEGEND_LETTER.fullmatch(key) and not r.state.in_drop_tanks:
            ship.battery_legend[key] = int(number(str(part.value)))
            ship.spans[f"legend.{key}"] = r.span(token_col(part.key))
            continue
        written = str(part.key)
        canonical = summary_key(r, key, token_col(part.key) + len(written) - len(written.lstrip()))
        raw = OF_TOTAL.sub("", str(part.value))
        if r.state.in_drop_tanks:
            canonical = f"Laden {canonical}"
        ship.summary[canonical] = number(raw)
        ship.spans[f"summary.{canonical}"] = r.span(token_col(part.key))


def summary_key(r: Reading, key: str, col: int) -> str:
    """A summary line's key as it is read: a known one by its own spelling, a near miss of one (a letter
    dropped or two swapped: "Agilty", "Marnies") as that key, said with the fix (HG011), any other as
    written. A misspelt Agility, Cargo, EP or Fuel was silent, and left its rule nothing to check."""
    known = SUMMARY_KEYS.get(key.lower())
    if known is not None or len(key) < NEAR_KEY_LENGTH:
        return known or key
    near = near_key(key.lower(), SUMMARY_KEYS, NEAR_ENOUGH)
    if near is None:
        return key
    meant = SUMMARY_KEYS[near]
    r.respelled(
        "HG011",
        f"unknown summary key '{key}': did you mean '{meant}'? Read as that key",
        col,
        key,
        meant,
        f"spell the key '{meant}'",
    )
    return meant

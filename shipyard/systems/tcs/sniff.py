"""How a TCS formation turn log is told from other TOML, before anything of the formation is loaded (``check``
asks every file)."""

from __future__ import annotations

from shipyard.core.sniff import toml_tables


def looks_like_turn_log(text: str) -> bool:
    """A formation turn log's tables: ``[[turn]]`` (and ``[[setup]]``), without a fire log's ``[ships.NAME]``.
    A Simple Fleet Combat or Dark Stars game log has turns too, but its ``[world]`` or ``[game]`` claims it
    first."""
    if "[[turn]]" not in text:
        return False
    tables = toml_tables(text)
    return "[[turn]]" in tables and not any(table.startswith("[ships") for table in tables)

"""How an MCS fire log is told from other TOML, before anything of combat is loaded (``check`` asks every file)."""

from __future__ import annotations

from shipyard.core.sniff import toml_tables


def looks_like_fire_log(text: str) -> bool:
    """A fire log's tables: ``[ships.NAME]`` and ``[[turn]]`` (a TCS formation log has turns but no ships)."""
    if "[ships." not in text:
        return False
    tables = toml_tables(text)
    return "[[turn]]" in tables and any(table.startswith("[ships.") for table in tables)

"""Seeds derived from a seed and a number: each run of a battle, each generation of a search, apart from every
other and from nothing else (not the process, the worker or the order they were asked in)."""

from __future__ import annotations

import hashlib


def run_seed(seed: int, run: int) -> int:
    """The seed of one run: from the engagement's (or search's) seed and the run's number only."""
    digest = hashlib.sha256(f"shipyard battle {seed} {run}".encode()).digest()
    return int.from_bytes(digest[:8], "big")

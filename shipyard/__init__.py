"""shipyard: read, check, convert and score Traveller starship sheets."""

from __future__ import annotations


def __getattr__(name: str) -> str:
    if name == "__version__":  # read from the package metadata when asked, not at every import
        from shipyard.core.version import version

        return version()
    raise AttributeError(f"module 'shipyard' has no attribute {name!r}")

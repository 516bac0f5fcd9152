"""``python -m shipyard`` and the ``shipyard`` script: the command line, its imports made with the collector
held off and then left out of its passes (shipyard/core/collector.py)."""

from __future__ import annotations

from collections.abc import Callable


def main() -> None:
    """Start the command line."""
    from shipyard.core.collector import started

    def load() -> Callable[[], None]:
        from shipyard.cli import main as cli

        return cli

    started(load)()


if __name__ == "__main__":
    main()

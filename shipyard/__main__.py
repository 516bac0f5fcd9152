"""``python -m shipyard`` and the ``shipyard`` script: the command line, its imports made with the collector
held off and then left out of its passes (shipyard/core/collector.py)."""

from __future__ import annotations

from collections.abc import Callable


def main() -> None:
    """Start the command line; ``shipyard --version`` alone is answered before it is imported (as it prints)."""
    import sys

    if sys.argv[1:] == ["--version"]:
        import shipyard

        print(f"shipyard {shipyard.__version__}")
        return
    from shipyard.core.collector import started

    def load() -> Callable[[], None]:
        from shipyard.cli import main as cli

        return cli

    started(load)()


if __name__ == "__main__":
    main()

"""``python -m shipyard``: the command line."""

from shipyard.cli import main

main()

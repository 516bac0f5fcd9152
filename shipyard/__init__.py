"""shipyard: read, check and convert Traveller starship sheets."""

__version__ = "0.1.0"

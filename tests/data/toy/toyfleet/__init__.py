"""A toy game system: fleets of dinghies, one a line (``Dinghy: Gull, 6 oars``)."""

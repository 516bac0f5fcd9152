"""Computations: converting designs to MCS ratings (T4 -> MCS today)."""

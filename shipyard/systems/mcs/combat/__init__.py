"""MCS combat: a shot's exact odds, fire logs resolved, whole battles fought (``battle``, ``turns``) and the fleet
search over them."""


def engine_compiled() -> bool:
    """True when the battle engine runs compiled (its modules built by mypyc, setup.py), False as pure Python:
    the same rolls and results either way, the compiled one faster."""
    from shipyard.systems.mcs.combat import turns

    return not turns.__file__.endswith(".py")

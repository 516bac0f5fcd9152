"""The toy system's line of the systems' table (shipyard/systems/__init__.py), as the test adds it."""

from shipyard.core.registry import Commands, Format, System

LINE = System(
    name="toyfleet",
    title="Toy fleets of dinghies",
    prefixes=("TOY",),
    formats=(
        Format(
            "dinghy",
            "sheet",
            "a dinghy list",
            reader="toyfleet.read:read_dinghies",
            recognise="toyfleet.read:looks_like_dinghies",
        ),
        Format(
            "regatta", "setting", "a toy regatta", toml_table="[regatta]", instead="row it with 'shipyard toyfleet'"
        ),
    ),
    ship_format="dinghy",
    ship_model="toyfleet.model:Dinghy",
    family="toyfleet",
    rules="toyfleet.rules",
    subject="toyfleet.model:subject",
    codes="toyfleet.codes:CODES",
    commands=(Commands("toyfleet", "toyfleet.cli:app"),),
    api="toyfleet.api",
)

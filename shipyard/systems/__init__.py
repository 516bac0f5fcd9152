"""The game systems shipyard knows, one package each, and the table that registers them (shipyard/core/registry.py
says what each field means). Adding a system is its package, one line here and its fixtures (CONTRIBUTING.md).

The table's order matters twice: formats are recognised in it (after any claimed TOML table), and codes and
rules are listed in it.
"""

from __future__ import annotations

from shipyard.core.registry import Commands, Format, System

SYSTEMS = (
    System(
        name="mcs",
        title="MCS (Military Combat System) and T4 USD sheets, FFS designs",
        prefixes=("MCS", "USD", "FFS", "CNV", "CMB", "SRC"),
        formats=(
            Format("usd", "sheet", "a USD sheet", reader="shipyard.systems.mcs.parse:read_usd", fallback=True),
            Format(
                "ffs",
                "sheet",
                "an FFS design",
                reader="shipyard.systems.mcs.ffs.read:read_design",
                toml_table="[ship]",
                suffixes=(".xlsx",),
            ),
            Format(
                "fire-log",
                "log",
                "an MCS fire log",
                recognise="shipyard.systems.mcs.combat.sniff:looks_like_fire_log",
                instead="resolve it with 'shipyard combat resolve'",
                referee="shipyard.systems.mcs.combat.log:log_findings",
            ),
            Format(
                "engagement",
                "setting",
                "an MCS engagement",
                toml_table="[[sides]]",
                instead="fight it with 'shipyard combat battle'",
            ),
        ),
        ship_format="usd",
        ship_model="shipyard.systems.mcs.model:UsdShip",
        family="mcs",
        rules="shipyard.systems.mcs.rules",
        subject="shipyard.systems.mcs.subject:subject",
        panel="shipyard.systems.mcs.panel:ship_panel",
        render="shipyard.systems.mcs.render:render_usd",
        tables="shipyard.systems.mcs.tables",
        codes="shipyard.systems.mcs.codes:CODES",
        converter="shipyard.systems.mcs.convert:convert_sheet",
        commands=(Commands("combat", "shipyard.systems.mcs.cli:app"),),
        api="shipyard.systems.mcs.api",
    ),
    System(
        name="highguard",
        title="High Guard USP blocks and component sheets",
        prefixes=("HG",),
        formats=(
            Format(
                "highguard",
                "sheet",
                "a High Guard sheet",
                reader="shipyard.systems.highguard.parse:read_highguard",
                recognise="shipyard.systems.highguard.sniff:looks_like_highguard",
            ),
        ),
        ship_format="highguard",
        ship_model="shipyard.systems.highguard.model:HighGuardShip",
        family="hg",
        rules="shipyard.systems.highguard.rules",
        subject="shipyard.systems.highguard.subject:subject",
        panel="shipyard.systems.highguard.panel:highguard_panel",
        render="shipyard.systems.highguard.render:render_highguard",
        tables="shipyard.systems.highguard.tables",
        codes="shipyard.systems.highguard.codes:CODES",
    ),
    System(
        name="tcs",
        title="Trillion Credit Squadron 1982: tournament checks, fleets, Appendix A, battle formation",
        prefixes=("TCS", "SCN", "DMG", "APX", "FRM"),
        builds_on="highguard",
        formats=(
            Format("fleet", "fleet", "a fleet", toml_table="[[ship]]", instead="check it with 'shipyard check'"),
            Format("scenario", "setting", "a scenario", toml_table="[scenario]", instead="give it with --scenario"),
            Format(
                "damage-record",
                "setting",
                "a TCS damage record",
                toml_table="[[damage]]",
                instead="score it with 'shipyard score', or give it to 'shipyard audit --damage'",
            ),
            Format(
                "turn-log",
                "log",
                "a TCS formation turn log",
                recognise="shipyard.systems.tcs.sniff:looks_like_turn_log",
                instead="check it with 'shipyard formation'",
                referee="shipyard.systems.tcs.formation:log_findings",
            ),
        ),
        family="tcs",
        rules="shipyard.systems.tcs.rules",
        subject="shipyard.systems.tcs.subject:subject",
        codes="shipyard.systems.tcs.codes:CODES",
        topics="shipyard.systems.tcs.topics:TOPICS",
        fleets="shipyard.systems.tcs.fleet",
        commands=(
            Commands("score", "shipyard.systems.tcs.cli:score", single=True),
            Commands("formation", "shipyard.systems.tcs.cli:formation", single=True),
        ),
        api="shipyard.systems.tcs.api",
    ),
    System(
        name="sfc",
        title="Simple Fleet Combat: rosters and the odds of the combat roll",
        prefixes=("SFC",),
        formats=(
            Format(
                "sfc-roster",
                "sheet",
                "a Simple Fleet Combat roster",
                reader="shipyard.systems.sfc.roster:read_roster",
                toml_table="[roster]",
            ),
            Format(
                "sfc-game",
                "log",
                "a Simple Fleet Combat game log",
                toml_table="[world]",
                instead="referee it with 'shipyard sfc referee'",
                referee="shipyard.systems.sfc.referee:log_findings",
            ),
        ),
        ship_format="sfc",
        ship_model="shipyard.systems.sfc.roster:Roster",
        family="sfc",
        rules="shipyard.systems.sfc.rules",
        subject="shipyard.systems.sfc.subject:subject",
        panel="shipyard.systems.sfc.panel:roster_panel",
        codes="shipyard.systems.sfc.codes:CODES",
        commands=(Commands("sfc", "shipyard.systems.sfc.cli:app"),),
        api="shipyard.systems.sfc.api",
    ),
    System(
        name="darkstars",
        title="Dark Stars: the interplanetary display and its systems",
        prefixes=("DS",),
        formats=(
            Format(
                "darkstars-system",
                "sheet",
                "a Dark Stars system",
                reader="shipyard.systems.darkstars.system:read_system",
                toml_table="[system]",
            ),
            Format(
                "darkstars-game",
                "log",
                "a Dark Stars game log",
                toml_table="[game]",
                instead="referee it with 'shipyard darkstars referee'",
                referee="shipyard.systems.darkstars.referee:log_findings",
            ),
        ),
        ship_format="darkstars",
        ship_model="shipyard.systems.darkstars.system:StarSystem",
        panel="shipyard.systems.darkstars.panel:system_panel",
        codes="shipyard.systems.darkstars.codes:CODES",
        commands=(Commands("darkstars", "shipyard.systems.darkstars.cli:app"),),
        api="shipyard.systems.darkstars.api",
    ),
)

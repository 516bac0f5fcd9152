"""The base of the result records a library user reads (a battle's, a search's): frozen pydantic models whose JSON
form is a command's ``--format json`` document, key for key."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Outcome(BaseModel):
    """Base of the result records: frozen, no field but its own; built from the engine's figures as they are."""

    model_config = ConfigDict(frozen=True, extra="forbid")

"""Settings for ``shipyard check``: ``shipyard.toml`` (top-level keys) or ``[tool.shipyard]`` in
``pyproject.toml``, the nearest one found walking up from the first path checked (as ruff does).

    select = ["MCS", "HG", "TCS"]     # code prefixes; default: every code
    ignore = ["TCS114"]
    exclude = ["drafts/", "*.bak"]    # gitignore-style, anchored at this file's folder
    scenario = "scenario.toml"        # relative to the settings file
    level = "warning"                 # error | warning | info
    jobs = 2                          # worker processes; default: every core

    [per-file-ignores]                # (in pyproject.toml: [tool.shipyard.per-file-ignores])
    "legacy/**" = ["TCS"]             # code prefixes ignored in the files a pattern matches

Patterns are gitignore-style and anchored at the settings file's folder (shipyard/core/paths.py).
Command-line options win over the file. A file that does not validate is a usage error (exit 2):
CFG001 not TOML, CFG002 a value that does not validate (at its line, with a did-you-mean).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.source import read_limited_text, read_sheet_text
from shipyard.core.toml_input import load_toml_model, parse_toml


class Settings(BaseModel):
    # Built when a settings file is read: without one, a check takes ``defaults()`` and builds no validator.
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    select: list[str] = Field(default_factory=list)
    ignore: list[str] = Field(default_factory=list)
    exclude: list[str] = Field(default_factory=list)
    scenario: str | None = None
    level: Literal["error", "warning", "info"] | None = None
    jobs: int | None = Field(default=None, ge=1)
    per_file_ignores: dict[str, list[str]] = Field(default_factory=dict, alias="per-file-ignores")

    @field_validator("select", "ignore")
    @classmethod
    def _known_prefixes(cls, values: list[str]) -> list[str]:
        _check_prefixes(values)
        return values

    @field_validator("per_file_ignores")
    @classmethod
    def _known_per_file(cls, values: dict[str, list[str]]) -> dict[str, list[str]]:
        for codes in values.values():
            _check_prefixes(codes)
        return values


def defaults() -> Settings:
    """The settings when no file gives any: every field's default, made without validation (pydantic leaves
    defaults unvalidated anyway). The empty containers are given, not made by their fields' ``default_factory``:
    pydantic reads a factory's signature first, and that of ``list`` is parsed with the tokenizer, whose
    patterns it then compiles, some 3 ms of a check's start-up."""
    return Settings.model_construct(set(), select=[], ignore=[], exclude=[], per_file_ignores={})


def _check_prefixes(values: list[str]) -> None:
    from shipyard.core.codes import unknown_prefix
    from shipyard.core.selection import prefixes

    problems = [why for prefix in prefixes(values) if (why := unknown_prefix(prefix))]
    if problems:
        raise ValueError("; ".join(problems))


class _Tool(BaseModel):
    model_config = ConfigDict(extra="ignore", defer_build=True)  # built when a pyproject.toml is read

    shipyard: Settings


class _PyProject(BaseModel):
    model_config = ConfigDict(extra="ignore", defer_build=True)

    tool: _Tool


def find_settings_file(start: Path) -> Path | None:
    folder = start if start.is_dir() else start.parent
    folder = folder.resolve()
    for candidate in (folder, *folder.parents):
        own = candidate / "shipyard.toml"
        if own.is_file():
            return own
        pyproject = candidate / "pyproject.toml"
        if pyproject.is_file():
            text = read_limited_text(pyproject)
            if text is None:
                continue
            data, problem = parse_toml(text)
            if problem is not None and "tool.shipyard" in text:
                return pyproject  # broken, and meant for shipyard: load_settings says where (CFG001)
            if data is not None and "shipyard" in data.get("tool", {}):
                return pyproject
    return None


def load_settings(path: Path) -> tuple[Settings | None, list[Diagnostic]]:
    """The settings of a ``shipyard.toml`` or a ``pyproject.toml``'s ``[tool.shipyard]``."""
    text, diagnostics = read_sheet_text(path, str(path))
    if text is None:
        return None, diagnostics
    if path.name == "pyproject.toml":
        project, found, _ = load_toml_model(text, str(path), _PyProject, "CFG001", "CFG002", "TOML settings")
        return (project.tool.shipyard if project else None), diagnostics + found
    settings, found, _ = load_toml_model(text, str(path), Settings, "CFG001", "CFG002", "TOML settings")
    return settings, diagnostics + found

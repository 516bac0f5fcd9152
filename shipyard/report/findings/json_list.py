"""``check --format json``: a list of findings, each one the ``Diagnostic`` as JSON, streamed one a line."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import IO

from shipyard.core.diagnostics import Diagnostic


class JsonWriter:
    def __init__(self, stream: IO[str]) -> None:
        self.stream, self.first = stream, True
        stream.write("[")

    def add(self, diagnostic: Diagnostic) -> None:
        self.stream.write(("\n  " if self.first else ",\n  ") + json.dumps(diagnostic.model_dump(mode="json")))
        self.first = False

    def close(self) -> None:
        self.stream.write("\n]\n" if not self.first else "]\n")


def make(stream: IO[str], text_line: Callable[[Diagnostic], None] | None) -> JsonWriter:
    return JsonWriter(stream)

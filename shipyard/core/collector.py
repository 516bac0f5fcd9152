"""How shipyard asks Python's cyclic garbage collector for fewer passes where its passes find nothing.

A checked sheet's objects (its lines' tokens, records, findings) and a fought battle's (its ships, shots and
hits) hold no reference cycles: reference counting frees them the moment the sheet or battle is done. The
collector does not know that: by default it walks the young objects every 700 allocations, most of them still
in use, and promotes the survivors, which older passes then walk again. Raising the young threshold while such
work runs spares it the walks, and a cycle made anyway (an exception's traceback) is still collected at its next
pass.

The command line's start-up is the other case: its imports make tens of thousands of objects (classes,
functions, compiled patterns, pydantic's schemas: some 46,000 a ``check``) that live as long as the process.
``started`` holds the collector off while they are made and then sets them aside (``gc.freeze``), so that no
later pass walks them.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Callable, Iterator
from typing import TypeVar

#: Allocations between the collector's young-generation passes while sheets are checked or battles counted
#: (Python's default is 700). Measured (``gc.callbacks``): passes every few hundred allocations took about a
#: twentieth of a battle's time, and of a 1,000-sheet check's.
YOUNG_THRESHOLD = 50_000

T = TypeVar("T")


@contextlib.contextmanager
def fewer_collections() -> Iterator[None]:
    """The young generation's threshold raised to ``YOUNG_THRESHOLD`` (never lowered) for the block, then
    restored. A caller keeps the block within one call, never across a generator's ``yield``, so that two such
    blocks never interleave and each restores what it found."""
    young, *older = gc.get_threshold()
    gc.set_threshold(max(young, YOUNG_THRESHOLD), *older)
    try:
        yield
    finally:
        gc.set_threshold(young, *older)


def started(load: Callable[[], T]) -> T:
    """``load()`` (the command line's imports) with the collector held off, then every object it made left
    out of later passes: the objects of a process's start-up live as long as the process."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return load()
    finally:
        gc.freeze()
        if enabled:
            gc.enable()

"""Worker processes for the commands that share their work (``check -j``, ``combat battle -j``, the fleet search):
a pool of no more workers than there are cores and tasks, whose workers leave when the process that started
them is gone, and which stops at once when the command is interrupted."""

from __future__ import annotations

import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from itertools import islice
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

T = TypeVar("T")
R = TypeVar("R")

#: How often a worker looks whether the process that started it is still there, in seconds: a command killed
#: outright (kill -9) leaves no worker running longer than this.
PARENT_POLL_SECONDS = 0.5


#: The chunks of work a pool holds at once for each worker, sent and not yet taken by the parent: enough that no
#: worker waits while the parent takes the results in order, few enough that what waits for a slow parent (the
#: audit writing its workbook) does not grow with the work. ``Executor.map`` submits the whole of it at once.
IN_FLIGHT_PER_WORKER = 4


def worker_count(jobs: int, tasks: int) -> int:
    """The workers ``-j jobs`` starts for ``tasks`` pieces of work: never more than the cores or the tasks."""
    return max(1, min(jobs, os.cpu_count() or 1, tasks))


def _start(parent: int, outside: bool, initializer: Callable[..., object] | None, initargs: tuple[Any, ...]) -> None:
    """A worker's initializer: exit as soon as the process that started the pool is gone (killed outright, it
    cannot shut its pool down, and its workers would wait for work for ever); follow named files as the command
    does (``--allow-outside``, whatever way the worker was started); then the pool's own."""
    from shipyard.core.references import allow_outside

    allow_outside(outside)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="shipyard-parent-watch", daemon=True).start()
    if initializer is not None:
        initializer(*initargs)


def process_pool(
    workers: int, initializer: Callable[..., object] | None = None, initargs: tuple[Any, ...] = ()
) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes, each run through ``initializer(*initargs)`` once, leaving with its parent."""
    from concurrent.futures import ProcessPoolExecutor  # looked up when a pool is made: a test can refuse it

    from shipyard.core.references import outside_is_allowed

    return ProcessPoolExecutor(
        max_workers=workers, initializer=_start, initargs=(os.getpid(), outside_is_allowed(), initializer, initargs)
    )


def close_pool(pool: ProcessPoolExecutor, interrupted: bool = False) -> None:
    """Shut ``pool`` down: its work done, or, ``interrupted`` (Ctrl-C, an error), at once: the queued work
    cancelled and the running workers ended, so no battle runs on after the command has stopped."""
    if not interrupted:
        pool.shutdown()
        return
    running = dict(getattr(pool, "_processes", None) or {})  # the workers, before shutdown lets go of them
    pool.shutdown(wait=False, cancel_futures=True)
    for process in running.values():
        if process.is_alive():
            process.terminate()
    for process in running.values():
        process.join()


@contextmanager
def running_pool(
    workers: int, initializer: Callable[..., object] | None = None, initargs: tuple[Any, ...] = ()
) -> Iterator[ProcessPoolExecutor]:
    """``process_pool`` for a block: shut down when the block ends, at once when it ends by an exception (Ctrl-C,
    an error, a batch abandoned part-way)."""
    pool = process_pool(workers, initializer, initargs)
    try:
        yield pool
    except BaseException:
        close_pool(pool, interrupted=True)
        raise
    close_pool(pool)


def _each(function: Callable[[T], R], chunk: list[T]) -> list[R]:
    """One chunk of ``bounded_map``'s work, in a worker."""
    return [function(item) for item in chunk]


def bounded_map(
    pool: ProcessPoolExecutor, function: Callable[[T], R], items: Iterable[T], chunksize: int, workers: int
) -> Iterator[R]:
    """``function`` of each item in the ``pool``'s workers, the results in the items' order, as
    ``pool.map(function, items, chunksize=chunksize)`` gives them, but with at most ``IN_FLIGHT_PER_WORKER``
    chunks for each of the ``workers`` sent and not yet taken: the items are read as the results are taken, and
    the results a slow caller has not yet taken stay as few, whatever the number of items."""
    source = iter(items)
    limit = max(1, workers) * IN_FLIGHT_PER_WORKER
    pending: deque[Future[list[R]]] = deque()
    while True:
        while len(pending) < limit and (chunk := list(islice(source, chunksize))):
            pending.append(pool.submit(_each, function, chunk))
        if not pending:
            return
        yield from pending.popleft().result()

"""The worker pool's map: results in order, and the work read only as fast as the results are taken."""

from __future__ import annotations

from shipyard.core.processes import IN_FLIGHT_PER_WORKER, bounded_map, running_pool


def _square(value: int) -> int:
    return value * value


def test_bounded_map_gives_the_results_in_order():
    with running_pool(2) as pool:
        assert list(bounded_map(pool, _square, range(100), 7, 2)) == [n * n for n in range(100)]
        assert list(bounded_map(pool, _square, [], 7, 2)) == []


def test_bounded_map_reads_the_work_as_the_results_are_taken():
    """Two workers, chunks of 5: with the first result taken, at most 2 x IN_FLIGHT_PER_WORKER chunks of 5 items
    have been read (40), and after 50 results at most 50 + 40. (``Executor.map`` reads all 10,000 at once, and
    its results pile up in the parent when the parent is the slower: the audit writing its workbook.)"""
    read = 0

    def items():
        nonlocal read
        for n in range(10_000):
            read += 1
            yield n

    limit = 2 * IN_FLIGHT_PER_WORKER * 5
    with running_pool(2) as pool:
        results = bounded_map(pool, _square, items(), 5, 2)
        assert next(results) == 0 and read <= limit
        taken = [next(results) for _ in range(49)]
        assert taken[-1] == 49 * 49 and read <= 50 + limit
        results.close()

"""The fuzz suite's hypothesis profiles (imported by test_fuzz.py). ``fast`` (the default, run by .ci/run)
draws a few hundred cases, derandomized so a run is reproducible; ``long`` (SHIPYARD_FUZZ=long, run by
benchmarks/fuzz_long.py) draws SHIPYARD_FUZZ_EXAMPLES per test (default 5,000), from the seed hypothesis is
given (``--hypothesis-seed``)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
settings.register_profile(
    "fast", max_examples=60, deadline=None, derandomize=True, suppress_health_check=_QUIET, print_blob=True
)
settings.register_profile(
    "long",
    max_examples=int(os.environ.get("SHIPYARD_FUZZ_EXAMPLES", "5000")),
    deadline=None,
    suppress_health_check=_QUIET,
    print_blob=True,
)
settings.load_profile(os.environ.get("SHIPYARD_FUZZ", "fast"))

"""The optuna behaviour the fleet search leans on beyond optuna's documented API, in one place (as
``shipyard/core/fast.py`` holds lark's and pydantic's):

- ``reopened``: a trial a journal left running (asked, never told) made live again, so a resumed search tells it.
  optuna gives no public way from a ``FrozenTrial`` to its live ``Trial``: the ``Trial`` constructor takes the
  storage's trial id, which a frozen trial keeps as the private ``_trial_id``.

``tests/mcs/test_search.py`` holds it to what optuna does (the reopened trial is the frozen one, its parameters
suggested again as they were, and telling it completes that trial), so that an optuna that renames the attribute
fails there, loudly, and not in a resumed search.
"""

from __future__ import annotations

from typing import Any


def reopened(study: Any, frozen: Any) -> Any:
    """The live ``optuna.trial.Trial`` of ``study`` that the frozen ``frozen`` (a trial asked and not yet told)
    records."""
    import optuna

    return optuna.trial.Trial(study, frozen._trial_id)

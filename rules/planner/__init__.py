"""The lookahead planner (`Planner`, registered as "planner" in rules.deciders): clone, candidates,
rollouts, value and explanations in one module each."""

from rules.planner.core import DEFAULT_BUDGET, FAST_BUDGET, Budget, Planner

__all__ = ["DEFAULT_BUDGET", "FAST_BUDGET", "Budget", "Planner", "fast_planner"]


def fast_planner() -> Planner:
    """The planner on `FAST_BUDGET` (registered as "planner_fast")."""
    return Planner(FAST_BUDGET, name="planner_fast")

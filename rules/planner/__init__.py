"""The lookahead planner (`Planner`, registered as "planner" in rules.deciders): clone, candidates,
rollouts, value and explanations in one module each."""

from rules.planner.core import Budget, Planner

__all__ = ["Budget", "Planner"]

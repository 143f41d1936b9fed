"""The lookahead planner: a `DecisionMaker` (rules.deciders) that weighs its options by playing them.

Each decision (orientation, target, declaration) takes a few candidates and plays each forward on
cloned bouts (`rules.planner.clone`) with the real rules: the candidate committed, the others'
replies sampled from the baseline (`rules.planner.rollout`), the exchange resolved and the next one
played, then the state valued (`rules.planner.value`). Candidates share their samples' seeds
(common random numbers), and the weakest are dropped after each round of samples (successive
halving). Every sample stream is derived from the stream the caller hands in, so the same stream
gives the same choice. The per-decision work is fixed (no clock), so decisions are deterministic.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rules import ai
from rules.bout import AGGRESSIVE, RED, Action, Bout, IllegalAction
from rules.declare import commit_declaration
from rules.dice import DiceStream, SeededStream
from rules.exchange import resolve_exchange
from rules.fighter import FighterState
from rules.planner.candidates import Declaration, declaration_candidates
from rules.planner.clone import clone_bout
from rules.planner.explain import describe
from rules.planner.rollout import Tally, bout_over, declare_rest, declare_until, hide_from, play_exchange
from rules.planner.value import DEFAULT_WEIGHTS, Weights, value


@dataclass(frozen=True, slots=True)
class Budget:
    """Samples per candidate in each halving round, and how many candidates survive each round."""

    rounds: tuple[int, ...] = (3, 4, 6)
    keep: tuple[int, ...] = (6, 2)
    orientation_samples: int = 6
    orientation_min: int = 1  # samples per orientation however many fight (once a round: cheap)
    target_samples: int = 4
    candidates: int = 24  # at most, in a duel
    min_candidates: int = 8  # at least, however many fight
    work: int = 2  # fighters whose share of the work the budget is: more fighters, fewer samples


DEFAULT_BUDGET = Budget()
# a quick look for the enemies of a world tick (difficulty normal): a declaration weighs 8 candidates once
# and the best 2 twice more in a duel (12 rollouts), from 3 fighters on 4-5 once and the best 2 once more
# (6-7, where the earlier fast budget played 14-16 and the full one plays about 40-110), so that the
# ticks it plans in stay near the world's own tick cost (issue 12's tick bench, docs/planner.md)
FAST_BUDGET = Budget(rounds=(1, 2), keep=(2,), orientation_samples=2, target_samples=2, candidates=8,
                     min_candidates=4)


def derive_seed(stream: DiceStream) -> int:
    """A seed for the decision's sample streams: six d10 from the caller's stream."""
    seed = 0
    for _ in range(6):
        seed = seed * 10 + stream.d10() - 1
    return seed


def _scaled(n: int, bout: Bout, budget: Budget) -> int:
    fighters = max(2, len(bout.roster()))
    return max(1, round(n * budget.work / fighters)) if fighters > budget.work else n


class Planner:
    """Chooses by playing candidates forward with the real rules (see the module docstring)."""

    name = "planner"

    def __init__(self, budget: Budget = DEFAULT_BUDGET, weights: Weights = DEFAULT_WEIGHTS,
                 name: str = "planner", keep_margin: float = 0.0) -> None:
        self.name = name
        self.budget = budget
        self.weights = weights
        # > 0: at e1 a finalist that keeps CP for e2 wins over one that spends the whole pool when its value is
        # within this margin (the leader's suggested declaration, game.sim.deciding; issue 11); 0: the best
        self.keep_margin = keep_margin
        self._explained: dict[str, str] = {}
        self.rollouts = 0  # bouts played forward so far (a clone each): the work done, for the benches

    # ----- orientation ----------------------------------------------------------------------------
    def orientation(self, bout: Bout, fid: str, stream: DiceStream) -> str:
        choices = _orientations(bout, fid)
        seed = derive_seed(stream)
        samples = max(self.budget.orientation_min, _scaled(self.budget.orientation_samples, bout, self.budget))

        def play(choice: str, i: int) -> float:
            self.rollouts += 1
            clone = clone_bout(bout)
            s = SeededStream(seed, f"o{i}")
            for other in clone.orientation_due():
                if other != fid:  # what the others chose is hidden until targets are picked
                    clone.choose_orientation(other, ai.suggest_orientation(clone, other, s))
            clone.choose_orientation(fid, choice)
            return self._play_on(clone, fid, s, targeted=False)

        return _best(choices, samples, play)

    # ----- target ---------------------------------------------------------------------------------
    def target(self, bout: Bout, fid: str, stream: DiceStream) -> str | None:
        legal = bout.legal_targets(fid)
        if len(legal) <= 1:
            return legal[0] if legal else None
        seed = derive_seed(stream)
        order = bout.targeting_order()
        before = set(order[: order.index(fid)]) if fid in order else set()
        samples = _scaled(self.budget.target_samples, bout, self.budget)

        def play(choice: str, i: int) -> float:
            self.rollouts += 1
            clone = clone_bout(bout)
            s = SeededStream(seed, f"t{i}")

            def chooser(other: str) -> str | None:
                if other == fid:
                    return choice
                if other in before:
                    return clone.targets.get(other)
                return ai.suggest_target(clone, other)

            clone.finish_targeting(s, chooser)
            return self._play_on(clone, fid, s)

        return _best(legal, samples, play)

    def _play_on(self, clone: Bout, fid: str, s: SeededStream, *, targeted: bool = True) -> float:
        """From targeting (or from declarations, once targeted) on: the baseline plays this exchange
        and the next; the value of where that leaves fid."""
        if not targeted:
            clone.finish_targeting(s, lambda other: ai.suggest_target(clone, other))
        declare_rest(clone, s)
        resolve_exchange(clone, s)
        if not bout_over(clone):
            play_exchange(clone, s)
        return value(clone, fid, clone.clock.exchange == 2, self.weights)

    # ----- declaration ----------------------------------------------------------------------------
    def declaration(self, bout: Bout, fid: str, stream: DiceStream) -> list[Action]:
        seed = derive_seed(stream)
        me = bout.fighters[fid]
        baseline = ai.suggest_declaration(bout, fid, SeededStream(seed, "baseline"))
        if me.cp <= 0:
            self._explained[fid] = describe(bout, fid, baseline, Tally())
            return baseline
        limit = max(self.budget.min_candidates, _scaled(self.budget.candidates, bout, self.budget))
        candidates = declaration_candidates(bout, fid, baseline, limit)
        tallies: dict[Declaration, Tally] = {c: Tally() for c in candidates}
        illegal: set[Declaration] = set()
        left: dict[Declaration, int] = {}  # the CP a candidate leaves in his pool once committed

        def play(cand: Declaration, i: int) -> float:
            self.rollouts += 1
            clone = clone_bout(bout)
            hide_from(clone, fid)
            s = SeededStream(seed, f"d{i}")
            declare_until(clone, fid, s)  # asked early (a preview): those before fid answer first
            try:
                commit_declaration(clone, fid, list(cand))
            except IllegalAction:
                illegal.add(cand)
                return float("-inf")
            left[cand] = clone.fighters[fid].cp
            declare_rest(clone, s)
            events = resolve_exchange(clone, s).events
            tallies[cand].add(events, fid)
            if not bout_over(clone):
                play_exchange(clone, s)
            return value(clone, fid, clone.clock.exchange == 2, self.weights)

        rounds = tuple(_scaled(n, bout, self.budget) for n in self.budget.rounds)
        finalists: dict[Declaration, float] = {}
        best = _halving(candidates, rounds, self.budget.keep, play, finalists)
        if self.keep_margin > 0 and bout.clock.exchange == 1 and left.get(best) == 0:
            best = _keeping(best, finalists, left, self.keep_margin)
        chosen = list(best)
        self._explained[fid] = describe(bout, fid, chosen, tallies[best])
        return chosen

    # ----- shots and explanations -----------------------------------------------------------------
    def shot_defence(self, target: FighterState, step: int | None, *, declared: bool = False,
                     exchange: int = 1) -> int:
        return ai.suggest_shot_defence(target, step, declared=declared, exchange=exchange)

    def explain(self, bout: Bout, fid: str) -> str:
        return self._explained.get(fid, "")


def _orientations(bout: Bout, fid: str) -> tuple[str, ...]:
    """The orientations worth weighing: every choice, but never one that cannot defend (aggressive,
    a red throw) while two or more foes in the bout can attack him."""
    choices = bout.orientation_choices()
    fighters = bout.fighters
    if sum(1 for f in bout.foes(fid) if not fighters[f].out_of_fight) < 2:
        return choices
    kept = tuple(c for c in choices if c not in (AGGRESSIVE, RED))
    return kept or choices


def _best(choices: Sequence[str], samples: int, play: Callable[[str, int], float]) -> str:
    scores = [sum(play(c, i) for i in range(samples)) for c in choices]
    best = max(range(len(choices)), key=lambda k: (scores[k], -k))
    return choices[best]


def _keeping(best: Declaration, finalists: dict[Declaration, float], left: dict[Declaration, int],
             margin: float) -> Declaration:
    """`best` spends the whole pool at e1: the best finalist that keeps some CP for e2 if its mean is within
    `margin` of `best`'s (the same samples: common random numbers), else `best`."""
    floor = finalists.get(best, float("-inf")) - margin
    keepers = [(mean, -i, c) for i, (c, mean) in enumerate(finalists.items()) if left.get(c, 0) > 0 and mean >= floor]
    return max(keepers)[2] if keepers else best


def _halving(candidates: list[Declaration], rounds: tuple[int, ...], keep: tuple[int, ...],
             play: Callable[[Declaration, int], float],
             finalists: dict[Declaration, float] | None = None) -> Declaration:
    """Successive halving: every candidate gets the first round's samples, the best `keep[0]` the
    next round's, and so on; the best mean wins (ties: the earlier candidate, the baseline first).
    `finalists` (if given) gets the mean of each candidate that played every round."""
    alive = list(range(len(candidates)))
    totals = [0.0] * len(candidates)
    counts = [0] * len(candidates)
    start = 0
    for r, n in enumerate(rounds):
        for k in alive:
            for i in range(start, start + n):
                totals[k] += play(candidates[k], i)
                counts[k] += 1
        start += n
        alive.sort(key=lambda k: (-totals[k] / counts[k], k))
        if r < len(keep):
            alive = alive[: keep[r]]
        if len(alive) <= 1:
            break
    if finalists is not None:
        finalists.update((candidates[k], totals[k] / counts[k]) for k in alive)
    return candidates[alive[0]]

"""The tutorial's guide: which step of a lesson shows, and when it moves on (issue 11).

A :class:`TutorialGuide` plays one lesson (``game.sim.tutorial_file.Lesson``) over a game view. It never reads
the clock: a step moves on only on what the player did — the world events his commands caused
(:meth:`observe`), the decision the world now waits for, or Next (:meth:`next`, Enter or the callout's
button). The facts a condition tests come from the view's own projections (:func:`facts_of`), so the guide
reads the world the way the screen does.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from game.sim import events as wev
from game.sim.player_view import PlayerView, actor_status
from game.sim.state import WorldState
from game.sim.tutorial_file import Condition, Lesson, Step


@dataclass(frozen=True, slots=True)
class Facts:
    """What the conditions test: the decisions the world waits for (``step``, ``orientation``...), whether the
    leader is in a fight, his bout's exchange, whether he is wounded or bleeding."""

    decisions: frozenset[str]
    in_fight: bool
    foes_in_sight: bool
    exchange: int | None
    wounded: bool
    bleeding: bool


class ViewLike(Protocol):
    @property
    def player_view(self) -> PlayerView: ...

    @property
    def state(self) -> WorldState: ...

    @property
    def aid_answered(self) -> bool: ...

    def foe_in_sight(self) -> bool: ...


def facts_of(view: ViewLike) -> Facts:
    pv = view.player_view
    state = view.state
    decisions: set[str] = set()
    d = pv.decision
    if d is not None:
        decisions.add(d.kind)
        if d.kind == "step" and d.orientation_due:
            decisions.add("orientation")
        if d.kind == "step" and d.first_aid_offered and not view.aid_answered:
            decisions.add("first_aid")
    bout = pv.my_bout
    status = actor_status(state, state.leader)
    wounded = bool(state.actors[state.leader].fighter.wounds)
    exchange = None if bout is None else bout.exchange
    return Facts(frozenset(decisions), bout is not None, view.foe_in_sight(), exchange, wounded, status.bleeding)


def event_names(events: Iterable[wev.WorldEvent]) -> set[str]:
    """The names ``event:`` conditions match: each world event's type, ``rules.<type>`` for the rules' own."""
    names: set[str] = set()
    for e in events:
        names.add(e.type)
        if isinstance(e, wev.RulesEvent):
            names.add(f"rules.{e.event.type}")
    return names


def holds(condition: Condition, facts: Facts, seen: set[str], nexted: bool) -> bool:
    kind = condition.kind
    if kind == "next":
        value = nexted
    elif kind == "event":
        value = condition.arg in seen
    elif kind == "decision":
        value = condition.arg in facts.decisions
    elif kind == "exchange":
        value = facts.exchange == int(condition.arg)
    elif kind == "in_fight":
        value = facts.in_fight
    elif kind == "foes_in_sight":
        value = facts.foes_in_sight
    elif kind == "wounded":
        value = facts.wounded
    elif kind == "bleeding":
        value = facts.bleeding
    else:  # the loader refuses any other kind
        raise ValueError(f"unknown condition {kind!r}")
    return value != condition.negated


class TutorialGuide:
    """One lesson's steps. ``current`` is the step on screen (None while the next one waits for its ``when``,
    or when the lesson's steps are all done: ``finished``)."""

    def __init__(self, lesson: Lesson, index: int = 0, count: int = 1, notice: str = "") -> None:
        self.lesson = lesson
        self.index = index  # the lesson's place in the tutorial
        self.count = count
        self.notice = notice  # said over the first step (e.g. "You fell: the lesson starts again.")
        self.step_index = 0
        self.shown = False
        self._before: set[str] = set()  # events since the last step ended (for ``when``)
        self._since: set[str] = set()  # events since the current step showed (for ``until``)
        self._nexted = False
        self.version = 0  # changes whenever what is on screen changes

    @property
    def finished(self) -> bool:
        return self.step_index >= len(self.lesson.steps)

    @property
    def current(self) -> Step | None:
        if self.finished or not self.shown:
            return None
        return self.lesson.steps[self.step_index]

    def observe(self, events: Iterable[wev.WorldEvent]) -> None:
        names = event_names(events)
        self._before |= names
        if self.shown:
            self._since |= names

    def next(self) -> bool:
        """Next (Enter or the button): True when the step on screen waited for it."""
        step = self.current
        if step is None or not step.waits_for_next:
            return False
        self._nexted = True
        return True

    def update(self, facts: Facts) -> None:
        """Move on as far as the facts and what was seen allow (several steps at once if they all hold)."""
        for _ in range(len(self.lesson.steps) + 1):
            if self.finished:
                return
            step = self.lesson.steps[self.step_index]
            if step.skip_if and all(holds(c, facts, self._before, False) for c in step.skip_if) and not (
                    self.shown and step.waits_for_next and not self._nexted):
                self._advance()
                continue
            if not self.shown:
                if not all(holds(c, facts, self._before, False) for c in step.when):
                    return
                self.shown = True
                self._since = set()
                self._nexted = False
                self.version += 1
            if all(holds(c, facts, self._since, self._nexted) for c in step.until):
                self._advance()
                continue
            return

    def _advance(self) -> None:
        self.step_index += 1
        self.shown = False
        self._before = set()
        self._since = set()
        self._nexted = False
        self.notice = ""
        self.version += 1

"""`tros_sos`: the bout of SPEC §4 (the design doc's Song of Swords target initiative over TRoS
maneuvers) as a combat system.

The clock: `s0` orientations (at the first exchange of a round, simultaneous and secret), `s1` targets
(one at a time in targeting order, each seeing the ones before; settled by the initiative per pair),
`s2` declarations (one at a time in declaration order); after `s2` the exchange resolves and the clock
goes to `s0` of the next exchange or round. The rules behind each step are `rules.bout`, `rules.declare`
and `rules.exchange`; this module only orders them and turns them into decisions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from rules import fold as rules_fold
from rules import log as rules_log
from rules.bout import Bout, IllegalAction
from rules.catalog import Catalog, HouseRules
from rules.deciders import DecisionMaker
from rules.decisions import DECLARATION, ORIENTATION, TARGET, Decision, Option
from rules.declare import commit_declaration
from rules.dice import DiceStream
from rules.events import Event
from rules.exchange import resolve_exchange
from rules.fighter import FighterSheet, FighterState
from rules.systems import Answer, Entrant, StepResult

STEP_NAMES = ("Footwork", "Targeting", "Declare")
ORIENTATION_LABELS = {"aggressive": "Aggressive", "cautious": "Cautious", "defensive": "Defensive",
                      "red": "Red (attack)", "white": "White (defend)"}


class TrosSos:
    """The design doc's bout (see the module docstring)."""

    name = "tros_sos"

    def new_bout(self, catalog: Catalog, fighters: Iterable[FighterSheet | FighterState],
                 house_rules: HouseRules | None = None, reach: Mapping[str, Iterable[str]] | None = None) -> Bout:
        return Bout(catalog, fighters, house_rules, reach)

    # ----- decisions ------------------------------------------------------------------------------
    def due(self, bout: Bout) -> list[Decision]:
        step = bout.clock.step
        if step == 0:
            return [orientation_decision(bout, fid) for fid in bout.orientation_due() if fid not in bout.answered]
        if step == 1:
            for fid in bout.targeting_order():
                if fid not in bout.answered:
                    return [target_decision(bout, fid)]
            return []
        declarer = bout.next_declarer()
        return [] if declarer is None else [Decision(DECLARATION, declarer, note="the maneuver menu: rules.menu")]

    def answer(self, bout: Bout, decision: Decision, value: Answer, *, reserve: int = 0) -> list[Event]:
        kind, who = decision.kind, decision.who
        if kind == ORIENTATION:
            if not isinstance(value, str):
                raise IllegalAction(f"an orientation is one of {', '.join(decision.values())}")
            return bout.choose_orientation(who, value)
        if kind == TARGET:
            if value is not None and not isinstance(value, str):
                raise IllegalAction("a target is a fighter's id")
            return bout.answer_target(who, value)
        if kind == DECLARATION:
            if not isinstance(value, tuple | list):
                raise IllegalAction("a declaration is a list of actions")
            return commit_declaration(bout, who, list(value), reserve=reserve)
        raise IllegalAction(f"tros_sos asks no {kind!r} decision")

    def settle(self, bout: Bout, stream: DiceStream) -> list[Event]:
        return bout.close_targeting(stream) if bout.clock.step == 1 else []

    def advance(self, bout: Bout, stream: DiceStream) -> StepResult:
        if bout.clock.step < 2:
            return StepResult(bout.step_clock())
        result = resolve_exchange(bout, stream)
        return StepResult(result.events, tuple(result.left), resolved=True)

    def suggest(self, bout: Bout, decision: Decision, maker: DecisionMaker, stream: DiceStream) -> Answer:
        kind, who = decision.kind, decision.who
        if kind == ORIENTATION:
            return maker.orientation(bout, who, stream)
        if kind == TARGET:
            return maker.target(bout, who, stream)
        if kind == DECLARATION:
            return tuple(maker.declaration(bout, who, stream))
        raise IllegalAction(f"tros_sos asks no {kind!r} decision")

    def fold(self, event: Event, fighters: Mapping[str, FighterState], bout: Bout | None) -> None:
        rules_fold.apply(event, fighters, bout)

    def describe(self, event: Event, names: Mapping[str, str] | None = None) -> str | None:
        return rules_log.describe(event, names)

    def enter(self, bout: Bout, entrant: Callable[[str], Entrant]) -> list[Event]:
        return []  # every fighter's place is the bout's own (his sheet)

    def footwork(self, bout: Bout) -> bool:
        return bout.clock.step == 0

    def table(self, bout: Bout) -> tuple[tuple[str, str], ...]:
        return ()  # the map's arcs, circles and icons show it

    def label(self, bout: Bout) -> tuple[str, str]:
        return bout.clock.label(), STEP_NAMES[bout.clock.step]


_ORIENTATION_OPTIONS: dict[tuple[str, ...], tuple[tuple[Option, ...], str]] = {}


def orientation_decision(bout: Bout, fid: str) -> Decision:
    """Aggressive / Cautious / Defensive (or the throws red / white under `initiative_model: red_white`)."""
    choices = bout.orientation_choices()
    found = _ORIENTATION_OPTIONS.get(choices)
    if found is None:
        default = "cautious" if "cautious" in choices else choices[-1]
        found = _ORIENTATION_OPTIONS[choices] = (
            tuple(Option(c, ORIENTATION_LABELS.get(c, c)) for c in choices), default)
    return Decision(ORIENTATION, fid, found[0], found[1])


def target_decision(bout: Bout, fid: str) -> Decision:
    """One foe in reach (one of his Aggressive targeters for a Cautious fighter they target)."""
    forced = bout.forced_targets(fid)
    legal = tuple(forced) if forced else bout.foes(fid)
    key = (legal, bool(forced))
    cache = bout.target_options
    options = cache.get(key)
    if options is None:  # the same foes are offered again and again in a bout: keep their options
        note = "must answer him" if forced else ""
        fighters = bout.fighters
        options = cache[key] = tuple(Option(o, fighters[o].sheet.name, note=note) for o in legal)
    return Decision(TARGET, fid, options, bout.default_target(fid, legal))

"""`tros_sos`: the bout of SPEC §4 (the design doc's Song of Swords target initiative over TRoS
maneuvers) as a combat system.

The clock: `s0` orientations (at the first exchange of a round, simultaneous and secret), `s1` targets
(one at a time in targeting order, each seeing the ones before; settled by the initiative per pair),
`s2` declarations (one at a time in declaration order); after `s2` the exchange resolves and the clock
goes to `s0` of the next exchange or round. The rules behind each step are `rules.bout`, `rules.declare`
and `rules.exchange`; this module only orders them and turns them into decisions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from rules import fold as rules_fold
from rules import log as rules_log
from rules import mobility as rules_mobility
from rules import stance as rules_stance
from rules.bout import CAUTIOUS, Bout, IllegalAction
from rules.catalog import Catalog, HouseRules
from rules.deciders import DecisionMaker
from rules.decisions import (
    DECLARATION,
    MOBILITY_CHOICE,
    MOBILITY_DICE,
    ORIENTATION,
    STANCE,
    TARGET,
    TERRAIN,
    Decision,
    Option,
)
from rules.declare import commit_declaration
from rules.dice import DiceStream
from rules.events import Event
from rules.exchange import resolve_exchange
from rules.fighter import FighterSheet, FighterState
from rules.systems import Answer, Entrant, MapMove, StepResult

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
        # asked again after every answer (rules.systems.run_step, the world's step loop): kept lean
        clock = bout.clock
        step = clock.step
        if step == 1:
            fid = bout.next_to_target()
            return [] if fid is None else [target_decision(bout, fid)]
        if step == 2:
            declarer = bout.next_declarer()
            return [] if declarer is None else [declaration_decision(declarer)]
        v2b = bout.rules.mobility_version == "v2b"
        if clock.exchange != 1:  # orientations are chosen at the first exchange of a round only
            return rules_mobility.due(bout) if v2b else []
        answered = bout.answered
        due = [orientation_decision(bout, fid) for fid in bout.orientation_due() if fid not in answered]
        if not due and (bout.rules.stance_bonus or bout.terrain):
            due = rules_stance.due(bout)  # the stance queue, then the terrain rolls (rules.stance)
        if not due and v2b:
            due = rules_mobility.due(bout)  # Version 2b's modifiers, committed with the footwork
        return due

    def answer(self, bout: Bout, decision: Decision, value: Answer, reserve: int = 0) -> list[Event]:
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
            if not isinstance(value, (tuple, list)):  # a tuple of types: the quicker check
                raise IllegalAction("a declaration is a list of actions")
            return commit_declaration(bout, who, list(value), reserve)
        if kind == STANCE:
            if not isinstance(value, str):
                raise IllegalAction(f"a stance is one of {', '.join(decision.values())}")
            return rules_stance.choose_stance(bout, who, value)
        if kind == TERRAIN:
            dice = _whole(value)
            if dice is None:
                raise IllegalAction("a terrain roll's dice are a whole number")
            return rules_stance.set_footing(bout, who, dice)
        if kind == MOBILITY_CHOICE:
            if not isinstance(value, str):
                raise IllegalAction(f"a mobility maneuver is one of {', '.join(decision.values())}")
            return rules_mobility.choose(bout, who, value)
        if kind == MOBILITY_DICE:
            dice = _whole(value)
            if dice is None:
                raise IllegalAction("a mobility maneuver's dice are a whole number")
            return rules_mobility.commit(bout, who, dice)
        raise IllegalAction(f"tros_sos asks no {kind!r} decision")

    def settle(self, bout: Bout, stream: DiceStream) -> list[Event]:
        step = bout.clock.step
        if step == 1:
            events = bout.close_targeting(stream)
            return events + rules_mobility.resolve(bout, stream) if bout.mobility else events
        return rules_stance.roll_footing(bout, stream) if step == 0 and bout.footing else []

    def advance(self, bout: Bout, stream: DiceStream) -> StepResult:
        if bout.clock.step < 2:
            return StepResult(bout.step_clock())
        result = resolve_exchange(bout, stream)
        return StepResult(result.events, tuple(result.left), True)  # resolved

    def suggest(self, bout: Bout, decision: Decision, maker: DecisionMaker, stream: DiceStream) -> Answer:
        kind, who = decision.kind, decision.who
        if kind == ORIENTATION:
            return maker.orientation(bout, who, stream)
        if kind == TARGET:
            return maker.target(bout, who, stream)
        if kind == DECLARATION:
            return tuple(maker.declaration(bout, who, stream))
        if kind in (STANCE, TERRAIN):
            return decision.default  # the AI's stance and terrain dice (rules.stance)
        if kind == MOBILITY_CHOICE:
            return rules_mobility.suggest(bout, who)[0]
        if kind == MOBILITY_DICE:
            return decision.default  # rules.mobility.suggest's dice for his choice
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

    def in_window(self, bout: Bout) -> bool:
        clock = bout.clock
        return clock.exchange == 1 and clock.step <= 1

    def at_round_start(self, bout: Bout) -> bool:
        clock = bout.clock
        return clock.exchange == 1 and clock.step == 0 and not bout.declarations and not bout.arrivals

    def merge(self, into: Bout, other: Bout) -> None:
        return None  # the world's fold moves orientations and targets (game.sim.fold)

    def split(self, old: Bout, new: Bout) -> None:
        return None  # as `merge`

    def map_moves(self, events: Sequence[Event]) -> tuple[MapMove, ...]:
        return ()  # footwork is the world's own movement


def _whole(value: Answer) -> int | None:
    """A whole number answer (an int, or its digits as a string), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value)
    return None


_ORIENTATION_OPTIONS: dict[tuple[str, ...], tuple[tuple[Option, ...], str]] = {}
# Decisions are values, so the ones that depend only on who decides (and the house rules' choices)
# are made once and handed out again; bounded, as fighter ids come and go over a long run
_ORIENTATION_DECISIONS: dict[tuple[tuple[str, ...], str], Decision] = {}
_DECLARATION_DECISIONS: dict[str, Decision] = {}
_KEPT_MAX = 4096


def orientation_decision(bout: Bout, fid: str) -> Decision:
    """Aggressive / Cautious / Defensive (or the throws red / white under `initiative_model: red_white`)."""
    choices = bout.orientation_choices()
    key = (choices, fid)
    decision = _ORIENTATION_DECISIONS.get(key)
    if decision is None:
        found = _ORIENTATION_OPTIONS.get(choices)
        if found is None:
            default = "cautious" if "cautious" in choices else choices[-1]
            found = _ORIENTATION_OPTIONS[choices] = (
                tuple(Option(c, ORIENTATION_LABELS.get(c, c)) for c in choices), default)
        if len(_ORIENTATION_DECISIONS) >= _KEPT_MAX:
            _ORIENTATION_DECISIONS.clear()
        decision = _ORIENTATION_DECISIONS[key] = Decision(ORIENTATION, fid, found[0], found[1])
    return decision


def declaration_decision(fid: str) -> Decision:
    """fid declares (his options come from the maneuver menu)."""
    found = _DECLARATION_DECISIONS.get(fid)
    if found is None:
        if len(_DECLARATION_DECISIONS) >= _KEPT_MAX:
            _DECLARATION_DECISIONS.clear()
        found = _DECLARATION_DECISIONS[fid] = Decision(DECLARATION, fid, note="the maneuver menu: rules.menu")
    return found


def target_decision(bout: Bout, fid: str) -> Decision:
    """One foe in reach (one of his Aggressive targeters for a Cautious fighter they target)."""
    forced = bout.forced_targets(fid) if bout.orientation[fid] == CAUTIOUS else None
    legal = tuple(forced) if forced else bout.foes(fid)
    key = (legal, bool(forced))
    cache = bout.target_options
    options = cache.get(key)
    if options is None:  # the same foes are offered again and again in a bout: keep their options
        note = "must answer him" if forced else ""
        fighters = bout.fighters
        options = cache[key] = tuple(Option(o, fighters[o].sheet.name, note=note) for o in legal)
    default = bout.default_target(fid, legal)
    # the decision is a value of (who, his options, the default): kept for the bout's life, as its options
    kept = bout.target_decisions
    dkey = (fid, legal, key[1], default)
    decision = kept.get(dkey)
    if decision is None:
        decision = kept[dkey] = Decision(TARGET, fid, options, default)
    return decision

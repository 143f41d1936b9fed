"""A cloned bout, driven by the same calls with the same stream, ends exactly where the original
does (every fighter, targets, holders, events), and driving the clone leaves the original untouched.
If this fails after a change to rules.bout / rules.fighter, rules.planner.clone must follow it."""

from __future__ import annotations

import pytest

from rules import ai
from rules.bout import Bout
from rules.declare import commit_declaration
from rules.dice import SeededStream
from rules.events import Event
from rules.exchange import resolve_exchange
from rules.planner.clone import _names, clone_bout, generic_clone_bout, snapshot
from tests.rules.planner_helpers import INITIATIVE_MODELS, random_bout


def _step_to_declarations(bout: Bout, stream: SeededStream) -> list[Event]:
    events: list[Event] = []
    for fid in bout.orientation_due():
        events += bout.choose_orientation(fid, ai.suggest_orientation(bout, fid, stream))
    events += bout.finish_targeting(stream, lambda fid: ai.suggest_target(bout, fid))
    return events


def _declare_and_resolve(bout: Bout, stream: SeededStream) -> list[Event]:
    events: list[Event] = []
    while (fid := bout.next_declarer()) is not None:
        events += commit_declaration(bout, fid, ai.suggest_declaration(bout, fid, stream))
    events += resolve_exchange(bout, stream).events
    return events


def _over(bout: Bout) -> bool:
    return not any(bout.foes(f) for f in bout.roster())


@pytest.mark.parametrize("model", INITIATIVE_MODELS)
@pytest.mark.parametrize(("fighters", "sides"), [(2, 2), (3, 3), (4, 2), (6, 4)])
def test_clone_resolves_like_the_original(model: str, fighters: int, sides: int) -> None:
    for seed in range(4):
        bout = random_bout(seed, fighters, sides, initiative_model=model)
        drive = SeededStream(seed, "drive")
        for exchange in range(12):
            if _over(bout):
                break
            # clone at s0 and again half-way through the declarations
            copy = clone_bout(bout)
            assert snapshot(copy) == snapshot(bout)
            a, b = SeededStream(seed * 100 + exchange, "x"), SeededStream(seed * 100 + exchange, "x")
            ev_a = _step_to_declarations(bout, a)
            ev_b = _step_to_declarations(copy, b)
            assert [e.to_dict() for e in ev_a] == [e.to_dict() for e in ev_b]
            first = bout.next_declarer()
            if first is not None:
                actions = ai.suggest_declaration(bout, first, drive)
                commit_declaration(bout, first, actions)
                commit_declaration(copy, first, actions)
            mid = clone_bout(bout)
            before = snapshot(bout)
            c = SeededStream(seed * 100 + exchange, "y")
            ev_mid = _declare_and_resolve(mid, c)
            assert snapshot(bout) == before, "driving a clone changed the original"
            ev_a = _declare_and_resolve(bout, SeededStream(seed * 100 + exchange, "y"))
            ev_b = _declare_and_resolve(copy, SeededStream(seed * 100 + exchange, "y"))
            assert [e.to_dict() for e in ev_a] == [e.to_dict() for e in ev_b] == [e.to_dict() for e in ev_mid]
            assert snapshot(copy) == snapshot(bout) == snapshot(mid)


def test_clone_shares_no_mutable_state() -> None:
    bout = random_bout(7, 3, 3)
    copy = clone_bout(bout)
    for fid, state in bout.fighters.items():
        twin = copy.fighters[fid]
        assert twin is not state and twin.sheet is state.sheet
        assert twin.wounds is not state.wounds
    for name in ("targets", "holders", "orientation", "declarations", "clock", "needs_orientation", "left"):
        assert getattr(copy, name) is not getattr(bout, name), name
    assert copy.catalog is bout.catalog


# the caches `Bout.clone` leaves to rebuild on demand (membership, declaration and targeting order)
_REBUILT = {"_declaration_order", "_roster_epoch", "_members", "_foes", "_order", "_order_members", "_order_done"}


def _facts(obj: object) -> dict[str, object]:
    out: dict[str, object] = {}
    for name in _names(obj):
        if name in _REBUILT or not hasattr(obj, name):
            continue
        value = getattr(obj, name)
        if name == "fighters":
            value = {fid: _facts(state) for fid, state in value.items()}
        elif name == "wounds":
            value = [(w.location, w.damage_type, w.level, w.pain, w.bl) for w in value]
        elif name == "clock":
            value = (value.exchange, value.step, value.round, value.exchanges_done)
        out[name] = value
    return out


@pytest.mark.parametrize(("fighters", "sides"), [(2, 2), (3, 3), (5, 3)])
def test_the_rules_clone_misses_no_field(fighters: int, sides: int) -> None:
    """`clone_bout` (the rules' own `Bout.clone`) holds every attribute the generic copy holds, with the
    same value, but for the caches it rebuilds: a field added to `Bout` or `FighterState` and left out of
    their `clone` fails here."""
    for seed in range(3):
        bout = random_bout(seed, fighters, sides)
        stream = SeededStream(seed, "z")
        for _ in range(4):
            if _over(bout):
                break
            _step_to_declarations(bout, stream)
            first = bout.next_declarer()
            if first is not None:
                commit_declaration(bout, first, ai.suggest_declaration(bout, first, stream))
            assert _facts(clone_bout(bout)) == _facts(generic_clone_bout(bout))
            _declare_and_resolve(bout, stream)

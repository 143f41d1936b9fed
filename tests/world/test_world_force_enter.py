"""Arriving mid-round in the world (SPEC §2, §4.7): a fighter who steps next to a bout busy in exchange
joins it at once (`BoutJoined` with `mid_round`), picks a target at its next `s1`, and at `s2` may
force-enter (the rules' force_enter buy: terrain roll, Reflex halved for ordering, no CP refresh after
exchange 2) or defend. Without the house rule `allow_force_enter` he waits for the next round."""

from __future__ import annotations

from game.sim import events as ev
from game.sim.commands import CompanionStep, Confirm, Declare, Step
from game.sim.world import World
from rules.bout import BUY_INITIATIVE, Action
from rules.declare import commit_declaration
from rules.events import AttackCancelled, Declared, RoundEnded, TerrainRoll
from rules.exchange import _Resolver
from tests.world.worlds import world

# The spearman fights the bandit, who is walled in; the leader walks up from the south and reaches
# the square below the bandit during the bout's e1s2 tick, so the bout is at e2s0 when he arrives.
MAP = ["#######", "#sb####", "##.####", "##@####", "#######"]


def _arrive(seed: int = 1, **house_rules: object) -> tuple[World, list[ev.WorldEvent]]:
    w = world(MAP, seed=seed, house_rules=house_rules or None)
    w.state.actors["b1"].flee_threshold = None  # he fights on however hurt: a rout would win the fight at once
    bout = w.state.bout_of("s1")
    assert bout is not None and bout.clock() == "e1s0" and w.state.bout_of("player") is None
    w.apply(Confirm())
    w.apply(Confirm())
    assert bout.clock() == "e1s2"
    events = w.apply(Step("N"))
    assert (w.state.actors["player"].pos.x, w.state.actors["player"].pos.y) == (2, 2)
    return w, events


def _rules_events(events: list[ev.WorldEvent]) -> list[object]:
    return [e.event for e in events if isinstance(e, ev.RulesEvent)]


def test_stepping_next_to_a_busy_bout_joins_it_mid_round() -> None:
    w, events = _arrive()
    bout = w.state.bout_of("s1")
    assert bout is not None and bout.clock() == "e2s0"
    joined = [e for e in events if isinstance(e, ev.BoutJoined) and e.actor == "player"]
    assert joined == [ev.BoutJoined(bout.id, "player", None, mid_round=True)]
    assert joined[0].to_dict()["mid_round"] is True
    assert w.state.bout_of("player") is bout and bout.rules.arriving("player")
    assert "player" not in bout.rules.orientation_due()
    assert w.state.pending is not None and w.state.pending.kind == "step"
    assert "orientation" not in w.state.pending.options
    w.apply(Confirm())  # e2s0: he holds his ground
    assert bout.clock() == "e2s1" and w.state.pending is not None and w.state.pending.kind == "target"
    assert w.state.pending.options == ("b1",)
    w.apply(Confirm())  # e2s1: he targets the bandit, and holds no initiative over him
    assert bout.clock() == "e2s2" and bout.rules.targets["player"] == "b1"
    assert not bout.rules.has_initiative("player")


def _to_declaration(seed: int = 1) -> World:
    w, _ = _arrive(seed)
    w.apply(Confirm())
    w.apply(Confirm())
    assert w.state.pending is not None and w.state.pending.kind == "declare" and w.state.over is None
    return w


def test_at_e2s2_the_arrival_may_force_enter_and_pays_for_it_with_the_next_refresh() -> None:
    outcomes = set()
    for seed in range(1, 9):
        w = _to_declaration(seed)
        bout = w.state.bout_of("player")
        assert bout is not None
        menu = w.menu()
        assert menu is not None
        om = menu.opponent("b1")
        assert om is not None and not om.attacking_you
        buy = om.action(BUY_INITIATIVE)
        assert buy is not None and buy.flavour == "force_enter"
        assert {a.action for a in om.actions} <= {BUY_INITIATIVE, "defend_preemptive", "quick_defense", "do_nothing"}
        option = buy.option(buy.default or "")
        assert option is not None
        player = w.state.actors["player"].fighter
        full = player.cp
        events = w.apply(Declare((Action(BUY_INITIATIVE, option.maneuver, "b1", 3, option.default_zone,
                                         terrain_dice=1),)))
        inner = _rules_events(events)
        mine = [e for e in inner if isinstance(e, Declared) and e.fighter == "player"]
        assert mine and mine[0].cp_left == full - option.cost - 3 - 1
        terrain = [e for e in inner if isinstance(e, TerrainRoll) and e.fighter == "player"]
        assert len(terrain) == 1 and terrain[0].tn == 7 and terrain[0].dice == 1
        cancelled = [e for e in inner if isinstance(e, AttackCancelled) and e.attacker == "player"]
        attacked = [e for e in inner if getattr(e, "type", "") == "attack" and getattr(e, "attacker", "") == "player"]
        if terrain[0].passed:
            assert attacked and not cancelled
        else:
            assert cancelled and "terrain" in cancelled[0].reason and not attacked
        outcomes.add(terrain[0].passed)
        end = [e for e in inner if isinstance(e, RoundEnded)]
        assert end, "exchange 2 ends the round"
        refreshed = dict(end[0].refreshed)
        if "player" in refreshed:  # still fighting: no refresh after force-entering in exchange 2
            assert refreshed["player"] == player.cp < player.max_cp()
            assert not bout.rules.arriving("player")  # an ordinary member from the next round on
    assert outcomes == {True, False}  # both a passed and a failed terrain roll were seen


def test_the_arrival_orders_at_half_reflex() -> None:
    w = _to_declaration()
    bout = w.state.bout_of("player")
    assert bout is not None
    player = w.state.actors["player"].fighter
    menu = w.menu()
    assert menu is not None
    om = menu.opponent("b1")
    buy = None if om is None else om.action(BUY_INITIATIVE)
    assert buy is not None and buy.default is not None
    # the resolver's ordering, read before anything is rolled
    commit_declaration(bout.rules, "player", [Action(BUY_INITIATIVE, buy.default, "b1", 2, "III", terrain_dice=1)])
    while (fid := bout.rules.next_declarer()) is not None:
        commit_declaration(bout.rules, fid, [])
    r = _Resolver(bout.rules, w.state.combat)
    mine = [a for a in r.attacks if a.owner == "player"]
    assert mine and mine[0].order_reflex == player.reflex // 2 and mine[0].flavour == "force_enter"


def test_without_allow_force_enter_the_newcomer_waits_for_the_next_round() -> None:
    w, events = _arrive(2, allow_force_enter=False)
    bout = w.state.bout_of("s1")
    assert bout is not None and bout.clock() == "e2s0"
    assert not [e for e in events if isinstance(e, ev.BoutJoined)]
    for clock in ("e2s1", "e2s2"):
        assert w.state.bout_of("player") is None
        assert w.state.pending is not None and w.state.pending.kind == "step"
        w.apply(Confirm())  # he waits, unengaged, next to the busy bout
        assert bout.clock() == clock
    assert w.state.bout_of("player") is None
    events = w.apply(Confirm())  # exchange 2 resolves; the new round's window lets him in
    assert bout.clock() == "e1s0" and w.state.bout_of("player") is bout
    joined = [e for e in events if isinstance(e, ev.BoutJoined) and e.actor == "player"]
    assert joined == [ev.BoutJoined(bout.id, "player", None)]
    assert "player" in bout.rules.orientation_due()


def test_arriving_at_e1s2_he_declares_at_once_and_fights_exchange_two_as_a_member() -> None:
    # the window test's spearman of test_world_bouts.py, with allow_force_enter on (the default)
    w2 = world(["#######", "#@b...#", "#.....#", "#..s..#", "#######"])
    bout2 = w2.state.bout_of("player")
    assert bout2 is not None
    w2.apply(CompanionStep("s1", "W"))
    w2.apply(Step(None, "cautious"))
    w2.apply(CompanionStep("s1", "N"))  # next to the bandit while the bout targets (s1)
    events = w2.apply(Confirm())
    assert bout2.clock() == "e1s2"
    joined = [e for e in events if isinstance(e, ev.BoutJoined) and e.actor == "s1"]
    assert joined == [ev.BoutJoined(bout2.id, "s1", None, mid_round=True)]
    assert bout2.rules.arriving("s1") and bout2.rules.targets["s1"] is None
    # AIs ahead of the leader in declaration order declare when the tick ends (s2 owed), the rest
    # in the next tick, which resolves the exchange
    events += w2.apply(Confirm())
    declared = [e.event for e in events if isinstance(e, ev.RulesEvent) and isinstance(e.event, Declared)
                and e.event.fighter == "s1"]
    assert len(declared) == 1
    for record in declared[0].actions:
        assert record.action in (BUY_INITIATIVE, "defend", "defend_preemptive", "quick_defense")
    if w2.state.bout_of("s1") is bout2 and bout2.rules.clock.exchange == 2:
        assert not bout2.rules.arriving("s1")  # an ordinary member in exchange 2


def test_mid_round_arrivals_replay_byte_for_byte() -> None:
    def log(seed: int) -> list[str]:
        w, events = _arrive(seed)
        out = [str(e.to_dict()) for e in events]
        for _ in range(12):
            out += [str(e.to_dict()) for e in w.apply(Confirm())]
        return out

    assert log(3) == log(3)

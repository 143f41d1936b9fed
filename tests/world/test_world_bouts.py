"""Bouts in the world (SPEC §2): starting at e1s0, joining in the first-exchange window with a sync,
bouts that touch merging in their window, a bout starting a round next to a busy bout joining it
mid-round, busy bouts, separation and reset, and exchanges resolved in the rules' order."""

from __future__ import annotations

import pytest

from game.sim import events as ev
from game.sim.commands import CompanionStep, Confirm, Declare, Step, Target
from game.sim.geometry import is_adjacent
from game.sim.state import BoutState
from game.sim.world import World
from rules.bout import BUY_INITIATIVE, Action
from rules.events import Attack, AttackCancelled, RoundEnded, TerrainRoll
from tests.world.worlds import world


def test_a_new_contact_starts_a_bout_at_e1s0() -> None:
    w = world(["#######", "#@b...#", "#######"])
    bout = w.state.bout_of("player")
    assert bout is not None and bout.clock() == "e1s0"
    assert set(bout.members) == {"player", "b1"}
    assert any(isinstance(e, ev.BoutStarted) for e in w.opening)


def test_the_clock_steps_s0_s1_s2_then_resolves_into_e2s0() -> None:
    w = world(["#######", "#@b...#", "#######"])
    bout = w.state.bout_of("player")
    assert bout is not None
    clocks = [bout.clock()]
    for _ in range(3):
        w.apply(Confirm())
        clocks.append(bout.clock())
    assert clocks[:3] == ["e1s0", "e1s1", "e1s2"]
    assert clocks[3] in ("e2s0", "e1s0")  # exchange 2, or a new round after a battle pause


def test_joining_a_bout_in_its_first_exchange_window_syncs_to_the_later_step() -> None:
    # the leader fights a bandit. A spearman who arrives next to the bandit during s0 joins at e1s1
    # (the bout's later step); one who arrives during s1 finds the bout busy and, without the house
    # rule allow_force_enter, waits (with it he arrives mid-round: test_world_force_enter.py).
    w2 = world([
        "#######",
        "#@b...#",
        "#.....#",
        "#..s..#",
        "#######",
    ], house_rules={"allow_force_enter": False})
    bout2 = w2.state.bout_of("player")
    assert bout2 is not None
    w2.apply(CompanionStep("s1", "W"))  # to (2, 3)
    w2.apply(Step(None, "cautious"))
    assert bout2.clock() == "e1s1"
    w2.apply(CompanionStep("s1", "N"))  # to (2, 2), next to the bandit, while the bout targets (s1)
    events = w2.apply(Confirm())
    joined = [e for e in events if isinstance(e, ev.BoutJoined) and e.actor == "s1"]
    assert bout2.clock() == "e1s2"  # s1 was performed this tick; the bout is busy from now on
    assert not joined  # arriving at the end of s1: the bout is past its window
    assert w2.state.bout_of("s1") is None
    w3b = world([
        "#######",
        "#@b...#",
        "#..s..#",
        "#.....#",
        "#######",
    ])
    bout4 = w3b.state.bout_of("player")
    assert bout4 is not None and w3b.state.bout_of("s1") is None
    w3b.apply(CompanionStep("s1", "W"))  # to (2, 2): next to the bandit during s0
    events = w3b.apply(Step(None, "cautious"))
    joined = [e for e in events if isinstance(e, ev.BoutJoined) and e.actor == "s1"]
    assert joined and joined[0].bout == bout4.id
    assert bout4.clock() == "e1s1"  # synced to the bout's later step, not reset to e1s0
    assert joined[0].orientation == "cautious"  # arriving at s1 he gets an orientation at once
    assert w3b.state.bout_of("s1") is bout4


def test_a_fighter_whose_last_foe_dies_leaves_the_bout_and_is_reset() -> None:
    w = world(["#######", "#@b...#", "#######"])
    bandit = w.state.actors["b1"]
    bout = w.state.bout_of("player")
    assert bout is not None
    bandit.fighter.dead = True  # the rules killed him (as a wound would)
    events = w.apply(Confirm())
    left = [e for e in events if isinstance(e, ev.BoutLeft)]
    assert {e.actor for e in left} >= {"player", "b1"}
    assert w.state.bout_of("player") is None
    assert any(isinstance(e, ev.BoutEnded) for e in events)
    assert w.state.pending is not None and w.state.pending.kind == "step"


def test_separated_fighters_leave_the_bout() -> None:
    w = world(["#########", "#.@b....#", "#########"])
    bout = w.state.bout_of("player")
    assert bout is not None
    bout.rules.orientation["b1"] = "cautious"  # he holds his ground at s0
    events = w.apply(Step("W", "defensive"))
    assert (w.state.actors["player"].pos.x, w.state.actors["b1"].pos.x) == (1, 3)
    assert any(isinstance(e, ev.BoutLeft) and e.reason == "separated" for e in events)
    assert w.state.bout_of("player") is None


def test_three_way_ring_in_the_world_resolves_in_rule_order(monkeypatch: pytest.MonkeyPatch) -> None:
    # 8-way adjacency lets three fighters touch each other. The knight targets the bandit, the bandit
    # the goblin, the goblin the knight: everyone overwatches his target. The rules consider the
    # highest Reflex first and stack whoever holds initiative over him, recursively. (Plain attacks:
    # the AI does not buy initiative as an attacker here, which would contest the order.)
    monkeypatch.setattr("rules.ai.BUY_AS_ATTACKER_DICE", 10**6)
    cast = {
        "@": ("player_fighter", "player", True),
        "b": ("bandit", "bandits", False),
        "g": ("goblin", "goblins", False),
    }
    w = world(["#####", "#@b.#", "#g..#", "#####"], cast=cast, player_ai=True, house_rules={"adjacency": 8})
    bout = w.state.bout_of("player")
    assert bout is not None and set(bout.members) == {"player", "b1", "g1"}
    for fid in bout.members:
        bout.rules.orientation[fid] = "aggressive"
    w.apply(Confirm())  # s0
    ring = {"player": "b1", "b1": "g1", "g1": "player"}
    bout.rules.targets.update(ring)
    bout.rules.answered.update(ring)
    w.apply(Confirm())  # s1: the targets above stand
    assert bout.rules.holders == {("player", "b1"), ("b1", "g1"), ("g1", "player")}
    events = w.apply(Confirm())  # s2: everyone declares; the exchange resolves
    order = [e.event.attacker for e in events
             if isinstance(e, ev.RulesEvent) and isinstance(e.event, Attack | AttackCancelled)]
    reflex = {f: w.state.actors[f].fighter.reflex for f in ring}
    first = min(ring, key=lambda f: (-reflex[f], f))  # considered first (ties: the lower id, as in rules)
    over = {v: k for k, v in ring.items()}  # who holds initiative over whom
    expected = [over[over[first]], over[first], first]
    attackers = [f for f in expected if f in order]
    assert order == attackers and len(order) >= 2


def test_companions_obey_a_planned_step() -> None:
    w = world(["#######", "#@.s..#", "#######"])
    w.apply(CompanionStep("s1", "E"))
    events = w.apply(Confirm())
    assert any(isinstance(e, ev.Moved) and e.actor == "s1" and e.to == (4, 1) for e in events)


def test_a_declaration_owed_comes_with_the_rules_menu_and_confirm_takes_its_default() -> None:
    w = world(["#######", "#@b...#", "#######"])
    w.apply(Step(None, "aggressive"))  # s0
    assert w.menu() is None
    w.apply(Confirm())  # s1
    assert w.state.pending is not None and w.state.pending.kind == "declare"
    menu = w.menu()
    assert menu is not None and menu.opponent("b1") is not None
    events = w.apply(Confirm())
    declared = [e.event for e in events if isinstance(e, ev.RulesEvent) and e.event.type == "declared"
                and getattr(e.event, "fighter", None) == "player"]
    assert declared
    mine = declared[0].to_dict()["actions"]
    assert [(a["maneuver"], a["dice"]) for a in mine] == [(a.maneuver, a.dice) for a in menu.default]


def test_red_white_throws_replace_orientations_for_the_leader() -> None:
    w = world(["#######", "#@b...#", "#######"], house_rules={"initiative_model": "red_white"})
    assert w.orientation_choices() == ("red", "white")
    assert w.contextual_orientation(None) == "white"
    from game.sim.geometry import Direction

    assert w.contextual_orientation(Direction.E) == "red"  # a step into the bandit
    refused = w.apply(Step(None, "aggressive"))
    assert [e.type for e in refused] == ["rejected"]
    w.apply(Step(None, "red"))
    events = w.apply(Confirm())  # s1: throws are revealed
    revealed = [e for e in events if isinstance(e, ev.OrientationRevealed)]
    assert revealed and dict(revealed[0].orientations)["player"] == "red"
    assert set(dict(revealed[0].orientations).values()) <= {"red", "white"}


# ----- bouts that touch merge in their first-exchange window (SPEC §2, §3 step 4) ----------------------
THREE_DUELS = [
    "########",
    "#......#",
    "#@b....#",  # bout: the leader and a bandit
    "#......#",
    "#bs....#",  # bout: a bandit and the spearman
    "#......#",
    "#ab....#",  # bout: the archer and a bandit
    "########",
]


def _hold(w: World) -> None:
    for actor in w.state.actors.values():
        actor.flee_threshold = None


def _orient(w: World, **orientations: str) -> None:
    for fid, orientation in orientations.items():
        bout = w.state.bout_of(fid)
        assert bout is not None
        bout.rules.orientation[fid] = orientation


def _one_hostile_next_to_each(w: World) -> None:
    """SPEC §2: every bout member stands next to a hostile member of his bout, and nobody is in two."""
    s = w.state
    seen: set[str] = set()
    for bout in s.bouts.values():
        members = set(bout.members)
        assert not members & seen
        seen |= members
        for m in members:
            assert any(s.hostile(m, o) and is_adjacent(s.actors[m].pos, s.actors[o].pos, s.house_rules.adjacency)
                       for o in members if o != m), m


def test_two_duels_whose_fighters_step_next_to_each_other_at_e1s0_merge_into_one_bout() -> None:
    w = world(THREE_DUELS[:5] + ["#......#", "#......#", "########"])
    _hold(w)
    first, second = w.state.bout_of("player"), w.state.bout_of("s1")
    assert first is not None and second is not None and first is not second
    assert first.clock() == second.clock() == "e1s0"
    _orient(w, b1="aggressive", b2="cautious")  # b1 follows the leader when he steps away; b2 holds
    # the leader steps next to b2; b1 follows him (Defensive: an Aggressive step into an empty square
    # would revert to Cautious, rules.footwork, and b1's Aggressive target would force his)
    events = w.apply(Step("S", "defensive"))
    assert (w.state.actors["player"].pos.x, w.state.actors["player"].pos.y) == (1, 3)
    assert (w.state.actors["b1"].pos.x, w.state.actors["b1"].pos.y) == (1, 2)
    synced = [e for e in events if isinstance(e, ev.BoutSynced)]
    into = min(first.id, second.id)
    assert synced == [ev.BoutSynced(into, (max(first.id, second.id),), 1)]
    bout = w.state.bout_of("player")
    assert bout is not None and bout.id == into and bout.clock() == "e1s1"
    assert set(bout.members) == {"player", "b1", "b2", "s1"}
    assert all(w.state.bout_of(f) is bout for f in bout.members)
    assert len(w.state.bouts) == 1
    _one_hostile_next_to_each(w)
    assert set(bout.rules.foes_in_reach("player")) == {"b1", "b2"}  # set_reach: the new foe is in reach
    assert set(bout.rules.foes_in_reach("b2")) == {"player", "s1"}
    pending = w.state.pending
    assert pending is not None and pending.kind == "target" and set(pending.options) == {"b1", "b2"}
    w.apply(Target("b2"))  # the leader targets a member of the other former bout
    assert bout.rules.targets["player"] == "b2"
    assert bout.clock() == "e1s2"
    events = w.apply(Confirm())  # declarations: the merged exchange resolves
    attackers = {e.event.attacker for e in events
                 if isinstance(e, ev.RulesEvent) and isinstance(e.event, Attack | AttackCancelled)}
    assert attackers  # both fights go on in the one bout
    _one_hostile_next_to_each(w)


def test_a_chain_of_three_window_bouts_merges_into_one() -> None:
    w = world(THREE_DUELS)
    _hold(w)
    ids = sorted(w.state.bouts)
    assert len(ids) == 3
    _orient(w, b1="aggressive", b2="cautious", b3="aggressive")
    w.apply(CompanionStep("a1", "N"))  # the archer steps next to b2 from below, b3 follows him
    events = w.apply(Step("S", "aggressive"))  # the leader steps next to b2 from above, b1 follows him
    synced = [e for e in events if isinstance(e, ev.BoutSynced)]
    assert synced == [ev.BoutSynced(ids[0], tuple(ids[1:]), 1)]
    assert list(w.state.bouts) == [ids[0]]
    bout = w.state.bouts[ids[0]]
    assert set(bout.members) == {"player", "b1", "b2", "s1", "a1", "b3"}
    assert set(bout.rules.foes_in_reach("b2")) == {"player", "s1", "a1"}
    _one_hostile_next_to_each(w)


# The leader fights a chief from the start; the spearman meets another chief one tick later, so that
# bout's clock runs one step behind. When the spearman steps next to the first chief, the first bout is
# busy (e1s2) and the second at e1s1: neither window merge nor joining applies yet.
OUT_OF_STEP = ["#######", "#.....#", "#@b...#", "#.....#", "#.s...#", "#.....#", "#.b...#", "#######"]
CHIEFS = {"@": ("player_fighter", "player", True), "s": ("companion_spearman", "player", True),
          "b": ("bandit_chief", "bandits", False)}


def _out_of_step(seed: int = 1, **house_rules: object) -> tuple[World, BoutState, BoutState]:
    w = world(OUT_OF_STEP, cast=CHIEFS, seed=seed, house_rules=house_rules or None)
    _hold(w)
    w.apply(CompanionStep("s1", None))
    w.apply(Confirm())  # b2 walks up to the spearman: a second bout at e1s0
    first, second = w.state.bout_of("player"), w.state.bout_of("s1")
    assert first is not None and second is not None and first is not second
    assert (first.clock(), second.clock()) == ("e1s1", "e1s0")
    _orient(w, b2="aggressive")
    w.apply(CompanionStep("s1", "N"))  # next to b1; b2 follows him
    events = w.apply(Confirm())
    s1, b1 = w.state.actors["s1"], w.state.actors["b1"]
    assert is_adjacent(s1.pos, b1.pos, 4)
    assert (first.clock(), second.clock()) == ("e1s2", "e1s1")
    assert not any(isinstance(e, ev.BoutSynced | ev.BoutJoined | ev.BoutEnded) for e in events)
    assert w.state.bout_of("s1") is second and "s1" not in first.rules.foes_in_reach("b1")
    return w, first, second


def test_touching_bouts_stay_apart_while_one_is_busy_and_merge_when_both_are_in_their_window() -> None:
    # without allow_force_enter the first bout, back at e1s0 while the second is busy, cannot join it
    w, first, second = _out_of_step(allow_force_enter=False)
    merged_at = None
    for _ in range(8):
        events = w.apply(Confirm())
        _one_hostile_next_to_each(w)
        assert not any(isinstance(e, ev.BoutJoined | ev.BoutEnded) for e in events)
        synced = [e for e in events if isinstance(e, ev.BoutSynced)]
        if synced:
            merged_at = w.state.tick
            assert synced == [ev.BoutSynced(first.id, (second.id,), 1)]
            break
        busy = [b for b in (first, second) if not (b.rules.clock.exchange == 1 and b.step <= 1)]
        assert busy and w.state.bout_of("s1") is second and w.state.bout_of("b1") is first
    assert merged_at == 7  # first at e1s1, second at e1s0: the first tick both are in their window
    bout = w.state.bout_of("s1")
    assert bout is first and set(bout.members) == {"player", "b1", "s1", "b2"}
    assert bout.clock() == "e1s1" and "b1" in bout.rules.foes_in_reach("s1")


def _join_busy(seed: int = 1) -> tuple[World, BoutState, BoutState, list[ev.WorldEvent]]:
    """`_out_of_step` run on until the first bout starts a new round (e1s0) while the second is busy
    (e2s2): the first dissolves into the second, its members arriving mid-round."""
    w, first, second = _out_of_step(seed)
    events: list[ev.WorldEvent] = []
    for _ in range(3):
        events = w.apply(Confirm())
        assert not any(isinstance(e, ev.BoutJoined | ev.BoutEnded | ev.BoutSynced) for e in events)
        assert w.state.bout_of("b1") is first and w.state.bout_of("s1") is second
    assert (first.clock(), second.clock()) == ("e2s2", "e2s1")
    events = w.apply(Confirm())  # the first bout's round ends: e1s0, the second is at e2s2
    return w, first, second, events


def test_a_bout_starting_a_round_next_to_a_busy_bout_joins_it_mid_round() -> None:
    w, first, second, events = _join_busy()
    s = w.state
    assert w.state.tick == 6 and second.clock() == "e2s2" and first.clock() == "e1s0"
    moves = [e for e in events if isinstance(e, ev.BoutLeft | ev.BoutEnded | ev.BoutJoined | ev.BoutSynced)]
    assert moves == [
        ev.BoutLeft(first.id, "b1", "joined"), ev.BoutLeft(first.id, "player", "joined"),
        ev.BoutEnded(first.id),
        ev.BoutJoined(second.id, "b1", None, mid_round=True), ev.BoutJoined(second.id, "player", None, mid_round=True),
    ]
    assert list(s.bouts) == [second.id]
    assert all(s.bout_of(f) is second and s.membership[f] == second.id for f in ("player", "b1", "s1", "b2"))
    assert set(second.members) == {"player", "b1", "s1", "b2"}
    _one_hostile_next_to_each(w)
    assert second.rules.arrivals == {"player", "b1"}
    assert not second.rules.orientation_due() and not s.actors["player"].mp
    # set_reach: everyone's foes are the hostiles next to him, across the former bouts
    assert set(second.rules.foes_in_reach("player")) == {"b1"}
    assert set(second.rules.foes_in_reach("b1")) == {"player", "s1"}
    assert set(second.rules.foes_in_reach("s1")) == {"b1", "b2"}
    # they start fresh: full CP, nothing carried over from the round they left
    player = s.actors["player"].fighter
    assert player.cp == player.max_cp() and not player.no_refresh
    assert not second.rules.has_initiative("player") and "player" not in second.rules.global_holders
    # at e2s2 the leader, arriving, may force-enter the chief in reach, and nothing else but wait
    pending = s.pending
    assert pending is not None and pending.kind == "declare" and pending.bout == second.id
    menu = w.menu()
    assert menu is not None
    om = menu.opponent("b1")
    assert om is not None and not om.attacking_you
    buy = om.action(BUY_INITIATIVE)
    assert buy is not None and buy.flavour == "force_enter"
    assert {a.action for a in om.actions} <= {BUY_INITIATIVE, "defend_preemptive", "quick_defense", "do_nothing"}
    option = buy.option(buy.default or "")
    assert option is not None
    events = w.apply(Declare((Action(BUY_INITIATIVE, option.maneuver, "b1", 3, option.default_zone,
                                     terrain_dice=1),)))
    inner = [e.event for e in events if isinstance(e, ev.RulesEvent)]
    assert [e for e in inner if isinstance(e, TerrainRoll) and e.fighter == "player"]
    assert [e for e in inner if isinstance(e, RoundEnded)]  # exchange 2 of the joined bout ends the round
    assert not any(isinstance(e, ev.Rejected) for e in events)
    _one_hostile_next_to_each(w)
    for bout in s.bouts.values():
        assert not bout.rules.arrivals  # ordinary members from the next round on


def test_joining_a_busy_bout_replays_byte_for_byte() -> None:
    def log(seed: int) -> list[str]:
        w, _, _, events = _join_busy(seed)
        out = [str(e.to_dict()) for e in events]
        for _ in range(4):
            out += [str(e.to_dict()) for e in w.apply(Confirm())]
        return out

    for seed in (1, 2):
        assert log(seed) == log(seed)

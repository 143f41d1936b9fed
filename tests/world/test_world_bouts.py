"""Bouts in the world (SPEC §2): starting at e1s0, joining in the first-exchange window with a sync,
busy bouts, separation and reset, and exchanges resolved in the rules' order."""

from __future__ import annotations

from game.sim import events as ev
from game.sim.commands import CompanionStep, Confirm, Step
from rules.events import Attack, AttackCancelled
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


def test_three_way_ring_in_the_world_resolves_in_rule_order() -> None:
    # 8-way adjacency lets three fighters touch each other. The knight targets the bandit, the bandit
    # the goblin, the goblin the knight: everyone overwatches his target. The rules consider the
    # highest Reflex first and stack whoever holds initiative over him, recursively.
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
    bout.decided.update(ring)
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

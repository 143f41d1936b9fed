"""Indicator data from world state (no window): arcs, pad, footbases, orientation icons, marks, clocks."""

from __future__ import annotations

from game.sim.commands import Step, Target
from game.sim.geometry import Direction
from game.sim.player_view import player_view
from game.view.arrow_pad import Mark
from game.view.indicators import compute, direction_of, foe_in_direction, neighbour_foes
from game.view.palette import ArcState, Initiative, Outline
from rules.bout import DEFEND, Action, Committed

from .worlds import DUEL, defensive_waits, play_until, world_from_ascii


def _at_declare(seed: int = 1):  # type: ignore[no-untyped-def]
    world = world_from_ascii(DUEL, seed=seed)
    assert play_until(world, lambda w: w.state.pending is not None and w.state.pending.kind == "declare",
                      choose=defensive_waits)
    return world


def test_attacker_with_initiative_gets_a_red_arc_and_the_east_button_shows_it() -> None:
    world = _at_declare()
    state = world.state
    bout = state.bout_of("player")
    assert bout is not None and ("goblin_1", "player") in bout.rules.holders
    ind = compute(state)
    holder_arcs = [a for a in ind.arcs if a.src == "goblin_1" and a.dst == "player"]
    assert {a.state for a in holder_arcs} == {ArcState.ATTACKING_WITH_INITIATIVE, ArcState.NO_INITIATIVE}
    assert {a.side for a in holder_arcs} == {1, -1}  # a lens: the second fighter's arc on the other side
    east = ind.pad.east
    assert east.targeting_you is Initiative.THEIRS  # red inner line: he targets you with initiative
    assert east.target is Initiative.THEIRS  # red inner dot: your target has clear initiative over you
    assert east.outline is Outline.DEFENCE_ONLY  # s2: a Defensive leader can only defend
    assert east.mark is Mark.DEF  # his attack is declared: you roll defence next
    assert ind.pad.west.target is None and ind.pad.north == ind.pad.south
    assert [m.actor for m in ind.marks] == ["goblin_1"]


def test_arc_states_follow_declarations() -> None:
    world = _at_declare()
    bout = world.state.bout_of("player")
    assert bout is not None
    # the leader answers with a defence: his arc turns blue
    bout.rules.declarations["player"] = [
        Committed("player", Action(DEFEND, "parry", "goblin_1", 3), "defense", "parry", "goblin_1", 3, 6, 3, 0, None,
                  "master")
    ]
    states = {(a.src, a.side): a.state for a in compute(world.state).arcs}
    assert states[("goblin_1", -1)] is ArcState.DEFENDING
    # a holder who declared no attack on you forfeited it: green
    bout.rules.declarations["goblin_1"] = []
    states = {(a.src, a.side): a.state for a in compute(world.state).arcs}
    assert states[("goblin_1", 1)] is ArcState.FORFEITED
    # before anyone declares (e.g. at s0/s1), the holder may or may not attack: yellow
    bout.rules.declarations.clear()
    states = {(a.src, a.side): a.state for a in compute(world.state).arcs}
    assert states[("goblin_1", 1)] is ArcState.HAS_INITIATIVE
    assert states[("goblin_1", -1)] is ArcState.NO_INITIATIVE


def test_orientation_is_secret_at_s0_and_shown_from_s1() -> None:
    world = world_from_ascii(DUEL, seed=2)
    bout = world.state.bout_of("player")
    assert bout is not None and bout.step == 0
    assert bout.rules.orientation["goblin_1"] is not None  # the AI has chosen...
    assert compute(world.state).icons == ()  # ...but nobody sees it yet
    assert compute(world.state).pad.east.outline is None
    world.apply(Step(None, "cautious"))
    assert world.state.pending is not None and world.state.pending.kind == "target"
    ind = compute(world.state)
    assert {i.actor for i in ind.icons} == {"goblin_1", "player"}
    goblin = bout.rules.orientation["goblin_1"]
    expected = {"aggressive": Outline.AGGRESSIVE, "cautious": Outline.CAUTIOUS, "defensive": Outline.DEFENSIVE}
    assert ind.pad.east.outline is expected[goblin]  # s1: his orientation


def test_s1_shows_the_rules_relations_and_the_candidate() -> None:
    world = world_from_ascii(DUEL, seed=2)
    world.apply(Step(None, "defensive"))
    bout = world.state.bout_of("player")
    assert bout is not None and bout.step == 1
    mine = player_view(world.state).my_bout
    assert mine is not None and set(mine.members) == {"player", "goblin_1"}
    for a in mine.members:
        for b in mine.members:
            if a != b:
                assert mine.relation(a, b) == bout.rules.relation(a, b)
    ind = compute(world.state, candidate="goblin_1")
    fb = {f.actor: f for f in ind.footbases}
    assert fb["goblin_1"].kind in ("primary", "secondary")


def test_a_mid_round_arrival_holds_no_initiative_on_the_map_or_in_the_prompt() -> None:
    """The leader joins a bout busy in exchange (e2s0): at e2s1, choosing his target, the rules say he holds
    initiative over nobody (he arrived mid-round), so nothing on screen may say he does. The old view predicted
    "you hold" here (he targets the bandit, who targets the spearman: overwatch, but not for an arrival)."""
    from game.view.palette import palette
    from game.view.prompts import TargetPrompt
    from tests.world.test_world_force_enter import _arrive

    world, _ = _arrive()
    world.apply(Step(None))  # e2s0: he holds his ground
    state = world.state
    bout = state.bout_of("player")
    assert bout is not None and bout.clock() == "e2s1" and bout.rules.arriving("player")
    assert state.pending is not None and state.pending.kind == "target" and state.pending.options == ("b1",)
    assert bout.rules.targets.get("b1") == "s1"
    view = player_view(state).my_bout
    assert view is not None and "player" in view.arrivals
    assert view.relation("player", "b1") == bout.rules.relation("player", "b1") == "none"
    ind = compute(state, candidate="b1")
    holding = {ArcState.HAS_INITIATIVE, ArcState.ATTACKING_WITH_INITIATIVE, ArcState.FORFEITED}
    assert not [a for a in ind.arcs if a.src == "player" and a.state in holding]
    assert ind.pad.north.target is not Initiative.MINE
    prompt = TargetPrompt(state, palette(False), state.pending.options, state.pending.default)
    assert "hold" not in prompt.options[0].sub
    world.apply(Target("b1"))  # e2s1 -> e2s2: the rules settle initiative
    bout = state.bout_of("player")
    assert bout is not None and bout.step == 2 and bout.rules.targets["player"] == "b1"
    view = player_view(state).my_bout
    assert view is not None and view.relation("player", "b1") == bout.rules.relation("player", "b1") == "none"
    ind = compute(state)
    assert not [a for a in ind.arcs if a.src == "player" and a.state in holding]


def test_footbases_primary_double_and_selection_single() -> None:
    world = _at_declare()
    ind = compute(world.state)
    assert [(f.actor, f.kind, f.inner_faded) for f in ind.footbases] == [("goblin_1", "primary", False)]
    # another actor selected in a prompt: single circle on him, the primary's inner circle fades
    ind = compute(world.state, selected="player")
    kinds = {f.actor: (f.kind, f.inner_faded) for f in ind.footbases}
    assert kinds == {"goblin_1": ("primary", True), "player": ("secondary", False)}


def test_clocks_per_bout_and_mine() -> None:
    world = world_from_ascii(
        "###########\n#@g.....bg#\n#.........#\n###########\n", seed=4
    )
    ind = compute(world.state)
    assert len(ind.clocks) == len(world.state.bouts) >= 2
    mine = [c for c in ind.clocks if c.mine]
    assert len(mine) == 1 and "player" in mine[0].members and mine[0].label == "e1s0"


def test_pad_outer_line_for_a_foe_targeting_someone_else() -> None:
    # a three-way bout: the wolf north of the leader fights the bandit (north-east of the leader)
    world = world_from_ascii("##########\n#........#\n#....wb..#\n#....@...#\n##########\n", seed=3)
    state = world.state
    assert foe_in_direction(state, Direction.N) == "wolf_1"
    assert direction_of(state, "wolf_1") is Direction.N
    assert set(neighbour_foes(state)) == {Direction.N}
    bout = state.bout_of("player")
    assert bout is not None and set(bout.members) == {"player", "wolf_1", "bandit_1"}
    rules = bout.rules  # the situation, set by hand: the wolf overwatches the bandit, who targets the leader
    rules.targets.update({"wolf_1": "bandit_1", "bandit_1": "player", "player": "wolf_1"})
    rules.holders = {("wolf_1", "bandit_1"), ("bandit_1", "player"), ("player", "wolf_1")}
    ind = compute(state)
    north = ind.pad.north
    assert north.targeting_other is Initiative.THEIRS  # outer red line: he holds initiative over his target
    assert north.targeting_you is None
    assert north.target is Initiative.MINE  # your target, and you hold initiative over him (white dot)
    assert ind.pad.east.target is None  # the bandit is diagonal: not on the pad
    arcs = {(a.src, a.dst) for a in ind.arcs}
    assert arcs == {("wolf_1", "bandit_1"), ("bandit_1", "player"), ("player", "wolf_1")}


def test_planned_companion_steps_show() -> None:
    from game.sim.commands import CompanionStep

    world = world_from_ascii("########\n#......#\n#.@s...#\n#......#\n########\n", party={"s": "companion_spearman"})
    companion = next(a.id for a in world.state.actors.values() if a.party and not a.leader)
    world.apply(CompanionStep(companion, "E"))
    planned = compute(world.state).planned
    assert [(p.actor, p.direction) for p in planned] == [(companion, Direction.E)]

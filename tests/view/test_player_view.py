"""The leader's view (``game.sim.player_view``): the rules' own relations, orientations in the house rule's
vocabulary and only once revealed, declarations as the leader sees them, the decision owed as data."""

from __future__ import annotations

from game.sim.commands import Step
from game.sim.player_view import player_view
from game.view.indicators import compute
from rules.bout import visible_declaration

from .worlds import DUEL, aggressive_waits, play_until, world_from_ascii


def test_orientations_are_secret_at_s0_and_in_the_throw_vocabulary_under_red_white() -> None:
    world = world_from_ascii(DUEL, seed=2, house_rules={"initiative_model": "red_white"})
    view = player_view(world.state)
    mine = view.my_bout
    assert mine is not None and mine.clock == "e1s0" and mine.orientations == {}
    assert mine.orientation_choices == ("red", "white")
    assert view.decision is not None and view.decision.kind == "step" and view.decision.orientation_due
    world.apply(Step(None, "red"))
    mine = player_view(world.state).my_bout
    assert mine is not None and mine.step == 1
    assert mine.orientations["player"] == "red" and mine.orientations["goblin_1"] in ("red", "white")
    icons = {i.actor: i.orientation for i in compute(world.state).icons}
    assert icons == mine.orientations


def test_declarations_and_relations_are_the_rules_own() -> None:
    seen_declared = 0
    for seed in (1, 2, 3, 4):
        world = world_from_ascii(DUEL, seed=seed)
        assert play_until(world, lambda w: w.state.pending is not None and w.state.pending.kind == "declare",
                          choose=aggressive_waits)
        bout = world.state.bout_of("player")
        assert bout is not None
        view = player_view(world.state)
        mine = view.my_bout
        assert mine is not None and mine.step == 2 and view.bout_of("goblin_1") is mine
        assert mine.targets == {f: t for f, t in bout.rules.targets.items() if t is not None}
        for a in mine.members:
            for b in mine.members:
                if a != b:
                    assert mine.relation(a, b) == bout.rules.relation(a, b)
        for fid in mine.members:
            declared = mine.declared.get(fid)
            if fid in bout.rules.declarations:
                assert declared is not None
                assert declared.items == visible_declaration(bout.rules, "player", fid)
                attacks = {c.opponent for c in bout.rules.declarations[fid] if c.role == "attack"}
                assert declared.attacks == attacks
                seen_declared += 1
            else:
                assert declared is None
        decision = view.decision
        assert decision is not None and decision.kind == "declare" and decision.actor == "player"
    assert seen_declared >= 2  # the goblin declares before the leader in most of these seeds

"""Every companion's planned step and action as plain data (issue 13 item 6's preview; game.sim.companion_plans):
the square he steps into is the one he takes at the next tick, and his action (target, declared items) is
what the bout holds, each also worded on one line for the view."""

from __future__ import annotations

import pytest

from game.sim.commands import Confirm, Step
from game.sim.companion_plans import DECLARED, FIGHTS, FOLLOWS, IN_FIGHT, companion_plans
from rules.ai import suggest_declaration
from rules.declare import commit_declaration
from tests.view.worlds import world_from_ascii

COMPANION = "companion_spearman_1"


def test_out_of_a_fight_the_plan_is_the_step_he_takes() -> None:
    w = world_from_ascii("##########\n#@.....s.#\n##########\n", party={"s": "companion_spearman"})
    for _ in range(3):
        (plan,) = companion_plans(w.state)
        assert plan.doing == FOLLOWS and plan.target is None and plan.items == ()
        assert plan.line == f"{w.state.actors[COMPANION].name}: " + (
            f"steps {plan.direction.label}" if plan.direction is not None else "waits") + " · follows you"
        w.apply(Step(None))
        assert w.state.actors[COMPANION].pos == (plan.to if plan.to is not None else w.state.actors[COMPANION].pos)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_in_a_fight_the_plan_names_his_target_then_what_he_declared(seed: int) -> None:
    w = world_from_ascii("#########\n#.......#\n#.gs@g..#\n#.......#\n#########\n", seed=seed,
                         party={"s": "companion_spearman"})
    seen: list[str] = []
    for _ in range(2):
        (plan,) = companion_plans(w.state)
        bout = w.state.bout_of(COMPANION)
        assert bout is not None and plan.steps == (bout.step == 0)
        seen.append(plan.doing)
        assert plan.doing == IN_FIGHT and plan.target is None  # no target before s1
        w.apply(Confirm())
    bout = w.state.bout_of(COMPANION)
    assert bout is not None and bout.step == 2 and COMPANION not in bout.rules.declarations
    (plan,) = companion_plans(w.state)
    assert plan.doing == FIGHTS and plan.target == bout.rules.targets[COMPANION] and plan.items == ()
    assert not plan.steps and plan.to is None and plan.line.endswith(plan.action)
    # he declares (the AI's declarations, in the bout's order, up to his: as the world commits them)
    while COMPANION not in bout.rules.declarations:
        who = bout.rules.next_declarer()
        assert who is not None
        commit_declaration(bout.rules, who, suggest_declaration(bout.rules, who))
    (plan,) = companion_plans(w.state)
    declared = bout.rules.declarations[COMPANION]
    assert plan.doing == DECLARED and plan.target == bout.rules.targets[COMPANION]
    assert [(m, o) for _, m, o, _ in plan.items] == [(c.maneuver, c.opponent) for c in declared]
    assert [d for _, _, _, d in plan.items] == [c.dice for c in declared]
    assert plan.line == f"{w.state.actors[COMPANION].name}: no step · {plan.action}"
    assert plan.action.startswith("declared: ")


def test_the_inspect_panels_line_is_his_plan() -> None:
    from game.view.companion_orders import plan_of

    w = world_from_ascii("##########\n#@.....s.#\n##########\n", party={"s": "companion_spearman"})
    (plan,) = companion_plans(w.state)
    assert plan_of(w.state, COMPANION) == plan.line.partition(": ")[2] and plan.action in plan.line
    assert plan_of(w.state, "player") is None  # the leader is nobody's companion

"""What a first-time player stumbled on (issue 11), said where he looks: the HUD says when a pool spent in the
last fight comes back; the maneuver menu says why a fight starts on a short pool and warns when a declaration
at e1 leaves no dice for e2; the log says "You catch your breath" when it comes back."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType

import arcade

from game.sim.breath import pool_back
from game.sim.commands import Step
from game.sim.world import World
from game.view.combat_log import LogFilter, LogModel
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView
from rules.fighter import Wound
from tests.world.worlds import world

from .worlds import DUEL, aggressive_waits, menu_model, play_until, world_from_ascii

WALLED = ["#########", "#@...#..#", "#....#.g#", "#########"]  # the goblin cannot reach him
E2_NOTE = "Leaves no dice for exchange 2: you cannot defend at e2."


@contextmanager
def _shown(w: World, window: arcade.Window, helpers: ModuleType) -> Iterator[GameView]:
    """The game screen on ``w``, shown and settled; hidden again afterwards."""
    view = GameView(Session(w), Settings(animation_speed="instant"), lambda reason: None)
    window.show_view(view)
    helpers.advance(window, 6)
    try:
        yield view
    finally:
        window.hide_view()


def test_the_hud_says_when_the_pool_comes_back_and_the_log_when_it_came(window: arcade.Window,
                                                                        helpers: ModuleType) -> None:
    w = world(WALLED)
    w.apply(Step(None))
    w.state.actors["player"].fighter.cp = 3
    back = pool_back(w.state, "player")
    assert back is not None
    with _shown(w, window, helpers) as view:
        shown = view.hud.texts._texts["cp_back"]
        assert shown.visible and shown.text == f"· back to {back.full} in {back.steps} steps"
        log = LogModel()
        for _ in range(back.steps):
            log.add_events(w.state, w.apply(Step(None)))
        told = [line.text for line in log.lines if "breath" in line.text]
        assert told == [f"You catch your breath: CP {back.full}"]
        view.hud.state = w.state
        view.hud.invalidate()
        helpers.advance(window, 2)
        gone = view.hud.texts._texts.get("cp_back")
        assert gone is None or not gone.visible  # full again: nothing to say


def _declaring(cp: int | None, seed: int) -> World:
    w = world_from_ascii(DUEL, seed=seed)
    if cp is not None:
        w.state.actors["player"].fighter.cp = cp  # the last fight's spent pool, not yet back
    assert play_until(w, lambda x: x.state.pending is not None and x.state.pending.kind == "declare",
                      choose=aggressive_waits)
    return w


def test_a_fight_begun_on_a_short_pool_says_why_and_an_all_in_e1_warns() -> None:
    for seed in (1, 2, 3):
        w = _declaring(5, seed)
        m = menu_model(w)
        full = w.state.actors["player"].fighter.rested_cp()
        assert m.source.exchange == 1
        assert m.warnings()[0] == (f"CP 5 of {full}: this fight began before your pool refilled "
                                   "(a round out of any fight).")
        opp = m.opponent
        assert opp is not None and opp in m.choices
        lo, hi, _ = m.dice_range(opp)
        m.set_dice(opp, hi)
        assert m.cp_left() == 0 and m.warnings()[-1] == E2_NOTE
        if hi > lo:
            m.set_dice(opp, hi - 1)
            assert m.cp_left() > 0 and E2_NOTE not in m.warnings()


def test_a_full_pool_has_no_note_and_the_menu_draws_the_warning(window: arcade.Window,
                                                                helpers: ModuleType) -> None:
    w = _declaring(None, 2)
    m = menu_model(w)
    assert not m.warnings()[:1] or m.warnings() == [E2_NOTE]  # no short-pool note on a rested pool
    with _shown(w, window, helpers) as view:
        menu = view.menu.model
        assert menu is not None and menu.opponent is not None
        _lo, hi, _ = menu.dice_range(menu.opponent)
        menu.set_dice(menu.opponent, hi)
        view.menu.invalidate()
        helpers.advance(window, 4)
        texts = view.menu.texts._texts
        assert texts["warning"].visible and texts["warning"].text == E2_NOTE
        assert texts["summary"].visible and texts["summary"].text  # room for both at 1280x720
        _assert_warning_over_summary(view)
        # a summary that wraps (the planner's line on a long suggestion, as in a playtest): the warning rises
        # over both of its lines, the menu grows by them (the warning was drawn on its second line)
        menu.summary = lambda: "Swing at III with 14 dice: >99% to land, Giant Rat 3 kept 3 CP. " * 2  # type: ignore[method-assign]
        view.menu.invalidate()
        helpers.advance(window, 4)
        assert texts["summary"].content_height > 1.5 * texts["warning"].content_height  # two lines or more
        _assert_warning_over_summary(view)


def _assert_warning_over_summary(view: GameView) -> None:
    texts = view.menu.texts._texts
    summary, warning = texts["summary"], texts["warning"]
    assert warning.visible and summary.visible
    assert warning.y >= summary.y + summary.content_height  # over the summary's lines, not on them
    _left, bottom, _width, height = view.menu.rect
    assert bottom <= summary.y and warning.y + warning.content_height <= bottom + height
    rows_bottom = min(h.rect[1] for h in view.menu.hits if isinstance(h.action, tuple) and h.action[0] == "menu"
                      and h.rect[0] < summary.x + 10)
    assert warning.y + warning.content_height <= rows_bottom  # under the rows (the buttons), not on them


def test_a_hurt_foe_fleeing_the_leaders_bout_is_told_in_his_log_and_his_bout() -> None:
    for seed in (1, 2, 3):
        w = world(["##########", "#@b......#", "##########"], seed=seed)
        w.state.actors["b1"].fighter.add_wound(Wound("chest", "cut", 3, 9, 3))
        log = LogModel()
        log.add_events(w.state, w.opening)  # as the game view does: the bout started before tick 1
        for _ in range(12):
            log.add_events(w.state, w.apply(Step(None)))
            if any(" flees, " in line.text for line in log.lines):
                break
        fled = [line for line in log.lines if " flees, " in line.text]
        assert len(fled) == 1, seed
        line = fled[0]
        assert line.text.endswith("b1 flees, bleeding (BL 3, HT 5/5 left): he may bleed to death")
        assert line.mine and line.tone == "me" and line in log.filtered(LogFilter.MINE)


IN_SIGHT = ["##########", "#@......g#", "##########"]  # a goblin in sight, not in reach


def _caption(view: GameView) -> str:
    return view.hud.texts._texts["wait"].text


def test_the_hud_says_enter_only_waits_and_which_key_chases_when_a_foe_is_in_sight(window: arcade.Window,
                                                                                  helpers: ModuleType) -> None:
    with _shown(world(IN_SIGHT), window, helpers) as view:
        assert view.world.suggested_step() is None  # alone, out of a fight: Enter waits
        assert _caption(view) == f"Enter waits · {view._chase_key()}: chase"
    with _shown(world(WALLED), window, helpers) as hidden:  # the goblin behind the wall: the prompt's own line
        assert _caption(hidden) == "Move, bump or wait"


def test_the_hud_says_enter_rests_when_the_leader_is_badly_hurt_and_no_foe_is_near(window: arcade.Window,
                                                                                  helpers: ModuleType) -> None:
    w = world(IN_SIGHT)
    leader = w.state.actors["player"].fighter
    leader.blood_loss = 9  # badly hurt (game.sim.leader_step.badly_hurt), the goblin far off
    with _shown(w, window, helpers) as view:
        assert _caption(view) == "Enter rests: badly hurt"


def test_the_pad_frames_enters_step_and_a_click_on_that_button_takes_it(window: arcade.Window,
                                                                        helpers: ModuleType) -> None:
    """Mouse only, a first-time player clicked the pad's wait while Enter would have kept the party together
    (Xvfb, three-way arena: the knight alone at the bandits by tick 8). Enter's step is framed on its button."""
    from game.sim.geometry import Direction
    from game.sim.scenario_file import load_named_scenario
    from game.view.arrow_pad import DIRECTION_INTENT
    from game.view.legend import Kind, marks_in

    four = (Direction.N, Direction.E, Direction.S, Direction.W)
    w = World(load_named_scenario("arena_three_way"), seed=4, difficulty="normal")
    assert play_until(w, lambda x: x.suggested_step() in four and x.state.bout_of(x.state.leader) is None,
                      limit=40)
    step = w.suggested_step()
    assert step is not None
    with _shown(w, window, helpers) as view:
        assert view.indicators.pad.suggested is step
        assert any(key.kind is Kind.PAD_SUGGESTED for key in marks_in(view.indicators))  # the legend explains it
        before = w.state.actors[w.state.leader].pos
        button = view.pad.buttons[DIRECTION_INTENT[step]]
        helpers.click(window, button.cx, button.cy)
        helpers.advance(window, 3)
        assert w.state.actors[w.state.leader].pos == before.step(step)  # the click took Enter's step
        now = w.suggested_step()
        assert view.indicators.pad.suggested is (now if now in four else None)  # the next tick's, or none (a wait)


def test_the_goal_shows_its_fewer_words_where_the_whole_line_does_not_fit(window: arcade.Window) -> None:
    from game.view.hud import Hud
    from game.view.widgets import panel_scale_for

    hud = Hud()
    hud.state = world(IN_SIGHT).state
    hud.hint = "Enter waits · Shift+O: chase"
    shown = {}
    for size in ((800, 600), (1280, 720)):
        hud.layout(*size, panel_scale_for(*size, 1.0))  # as the game screen lays its panels out
        hud.refresh()
        shown[size] = hud.texts._texts["clock"].text
    assert shown == {(800, 600): "Beat every foe", (1280, 720): "Defeat or rout all foes"}  # never "Defeat or r…"

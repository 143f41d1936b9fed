"""The HUD's top-left line speaks the combat system's figures (issue 11, the last note): under Gold & Glory,
Dew, Combat basics and Sophia's Children the leader's own figures in a bout (hp/ap/mp/mod, EN/BD/blows, ...),
never TRoS's Shock or CP; out of a bout the world's health, tagged "Out of a fight"; under TRoS the pips."""

from __future__ import annotations

from types import ModuleType

import arcade
import pytest

from game.sim.player_view import Figure, fighter_status
from game.sim.scenario_file import load_named_scenario
from game.sim.world import World
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView
from tests.view.system_screen import show_at_prompt, until_decide

# each system: the seed its view test plays, and labels its figures must show
SYSTEMS = {
    "gold_and_glory": (3, {"hp", "ap", "mp", "mod", "init"}),
    "dew_sequence": (25, {"EN", "BD", "blows", "phase EN", "state"}),
    "combat_basics": (5, {"HT", "Pain", "BL", "init"}),
    "sophias_children": (3, {"HT", "Pain", "BL", "dice", "pool", "turn"}),
}


def open_view(world: World, window: arcade.Window, helpers: ModuleType) -> GameView:
    view = GameView(Session(world), Settings(animation_speed="instant"), lambda reason: None)
    window.show_view(view)
    helpers.advance(window, 4)
    return view


def hud_labels(view: GameView) -> dict[str, str]:
    """The figure labels the HUD drew, each with the value drawn after it."""
    texts = view.hud.texts._texts
    return {t.text: texts[("fv", key[1])].text for key, t in texts.items()
            if isinstance(key, tuple) and key[0] == "fk" and t.visible}


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_the_hud_shows_the_systems_own_figures_in_a_bout(system: str, window: arcade.Window,
                                                         helpers: ModuleType) -> None:
    seed, labels = SYSTEMS[system]
    world = World(load_named_scenario("arena_three_way"), seed=seed, combat_system=system)
    until_decide(world, system)
    status = fighter_status(world.state, world.state.leader)
    assert status.in_bout and status.own and status.system == system
    assert {f.label for f in status.figures} >= labels
    assert all(f.meaning for f in status.figures)  # each says what it means (the tooltip)
    view, _ = show_at_prompt(world, window, helpers)
    helpers.advance(window, 3)
    drawn = hud_labels(view)
    assert set(drawn) >= labels, drawn
    assert "Shock" not in drawn and "CP" not in drawn  # TRoS's figures are gone
    assert {f.label: f.text() for f in status.figures} == {k: v for k, v in drawn.items()}
    assert "ht" not in view.hud.texts._texts  # no TRoS HT pips label either
    assert len(view.hud.figure_spots) == len(status.figures)
    helpers.screenshot(f"hud_{system}_{window.width}x{window.height}")
    _hover_shows_meaning(view, window, helpers, status.figures[1])


def _hover_shows_meaning(view: GameView, window: arcade.Window, helpers: ModuleType, figure: Figure) -> None:
    """The pointer over a figure on the bar: its meaning in a box under the bar; away from it: gone."""
    rect = next(r for r, f in view.hud.figure_spots if f == figure)
    assert view.hud.hovered() is None
    window.dispatch_event("on_mouse_motion", rect[0] + rect[2] / 2, rect[1] + rect[3] / 2, 0, 0)
    helpers.advance(window, 2)
    tip = view.figure_tip.texts._texts.get("tip")
    assert view.figure_tip.shown is not None and view.figure_tip.shown[1] == figure
    assert tip is not None and tip.visible and tip.text.startswith(f"{figure.label}: ")
    assert tip.y < window.height - view.hud.bar_height  # under the bar
    helpers.screenshot(f"hud_tip_{view.state.system.name}_{window.width}x{window.height}")
    window.dispatch_event("on_mouse_motion", window.width / 2, window.height / 2, 0, 0)
    helpers.advance(window, 2)
    assert view.hud.hovered() is None
    assert view.figure_tip.shown is None  # not drawn


def test_out_of_a_bout_the_hud_says_whose_health_it_shows(window: arcade.Window, helpers: ModuleType) -> None:
    world = World(load_named_scenario("arena_three_way"), seed=3, combat_system="gold_and_glory")
    status = fighter_status(world.state, world.state.leader)
    assert not status.in_bout and not status.own
    assert [f.label for f in status.figures] == ["HT", "CP", "Pain", "Shock", "BL"]
    view = open_view(world, window, helpers)
    texts = view.hud.texts._texts
    leads = [t.text for key, t in texts.items() if isinstance(key, tuple) and key[0] == "fl" and t.visible]
    assert leads == ["Out of a fight:"]
    assert set(hud_labels(view)) == {"HT", "CP", "Pain", "Shock", "BL"}


def test_what_a_system_keeps_shows_for_the_next_fight() -> None:
    world = World(load_named_scenario("arena_three_way"), seed=3, combat_system="dew_sequence")
    leader = world.state.actors[world.state.leader]
    leader.carried = (("en", 7), ("bd", 9), ("spent", 2))
    kept = fighter_status(world.state, leader.id).kept
    assert [(f.label, f.value) for f in kept] == [("EN", 7), ("BD", 9)]
    tros = World(load_named_scenario("arena_three_way"), seed=3)
    assert fighter_status(tros.state, tros.state.leader).kept == ()


def test_under_tros_the_hud_keeps_its_pips(window: arcade.Window, helpers: ModuleType) -> None:
    world = World(load_named_scenario("arena_three_way"), seed=3)
    view = open_view(world, window, helpers)
    assert view.hud.texts._texts["ht"].text == "HT" and not hud_labels(view)
    figures = fighter_status(world.state, world.state.leader).figures
    assert [f.label for _, f in view.hud.figure_spots] == ["HT", "CP", "Pain", "Shock", "BL"]
    _hover_shows_meaning(view, window, helpers, figures[4])  # BL: what blood loss does


def test_a_downed_companions_chip_says_what_put_him_down_and_what_brings_him_round() -> None:
    """It said "HT 5/5  CP 0/0" beside "down": full health on a man lying in the corridor."""
    from game.sim.run_world import run_setup
    from game.view.hud import Vitals, _chip_line, vitals
    world = World(load_named_scenario("arena_three_way"), seed=1)
    companion = next(a.id for a in world.state.actors.values() if a.party and not a.leader)
    standing = vitals(world.state, companion)
    assert _chip_line(world.state, companion, standing).startswith("HT ")
    down = Vitals(standing.name, 5, 5, 0, 12, 9, 0, 4, False)
    assert _chip_line(world.state, companion, down) == "Pain 9  BL 4"  # an arena brings nobody round
    run = World(run_setup(3), seed=3)
    mate = next(a.id for a in run.state.actors.values() if a.party and not a.leader)
    line = _chip_line(run.state, mate, down)
    assert line == "Pain 9  BL 4 · step on him" and "HT" not in line

"""The game screen, headless: pixels of the indicators, whole bouts played with keys alone and with the mouse
alone, the one-key default declaration, buffered input during animation, watch mode, game over, and a fuzz
of random input. Frames are stepped by hand (tests/view/helpers.py)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import arcade
import pytest

from game.sim import events as wev
from game.sim.commands import Confirm, Step
from game.sim.world import World
from game.view.input_map import Intent
from game.view.palette import DEFAULT, Tone
from game.view.prompts import OrientationPrompt, TargetPrompt
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView
from rules.events import Declared
from rules.menu import available_actions

from .worlds import DUEL, aggressive_waits, defensive_waits, play_until, world_from_ascii

Show = Callable[[arcade.View], arcade.View]
# a walled-in goblin keeps the run going (no hostile left = victory)
CORRIDOR = "############\n#@.......#g#\n#........###\n############\n"
RGB = tuple[int, int, int]


def _rgb(tone: Tone) -> RGB:
    r, g, b, _ = DEFAULT.colour(tone)
    return (r, g, b)


@pytest.fixture
def exits() -> list[str]:
    return []


@pytest.fixture
def game(window: arcade.Window, show: Show, helpers: ModuleType,
         exits: list[str]) -> Iterator[Callable[..., GameView]]:
    def make(world: World, *, speed: float | str = "instant", interactive: bool = True, frames: int = 2,
             **settings: object) -> GameView:
        s = Settings(animation_speed=speed, **settings)  # type: ignore[arg-type]
        view = GameView(Session(world), s, exits.append, interactive=interactive)
        show(view)
        helpers.advance(window, frames)
        return view

    yield make


def _declaring(seed: int = 1, choose=defensive_waits) -> World:  # type: ignore[no-untyped-def]
    world = world_from_ascii(DUEL, seed=seed)
    assert play_until(world, lambda w: w.state.pending is not None and w.state.pending.kind == "declare",
                      choose=choose)
    return world


def _screen(view: GameView, actor: str) -> tuple[float, float]:
    """Screen position of an actor's feet."""
    v = view.render.actors[actor]
    x, y = view.render.foot_xy(*v.pos)
    sx, sy = view.camera.project((x, y))
    return float(sx), float(sy)


def _runs(values: list[bool]) -> int:
    runs, previous = 0, False
    for v in values:
        if v and not previous:
            runs += 1
        previous = v
    return runs


# --- pixels --------------------------------------------------------------------------------------------------
def test_primary_target_double_circle_is_at_his_feet(window: arcade.Window, game: Callable[..., GameView],
                                                      helpers: ModuleType, screenshot: Callable[[str], Path]) -> None:
    view = game(_declaring())
    assert view.menu_model is not None
    fb = {f.actor: f for f in view.indicators.footbases}
    assert fb["goblin_1"].kind == "primary" and not fb["goblin_1"].inner_faded
    img = helpers.grab()
    screenshot("game_s2_menu_default")
    fx, fy = _screen(view, "goblin_1")
    primary = DEFAULT.footbase_primary[:3]
    # below the feet (the sprite ends there): the outer and the inner ring of the double circle
    column = [helpers.close_to(helpers.pixel(img, fx + 2, fy - d), primary, tol=40) for d in range(0, 20)]
    assert _runs(column) == 2, column
    # and the circle is centred on the feet: the same rings appear left and right of the sprite
    left = sum(helpers.close_to(helpers.pixel(img, fx - d, fy), primary, tol=40) for d in range(20, 34))
    right = sum(helpers.close_to(helpers.pixel(img, fx + d, fy), primary, tol=40) for d in range(20, 34))
    assert left >= 2 and right >= 2
    # nobody else wears it
    px, py = _screen(view, "player")
    assert helpers.count_colour(img, (px - 30, py - 14, px + 30, py + 4), primary, tol=30) == 0


def test_red_arc_for_an_attacker_holding_initiative(window: arcade.Window, game: Callable[..., GameView],
                                                   helpers: ModuleType) -> None:
    view = game(_declaring())
    img = helpers.grab()
    px, py = _screen(view, "player")
    gx, gy = _screen(view, "goblin_1")
    red = _rgb(Tone.RED)
    box = (min(px, gx) + 6, min(py, gy) - 34, max(px, gx) - 6, max(py, gy) + 34)
    assert helpers.count_colour(img, box, red, tol=24) > 25
    # the arrow points at the leader (no initiative): the arc's head is nearer his feet than the goblin's
    near_player = helpers.count_colour(img, (px + 2, py - 34, px + 16, py + 34), red, tol=24)
    assert near_player > 0


def test_pad_east_red_inner_line_and_s2_outline(window: arcade.Window, game: Callable[..., GameView],
                                                helpers: ModuleType) -> None:
    view = game(_declaring())
    img = helpers.grab()
    pad = view.pad
    cx, cy = pad.centre
    east = pad.buttons[Intent.MOVE_E]
    red = _rgb(Tone.RED)
    assert helpers.close_to(helpers.pixel(img, cx + pad.button_size / 2 + pad.gap / 2, cy), red)
    assert helpers.close_to(helpers.pixel(img, east.cx, east.cy), red)  # red dot: your target holds initiative
    # s2: a Defensive leader can only defend against him: a blue (dotted) outline around the east button
    s = pad.button_size
    strip = (east.cx + s / 2, east.cy - s / 2, east.cx + s / 2 + 10, east.cy + s / 2)
    assert helpers.count_colour(img, strip, _rgb(Tone.BLUE)) > 60
    north = pad.buttons[Intent.MOVE_N]
    strip_n = (north.cx + s / 2, north.cy - s / 2, north.cx + s / 2 + 10, north.cy + s / 2)
    assert helpers.count_colour(img, strip_n, _rgb(Tone.BLUE)) == 0


def test_pad_outline_at_s1_shows_his_orientation(window: arcade.Window, game: Callable[..., GameView],
                                                 helpers: ModuleType, screenshot: Callable[[str], Path]) -> None:
    world = world_from_ascii(DUEL, seed=2)
    world.apply(Step(None, "cautious"))
    view = game(world)
    assert isinstance(view.prompt, TargetPrompt)
    screenshot("game_s1_target_prompt")
    img = helpers.grab()
    bout = world.state.bout_of("player")
    assert bout is not None
    tone = {"aggressive": Tone.RED, "cautious": Tone.YELLOW, "defensive": Tone.BLUE}[
        bout.rules.orientation["goblin_1"] or "cautious"]
    east = view.pad.buttons[Intent.MOVE_E]
    s = view.pad.button_size
    ring = (east.cx - s / 2 - 10, east.cy - s / 2 - 10, east.cx + s / 2 + 10, east.cy + s / 2 + 10)
    assert helpers.count_colour(img, ring, _rgb(tone)) > 60


# --- keyboard and mouse play -----------------------------------------------------------------------------------
def _bout_over(world: World, first: int) -> bool:
    return first not in world.state.bouts or world.state.over is not None


def test_keyboard_alone_plays_a_whole_bout(window: arcade.Window, game: Callable[..., GameView],
                                           helpers: ModuleType, exits: list[str]) -> None:
    world = world_from_ascii(DUEL, seed=7)
    view = game(world)
    first = next(iter(world.state.bouts))
    keys = 0
    for _ in range(400):
        if _bout_over(world, first):
            break
        pending = world.state.pending
        assert pending is not None
        if view.prompt is None and pending.kind == "step":
            helpers.press(window, arcade.key.RIGHT)  # into the goblin (or bump him)
        else:
            helpers.press(window, arcade.key.ENTER)  # orientation / target / declaration / bump: the default
        keys += 1
        helpers.advance(window, 1)
    assert _bout_over(world, first), world.state.pending
    assert keys >= 4  # orientation (arrow + Enter), target, declaration at least
    assert any("declares" in line.text and "Knight" in line.text for line in view.log.model.lines)


def test_one_hand_layout_plays_too(window: arcade.Window, game: Callable[..., GameView],
                                   helpers: ModuleType) -> None:
    from game.view.input_map import PRESETS, InputMap

    world = world_from_ascii(DUEL, seed=3)
    view = game(world, key_bindings=InputMap(PRESETS["one_hand"]))
    first = next(iter(world.state.bouts))
    for _ in range(400):
        if _bout_over(world, first):
            break
        if view.prompt is None and world.state.pending is not None and world.state.pending.kind == "step":
            helpers.press(window, arcade.key.D)
        else:
            helpers.press(window, arcade.key.SPACE)
        helpers.advance(window, 1)
    assert _bout_over(world, first)


def _click_hit(window: arcade.Window, helpers: ModuleType, panel: object, action: object) -> None:
    for hit in getattr(panel, "hits"):  # noqa: B009
        if hit.action == action:
            left, bottom, w, h = hit.rect
            helpers.click(window, left + w / 2, bottom + h / 2)
            return
    raise AssertionError(f"no button {action!r}")


def test_mouse_alone_plays_a_whole_bout(window: arcade.Window, game: Callable[..., GameView],
                                        helpers: ModuleType) -> None:
    world = world_from_ascii(DUEL, seed=7)
    view = game(world)
    first = next(iter(world.state.bouts))
    east = view.pad.buttons[Intent.MOVE_E]
    for _ in range(400):
        if _bout_over(world, first):
            break
        pending = world.state.pending
        assert pending is not None
        if view.menu_model is not None:
            _click_hit(window, helpers, view.menu, ("menu", "confirm", None))
        elif view.prompt is not None:
            _click_hit(window, helpers, view.prompt, ("prompt", view.prompt.selected))
        else:
            helpers.click(window, east.cx, east.cy)
        helpers.advance(window, 1)
    assert _bout_over(world, first)


def test_enter_declares_the_default(window: arcade.Window, game: Callable[..., GameView],
                                    helpers: ModuleType) -> None:
    world = _declaring(seed=2, choose=aggressive_waits)
    bout = world.state.bout_of("player")
    assert bout is not None
    default = available_actions(bout.rules, "player").default
    view = game(world)
    assert view.menu_model is not None and view.menu_model.declaration() == default
    seen: list[wev.WorldEvent] = []
    view.session.listeners.append(seen.extend)
    helpers.press(window, arcade.key.ENTER)
    declared = [e.event for e in seen if isinstance(e, wev.RulesEvent) and isinstance(e.event, Declared)
                and e.event.fighter == "player"]
    assert len(declared) == 1
    got = [(a.action, a.maneuver, a.opponent, a.dice) for a in declared[0].actions]
    assert got == [(a.action, a.maneuver, a.opponent, a.dice) for a in default]


def test_orientation_prompt_is_contextual_and_shift_swaps(window: arcade.Window, game: Callable[..., GameView],
                                                          helpers: ModuleType,
                                                          screenshot: Callable[[str], Path]) -> None:
    world = world_from_ascii(DUEL, seed=2)
    view = game(world)
    assert world.state.pending is not None and world.state.pending.orientation_due
    helpers.press(window, arcade.key.RIGHT)  # into the goblin: Aggressive
    assert isinstance(view.prompt, OrientationPrompt) and view.prompt.orientation == "aggressive"
    helpers.advance(window, 1)
    screenshot("game_s0_orientation_prompt")
    helpers.press(window, arcade.key.LEFT)  # away: Defensive
    assert isinstance(view.prompt, OrientationPrompt) and view.prompt.orientation == "defensive"
    helpers.press(window, arcade.key.SPACE)  # wait: Cautious
    assert view.prompt.orientation == "cautious"
    helpers.press(window, arcade.key.RIGHT, arcade.key.MOD_SHIFT)  # Shift: the alternative to Aggressive
    assert view.prompt.orientation == "cautious" and view.prompt.direction is not None
    helpers.press(window, arcade.key.ESCAPE)  # back without a command
    assert view.prompt is None and world.state.tick == 0
    helpers.press(window, arcade.key.RIGHT)
    helpers.press(window, arcade.key.RIGHT)  # the same key again confirms
    assert world.state.tick == 1 and isinstance(view.prompt, TargetPrompt)
    bout = world.state.bout_of("player")
    assert bout is not None and bout.rules.orientation["player"] == "aggressive"


def test_orientation_prompt_offers_red_and_white_under_that_house_rule(
    window: arcade.Window, game: Callable[..., GameView], helpers: ModuleType, screenshot: Callable[[str], Path]
) -> None:
    world = world_from_ascii(DUEL, seed=2, house_rules={"initiative_model": "red_white"})
    view = game(world)
    helpers.press(window, arcade.key.RIGHT)  # into the goblin: red
    assert isinstance(view.prompt, OrientationPrompt)
    helpers.advance(window, 1)
    screenshot("game_s0_red_white_prompt")
    assert [o.key for o in view.prompt.options] == ["red", "white"] and view.prompt.orientation == "red"
    helpers.press(window, arcade.key.LEFT)  # away: white
    assert view.prompt.orientation == "white"
    helpers.press(window, arcade.key.RIGHT)
    helpers.press(window, arcade.key.RIGHT)  # the same key again confirms
    assert world.state.tick == 1
    bout = world.state.bout_of("player")
    assert bout is not None and bout.rules.shown_orientation("player") == "red"


def test_target_prompt_arrows_pick_by_direction(window: arcade.Window, game: Callable[..., GameView],
                                                helpers: ModuleType) -> None:
    world = world_from_ascii("#######\n#.....#\n#..@g.#\n#..b..#\n#######\n", seed=2)
    world.apply(Step(None, "cautious"))
    view = game(world)
    prompt = view.prompt
    assert isinstance(prompt, TargetPrompt)
    assert prompt.ids == ["bandit_1", "goblin_1"]
    assert prompt.candidate == world.state.pending.default
    helpers.press(window, arcade.key.RIGHT)  # the goblin is east: select him
    assert prompt.candidate == "goblin_1" and view.prompt is prompt
    helpers.advance(window, 1)
    fb = {f.actor: f.kind for f in view.indicators.footbases}
    assert fb.get("goblin_1") in ("secondary", "primary")
    helpers.press(window, arcade.key.DOWN)  # the bandit is south
    assert prompt.candidate == "bandit_1" and view.prompt is prompt
    helpers.press(window, arcade.key.RIGHT)
    helpers.press(window, arcade.key.ENTER)
    bout = world.state.bout_of("player")
    assert bout is not None and bout.rules.targets["player"] == "goblin_1"


# --- animation and buffering ---------------------------------------------------------------------------------
def test_moves_are_tweened_and_input_fast_forwards(window: arcade.Window, game: Callable[..., GameView],
                                                   helpers: ModuleType) -> None:
    world = world_from_ascii(CORRIDOR)
    view = game(world, speed=1.0)
    leader = view.render.actors["player"]
    helpers.press(window, arcade.key.RIGHT)
    assert world.state.actors["player"].pos.x == 2
    assert view.busy
    helpers.advance(window, 3)  # 50 ms of 150 ms
    assert 1.0 < leader.gx < 2.0
    helpers.press(window, arcade.key.RIGHT)  # pressed mid-animation: buffered, not lost
    assert world.state.actors["player"].pos.x == 3
    assert 2.0 <= leader.gx < 3.0  # the first move completed at once, the second one is playing
    helpers.advance(window, 20)
    assert leader.gx == 3.0 and not view.busy


def test_instant_speed_never_lags(window: arcade.Window, game: Callable[..., GameView],
                                  helpers: ModuleType) -> None:
    world = world_from_ascii(CORRIDOR)
    view = game(world, speed="instant")
    for _ in range(3):
        helpers.press(window, arcade.key.RIGHT)
        assert not view.busy and view.render.actors["player"].gx == world.state.actors["player"].pos.x


def test_hits_flash_and_float(window: arcade.Window, game: Callable[..., GameView], helpers: ModuleType) -> None:
    world = _declaring(seed=1)
    view = game(world, speed=1.0)
    helpers.press(window, arcade.key.ENTER)  # the exchange resolves: the goblin's attack rolls
    view.fast_forward()
    assert view.render.floaters, "an attack floats its result"
    labels = {f.text.text for f in view.render.floaters}
    assert labels <= {"miss", "glance", "hit", "1", "2", "3", "4", "5"}
    helpers.advance(window, 90)
    assert not view.render.floaters


# --- watch mode, exits ------------------------------------------------------------------------------------------
def test_watch_mode_renders_events_and_ignores_commands(window: arcade.Window, game: Callable[..., GameView],
                                                        helpers: ModuleType, exits: list[str],
                                                        screenshot: Callable[[str], Path]) -> None:
    world = world_from_ascii(DUEL, seed=4)
    view = game(world, interactive=False)
    helpers.press(window, arcade.key.RIGHT)
    helpers.press(window, arcade.key.ENTER)
    assert world.state.tick == 0 and view.prompt is None and view.menu_model is None
    for _ in range(6):
        view.show_events(view.session.apply(Confirm()))
        helpers.advance(window, 2)
    assert world.state.tick == 6
    assert view.log.model.lines
    screenshot("game_watch_mode")
    helpers.press(window, arcade.key.ESCAPE)
    assert exits == ["pause"]


def test_game_over_exits_after_the_last_animation(window: arcade.Window, game: Callable[..., GameView],
                                                  helpers: ModuleType, exits: list[str]) -> None:
    world = world_from_ascii(DUEL, seed=7)
    view = game(world)
    assert play_until(world, lambda w: w.state.over is not None, choose=aggressive_waits, limit=300)
    view.show_events([])
    helpers.advance(window, 70)
    assert exits == ["game_over"]
    helpers.advance(window, 5)
    assert exits == ["game_over"]


def test_escape_pauses_and_ctrl_q_quits(window: arcade.Window, game: Callable[..., GameView],
                                        helpers: ModuleType, exits: list[str]) -> None:
    game(world_from_ascii(CORRIDOR))
    helpers.press(window, arcade.key.ESCAPE)
    helpers.press(window, arcade.key.Q, arcade.key.MOD_CTRL)
    assert exits == ["pause", "quit"]


# --- fuzz ---------------------------------------------------------------------------------------------------
FUZZ_KEYS = [
    arcade.key.UP, arcade.key.DOWN, arcade.key.LEFT, arcade.key.RIGHT, arcade.key.ENTER, arcade.key.SPACE,
    arcade.key.TAB, arcade.key.ESCAPE, arcade.key.W, arcade.key.A, arcade.key.S, arcade.key.D, arcade.key.H,
    arcade.key.J, arcade.key.K, arcade.key.L, arcade.key.X, arcade.key.I, arcade.key.M, arcade.key.V,
    arcade.key.PAGEUP, arcade.key.PAGEDOWN, arcade.key.END, arcade.key.KEY_1, arcade.key.KEY_2,
    arcade.key.PLUS, arcade.key.MINUS, arcade.key.NUM_5, arcade.key.NUM_8, arcade.key.NUM_ADD, arcade.key.P,
    arcade.key.BACKSPACE, arcade.key.PERIOD, arcade.key.GRAVE, arcade.key.F10, arcade.key.Z,
]


def test_fuzz_random_input_raises_nothing(window: arcade.Window, game: Callable[..., GameView],
                                          helpers: ModuleType, exits: list[str]) -> None:
    rng = random.Random(20240607)
    rows = "###########\n#.........#\n#.b..@s.g.#\n#....g....#\n#.........#\n###########\n"

    def fresh() -> GameView:
        seed = rng.randrange(1000)
        return game(world_from_ascii(rows, seed=seed, party={"s": "companion_spearman"}),
                    speed=rng.choice([1.0, 4.0, "instant"]))

    view = fresh()
    w, h = window.width, window.height
    for i in range(5000):
        roll = rng.random()
        if roll < 0.6:
            symbol = rng.choice(FUZZ_KEYS)
            mods = rng.choice([0, 0, 0, arcade.key.MOD_SHIFT, arcade.key.MOD_CTRL])
            if symbol == arcade.key.Q or (mods & arcade.key.MOD_CTRL and rng.random() < 0.5):
                mods = 0
            helpers.press(window, symbol, mods)
        elif roll < 0.85:
            helpers.click(window, rng.uniform(0, w), rng.uniform(0, h),
                          rng.choice([arcade.MOUSE_BUTTON_LEFT, arcade.MOUSE_BUTTON_LEFT, arcade.MOUSE_BUTTON_RIGHT]))
        elif roll < 0.93:
            x, y = rng.uniform(0, w), rng.uniform(0, h)
            window.dispatch_event("on_mouse_press", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
            window.dispatch_event("on_mouse_drag", int(x + 40), int(y), 40, 0, arcade.MOUSE_BUTTON_LEFT, 0)
            window.dispatch_event("on_mouse_release", int(x + 40), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
        else:
            window.dispatch_event("on_mouse_scroll", int(rng.uniform(0, w)), int(rng.uniform(0, h)), 0,
                                  rng.choice([-2, -1, 1, 2]))
        if i % 20 == 0:
            helpers.advance(window, 1)
        if view.state.over is not None and rng.random() < 0.05:
            view = fresh()
    helpers.advance(window, 2)
    assert set(exits) <= {"pause", "game_over"}


# --- slider, wheel, facing, light ------------------------------------------------------------------------------
def test_cp_slider_follows_the_mouse_and_plus_minus(window: arcade.Window, game: Callable[..., GameView],
                                                    helpers: ModuleType) -> None:
    view = game(_declaring(seed=2, choose=aggressive_waits))
    m = view.menu_model
    assert m is not None and m.opponent is not None
    x0, x1, lo, hi = view.menu.tracks[0]
    assert hi > lo
    y = next(h.rect for h in view.menu.hits if h.action == ("menu", "track", 0))
    cy = y[1] + y[3] / 2
    window.dispatch_event("on_mouse_press", int(x0), int(cy), arcade.MOUSE_BUTTON_LEFT, 0)
    assert m.dice_range(m.opponent)[2] == lo
    window.dispatch_event("on_mouse_drag", int(x1), int(cy), int(x1 - x0), 0, arcade.MOUSE_BUTTON_LEFT, 0)
    assert m.dice_range(m.opponent)[2] == hi
    window.dispatch_event("on_mouse_release", int(x1), int(cy), arcade.MOUSE_BUTTON_LEFT, 0)
    helpers.press(window, arcade.key.MINUS)
    assert m.dice_range(m.opponent)[2] == hi - 1
    helpers.press(window, arcade.key.EQUAL)
    assert m.dice_range(m.opponent)[2] == hi
    _click_hit(window, helpers, view.menu, ("menu", "dice", (0, -1)))  # the big − button
    assert m.dice_range(m.opponent)[2] == hi - 1


def test_log_scrolls_with_wheel_and_page_keys(window: arcade.Window, game: Callable[..., GameView],
                                              helpers: ModuleType) -> None:
    world = world_from_ascii(DUEL, seed=5)
    view = game(world)
    while world.state.over is None and len(view.log.model.lines) < 12:
        view.apply(aggressive_waits(world))
    helpers.advance(window, 1)
    left, bottom, w, h = view.log.rect
    window.dispatch_event("on_mouse_scroll", int(left + w / 2), int(bottom + h / 3), 0, 1)
    assert view.log.scroll == 3
    helpers.press(window, arcade.key.PAGEDOWN)
    assert view.log.scroll == 0
    helpers.press(window, arcade.key.PAGEUP)
    assert view.log.scroll > 0
    helpers.press(window, arcade.key.END)
    assert view.log.scroll == 0


def test_sprites_face_their_direction(window: arcade.Window, game: Callable[..., GameView],
                                      helpers: ModuleType) -> None:
    world = world_from_ascii(CORRIDOR)
    view = game(world)
    leader = view.render.actors["player"]
    helpers.press(window, arcade.key.RIGHT)
    helpers.advance(window, 1)
    assert leader.facing_east and leader.texture_key == ("knight", False)
    helpers.press(window, arcade.key.LEFT)
    helpers.advance(window, 1)
    assert not leader.facing_east and leader.texture_key == ("knight", True)  # mirrored
    helpers.press(window, arcade.key.DOWN)  # north/south keep the last side
    helpers.advance(window, 1)
    assert not leader.facing_east


def test_field_of_view_lights_and_remembers(window: arcade.Window, game: Callable[..., GameView],
                                            helpers: ModuleType) -> None:
    from game.sim.geometry import Pos
    from game.view.map_render import REMEMBERED, UNSEEN

    world = world_from_ascii("######################\n#@.................#g#\n######################\n")
    view = game(world)
    render = view.render
    tm = world.state.tilemap
    far = Pos(18, 1)
    assert far not in render.visible and render._levels[far.y * tm.width + far.x] == UNSEEN
    near = Pos(2, 1)
    assert near in render.visible and render._levels[near.y * tm.width + near.x] == 0
    for _ in range(12):
        helpers.press(window, arcade.key.RIGHT)
    helpers.advance(window, 1)
    assert near in render.seen and near not in render.visible
    assert render._levels[near.y * tm.width + near.x] == REMEMBERED


def test_fast_mesh_shape_matches_arcade(window: arcade.Window) -> None:
    from arcade.shape_list import create_triangles_filled_with_colors

    from game.view.mesh import Mesh

    mesh = Mesh()
    mesh.rounded_rect(100, 100, 80, 40, 8, (10, 20, 30, 255))
    mesh.disc(50, 60, 12, (200, 100, 50, 128))
    fast = mesh.shape()
    slow = create_triangles_filled_with_colors(mesh.points, mesh.colours)
    assert list(fast.data) == list(slow.data) and fast.vertices == slow.vertices and fast.mode == slow.mode
    fast.draw()  # builds its geometry like arcade's own


def test_an_arrow_at_the_leader_shows_a_banner_and_the_next_command_carries_the_cp(
    window: arcade.Window, game: Callable[..., GameView], helpers: ModuleType, screenshot: Callable[[str], Path]
) -> None:
    world = world_from_ascii("#############\n#@........a.#\n#############\n", {"a": "bandit_archer"}, seed=1)
    for actor in world.state.actors.values():
        actor.flee_threshold = None
    assert play_until(world, lambda w: w.state.pending is not None and bool(w.state.pending.incoming),
                      choose=lambda _w: Step(None))
    view = game(world)
    banner = view.incoming
    assert banner.shooters and banner.cp is None and banner.value() == 0  # out of a bout: suggest none
    helpers.advance(window, 1)
    left, bottom, width, height = banner.rect
    assert width > 0 and bottom > window.height / 2  # under the HUD
    image = helpers.grab()
    assert helpers.count_colour(image, (left + 4, bottom + 4, left + width - 4, bottom + height - 4),
                                (52, 40, 18), tol=12) > 1000  # the banner's body
    for key in (arcade.key.EQUAL, arcade.key.EQUAL, arcade.key.EQUAL, arcade.key.MINUS):
        helpers.press(window, key)
    assert banner.cp == 2
    helpers.press(window, arcade.key.BRACKETRIGHT)  # [ ] work everywhere, in the menu too
    plus = next(h for h in banner.hits if h.action == ("shot_cp", 1))
    helpers.advance(window, 1)
    helpers.click(window, plus.rect[0] + plus.rect[2] / 2, plus.rect[1] + plus.rect[3] / 2)
    assert banner.cp == 4 and banner.value() == 4
    helpers.advance(window, 2)
    screenshot("game_arrow_incoming_banner")
    leader_cp = world.state.actors[world.state.leader].fighter.cp
    helpers.press(window, arcade.key.SPACE)  # wait: the shot lands with the chosen CP
    assert world.commands[-1][1] == {"cmd": "step", "direction": None, "orientation": None, "shot_defence_cp": 4}
    assert world.state.actors[world.state.leader].fighter.cp <= leader_cp - 4
    assert banner.cp is None  # the next decision starts from the suggestion again

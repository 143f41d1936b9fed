"""The map's light repaints a few chunks a frame, nearest the leader first (issue 11: entering a room cost one
frame 36-52 ms), and ends on the same pixels as a repaint of every chunk at once; quiet frames make ahead what
a repaint would make (the chunks' atlas entries, the squares' images); the chunks' atlas never grows; a new
depth's map view keeps the last one's textures."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import arcade
from PIL import Image, ImageChops

from game.sim.commands import Step
from game.sim.world import World
from game.view.map_render import BACKGROUND, CHUNK, NEW_CHUNK_COST, REMEMBERED, UNSEEN, MapRender
from game.view.palette import palette
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView

from .worlds import world_from_ascii

# rooms joined by a door: walking east through it lights a room of several chunks at once
ROOMS = (
    "################################\n"
    "#@.........#...................#\n"
    "#..........#...................#\n"
    "#..........+...................#\n"
    "#..........#...................#\n"
    "#..........#..................g#\n"
    "#..........#####################\n"
    "############...................#\n"
    "#..............................#\n"
    "#..............................#\n"
    "################################\n"
)


def _walk_east(world: World, steps: int) -> None:
    for _ in range(steps):
        world.apply(Step("E"))


def _chunks_image(window: arcade.Window, helpers: ModuleType, render: MapRender) -> Image.Image:
    window.clear(color=(0, 0, 0, 255))
    window.default_camera.use()
    render.chunks.draw(pixelated=True)
    image: Image.Image = helpers.grab().convert("RGB")
    return image


def _same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a, b).getbbox() is None


def test_a_budget_paints_nearest_first_and_ends_on_the_full_repaint(window: arcade.Window, helpers: ModuleType,
                                                                    show: Callable[[arcade.View], arcade.View]
                                                                    ) -> None:
    world, twin = world_from_ascii(ROOMS), world_from_ascii(ROOMS)
    spread = MapRender(world.state, palette(), 1.0)
    at_once = MapRender(twin.state, palette(), 1.0)
    held_back = 0
    for steps in (3, 4, 5):  # to the door, through it, into the far room
        _walk_east(world, steps)
        _walk_east(twin, steps)
        spread.update_fov(budget=1)
        at_once.update_fov()
        assert not at_once.painting
        leader = world.state.actors[world.state.leader].pos
        assert (leader.x // CHUNK, leader.y // CHUNK) not in spread._dirty_chunks  # the leader's chunk went first
        while spread.painting:
            assert spread.paint_pending(1) == 1
            held_back += 1
        assert spread.visible == at_once.visible and spread.seen == at_once.seen
        assert _same(_chunks_image(window, helpers, spread), _chunks_image(window, helpers, at_once))
    assert held_back > 0  # the budget held chunks back at some step: the spread was exercised


def test_warming_makes_every_chunk_ahead_without_changing_a_pixel(window: arcade.Window, helpers: ModuleType,
                                                                   show: Callable[[arcade.View], arcade.View]
                                                                   ) -> None:
    world = world_from_ascii(ROOMS)
    render = MapRender(world.state, palette(), 1.0)
    size = render._chunk_atlas.size
    before = _chunks_image(window, helpers, render)
    cols, rows = -(-world.state.tilemap.width // CHUNK), -(-world.state.tilemap.height // CHUNK)
    assert len(render._chunk_sprites) < cols * rows  # the unseen chunks are not made yet
    made = 0
    while render.warm_step():
        made += 1
        assert made < 500
    assert len(render._chunk_sprites) == cols * rows and made >= cols * rows - 4
    hidden = [key for key, sprite in render._chunk_sprites.items() if not sprite.visible]
    assert hidden and all(not render._chunk_shown(*key) for key in hidden)  # all unseen: not drawn at all
    assert _same(_chunks_image(window, helpers, render), before)
    render.seen |= set(world.state.tilemap.positions())  # every square remembered: every chunk repainted
    render.update_fov()
    assert render._chunk_atlas.size == size  # sized for the whole map at the start: never grown


def test_a_game_view_repaints_over_frames_and_the_next_depth_keeps_its_textures(
        window: arcade.Window, helpers: ModuleType, show: Callable[[arcade.View], arcade.View]) -> None:
    world = world_from_ascii(ROOMS)
    view = GameView(Session(world), Settings(), lambda _reason: None, zoom=1.0)  # a texel a pixel in _chunks_image
    show(view)
    helpers.advance(window, 2)
    for _ in range(7):
        helpers.press(window, arcade.key.RIGHT)
        helpers.advance(window, 12)
    assert world.state.actors[world.state.leader].pos.x == 8
    assert not view.render.painting
    fresh = MapRender(world.state, view.palette, view.render.zoom)
    fresh.seen = set(view.render.seen)
    fresh.update_fov()
    helpers.advance(window, 1)
    assert _same(_chunks_image(window, helpers, view.render), _chunks_image(window, helpers, fresh))

def test_the_next_depth_keeps_the_textures_and_the_chunks_hidden_until_repainted(
        window: arcade.Window, helpers: ModuleType, show: Callable[[arcade.View], arcade.View]) -> None:
    first = MapRender(world_from_ascii(ROOMS).state, palette(), 1.0)
    first.seen |= set(first.state.tilemap.positions())  # the whole first depth remembered
    first.update_fov()
    while first.warm_step():
        pass
    world = world_from_ascii(ROOMS.replace("@.", ".@"))  # the next depth, the same size
    kept = MapRender(world.state, palette(), 1.0, previous=first)
    assert kept.textures is first.textures and kept.chunks is first.chunks
    fresh = MapRender(world_from_ascii(ROOMS.replace("@.", ".@")).state, palette(), 1.0)
    assert _same(_chunks_image(window, helpers, kept), _chunks_image(window, helpers, fresh))
    hidden = [key for key, sprite in kept._chunk_sprites.items() if not sprite.visible]
    assert hidden  # the first depth's light over the unseen chunks is not shown
    _walk_east(world, 12)
    kept.update_fov()
    fresh_world = world_from_ascii(ROOMS.replace("@.", ".@"))
    _walk_east(fresh_world, 12)
    fresh = MapRender(fresh_world.state, palette(), 1.0)
    fresh.seen = set(kept.seen)
    fresh.update_fov()
    assert _same(_chunks_image(window, helpers, kept), _chunks_image(window, helpers, fresh))
    wider = world_from_ascii("\n".join(row + "#" * 9 for row in ROOMS.splitlines()[:-2]) + "\n")  # other size
    deeper = MapRender(wider.state, palette(), 1.0, previous=kept)
    assert deeper.chunks is first.chunks
    assert _same(_chunks_image(window, helpers, deeper),
                 _chunks_image(window, helpers, MapRender(wider.state, palette(), 1.0)))
    other = MapRender(world.state, palette(), 2.0, previous=first)
    assert other.textures is not first.textures and other.chunks is not first.chunks
    assert other.textures.px == 2 * first.textures.px


def test_a_chunk_not_made_yet_costs_more_of_the_budget_and_warming_goes_nearest_first(
        window: arcade.Window, show: Callable[[arcade.View], arcade.View]) -> None:
    world = world_from_ascii(ROOMS)
    render = MapRender(world.state, palette(), 1.0)
    first = render._unmade_chunks[-1]
    leader = world.state.actors[world.state.leader].pos
    assert first == (leader.x // CHUNK, leader.y // CHUNK) or first not in render._unmade_chunks[:-1]
    render.seen |= set(world.state.tilemap.positions())
    render.update_fov(budget=0)  # at least one, whatever the budget
    render.paint_pending(len(render._chunk_sprites))  # (the made ones cost 1 each: those go first, being nearest)
    made = len(render._chunk_sprites)
    assert render._dirty_chunks and not render._dirty_chunks & set(render._chunk_sprites)  # only unmade left
    assert render.paint_pending(NEW_CHUNK_COST) == 1  # one chunk not made yet takes the whole budget
    assert render.paint_pending(2 * NEW_CHUNK_COST + 1) == 2
    assert len(render._chunk_sprites) == made + 3
    while render.warm_step():  # (it paints the chunks it makes with the light of now)
        pass
    assert not render.painting
    render._dirty_chunks.update(list(render._chunk_sprites)[:3])  # three chunks, all made by now, to repaint
    assert render.paint_pending(2) == 2 and len(render._dirty_chunks) == 1  # made ahead: a repaint costs 1


def test_the_squares_are_opaque_so_the_chunks_draw_without_blending(window: arcade.Window, helpers: ModuleType,
                                                                      show: Callable[[arcade.View], arcade.View]
                                                                      ) -> None:
    """The squares are painted over the map's background colour (their translucent grid and wall foot blended
    once, in the image), so the chunks draw with blending off: the same picture over any clear colour."""
    world = world_from_ascii(ROOMS)
    render = MapRender(world.state, palette(), 1.0)
    _walk_east(world, 12)  # through the door: remembered squares behind, lit ones ahead
    render.update_fov()
    levels = set(render._levels)
    assert {0, REMEMBERED, UNSEEN} <= levels  # lit, remembered and never-seen squares are all painted
    assert render.chunks.blend is False
    shown = [s for s in render.chunks if s.visible]
    assert shown and all(s.texture.image.getchannel("A").getextrema() == (255, 255) for s in shown)

    def over(clear: tuple[int, int, int, int]) -> Image.Image:
        window.clear(color=clear)
        window.default_camera.use()
        render.chunks.draw(pixelated=True)
        grabbed: Image.Image = helpers.grab().convert("RGB")
        return grabbed.crop(_shown_box(render, window))

    assert _same(over((255, 0, 255, 255)), over(BACKGROUND))


def _shown_box(render: MapRender, window: arcade.Window) -> tuple[int, int, int, int]:
    """The screen box (PIL: left, top, right, bottom) of the shown chunks, clipped to the window."""
    shown = [s for s in render.chunks if s.visible]
    left, right = min(s.left for s in shown), max(s.right for s in shown)
    bottom, top = min(s.bottom for s in shown), max(s.top for s in shown)
    h = window.height
    return (max(0, int(left)), max(0, int(h - top)), min(window.width, int(right)), min(h, int(h - bottom)))


def test_quiet_frames_make_every_indicator_image_ahead(window: arcade.Window) -> None:
    """The arcs, marks, icons, footbases, badges and shadows a fight shows are made in quiet frames before it:
    the first arcs and marks of a run cost 20-30 ms in the frame they first showed (the tick bench)."""
    render = MapRender(world_from_ascii(ROOMS).state, palette(), 1.0)
    makers = render.textures.mark_makers()
    assert len(makers) > 20 and not all(render.textures.has(key) for key, _ in makers)
    made = 0
    while render.warm_step():
        made += 1
        assert made < 1000
    assert all(render.textures.has(key) for key, _ in makers)  # each under the key its maker caches it by
    assert not render.warm_step()  # and nothing is made twice

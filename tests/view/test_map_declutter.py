"""Marks over actors sharing a square never draw over each other (issue 11, the last note): the health pips
of rats standing on a fallen rat's square stack, and a bout's clock label keeps clear of the pips of the
fighter north of it. Screenshots for the eye."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import arcade

from game.sim.commands import Step
from game.sim.geometry import Pos
from game.sim.world import World
from game.view.declutter import Box, overlaps
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView

from .worlds import world_from_ascii

Show = Callable[[arcade.View], arcade.View]
RATS = """\
#########
#.......#
#.@..rr.#
#.....r.#
#########
"""


def _pips_boxes(view: GameView) -> dict[str, Box]:
    out: dict[str, Box] = {}
    for aid, (mark, pips) in view.render._status_sprites.items():
        if pips.visible:
            out[aid] = (min(pips.left, mark.left), min(pips.bottom, mark.bottom),
                        max(pips.right, mark.right) - min(pips.left, mark.left),
                        max(pips.top, mark.top) - min(pips.bottom, mark.bottom))
    return out


def _pile_up(world: World) -> list[str]:
    """Two rats fall on one square and the third steps onto it: three actors there."""
    s = world.state
    rats = sorted(a.id for a in s.actors.values() if a.creature == "giant_rat")
    square = Pos(5, 2)
    for rid in rats[:2]:
        s.actors[rid].fighter.unconscious = True
    for rid in rats:
        a = s.actors[rid]
        if s.occupancy.get(a.pos) == rid:
            del s.occupancy[a.pos]
        a.pos = square
    s.occupancy[square] = rats[2]
    return rats


def test_pips_of_actors_on_one_square_stack(window: arcade.Window, show: Show, helpers: ModuleType) -> None:
    world = world_from_ascii(RATS, {"r": "giant_rat"}, seed=2)
    rats = _pile_up(world)
    view = GameView(Session(world), Settings(animation_speed="instant"), lambda _r: None)
    show(view)
    helpers.advance(window, 4)
    boxes = _pips_boxes(view)
    assert set(rats) <= set(boxes)
    shown = [boxes[r] for r in rats]
    assert all(not overlaps(a, b) for i, a in enumerate(shown) for b in shown[i + 1:]), shown
    leader = boxes[world.state.leader]
    assert all(not overlaps(leader, b) for b in shown)
    helpers.screenshot(f"pips_stacked_{window.width}x{window.height}")


NORTH = """\
#########
#...g...#
#...b...#
#...@...#
#########
"""


def test_a_bouts_clock_keeps_clear_of_the_pips_north_of_it(window: arcade.Window, show: Show,
                                                           helpers: ModuleType) -> None:
    world = world_from_ascii(NORTH, seed=3)
    goblin = next(a for a in world.state.actors.values() if a.creature == "goblin")
    goblin.fighter.unconscious = True  # down north of the bout: his pips lie where the clock would go
    world.apply(Step(None, "aggressive"))
    assert world.state.bouts, "the leader and the bandit fight"
    view = GameView(Session(world), Settings(animation_speed="instant"), lambda _r: None)
    show(view)
    helpers.advance(window, 4)
    pills = [p for p in view.render._clock_pills.values() if p.visible]
    assert pills
    boxes = _pips_boxes(view)
    assert goblin.id in boxes
    for pill in pills:
        box = (pill.left, pill.bottom, pill.width, pill.height)
        assert not any(overlaps(box, b) for b in boxes.values()), (box, boxes)
    helpers.screenshot(f"clock_clear_{window.width}x{window.height}")


def test_marker_tags_of_a_cluster_never_overlap(window: arcade.Window, show: Show, helpers: ModuleType) -> None:
    """Three fighters of one cluster (a few pixels apart on one square), two tags each: every plate clear of
    the others, each fighter's own tags still in his order under him."""
    from game.sim.player_view import MarkView
    from game.view.assets import load_ui_fonts
    from game.view.system_marks import MarkLayer

    layer = MarkLayer(load_ui_fonts())
    feet = {"a": (400.0, 300.0), "b": (412.0, 306.0), "c": (392.0, 296.0)}
    marks = tuple(MarkView(actor, label) for actor in "abc" for label in ("dazed 2", "readied"))
    window.clear()
    layer.draw(marks, feet.get, lambda p: p, 12.0)
    plates = layer.plates
    assert len(plates) == 6
    assert all(not overlaps(p, q) for i, p in enumerate(plates) for q in plates[i + 1:]), plates
    for actor in "abc":
        mine = [p for m, p in zip(layer.drawn, plates, strict=True) if m.actor == actor]
        assert mine[0][1] > mine[1][1] and mine[0][1] + mine[0][3] <= feet[actor][1]  # under his feet, in order
    texts = layer._texts[:6]
    assert all(abs(t.x - (p[0] + p[2] / 2)) <= 1 for t, p in zip(texts, plates, strict=True))
    alone = tuple(MarkView("a", label) for label in ("dazed 2", "readied"))
    layer.draw(alone, feet.get, lambda p: p, 12.0)  # one fighter: his tags right under him, as before
    assert layer.plates[0][1] + layer.plates[0][3] == feet["a"][1] - 2.0

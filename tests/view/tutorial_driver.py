"""Drive the tutorial with keys the way a newcomer following its callouts would (for the tutorial tests).

``play_lesson`` looks at the step on screen and the decision the world waits for and presses the key the
callout asks for: N for Next, an arrow towards the nearest foe to walk up and to choose Aggressive,
Enter to confirm a prompt or declare, Space to wait for first aid.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import arcade

from game.sim.geometry import Direction
from game.view.tutorial_callout import nearest_foe
from game.view.views.game import GameView

K = arcade.key


KEY_DIRECTION = {K.RIGHT: Direction.E, K.LEFT: Direction.W, K.DOWN: Direction.S, K.UP: Direction.N}


def towards(view: GameView, actor: str) -> int:
    s = view.state
    me, him = s.actors[s.leader].pos, s.actors[actor].pos
    dx, dy = him.x - me.x, him.y - me.y
    if abs(dx) >= abs(dy):
        return K.RIGHT if dx > 0 else K.LEFT
    return K.DOWN if dy > 0 else K.UP


def next_key(view: GameView) -> int:
    """The key the callout on screen (or the pending decision) asks for."""
    guide = view.tutorial
    step = guide.current if guide is not None else None
    if step is not None and step.waits_for_next:
        return K.N  # the callout's own key (Enter goes to a prompt or the menu when one is open)
    decision = view.player_view.decision
    if view.prompt is not None or view.menu_model is not None:
        return K.ENTER
    if decision is None or decision.kind != "step":
        return K.ENTER
    foe = nearest_foe(view)
    if decision.orientation_due:
        return towards(view, foe) if foe is not None else K.SPACE
    if view.player_view.my_bout is None and foe is not None and not decision.first_aid_offered:
        s = view.state
        me, him = s.actors[s.leader].pos, s.actors[foe].pos
        if abs(me.x - him.x) + abs(me.y - him.y) > 1:
            key = towards(view, foe)
            if not view.wall_ahead(KEY_DIRECTION[key]):  # a wall that way: wait (the view sends no step there)
                return key
    return K.SPACE


def drive(window: arcade.Window, helpers: ModuleType, current: Callable[[], GameView | None],
          until: Callable[[], bool], limit: int = 600, on_step: Callable[[GameView], None] | None = None) -> int:
    """Press keys until ``until()``; returns how many were pressed."""
    for n in range(limit):
        if until():
            return n
        view = current()
        assert view is not None, "the tutorial left the game screen"
        if on_step is not None:
            on_step(view)
        helpers.press(window, next_key(view))
        helpers.advance(window, 1)
    view = current()
    where = "no game screen"
    if view is not None:
        guide = view.tutorial
        pending = view.state.pending
        step = None if guide is None or guide.current is None else guide.current.point
        where = (f"lesson {None if guide is None else guide.index}, step {step}, tick {view.state.tick}, "
                 f"waiting for {None if pending is None else pending.kind}, over {view.state.over}, "
                 f"prompt {type(view.prompt).__name__}, menu {view.menu_model is not None})")
    raise AssertionError(f"not done after {limit} keys ({where})")

"""The game screen's input modes (issue 9 item 6): a stack, each mode owning its keys, pointer areas and its
way back (the python-tcod tutorial's input handlers and Arcade's Sections are the models).

:class:`GameView` keeps the stack; input goes to the modes from the top down until one takes it. The stack is
ordered by layer, so what takes precedence does not depend on what opened first:

- :class:`MapMode` (always at the bottom): moves, waits, the orientation prompt a move may need, companion
  keys 1-4, clicks on the HUD, the log, the arrow pad and the map; its way back is the pause menu.
- :class:`TravelMode`: the leader walks to a clicked square, explores (O) or goes at the nearest foe in sight
  (Shift+O) (``game.view.travel``): one step a
  tick while the screen is settled; any key or click stops it (the game view asks it first), and so do a
  hostile coming into view, a fight and a blocked way.
- :class:`PartyMode`: a companion is selected: arrows set his next step, Tab cycles his order, the party
  panel's buttons give orders; Esc / Enter / right click deselect him. Dormant while a decision is open.
- :class:`InspectMode`: the inspect panel: Tab shows the next actor; Esc, a tap on the panel or a right
  click close it.
- :class:`PromptMode` and :class:`MenuMode` (a decision the world waits for: orientation, target, bump,
  first aid; the maneuver menu): modal, they take every key and intent they use and swallow the rest, except
  Esc, which goes down (closing inspect, else pausing). They close when the decision is answered.
- :class:`OverviewMode` (M or the HUD's Map button): the explored level over the live screen, modal; M, Esc,
  Enter, a right click or a click outside it close it.
- :class:`LegendMode` (``?``, F1 or the HUD's ``?`` button): the legend over the live screen, on top of
  everything; ◀ ▶ turn its pages; ``?``, Esc, Enter, a right click or a click outside it close it. It takes
  every input while open (the world waits).

The keys every mode shares (Ctrl+Q, the log's PgUp / PgDn / End / V, the arrow banner's [ ]) stay with the
game view; so does Pause, which is its own screen (``game.view.views.pause``).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import arcade

from game.sim.commands import Declare
from game.sim.events import Rejected
from game.sim.geometry import Pos
from game.view import companion_orders
from game.view.input_map import MOVES, Context, Intent
from game.view.maneuver_menu import MenuModel, Row
from game.view.prompts import ALTERNATIVE, MOVE_DIRECTION, OrientationPrompt, Prompt, TargetPrompt
from game.view.sound import MENU_MOVE, MENU_SELECT
from game.view.travel import Stop, Travel
from game.view.widgets import inside

if TYPE_CHECKING:
    from game.view.views.game import GameView

PLUS_KEYS = frozenset({arcade.key.PLUS, arcade.key.EQUAL, arcade.key.NUM_ADD})
MINUS_KEYS = frozenset({arcade.key.MINUS, arcade.key.NUM_SUBTRACT, arcade.key.UNDERSCORE})
SHOT_CP_KEYS = {arcade.key.BRACKETLEFT: -1, arcade.key.BRACKETRIGHT: 1}  # also in the maneuver menu
COMPANION_KEYS = {arcade.key.KEY_1: 0, arcade.key.KEY_2: 1, arcade.key.KEY_3: 2, arcade.key.KEY_4: 3}


class Mode:
    """One input mode of the game screen. Each handler returns True when it took the input."""

    layer = 0
    modal = False  # takes every intent it does not pass down on purpose
    context = Context.MAP  # how keys resolve to intents while this mode is on top

    def __init__(self, game: GameView) -> None:
        self.game = game

    def on_key(self, symbol: int, modifiers: int) -> bool:
        """A raw key before it is resolved to an intent (the mode's own fixed keys)."""
        return False

    def on_intent(self, intent: Intent, alternative: bool) -> bool:
        return False

    def on_press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        """A press on the mode's pointer areas (panels, buttons)."""
        return False

    def on_actor_click(self, actor: str) -> bool:
        """A click on an actor on the map."""
        return False

    def on_square_click(self, pos: Pos) -> bool:
        """A click on a map square with no actor on it (``pos``: the square)."""
        return False

    def on_drag(self, x: float, y: float) -> bool:
        return False

    def on_release(self) -> None:
        return None

    def back(self) -> bool:
        """The mode's way back (a right click): True when it closed."""
        return False

    def covering(self) -> tuple[float, float, float, float] | None:
        """The panel this mode shows over the map, for the camera to keep the leader clear of."""
        return None


class MapMode(Mode):
    layer = 0

    def on_key(self, symbol: int, modifiers: int) -> bool:
        g = self.game
        if not g.interactive:
            return False
        if symbol in COMPANION_KEYS and g.menu_model is None:
            companions = g.companions()
            index = COMPANION_KEYS[symbol]
            if index < len(companions):
                pick = companions[index]
                g.select_companion(pick if g.selected_companion != pick else None)
            return True
        if g.incoming.shooters and (symbol in SHOT_CP_KEYS or symbol in PLUS_KEYS or symbol in MINUS_KEYS):
            g.adjust_shot_cp(SHOT_CP_KEYS.get(symbol, 1 if symbol in PLUS_KEYS else -1))
            return True
        return False

    def on_intent(self, intent: Intent, alternative: bool) -> bool:
        g = self.game
        if intent is Intent.CANCEL:
            g.exit("pause")
            return True
        if not g.interactive:
            return False
        state = g.state
        pending = g.player_view.decision
        if pending is None or state.over is not None:
            return False
        if pending.kind == "watch":
            if intent in MOVES or intent in (Intent.WAIT, Intent.CONFIRM):
                g.act_confirm()
            return True
        if pending.kind != "step":
            return False
        if intent is Intent.EXPLORE:  # Shift: go at the nearest foe in sight instead
            g.travel_to(None, chase=alternative)
            return True
        if intent in MOVES or intent in (Intent.WAIT, Intent.CONFIRM):
            # Enter takes the suggested step (keeping the party together, out of a fight); Wait always waits
            direction = g.world.suggested_step() if intent is Intent.CONFIRM else MOVE_DIRECTION.get(intent)
            if pending.orientation_due:
                contextual = g.world.contextual_orientation(direction)
                orientation = ALTERNATIVE[contextual] if alternative else contextual
                g.open_prompt(OrientationPrompt(state, g.palette, direction, orientation,
                                                g.world.contextual_orientation,
                                                g.input_map.keys_for(Intent.WAIT)))
                return True
            if direction is not None and g.wall_ahead(direction):
                g.show_toast("A wall is in the way: no step taken, no tick spent", refused=True)
                return True
            g.act_step(direction)
            return True
        return False

    def on_press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        g = self.game
        hit = g.hud.hit_test(x, y)
        if hit == ("legend",):
            g.open_legend()
            return True
        if hit == ("overview",):
            g.open_overview()
            return True
        if isinstance(hit, tuple) and hit[0] == "party" and g.interactive:
            companion = str(hit[1])
            g.select_companion(None if companion == g.selected_companion else companion)
            return True
        if y > g.window.height - g.hud.bar_height:
            return True
        hit = g.log.hit_test(x, y)
        if isinstance(hit, tuple) and hit[0] == "log_filter":
            g.log.set_filter(hit[1])
            return True
        if hit is not None:
            return True
        if g.pad_shown:
            intent = g.pad.hit_test(x, y)
            if intent is not None:
                g.pad.pressed = intent
                g.enqueue(intent, bool(modifiers & arcade.key.MOD_SHIFT), source="pad")
                return True
        return False

    def on_actor_click(self, actor: str) -> bool:
        g = self.game
        a = g.state.actors[actor]
        if g.interactive and a.party and not a.leader and a.alive:
            g.select_companion(None if actor == g.selected_companion else actor)
            return True
        g.show_inspect(None if g.inspect.visible and g.inspect.actor == actor else actor)
        return True


    def on_square_click(self, pos: Pos) -> bool:
        g = self.game
        pending = g.player_view.decision
        if not g.interactive or pending is None or pending.kind != "step" or g.state.over is not None:
            return False
        g.travel_to(pos)
        return True


class TravelMode(Mode):
    """A walk under way (``game.view.travel.Travel``); the game view sends its steps and stops it."""

    layer = 1

    def __init__(self, game: GameView, travel: Travel) -> None:
        super().__init__(game)
        self.travel = travel

    def advance(self, in_fight: bool) -> Stop | None:
        """Send the next step (one tick), or say why the walk ends."""
        g = self.game
        r = g.render
        step = self.travel.next_step(g.state, r.seen, r.visible, in_fight)
        if isinstance(step, Stop):
            return step
        g.act_step(step)
        return None


class PartyMode(Mode):
    layer = 1

    def __init__(self, game: GameView, companion: str) -> None:
        super().__init__(game)
        self.companion = companion

    def _dormant(self) -> bool:
        return self.game.decision_mode() is not None

    def on_intent(self, intent: Intent, alternative: bool) -> bool:
        g = self.game
        if self._dormant():
            return False
        if intent in MOVES or intent is Intent.WAIT:
            g.companion_step(self.companion, MOVE_DIRECTION.get(intent))
            return True
        if intent in (Intent.CANCEL, Intent.CONFIRM):
            g.select_companion(None)
            return True
        if intent in (Intent.NEXT_OPTION, Intent.PREV_OPTION):
            kinds = ["follow", "hold", "attack"]
            current = g.state.actors[self.companion].order
            i = kinds.index(current) if current in kinds else 0
            g.order(kinds[(i + (1 if intent is Intent.NEXT_OPTION else -1)) % len(kinds)])
            return True
        return False

    def on_press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        g = self.game
        if not g.interactive or not g.party.visible:
            return False
        hit = g.party.hit_test(x, y)
        if isinstance(hit, tuple) and hit[0] == "order":
            g.order(str(hit[1]))
            return True
        return inside(g.party.rect, x, y)

    def back(self) -> bool:
        self.game.select_companion(None)
        return True


class InspectMode(Mode):
    layer = 2

    def on_intent(self, intent: Intent, alternative: bool) -> bool:
        if intent is Intent.CANCEL:
            self.game.show_inspect(None)
            return True
        if intent is Intent.NEXT_OPTION:
            self.game.cycle_inspect(1)
            return True
        return False

    def on_press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        g = self.game
        if not g.party.visible and g.inspect.hit_test(x, y) is not None:  # the party panel hides it
            g.show_inspect(None)
            return True
        return False

    def back(self) -> bool:
        self.game.show_inspect(None)
        return True


class PromptMode(Mode):
    """A small modal prompt (orientation, target, bump frame, first aid)."""

    layer = 3
    modal = True

    def __init__(self, game: GameView, prompt: Prompt) -> None:
        super().__init__(game)
        self.prompt = prompt

    def on_intent(self, intent: Intent, alternative: bool) -> bool:
        outcome = self.prompt.handle(intent, alternative)
        if outcome is None:
            if intent is not Intent.CANCEL:
                self.game.play_sound(MENU_MOVE)
            return intent is not Intent.CANCEL  # Esc goes down: closes inspect, else pauses
        self.game.play_sound(MENU_SELECT)
        self.game.run_outcome(self.prompt, outcome.commands, outcome.close)
        return True

    def on_press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        if not self.game.interactive:
            return False
        hit = self.prompt.hit_test(x, y)
        if isinstance(hit, tuple) and hit[0] == "prompt":
            self.game.play_sound(MENU_SELECT)
            outcome = self.prompt.choose(int(hit[1]))
            self.game.run_outcome(self.prompt, outcome.commands, outcome.close)
            return True
        if isinstance(hit, tuple) and hit[0] == "prompt_nav":  # a page turn, back out of a group
            self.game.play_sound(MENU_MOVE)
            self.prompt.navigate(str(hit[1]))
            return True
        return inside(self.prompt.rect, x, y)

    def on_actor_click(self, actor: str) -> bool:
        prompt = self.prompt
        ordered = companion_orders.click(prompt, self.game.state.leader, actor)  # a companion's target (party_orders)
        if ordered is not None:
            self.game.run_outcome(prompt, ordered.commands, ordered.close)
            return True
        if not isinstance(prompt, TargetPrompt) or actor not in prompt.ids:
            return False
        if prompt.candidate == actor:
            outcome = prompt.choose(prompt.selected)
            self.game.run_outcome(prompt, outcome.commands, outcome.close)
        else:
            prompt.select_id(actor)
        return True

    def covering(self) -> tuple[float, float, float, float] | None:
        return self.prompt.rect

    def selection(self) -> tuple[str | None, str | None]:
        if isinstance(self.prompt, TargetPrompt):
            return self.prompt.candidate, self.prompt.candidate
        return companion_orders.selection(self.prompt, self.game.state.leader)  # the companion being ordered


LEGEND_KEYS = frozenset({arcade.key.SLASH, arcade.key.QUESTION, arcade.key.F1})


class LegendMode(Mode):
    """The legend overlay (``game.view.legend_panel``): modal, its own keys, its way back."""

    layer = 4
    modal = True
    context = Context.MENU

    def on_key(self, symbol: int, modifiers: int) -> bool:
        g = self.game
        if symbol in LEGEND_KEYS or symbol == arcade.key.ESCAPE:
            g.close_legend()
        elif symbol in (arcade.key.PAGEUP, arcade.key.PAGEDOWN):
            g.legend.turn(1 if symbol == arcade.key.PAGEDOWN else -1)
        else:
            action = g.input_map.resolve(symbol, modifiers, Context.MENU) \
                or g.input_map.resolve(symbol, modifiers, Context.MAP)
            if action is not None:
                self.on_intent(action.intent, action.alternative)
        return True  # no key reaches the modes under the legend

    def on_intent(self, intent: Intent, alternative: bool) -> bool:
        g = self.game
        if intent in (Intent.CANCEL, Intent.CONFIRM, Intent.PAUSE):
            g.close_legend()
        elif intent in (Intent.MENU_LEFT, Intent.MOVE_W, Intent.PREV_OPTION, Intent.MENU_UP, Intent.MOVE_N):
            g.legend.turn(-1)
            g.play_sound(MENU_MOVE)
        elif intent in (Intent.MENU_RIGHT, Intent.MOVE_E, Intent.NEXT_OPTION, Intent.MENU_DOWN, Intent.MOVE_S):
            g.legend.turn(1)
            g.play_sound(MENU_MOVE)
        return True  # nothing reaches the game under the legend

    def on_press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        g = self.game
        hit = g.legend.hit_test(x, y)
        if isinstance(hit, tuple) and hit[:2] == ("legend", "page"):
            g.legend.turn(int(hit[2]))
            g.play_sound(MENU_MOVE)
        elif hit is not None or not inside(g.legend.rect, x, y):
            g.close_legend()  # the Close button, or a tap outside the legend
        return True

    def on_actor_click(self, actor: str) -> bool:
        return True

    def back(self) -> bool:
        self.game.close_legend()
        return True

    def covering(self) -> tuple[float, float, float, float] | None:
        return self.game.legend.rect


class OverviewMode(Mode):
    """The overview over the live screen (``game.view.overview``): modal; M, Esc, Enter, a right click, its
    Close button or a click outside it close it."""

    layer = 4
    modal = True

    def on_key(self, symbol: int, modifiers: int) -> bool:
        g = self.game
        action = g.input_map.resolve(symbol, modifiers, Context.MAP)
        closing = (Intent.OVERVIEW, Intent.CANCEL, Intent.CONFIRM, Intent.PAUSE)
        if symbol == arcade.key.ESCAPE or (action is not None and action.intent in closing):
            g.close_overview()
        return True  # no key reaches the modes under it

    def on_intent(self, intent: Intent, alternative: bool) -> bool:
        if intent in (Intent.OVERVIEW, Intent.CANCEL, Intent.CONFIRM, Intent.PAUSE):
            self.game.close_overview()
        return True

    def on_press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        g = self.game
        if g.overview.hit_test(x, y) is not None or not inside(g.overview.rect, x, y):
            g.close_overview()
        return True

    def on_actor_click(self, actor: str) -> bool:
        return True

    def on_square_click(self, pos: Pos) -> bool:
        return True

    def back(self) -> bool:
        self.game.close_overview()
        return True

    def covering(self) -> tuple[float, float, float, float] | None:
        return self.game.overview.rect


class MenuMode(Mode):
    """The maneuver menu at ``s2``: rows, cyclers, sliders, its buttons, and +/- for dice."""

    layer = 3
    modal = True
    context = Context.MENU

    def __init__(self, game: GameView, model: MenuModel) -> None:
        super().__init__(game)
        self.model = model
        self.drag_part: int | None = None

    def on_key(self, symbol: int, modifiers: int) -> bool:
        g = self.game
        if g.incoming.shooters and symbol in SHOT_CP_KEYS:
            g.adjust_shot_cp(SHOT_CP_KEYS[symbol])
            return True
        if symbol in PLUS_KEYS or symbol in MINUS_KEYS:
            self.model.adjust_dice(1 if symbol in PLUS_KEYS else -1)
            g.play_sound(MENU_MOVE)
            g.menu.invalidate()
            return True
        return False

    def on_intent(self, intent: Intent, alternative: bool) -> bool:
        g = self.game
        m = self.model
        if intent is Intent.CONFIRM or intent is Intent.WAIT:
            if m.row.kind == "buttons" and intent is Intent.CONFIRM and m.button != 2:
                self.menu_action(("menu", ("nothing", "default")[m.button], None))
                return True
            self.declare()
            return True
        if intent is Intent.MENU_UP:
            m.move_row(-1)
        elif intent is Intent.MENU_DOWN:
            m.move_row(1)
        elif intent is Intent.MENU_LEFT:
            m.cycle(-1)
        elif intent is Intent.MENU_RIGHT:
            m.cycle(1)
        elif intent is Intent.NEXT_OPTION:
            m.cycle_opponent(1)
        elif intent is Intent.PREV_OPTION:
            m.cycle_opponent(-1)
        elif intent in MOVES:
            fid = g.foe_in_direction(MOVE_DIRECTION[intent])
            if fid is not None:
                m.select_opponent(fid)
        elif intent is Intent.CANCEL:
            g.menu.invalidate()
            return False  # Esc goes down: closes inspect, else pauses
        else:
            return True  # swallowed: no sound, nothing changed
        g.play_sound(MENU_MOVE)
        g.menu.invalidate()
        return True

    def declare(self) -> None:
        """Send the declaration (unless the menu already knows the rules would refuse it)."""
        g = self.game
        m = self.model
        problem = m.check()
        if problem is not None:
            g.show_toast(problem, refused=True)
            return
        g.play_sound(MENU_SELECT)
        # the CP shown against an arrow is what the menu left out: send it (a suggestion too) so both fit
        shot_cp = g.incoming.value() if g.incoming.shooters else None
        events = g.apply(Declare(m.declaration(), shot_defence_cp=shot_cp))
        if any(isinstance(e, Rejected) for e in events):
            g.menu.invalidate()

    def menu_action(self, action: Hashable) -> None:
        """A button, cycler, slider step or list entry of the menu (``("menu", verb, arg)``)."""
        m = self.model
        if not isinstance(action, tuple) or len(action) != 3:
            return
        _, verb, arg = action
        rows = m.rows()
        if verb == "opp":
            m.focus_row(Row("opponent"))
            m.cycle_opponent(int(arg))
        elif verb == "focus":
            index = int(arg)
            if m.row_index == index and rows[index].kind in ("action", "maneuver", "zone", "opponent"):
                m.cycle(1)
            else:
                m.row_index = index
        elif verb == "cycle":
            index, delta = arg
            m.row_index = index
            m.cycle(delta)
        elif verb == "dice":
            part, delta = arg
            m.focus_row(Row("dice", part))
            _, _, current = m.dice_range(m.opponent or "", part)
            m.set_dice(m.opponent or "", current + delta, part)
        elif verb in ("terrain", "reflex"):
            m.focus_row(Row(verb))
            if m.opponent is not None:
                _, _, current = m.extra_range(m.opponent, verb)
                m.set_extra(m.opponent, verb, current + int(arg))
        elif verb == "nothing":
            m.nothing()
        elif verb == "default":
            m.reset()
        elif verb == "confirm":
            self.declare()
            return
        elif verb == "pick_opp":
            m.select_opponent(str(arg))
        elif verb == "pick_action":
            if m.opponent is not None:
                m.set_action(m.opponent, str(arg))
        elif verb == "pick_maneuver":
            if m.opponent is not None:
                m.set_maneuver(m.opponent, str(arg))
        elif verb == "pick_zone":
            part, zone = arg
            if m.opponent is not None:
                m.set_zone(m.opponent, zone, part)
        self.game.play_sound(MENU_SELECT if verb in ("nothing", "default") else MENU_MOVE)
        self.game.menu.invalidate()

    def on_press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        g = self.game
        if not g.interactive:
            return False
        hit = g.menu.hit_test(x, y)
        if isinstance(hit, tuple) and hit[:2] == ("menu", "track"):
            self.drag_part = int(hit[2])
            self.drag_to(x)
            return True
        if hit is not None:
            self.menu_action(hit)
            return True
        return inside(g.menu.rect, x, y)

    def on_actor_click(self, actor: str) -> bool:
        if actor not in self.model.opponents:
            return False
        self.model.select_opponent(actor)
        self.game.menu.invalidate()
        return True

    def drag_to(self, x: float) -> None:
        m = self.model
        if self.drag_part is None or m.opponent is None:
            return
        dice = self.game.menu.dice_at(self.drag_part, x)
        if dice is not None:
            m.focus_row(Row("dice", self.drag_part))
            m.set_dice(m.opponent, dice, self.drag_part)
            self.game.menu.invalidate()

    def on_drag(self, x: float, y: float) -> bool:
        if self.drag_part is None:
            return False
        self.drag_to(x)
        return True

    def on_release(self) -> None:
        self.drag_part = None

    def covering(self) -> tuple[float, float, float, float] | None:
        return self.game.menu.rect if self.game.menu.visible else None

    def selection(self) -> tuple[str | None, str | None]:
        return self.model.opponent, None


"""The game screen: map, indicators, HUD, combat log, prompts, maneuver menu, arrow pad, inspect, party.

``GameView(session, settings, on_exit, interactive=True)``. The view never changes the world: in interactive
mode it turns input into commands for ``Session.apply`` and shows the events that come back; with
``interactive=False`` (watching a recording) the watch view calls :meth:`GameView.rebind` (another state of
the run) and :meth:`GameView.show_events`, and the view only renders and animates (the log and inspect work).
What it shows of the fights comes from the leader's view (``game.sim.player_view``), never from ``rules``.
Sound effects play through one ``game.view.sound.SoundBank`` (the app's, handed over by ``use_sounds``): the
animator plays the world's events with their beats, the modes play the menu sounds.

A tutorial lesson (``game.view.tutorial_run``) attaches its guide with :meth:`GameView.attach_tutorial`: the
guide sees every event shown, N, Enter while no prompt or menu is open (there Enter answers the game) or the
callout's Next answers a step that waits for it, and the callout
is drawn over the screen, pointing at the widget or actor its step explains.

``on_exit(reason)`` is called with ``"pause"`` (Escape / Pause with nothing to close), ``"inventory"`` / ``"character"``
(in a run: I / C or the run buttons over the log), ``"game_over"``
(``world.state.over`` is set and the last animation has played; interactive only) or ``"quit"`` (Ctrl+Q).

Input goes to a stack of modes (``game.view.modes``: map, party, inspect, prompt, maneuver menu), each with
its keys, pointer areas and way back; keys come through ``settings.key_bindings`` (``input_map``), the
on-screen arrow pad, the prompts' and the menu's buttons and the map (click an actor to inspect it, or to
pick it in a target prompt / the menu).
Extra fixed keys: ? (or F1, or the HUD's ? button) opens the legend of the marks on screen (its own mode, on
top), PgUp/PgDn/End scroll the log, V cycles its filter, 1-4 select a companion, +/− change
dice in the menu (on a force-enter's terrain / Reflex row: those), Ctrl+Q quits. While a shot is in the air
at the leader (``Decision.incoming``) a banner under the HUD names the shooter and the CP he adds to his
defence: [ and ] (and +/− outside the menu) or its buttons change it, and the next command that starts a
tick carries it as ``shot_defence_cp``; untouched, the command goes without it and the world takes its
suggestion. At ``s2`` the shot lands before the declaration, so the menu leaves that CP out and the
declaration always carries it. Input is queued and handled in order; a command first fast-forwards any
animation still playing, so the screen never lags the world.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, replace
from typing import TypeVar

import arcade
from arcade.camera import Camera2D

from game.sim import events as wev
from game.sim.commands import TICK_COMMANDS, Command, CompanionStep, Confirm, Order, Step
from game.sim.declaring import declaration_source
from game.sim.geometry import Direction, Pos
from game.sim.leader_step import badly_hurt
from game.sim.player_view import PlayerView, actor_statuses, player_view
from game.sim.scenario_file import WorldSetup
from game.sim.state import WorldState
from game.sim.tutorial_file import Condition, Lesson
from game.sim.tutorial_file import Step as TutorialStep
from game.view.animation import Animator
from game.view.arrow_pad import ArrowPad
from game.view.choice_prompt import ChoicePrompt
from game.view.combat_log import CombatLog
from game.view.default_ahead import DefaultAhead
from game.view.edge_pointer import EdgePointers
from game.view.glyphs import WARMER
from game.view.hud import FigureTip, Hud, IncomingShots, PartyPanel, Toast, vitals
from game.view.indicators import Indicators, compute, foe_in_direction
from game.view.input_map import Context, Intent
from game.view.inspect_panel import InspectPanel
from game.view.layout_clock import LAYOUT_CLOCK
from game.view.legend import CATALOGUE, MarkKey, hud_marks, legend_for, pad_marks
from game.view.legend_panel import LegendPanel
from game.view.levels_ahead import LevelsAhead
from game.view.maneuver_menu import MENU_W, ManeuverMenu, MenuModel
from game.view.map_render import BACKGROUND, ActorView, MapRender
from game.view.map_scale import BASE_ZOOM, TILE
from game.view.modes import (
    LEGEND_KEYS,
    InspectMode,
    LegendMode,
    MapMode,
    MenuMode,
    Mode,
    OverviewMode,
    PartyMode,
    PromptMode,
    TravelMode,
)
from game.view.overview import OverviewPanel
from game.view.palette import palette as make_palette
from game.view.panel_picture import due as pictures_due
from game.view.panel_picture import end_frame
from game.view.prompts import BumpPrompt, FirstAidPrompt, Prompt, TargetPrompt, key_label
from game.view.rebuilds import Rebuilds
from game.view.run_buttons import RunButtons
from game.view.screen_clear import clear_colour
from game.view.session import Session
from game.view.settings import PAD_SCALES, Settings
from game.view.shake import PIXELS as SHAKE_PIXELS
from game.view.shake import Shake
from game.view.sound import MENU_BACK, MENU_SELECT, SoundBank
from game.view.system_table import SystemTable
from game.view.travel import Stop, Travel
from game.view.tutorial import TutorialGuide, facts_of
from game.view.tutorial_callout import Callout, avoid_rects, leader_rect, nearest_foe, target_rect
from game.view.widgets import TextPool, inside, panel_scale_for

log = logging.getLogger(__name__)
KNOWN_MARKS = frozenset(CATALOGUE)
GAME_OVER_HOLD = 0.8  # seconds the last frame stays before on_exit("game_over")
TOAST_SECONDS = 3.0
WARM_BUDGET = 0.003  # seconds of glyph warming in a quiet frame (see game.view.glyphs)
LOG_FILTER_KEY = arcade.key.V
TUTORIAL_NEXT_KEYS = frozenset({arcade.key.ENTER, arcade.key.NUM_ENTER})  # Next, while no prompt/menu is open
TUTORIAL_NEXT_KEY = arcade.key.N  # Next, always
M = TypeVar("M", bound=Mode)


def _union(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> tuple[float, float, float,
                                                                                           float]:
    left, bottom = min(a[0], b[0]), min(a[1], b[1])
    return (left, bottom, max(a[0] + a[2], b[0] + b[2]) - left, max(a[1] + a[3], b[1] + b[3]) - bottom)


@dataclass(frozen=True)
class QueuedInput:
    intent: Intent
    alternative: bool = False
    source: str = "key"  # key | pad | click


HEADROOM = 0.6  # squares over the leader's square kept under the top bar out of a fight (his head and pips)


class GameView(arcade.View):
    """The game screen for one :class:`Session`."""

    def __init__(
        self,
        session: Session,
        settings: Settings,
        on_exit: Callable[[str], None],
        *,
        interactive: bool = True,
        zoom: float | None = None,
        reveal_all: bool = False,
        sounds: SoundBank | None = None,
    ) -> None:
        super().__init__()
        # the app's bank (App.play hands it over through use_sounds); alone, a bank of our own from the settings
        self.sounds = sounds if sounds is not None else SoundBank(settings.master_volume, settings.effects_volume,
                                                                  settings.muted)
        self.session = session
        self.settings = settings
        self.on_exit = on_exit
        self.interactive = interactive
        self.world = session.world
        self.state = session.world.state
        self.scale = settings.ui_scale  # the panels' scale is clamped to the window in layout()
        self.base_zoom = BASE_ZOOM if zoom is None else zoom
        self.palette = make_palette(settings.colour_blind)
        self.input_map = settings.key_bindings
        self.reveal_all = reveal_all
        self.render = MapRender(self.state, self.palette, self.base_zoom * settings.ui_scale, reveal_all=reveal_all)
        self.animator = Animator(self.render, settings.animation_speed, sound=self.play_sound)
        self.shake = Shake()  # the screen's jolt on a heavy wound (game.view.shake)
        self.animator.on_heavy = self._heavy_blow
        self._drawn_level = _level_key(self.state)  # the depth the map view draws (a run changes it)
        self.levels_ahead = LevelsAhead()  # the next depths made in a background thread (the stairs' frame)
        self.levels_ahead.ask(self.state)
        self.camera = Camera2D()
        self.camera.zoom = self.render.zoom
        self._cam_offset = (0.0, 0.0)
        self.hud = Hud()
        self.hud.palette = self.palette
        self.log = CombatLog()
        self.log.show_unseen = reveal_all  # the party's view by default; a recording shown whole shows all
        self.inspect = InspectPanel()
        self.party = PartyPanel()
        self.toast = Toast()
        self.figure_tip = FigureTip()  # what a figure on the top bar means, under the pointer
        self.incoming = IncomingShots()
        self.incoming.state = self.state
        self.menu = ManeuverMenu()
        self._prompt_texts = TextPool()  # one pool for every prompt in turn: their strings come back, laid out
        self.legend = LegendPanel()
        self.overview = OverviewPanel()
        self.edge = EdgePointers()  # toward companions fighting off-screen
        self.run_buttons = RunButtons()  # Inventory and Character, in a run (issue 10)
        self.system_table = SystemTable()  # a combat system's own state (issue 14); empty for tros_sos
        self.pad = ArrowPad(self.palette, scale=min(1.0, settings.ui_scale), handedness=settings.handedness)
        for panel in (self.hud, self.inspect, self.party, self.system_table):
            panel.state = self.state
        if not interactive:
            self.hud.hint = "Watching"
        self.modes: list[Mode] = [MapMode(self)]  # the input modes, bottom (the map) to top
        self.inputs: deque[QueuedInput] = deque()
        self.indicators = Indicators()
        self._ind_key: Hashable = None
        self._version = 0
        self._corner: tuple[float, float] | None = None
        self._pv_key: Hashable = None
        self._pv: PlayerView | None = None
        self._decision_key: Hashable = None
        # the menu's preselected declaration worked out off the main thread first, the menu opening when it is
        # done (the app turns it on; off, the menu opens in the tick's frame, as tests driving keys expect)
        self.prepare_defaults = False
        self._default_ahead: DefaultAhead | None = None
        self._aid_answered: int | None = None
        self._bump_fled: str | None = None
        self._toast_time = 0.0
        self._over_time = 0.0
        self._exited = False
        self.frames = 0
        self._rebuilds = Rebuilds(("decision", "indicators", "hud", "log"))  # one heavy rebuild a frame
        self._paint_pictures = False  # this quiet frame paints a panel's picture after its drawing
        self._camera_moving = True  # the camera moved in the last update (the screen is not idle)
        self._legend_key: Hashable = None  # what the open legend's entries were last looked up for
        self._caption_key: Hashable = None  # (tick, decision, field of view) the HUD's Enter line was found for
        self._caption = ""
        self._enter_step_key: Hashable = None  # (tick, decision) Enter's step was asked for
        self._enter_step_value: Direction | None = None
        self._legend_prepared: Hashable = None  # what the closed legend was last built for (_prepare_legend)
        self.layout_size = (self.window.width, self.window.height)  # as last laid out (resize events)
        self.tutorial: TutorialGuide | None = None  # a tutorial lesson's guide (attach_tutorial)
        self.callout = Callout()
        self.on_tutorial: Callable[[str], None] = lambda _reason: None
        self._tutorial_said = False
        self.log.add_events(self.state, session.world.opening)
        if interactive and self.state.tick == 0:
            self._introduce(session.world.setup)
        self._sync_decision()
        self.layout(self.window.width, self.window.height)

    # ----- public API ---------------------------------------------------------------------------------------
    def attach_tutorial(self, guide: TutorialGuide, on_tutorial: Callable[[str], None]) -> None:
        """Play a tutorial lesson's callouts over this screen; ``on_tutorial("skip")`` when the player skips it,
        ``on_tutorial("done")`` when the lesson's last step is done (a won fight ends it through ``on_exit``)."""
        self.tutorial = guide
        self.on_tutorial = on_tutorial
        self._tutorial_said = False
        self.callout.skip_label = "Skip tutorial"
        guide.update(facts_of(self))

    def foe_in_sight(self) -> bool:
        """A living hostile stands where the leader can see."""
        return nearest_foe(self) is not None

    def _introduce(self, setup: WorldSetup) -> None:
        """A scenario's name and description in a callout before its first move (Enter or Next starts it)."""
        if setup.origin.get("kind") != "scenario" or not setup.description.strip():
            return
        step = TutorialStep(setup.name[:40], " ".join(setup.description.split())[:400], "leader", (),
                            (Condition("next"),), ())
        lesson = Lesson("intro", "Scenario", "", setup, 0, (step,))
        self.attach_tutorial(TutorialGuide(lesson), self._introduced)
        self.callout.skip_label = ""

    def _introduced(self, _what: str) -> None:
        self.tutorial = None
        self.callout.step = None
        self.callout.skip_label = "Skip tutorial"

    @property
    def aid_answered(self) -> bool:
        """The first aid offered this tick was answered (the prompt is gone)."""
        return self._aid_answered == self.state.tick

    @property
    def player_view(self) -> PlayerView:
        """The leader's view of the world (``game.sim.player_view``), rebuilt when the world has changed."""
        key = (self._version, self.state.tick)
        if self._pv is None or key != self._pv_key:
            self._pv = player_view(self.state)
            self._pv_key = key
            self.inspect.view = self._pv
        return self._pv

    @property
    def busy(self) -> bool:
        """Movement / attack animation still playing (the screen lags the world)."""
        return self.animator.busy

    def fast_forward(self) -> None:
        self.animator.fast_forward()

    def use_sounds(self, bank: SoundBank) -> None:
        """Play through ``bank`` (the app's one bank, whose volumes follow the settings)."""
        self.sounds = bank

    def play_sound(self, name: str) -> None:
        """One sound effect by name (``game.view.sound``); silent when muted or without audio."""
        self.sounds.play(name)

    def _heavy_blow(self) -> None:
        """A heavy wound landed: the screen jolts (not at the "instant" animation setting)."""
        if not self.animator.tweens.instant:
            self.shake.start(SHAKE_PIXELS * self.scale)

    def settle(self) -> None:
        """Finish every animation now, floating labels included (the watch view at speed, so the labels of
        one tick never pile onto the next's)."""
        self.animator.fast_forward()
        self.animator.cosmetic.fast_forward()

    def show_events(self, events: Iterable[wev.WorldEvent]) -> None:
        """Render and animate events that came out of ``Session.apply`` (also the watch mode's entry point)."""
        events = list(events)
        self.log.add_events(self.state, events)
        if self.tutorial is not None:
            self.tutorial.observe(events)
        for e in events:
            if isinstance(e, wev.Rejected):
                self.show_toast(f"Refused: {e.reason}")
            elif isinstance(e, wev.BumpFrame):
                self._bump_fled = e.fled
        if not self._new_level():
            self.animator.push(events)
        self._version += 1
        if self.interactive:
            self._sync_decision()

    def _new_level(self) -> bool:
        """In a run, after the party took the stairs (or the watch view went to another depth): the map is
        another depth's, so the map view starts again on it (no animation across the change). True if so."""
        if _level_key(self.state) == self._drawn_level:
            return False
        self._drawn_level = _level_key(self.state)
        self.animator.fast_forward()
        self.animator.cosmetic.fast_forward()
        self.pop(TravelMode)  # the route was on the other depth's map
        self.render = MapRender(self.state, self.palette, self.render.zoom, reveal_all=self.reveal_all,
                                previous=self.render)
        self.animator = Animator(self.render, self.settings.animation_speed, sound=self.play_sound)
        self.animator.on_heavy = self._heavy_blow
        self.frames = 0  # the camera snaps to the leader on the next frame
        for panel in (self.hud, self.inspect, self.party, self.incoming):
            panel.invalidate()
        self.levels_ahead.ask(self.state)
        return True

    def apply(self, command: Command) -> list[wev.WorldEvent]:
        """Send one command to the world (fast-forwarding animation first) and show what it caused. A
        command that starts a tick carries the CP chosen against a shot at the leader, if he chose."""
        self._open_prepared(wait=True)  # nothing changes the bout while the menu's default is worked out
        self.animator.fast_forward()
        chosen = self.incoming.cp
        if chosen is not None and self.incoming.shooters and isinstance(command, TICK_COMMANDS) \
                and command.shot_defence_cp is None:
            command = replace(command, shot_defence_cp=chosen)
        events = self.session.apply(command)
        self.show_events(events)
        return events

    def rebind(self, state: WorldState, *, jump: bool = False,
               history: Iterable[wev.WorldEvent] | None = None) -> None:
        """Show another state of the same run (the watch view's time travel; not interactive). ``jump``: the
        screen jumps there at once (no animation; ``history`` refills the log), else :meth:`show_events`
        animates the events that led to it next."""
        self.animator.fast_forward()
        self.state = state
        for panel in (self.hud, self.inspect, self.party, self.incoming, self.system_table):
            panel.state = state
        if _level_key(state) == self._drawn_level:
            self.render.rebind(state, snap=jump)
        else:  # another depth of the run
            self._new_level()
        if jump:
            self.animator.cosmetic.fast_forward()
            self.log.clear()
            if history is not None:
                self.log.add_events(state, history)
            if self.inspect.actor is not None and self.inspect.actor not in state.actors:
                self.show_inspect(None)
        self._version += 1
        for panel in (self.hud, self.inspect, self.party, self.incoming):
            panel.invalidate()

    def reserve_corner(self, left: float, top: float) -> None:
        """Keep the log and the inspect panel clear of the bottom right corner right of ``left`` and below
        ``top`` (the watch view's control bar)."""
        self._corner = (left, top)
        self.layout(self.window.width, self.window.height)

    def show_toast(self, message: str, *, refused: bool = False) -> None:
        """A short message under the HUD; ``refused``: the player asked for something that cannot be done."""
        if refused:
            self.play_sound("bump")
        self.toast.message = message
        self._toast_time = TOAST_SECONDS

    def apply_settings(self, settings: Settings) -> None:
        """Take new settings (speed, scale, palette, bindings, handedness) without rebuilding the session."""
        self.settings = settings
        self.input_map = settings.key_bindings
        self.animator.configure(settings.animation_speed)
        new_palette = make_palette(settings.colour_blind)
        zoom = self.base_zoom * settings.ui_scale
        rebuild = zoom != self.render.zoom or new_palette.name != self.palette.name
        self.palette = new_palette
        self.hud.palette = new_palette
        self.hud.invalidate()
        self.pad = ArrowPad(self.palette, scale=self.scale, handedness=settings.handedness)
        if rebuild:
            old = self.render
            self.render = MapRender(self.state, self.palette, zoom, reveal_all=self.reveal_all)
            self.render.seen = set(old.seen)
            self.render.update_fov()
            self.animator = Animator(self.render, settings.animation_speed, sound=self.play_sound)
            self.animator.on_heavy = self._heavy_blow
            self.camera.zoom = self.render.zoom
            self._ind_key = None
        self.layout(self.window.width, self.window.height)

    # ----- layout -------------------------------------------------------------------------------------------
    @property
    def left_handed(self) -> bool:
        return self.settings.handedness == "left"

    @property
    def pad_shown(self) -> bool:
        """Whether the arrow pad is on screen (and takes taps): in an interactive game, unless the player hid it
        (Settings.arrow_pad) or while the maneuver menu is open on a window too narrow for both side by side
        (800 x 600: the pad collapses, so the panels keep a legible scale; the keys and the menu's own buttons
        drive the menu)."""
        if not self.interactive or self.settings.arrow_pad == "hidden":
            return False
        if self.menu_model is None:
            return True
        k = self.scale
        return bool((MENU_W + 3 * 12) * k + self.pad.extent <= self.layout_size[0])

    def panel_scale(self, width: int, height: int) -> float:
        """The UI scale the panels, texts and pad use (:func:`panel_scale_for` of the setting)."""
        return panel_scale_for(width, height, self.settings.ui_scale)

    def layout(self, width: int, height: int) -> None:
        self.layout_size = (width, height)
        k = self.scale = self.panel_scale(width, height)
        main, side = ("right", "left") if self.left_handed else ("left", "right")
        self.hud.layout(width, height, k)
        self.pad.scale = k * PAD_SCALES.get(self.settings.arrow_pad, 1.0)
        self.pad.layout(width, height)
        top = height - self.hud.bar_height
        with_pad = self.interactive and self.settings.arrow_pad != "hidden"  # the panels keep clear of it
        pad_w = self.pad.extent if with_pad else 0.0
        pad_top = self.pad.centre[1] + self.pad.extent / 2 if with_pad else 0.0
        if self._corner is not None:  # a watch bar in the bottom right corner: keep the log and inspect clear
            pad_w = max(pad_w, width - self._corner[0])
            pad_top = max(pad_top, self._corner[1])
        self.log.anchor = main
        self.log.right_limit = min(width - pad_w - 12 * k, width * 0.62)
        self.log.top_limit = top
        self.log.layout(width, height, k)
        for panel in (self.inspect, self.party):
            panel.anchor = side
            panel.layout(width, height, k)
        self.inspect.bottom_limit = pad_top + 8 * k
        self.inspect.top_limit = top
        self.party.top_limit = top
        self.toast.layout(width, height, k)
        self.figure_tip.layout(width, height, k)
        self.toast.top_limit = top
        self.callout.layout(width, height, k)
        self.callout.top_limit = top
        self.run_buttons.layout(width, height, k)
        self.system_table.anchor = side
        self.system_table.layout(width, height, k)
        self.system_table.top_limit = top
        self.incoming.layout(width, height, k)
        self.incoming.top_limit = top
        self.menu.anchor = main
        self.menu.layout(width, height, k)
        self.menu.top_limit = top
        self.legend.anchor = main  # over the log, prompts and menu: the pad and the fight stay in view
        self.legend.layout(width, height, k)
        self.legend.top_limit = top
        self.overview.layout(width, height, k)
        self.edge.layout(width, height, k)
        self.overview.top_limit = top
        if self.prompt is not None:
            self.prompt.anchor = main
            self.prompt.layout(width, height, k)
            self.prompt.top_limit = top
        self.camera.match_window()
        self.camera.zoom = self.render.zoom
        WARMER.want_scale(k)  # the panels' text sizes, and the map's labels at this zoom: warmed in quiet frames
        WARMER.want(self.pad.mark_size, True)
        WARMER.want(self.render.clock_font_size, True)
        WARMER.want(self.render.floater_font_size, True)

    def on_resize(self, width: int, height: int) -> None:
        self.layout(width, height)

    def on_show_view(self) -> None:
        self.layout(self.window.width, self.window.height)

    # ----- the mode stack -----------------------------------------------------------------------------------
    def push(self, mode: Mode) -> Mode:
        """Open ``mode`` (replacing one of its kind) at its layer of the stack."""
        self.modes = [m for m in self.modes if type(m) is not type(mode)]
        at = len(self.modes)
        while at > 0 and self.modes[at - 1].layer > mode.layer:
            at -= 1
        self.modes.insert(at, mode)
        return mode

    def pop(self, kind: type[Mode]) -> None:
        """Close the mode of that kind, if open (the map mode stays)."""
        if kind is not MapMode:
            self.modes = [m for m in self.modes if type(m) is not kind]

    def find(self, kind: type[M]) -> M | None:
        return next((m for m in self.modes if isinstance(m, kind)), None)

    def decision_mode(self) -> PromptMode | MenuMode | None:
        """The open prompt or maneuver menu (what the world waits for), if any."""
        return self.find(PromptMode) or self.find(MenuMode)

    @property
    def prompt(self) -> Prompt | None:
        mode = self.find(PromptMode)
        return mode.prompt if mode is not None else None

    @property
    def menu_model(self) -> MenuModel | None:
        mode = self.find(MenuMode)
        return mode.model if mode is not None else None

    @property
    def selected_companion(self) -> str | None:
        mode = self.find(PartyMode)
        return mode.companion if mode is not None else None

    # ----- the legend --------------------------------------------------------------------------------------
    def legend_marks(self) -> set[MarkKey]:
        """Every mark on screen now: the map's (as last laid out), the arrow pad's and the HUD's pips."""
        self.refresh_indicators()
        self.render.layout_overlay()
        marks = self.render.drawn_marks()
        if self.pad_shown:
            marks |= pad_marks(self.pad.indicators)
        v = vitals(self.state, self.state.leader)
        marks |= hud_marks(v.ht, v.ht_max, v.cp, v.cp_max)
        unknown = marks - KNOWN_MARKS
        if unknown:  # a mark the legend has no line for yet: leave it out, never fail the screen
            log.warning("no legend entry for %s", sorted((k.kind.value, k.variant) for k in unknown))
        return marks & KNOWN_MARKS

    def open_legend(self) -> None:
        """Show the legend of the marks on screen (the legend mode, on top of every other)."""
        self.push(LegendMode(self))
        key = self._legend_sync_key()
        if key == self._legend_prepared and self.animator.settled:  # built in a quiet frame for this screen
            entries = self.legend.entries
        else:
            entries = legend_for(self.legend_marks(), self.palette)
        # looked up now: the first frame's sync need not look again (3 ms) unless something still moves
        self._legend_key = key if self.animator.settled else None
        self.legend.open(entries, self.palette, self.render.textures)
        self.play_sound(MENU_SELECT)

    def _prepare_legend(self) -> None:
        """A quiet frame's last job: the closed legend built for the marks on screen, once they stand still."""
        key = self._legend_sync_key()
        if self.legend.visible or not self.animator.settled or key == self._legend_prepared:
            return
        self._legend_prepared = key
        self.legend.prepare(legend_for(self.legend_marks(), self.palette), self.palette, self.render.textures)

    def close_legend(self) -> None:
        self.pop(LegendMode)
        self.legend.close()
        self.play_sound(MENU_BACK)

    def toggle_legend(self) -> None:
        if self.find(LegendMode) is None:
            self.open_legend()
        else:
            self.close_legend()

    # ----- the overview ------------------------------------------------------------------------------------
    def open_overview(self) -> None:
        """Show the explored level over the screen (the overview mode, on top)."""
        self.push(OverviewMode(self))
        self.overview.open(self.state, self.render.seen, self.render.visible)
        self.play_sound(MENU_SELECT)

    def close_overview(self) -> None:
        self.pop(OverviewMode)
        self.overview.close()
        self.play_sound(MENU_BACK)

    def _sync_legend(self) -> None:
        """Keep the open legend to the marks on screen (an animation ending can show or hide some): looked at
        again every frame while anything animates, else only when the world, a selection or the layout
        changed."""
        key = self._legend_sync_key()
        if self.animator.settled and key == self._legend_key:
            return
        self._legend_key = key if self.animator.settled else None
        entries = legend_for(self.legend_marks(), self.palette)
        if [e.key for e in entries] != [e.key for e in self.legend.entries]:
            self.legend.entries = entries
            self.legend.invalidate()

    def _legend_sync_key(self) -> Hashable:
        """What the legend's entries were looked up for: the world, the map's marks, the pad, the layout."""
        return (self._version, self._ind_key, self.pad_shown, self.layout_size, self.palette.name)

    # ----- decisions -> prompts -----------------------------------------------------------------------------
    def _sync_decision(self) -> None:
        """Open the prompt or menu the pending decision needs (once per decision)."""
        if not self.interactive:
            return
        s = self.state
        decision = self.player_view.decision
        if s.over is not None or decision is None:
            self._close_prompt()
            self._close_menu()
            return
        key = (s.tick, decision.kind, decision.bout, decision.options, decision.default, self._aid_answered)
        if key == self._decision_key:
            return
        self._decision_key = key
        self.incoming.cp = None  # a new decision: the suggestion again
        self.incoming.invalidate()
        self._close_menu()
        if decision.kind == "target":
            self.open_prompt(TargetPrompt(s, self.palette, decision.options, decision.default))
        elif decision.kind == "declare":
            ahead, self._default_ahead = self._default_ahead, None
            if ahead is not None:
                ahead.wait()  # (done already but for a menu wanted at once: the work is not done twice)
            source = declaration_source(s) if ahead is None or ahead.key != key else ahead.source
            if source is not None and self.prepare_defaults and (ahead is None or ahead.key != key):
                self._default_ahead = DefaultAhead(key, source, self._arrow_reserve())
                self._decision_key = None  # looked at again once it is done (on_update) or input comes
                self._close_prompt()
                return
            if source is not None:
                names = {a.id: a.name for a in s.actors.values()}
                model = MenuModel(source, names, reserve=self._arrow_reserve())
                self.push(MenuMode(self, model))
                self.menu.open(model)
            self._close_prompt()
        elif decision.kind == "bump":
            self.open_prompt(BumpPrompt(s, self.palette, self._bump_fled))
        elif decision.kind == "decide" and decision.choice is not None:
            self.open_prompt(ChoicePrompt(s, self.palette, decision.choice))
        elif decision.kind == "step" and decision.first_aid_offered and self._aid_answered != s.tick:
            self.open_prompt(FirstAidPrompt(s, self.palette))
        else:
            self._close_prompt()

    @property
    def preparing(self) -> bool:
        """The menu's preselected declaration is being worked out (``game.view.default_ahead``): it opens soon."""
        return self._default_ahead is not None

    def _open_prepared(self, wait: bool) -> None:
        """Open the menu whose default was worked out ahead: when it is done, or (``wait``) now."""
        ahead = self._default_ahead
        if ahead is None or not (wait or ahead.done):
            return
        ahead.wait()
        self._sync_decision()
        if self._default_ahead is ahead:  # the decision went another way meanwhile: nothing waits for it
            self._default_ahead = None

    def open_prompt(self, prompt: Prompt) -> None:
        self.push(PromptMode(self, prompt))
        prompt.texts = self._prompt_texts
        prompt.anchor = "right" if self.left_handed else "left"
        prompt.layout(*self.layout_size, self.scale)
        prompt.top_limit = self.window.height - self.hud.bar_height

    def _close_prompt(self) -> None:
        self.pop(PromptMode)

    def _close_menu(self) -> None:
        self.pop(MenuMode)
        self.menu.close()

    # ----- input: keys --------------------------------------------------------------------------------------
    def on_key_press(self, symbol: int, modifiers: int) -> None:
        self._open_prepared(wait=True)  # a key answers the menu as the player will see it
        # the keys every mode shares
        if modifiers & arcade.key.MOD_CTRL and symbol == arcade.key.Q:
            self.exit("quit")
            return
        if self.find(TravelMode) is not None:  # any key stops a walk (and does nothing else)
            self.stop_travel(Stop("key", "Stopped"))
            return
        overview = self.find(OverviewMode)
        if overview is not None:  # over everything but the legend: its keys only
            overview.on_key(symbol, modifiers)
            return
        if symbol in (arcade.key.PAGEUP, arcade.key.PAGEDOWN) and self.find(LegendMode) is None:
            if self.prompt is not None and self.prompt.page_by(-1 if symbol == arcade.key.PAGEUP else 1):
                return  # a long prompt's pages before the log's
            self.log.page(1 if symbol == arcade.key.PAGEUP else -1)
            return
        if symbol == arcade.key.END:
            self.log.scroll = 0
            return
        if self.tutorial is not None and self.find(LegendMode) is None and self._tutorial_next_key(symbol) \
                and self.tutorial.next():
            self.tutorial.update(facts_of(self))
            return
        if symbol in LEGEND_KEYS and self.find(LegendMode) is None:
            self.open_legend()
            return
        if self.find(LegendMode) is None and symbol == LOG_FILTER_KEY and not modifiers & arcade.key.MOD_CTRL:
            self.log.cycle_filter()
            return
        screen = self._run_screen_key(symbol, modifiers)
        if screen is not None:
            self.exit(screen)
            return
        # the modes' own keys, top down
        for mode in reversed(self.modes):
            if mode.on_key(symbol, modifiers):
                return
        context = self.modes[-1].context
        action = self.input_map.resolve(symbol, modifiers, context)
        if action is None and context is not Context.MAP:
            action = self.input_map.resolve(symbol, modifiers, Context.MAP)
        if action is None:
            if symbol == arcade.key.ESCAPE:
                self.enqueue(Intent.CANCEL)
            return
        self.enqueue(action.intent, action.alternative)

    def _tutorial_next_key(self, symbol: int) -> bool:
        """N always moves a callout on; Enter only while no prompt or menu is open (there Enter answers the
        game: seen under Xvfb, Enter on a callout over the menu went to Next instead of declaring)."""
        if symbol in TUTORIAL_NEXT_KEYS:
            return self.decision_mode() is None
        return symbol == TUTORIAL_NEXT_KEY

    def _run_screen_key(self, symbol: int, modifiers: int) -> str | None:
        """In a run, I opens the inventory screen and C the character screen (C only while no binding
        takes it, e.g. the one-hand layout's inspect); outside a run they keep their bindings."""
        if not self.interactive or self.state.run is None or self.find(LegendMode) is not None or modifiers & (
                arcade.key.MOD_CTRL | arcade.key.MOD_ALT):
            return None
        if symbol == arcade.key.I:
            return "inventory"
        if symbol == arcade.key.C and self.input_map.resolve(symbol, modifiers, Context.MAP) is None:
            return "character"
        return None

    def adjust_shot_cp(self, delta: int) -> None:
        """Add or take back a CP against the shot(s) in the air at the leader (0 to his CP per shot)."""
        banner = self.incoming
        banner.cp = max(0, min(banner.value() + delta, banner.limit()))
        banner.invalidate()
        if self.menu_model is not None:  # the arrow lands before the declaration: the menu has the rest
            self.menu_model.set_reserve(self._arrow_reserve())
            self.menu.invalidate()

    def _arrow_reserve(self) -> int:
        """CP the banner keeps against the shot(s) at the leader: what the declaration may not use."""
        banner = self.incoming
        return banner.value() * len(banner.shooters) if banner.shooters else 0

    def enqueue(self, intent: Intent, alternative: bool = False, source: str = "key") -> None:
        """Queue an intent (keys, pad, clicks all come here) and handle the queue in order."""
        self.inputs.append(QueuedInput(intent, alternative, source))
        self._drain()

    def _drain(self) -> None:
        while self.inputs:
            item = self.inputs.popleft()
            if self._exited:
                self.inputs.clear()
                return
            self._handle(item.intent, item.alternative)

    def _handle(self, intent: Intent, alternative: bool) -> None:
        """An intent: the ones every mode shares, then the modes from the top down."""
        legend = self.find(LegendMode)
        if legend is not None:  # the legend takes every intent while it is open
            legend.on_intent(intent, alternative)
            return
        if intent is Intent.PAUSE:
            self.exit("pause")
            return
        if intent is Intent.TOGGLE_LOG:
            self.log.cycle_mode()
            return
        if intent is Intent.OVERVIEW:
            if self.find(OverviewMode) is None:
                self.open_overview()
            else:
                self.close_overview()
            return
        if intent is Intent.INSPECT:
            self._toggle_inspect()
            return
        for mode in reversed(list(self.modes)):
            if mode.on_intent(intent, alternative):
                return

    # ----- what the modes do --------------------------------------------------------------------------------
    def act_step(self, direction: Direction | None) -> None:
        self.apply(Step(None if direction is None else direction.name))

    def wall_ahead(self, direction: Direction) -> bool:
        """The leader's square that way is a wall (or off the map): a step there would only spend a tick, so the
        view does not send it (the world would forfeit the step and tick on)."""
        s = self.state
        p = s.actors[s.leader].pos
        x, y = p.x + direction.dx, p.y + direction.dy
        tm = s.tilemap
        return not (0 <= x < tm.width and 0 <= y < tm.height and tm.passable_mask[y * tm.width + x])

    # --- travel -------------------------------------------------------------------------------------------
    def travel_to(self, goal: Pos | None, chase: bool = False) -> None:
        """Walk the leader to ``goal`` (a seen square), with None explore, with ``chase`` go at the nearest foe
        in sight: one step a tick from the next frame on (``TravelMode``), or a line saying why not (with a
        foe in sight who stands his ground, what to do instead)."""
        if not self.interactive:
            return
        r = self.render
        started = Travel.start(self.state, r.seen, r.visible, goal, chase)
        if isinstance(started, Stop):
            message = started.message
            if started.reason == "foe":
                message += f" · {self._chase_key()}: go at him, or click a square to walk there"
            self.show_toast(message, refused=started.reason not in ("explored", "arrived"))
            return
        self.push(TravelMode(self, started))
        r.set_route(tuple(started.path))
        if started.chase is not None:
            self.show_toast(f"Going at {self.state.actors[started.chase].name}: any key stops")
        elif started.left_be:
            names = ", ".join(self.state.actors[f].name for f in started.left_be)
            self.show_toast(f"Exploring, {names} left to flee ({self._chase_key()}: go at him): any key stops")
        else:
            self.show_toast("Exploring: any key stops" if goal is None else "Travelling: any key stops")

    def _enter_caption(self) -> str:
        """The HUD's line under the goal at a step prompt out of a fight when Enter would only wait and a foe is in
        sight: the key that goes at him (a first-time player pressed Enter on and on while a hurt foe walked off
        and healed), or, badly hurt, that Enter rests. Empty otherwise (the prompt's own line). Looked at once
        per tick and field of view."""
        s = self.state
        key = (s.tick, id(s.pending), id(self.render.visible))
        if key == self._caption_key:
            return self._caption
        self._caption_key, self._caption = key, ""
        pv = self.player_view
        pending = pv.decision
        if pending is None or pending.kind != "step" or s.over is not None or pv.bout_of(s.leader) is not None:
            return ""
        leader = s.actors[s.leader]
        seen = self.render.visible
        if not any(a.alive and s.hostile(s.leader, a.id) and a.pos in seen for a in s.actors.values()):
            return ""
        if self._enter_step() is not None:
            return ""
        hurt = badly_hurt(leader.fighter)
        self._caption = "Enter rests: badly hurt" if hurt else f"Enter waits · {self._chase_key()}: chase"
        return self._caption

    def _suggested_pad_step(self) -> Direction | None:
        """Enter's step at a step prompt when it is a step along one of the arrow pad's four buttons (its button
        shows a frame: a first-time player on the mouse, clicking the pad's wait, never got the step Enter takes,
        which keeps the party together and a badly hurt leader out of reach); None otherwise."""
        if not self.interactive:
            return None
        pending = self.player_view.decision
        if pending is None or pending.kind != "step" or self.state.over is not None:
            return None
        step = self._enter_step()
        return step if step in (Direction.N, Direction.E, Direction.S, Direction.W) else None

    def _enter_step(self) -> Direction | None:
        """The world's suggested step (what Enter does at a step prompt), asked once per tick and decision: the
        HUD's line and the pad's frame both show it (a distance map, up to 3 ms, in the frame after a tick)."""
        s = self.state
        key = (s.tick, id(s.pending))
        if key != self._enter_step_key:
            self._enter_step_key, self._enter_step_value = key, self.world.suggested_step()
        return self._enter_step_value

    def _chase_key(self) -> str:
        """The key that chases (Shift and the explore key), for the toasts."""
        keys = self.input_map.keys_for(Intent.EXPLORE)
        return f"Shift+{key_label(keys)}" if keys else "Shift+O"

    def stop_travel(self, why: Stop) -> None:
        """End the walk under way, saying why."""
        self.pop(TravelMode)
        self.render.set_route(())
        hint = f" · {self._chase_key()}: go at him" if why.reason == "foe" else ""
        self.show_toast(why.message + hint)
        line = why.log_line()
        if line is not None:  # the toast fades; the log keeps why he stopped
            self.log.note(line, self.state.tick)

    def _advance_travel(self) -> None:
        """One step of the walk under way, once the screen has caught up with the last one."""
        mode = self.find(TravelMode)
        if mode is None or self.animator.busy or self.find(LegendMode) is not None \
                or self.find(OverviewMode) is not None:
            return
        pending = self.player_view.decision
        in_fight = (self.state.over is not None or pending is None or pending.kind != "step"
                    or pending.orientation_due or self.player_view.my_bout is not None
                    or self.decision_mode() is not None)
        stop = mode.advance(in_fight)
        if stop is not None:
            self.stop_travel(stop)
        elif self.find(TravelMode) is mode:
            self.render.set_route(tuple(mode.travel.path[1:]))

    def act_confirm(self) -> None:
        self.apply(Confirm())

    def foe_in_direction(self, direction: Direction) -> str | None:
        return foe_in_direction(self.state, direction)

    def run_outcome(self, prompt: Prompt, commands: tuple[Command, ...], close: bool) -> None:
        if isinstance(prompt, FirstAidPrompt):
            self._aid_answered = self.state.tick
        if close:
            self._close_prompt()
        for command in commands:
            events = self.apply(command)
            if any(isinstance(e, wev.Rejected) for e in events):
                break
        self.hud.invalidate()

    # --- party ----------------------------------------------------------------------------------------------
    def companions(self) -> list[str]:
        return [a.id for a in self.state.actors.values() if a.party and not a.leader and a.alive]

    def select_companion(self, companion: str | None) -> None:
        """Select a companion (the party mode) or, with None, deselect him."""
        if companion is None:
            self.pop(PartyMode)
        else:
            self.push(PartyMode(self, companion))
        self.hud.selected_companion = companion
        self.party.companion = companion
        self.party.visible = companion is not None
        if companion is not None:
            self.show_inspect(None)
        self._refresh_party_target()
        self.party.invalidate()
        self.hud.invalidate()

    def _refresh_party_target(self) -> None:
        s = self.state
        target = self.player_view.target_of(s.leader)
        if target is None and self.inspect.actor in s.actors and s.hostile(s.leader, self.inspect.actor or ""):
            target = self.inspect.actor
        if target is None:
            foes = [a for a in s.actors.values() if a.alive and s.hostile(s.leader, a.id)
                    and a.pos in self.render.visible]
            leader = s.actors[s.leader]
            foes.sort(key=lambda a: abs(a.pos.x - leader.pos.x) + abs(a.pos.y - leader.pos.y))
            target = foes[0].id if foes else None
        self.party.attack_target = target

    def companion_step(self, companion: str, direction: Direction | None) -> None:
        self.apply(CompanionStep(companion, None if direction is None else direction.name))
        self.party.invalidate()

    def order(self, kind: str) -> None:
        companion = self.selected_companion
        if companion is None:
            return
        if kind == "attack":
            self._refresh_party_target()
            if self.party.attack_target is None:
                self.show_toast("No foe in sight to attack", refused=True)
                return
            self.apply(Order(companion, "attack", self.party.attack_target))
        else:
            self.apply(Order(companion, kind))
        self.party.invalidate()

    # --- inspect --------------------------------------------------------------------------------------------
    def show_inspect(self, actor: str | None) -> None:
        """Inspect ``actor`` (the inspect mode) or, with None, close the panel."""
        if actor is None:
            self.pop(InspectMode)
        elif self.find(InspectMode) is None:
            self.push(InspectMode(self))
        self.inspect.show(actor)

    def _inspect_candidates(self) -> list[str]:
        s = self.state
        leader = s.actors[s.leader]
        ids = [v.id for v in self.render.actors.values() if v.seen]
        ids.sort(key=lambda a: (abs(s.actors[a].pos.x - leader.pos.x) + abs(s.actors[a].pos.y - leader.pos.y), a))
        return ids

    def _toggle_inspect(self) -> None:
        if self.inspect.visible:
            self.show_inspect(None)
            return
        s = self.state
        pick: str | None = None
        mode = self.decision_mode()
        if mode is not None:
            pick = mode.selection()[0]
        if pick is None:
            pick = self.player_view.target_of(s.leader)
        if pick is None:
            hostile = [a for a in self._inspect_candidates() if a != s.leader and s.hostile(s.leader, a)]
            pick = hostile[0] if hostile else s.leader
        if self.selected_companion:
            self.select_companion(None)
        self.show_inspect(pick)

    def cycle_inspect(self, delta: int) -> None:
        ids = self._inspect_candidates()
        if not ids:
            return
        current = self.inspect.actor
        i = ids.index(current) if current in ids else -1
        self.show_inspect(ids[(i + delta) % len(ids)])

    # ----- input: pointer -----------------------------------------------------------------------------------
    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self._open_prepared(wait=True)
        if self.find(TravelMode) is not None:  # any click stops a walk (and does nothing else)
            self.stop_travel(Stop("click", "Stopped"))
            return
        if button == arcade.MOUSE_BUTTON_RIGHT:  # the way back of the topmost mode that has one
            for way_back in (self.find(LegendMode), self.find(OverviewMode), self.find(InspectMode),
                             self.find(PartyMode)):
                if way_back is not None and way_back.back():
                    return
            return
        # the legend over everything, then the arrow banner, then the modes' areas from the top down, then the map
        legend = self.find(LegendMode)
        if legend is not None:
            legend.on_press(x, y, button, modifiers)
            return
        overview = self.find(OverviewMode)
        if overview is not None:
            overview.on_press(x, y, button, modifiers)
            return
        if self.tutorial is not None and self.callout.step is not None:
            hit = self.callout.hit_test(x, y)
            if hit == ("tutorial", "next"):
                self.tutorial.next()
                self.tutorial.update(facts_of(self))
                return
            if hit == ("tutorial", "skip"):
                self.on_tutorial("skip")
                return
            if inside(self.callout.rect, x, y):
                return
        if self.interactive and self.incoming.shooters:
            hit = self.incoming.hit_test(x, y)
            if isinstance(hit, tuple) and hit[0] == "shot_cp":
                self.adjust_shot_cp(int(hit[1]))
                return
            if inside(self.incoming.rect, x, y):
                return
        hit = self.run_buttons.hit_test(x, y) if self._run_buttons_shown() else None
        if isinstance(hit, tuple) and hit[0] == "run_screen":
            self.exit(str(hit[1]))
            return
        for mode in reversed(list(self.modes)):
            if mode.on_press(x, y, button, modifiers):
                return
        self._click_map(x, y)

    def _run_buttons_shown(self) -> bool:
        return self.interactive and self.state.run is not None and self.decision_mode() is None \
            and self.find(LegendMode) is None and self.log.visible

    def _click_map(self, x: float, y: float) -> None:
        wx, wy, _ = self.camera.unproject((x, y))
        view = self.render.actor_view_at(wx, wy)
        if view is None:
            square = self.render.square_at(wx, wy)
            for mode in reversed(list(self.modes)):
                if mode.on_square_click(square):
                    return
            return
        for mode in reversed(list(self.modes)):
            if mode.on_actor_click(view.id):
                return

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        """Over the top bar: the figure under the pointer says what it means (the HUD's tooltip)."""
        over = y >= self.window.height - self.hud.bar_height
        if over or self.hud.hover is not None:
            self.hud.hover = (x, y) if over else None

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        for mode in reversed(list(self.modes)):
            if mode.on_drag(x, y):
                return

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.pad.pressed = None
        for mode in self.modes:
            mode.on_release()

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        if inside(self.log.rect, x, y) and self.log.visible:
            self.log.scroll_by(round(scroll_y * 3))

    # ----- frame --------------------------------------------------------------------------------------------
    def exit(self, reason: str) -> None:
        if reason == "pause":
            self.play_sound(MENU_BACK)
        if reason == "game_over":
            if self._exited:
                return
            self._exited = True
        self.on_exit(reason)

    def on_update(self, delta_time: float) -> None:
        self._open_prepared(wait=False)
        self.animator.update(delta_time, idle=not pictures_due())  # a panel's picture first: it saves every frame
        self._drain()
        self._advance_travel()
        if self._toast_time > 0:
            self._toast_time -= delta_time
            if self._toast_time <= 0:
                self.toast.message = ""
        if self.interactive and self.state.over is not None and not self._exited:
            if self.animator.settled:
                self._over_time += delta_time
                if self._over_time >= GAME_OVER_HOLD:
                    self.exit("game_over")
            else:
                self._over_time = 0.0
        self.shake.update(delta_time)
        self._update_camera(delta_time)
        self._update_tutorial()

    def _update_tutorial(self) -> None:
        guide = self.tutorial
        if guide is None:
            return
        guide.update(facts_of(self))
        if guide.finished and self.state.over is None and not self._tutorial_said:
            self._tutorial_said = True
            self.on_tutorial("done")

    def _draw_edge_pointers(self) -> None:
        """A pointer at the map's edge toward each companion fighting where the screen does not show him."""
        s = self.state
        pv = self.player_view
        targets: list[tuple[str, str, float, float]] = []
        for actor_id in pv.membership:
            actor = s.actors.get(actor_id)
            view = self.render.actors.get(actor_id)
            if actor is None or view is None or not actor.party or actor.leader or not actor.alive \
                    or pv.bout_of(actor_id) is None:
                continue
            x, y = self.project(self.render.world_xy(*view.pos))
            targets.append((actor_id, actor.name, x, y))
        w, h = self.window.width, self.window.height
        self.edge.aim(targets, (0.0, 0.0, float(w), h - self.hud.bar_height))
        if self.edge.pointers:
            self.edge.draw()

    def _draw_callout(self) -> None:
        guide = self.tutorial
        step = guide.current if guide is not None else None
        callout = self.callout
        if guide is None or step is None:
            callout.step = None
            return
        callout.step = step
        callout.next_hint = "N" if self.decision_mode() is not None else "Enter / N"
        callout.heading = guide.lesson.title
        callout.notice = guide.notice
        callout.target = target_rect(self, step.point)
        callout.avoid = [r for r in avoid_rects(self) if r != callout.target]
        leader = leader_rect(self)
        callout.soft = [leader] if leader is not None and step.point not in ("leader", "arc") else []
        callout.draw()

    def _focus_region(self) -> tuple[float, float, float, float]:
        """The part of the window not covered by panels, where the leader should be (l, b, r, t)."""
        w, h = self.window.width, self.window.height
        k = self.scale
        left, right = 0.0, float(w)
        top = h - self.hud.bar_height
        bottom = 120 * k
        if self._corner is not None:  # the watch bar: frame the leader above it
            bottom = max(bottom, self._corner[1])
        covering: tuple[float, float, float, float] | None = None
        for mode in (self.find(LegendMode), self.decision_mode()):  # the legend lies over the menu: both
            rect = mode.covering() if mode is not None else None
            if rect is not None and rect[2] > 0:
                covering = rect if covering is None else _union(covering, rect)
        if covering is None and self.log.mode == "expanded" and self.log.visible:
            covering = self.log.rect
        if covering is not None and covering[2] > 0:
            # move the leader only if the panel would hide him (and the squares around him)
            margin = 1.6 * TILE * self.render.zoom
            cx, cy = (left + right) / 2, (bottom + top) / 2
            cl, cb, cw, ch = covering
            hidden = cl - margin < cx < cl + cw + margin and cb - margin < cy < cb + ch + margin
            if hidden and self.left_handed:
                right = min(right, cl)
            elif hidden:
                left = max(left, cl + cw)
        if covering is None and self.log.visible and self.log.rect[2] > 0:
            # the log covers the bottom of one side: if the fight would stand over it, lift it above the log
            ll, lb, lw, lh = self.log.rect
            if ll - 40 * k <= (left + right) / 2 <= ll + lw + 40 * k:
                bottom = max(bottom, lb + lh)
        if self.pad_shown:
            # the pad covers a column of the bottom: if the leader would stand in that column, lift him above it
            pad_left = self.pad.centre[0] - self.pad.extent / 2
            pad_right = self.pad.centre[0] + self.pad.extent / 2
            pad_top = self.pad.centre[1] + self.pad.extent / 2
            if pad_left - 40 * k <= (left + right) / 2 <= pad_right + 40 * k:
                bottom = max(bottom, pad_top - 30 * k)
        return left, bottom, right, top

    def idle(self) -> bool:
        """Nothing on screen moves by itself and no work waits for a frame: the animations are settled, the
        camera has arrived, no walk is under way, the last frame had nothing to rebuild and no panel's picture
        waits (the window then draws fewer frames: ``game.view.frame_pacing``)."""
        return (self.frames > 2 and self.animator.settled and not self._camera_moving and not self.shake.active
                and self._rebuilds.quiet and not pictures_due() and self.find(TravelMode) is None)

    def _update_camera(self, dt: float) -> None:
        leader = self.render.actors.get(self.state.leader)
        if leader is None:
            return
        w, h = self.window.width, self.window.height
        left, bottom, right, top = self._focus_region()
        want = ((left + right) / 2 - w / 2, (bottom + top) / 2 - h / 2)
        centre, points = self._framed(leader)
        want = (want[0], want[1] + self._pad_lift(centre, points, want, top))
        clear = self._keep_leader_clear(leader, centre, want, top, HEADROOM)
        if self.player_view.my_bout is not None or self._pad_lift(centre, points, clear, top) > 0:
            clear = self._keep_leader_clear(leader, centre, want, top)  # the fight clear of the pad comes first
        want = clear
        ox, oy = self._cam_offset
        rate = min(1.0, dt * 8.0) if not self.animator.tweens.instant else 1.0
        self._cam_offset = (ox + (want[0] - ox) * rate, oy + (want[1] - oy) * rate)
        fx, fy = centre
        z = self.render.zoom
        jx, jy = self.shake.offset
        cx = fx - (self._cam_offset[0] + jx) / z
        cy = fy - (self._cam_offset[1] + jy) / z
        moved = (round(cx * z) / z, round(cy * z) / z)
        self._camera_moving = moved != tuple(self.camera.position)
        self.camera.position = moved

    def _framed(self, leader: ActorView) -> tuple[tuple[float, float], list[tuple[float, float]]]:
        """What the camera frames (world points): the middle of the leader's bout (its members he can see); out
        of a fight, of the leader and the nearest foe in sight; else the leader. With the points framed."""
        fx, fy = self.render.world_xy(*leader.pos)
        bout = self.player_view.my_bout
        if bout is None:  # before a fight: the leader and the nearest foe in sight (a lesson's start)
            foe = nearest_foe(self) if self.interactive else None
            view = self.render.actors.get(foe) if foe is not None else None
            if view is None:
                return (fx, fy), [(fx, fy)]
            members: tuple[str, ...] = (self.state.leader, view.id)
        else:
            members = bout.members
        points = [self.render.world_xy(*v.pos) for m in members
                  if (v := self.render.actors.get(m)) is not None and v.seen]
        if len(points) < 2:
            return (fx, fy), [(fx, fy)]
        cx, cy = sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)
        reach = (2.5 if bout is not None else 3.5) * TILE  # never so far from the leader that he leaves the frame
        return (fx + max(-reach, min(reach, cx - fx)), fy + max(-reach, min(reach, cy - fy))), points

    def _covers(self) -> list[tuple[float, float, float, float]]:
        """The panels over the map the leader must not stand under: the log, the arrow pad, a prompt or the
        maneuver menu."""
        out = []
        if self.log.visible and self.log.rect[2] > 0:
            out.append(self.log.rect)
        if self.pad_shown:
            (pcx, pcy), e = self.pad.centre, self.pad.extent
            out.append((pcx - e / 2, pcy - e / 2, e, e))
        mode = self.decision_mode()
        rect = mode.covering() if mode is not None else None
        if rect is not None and rect[2] > 0:
            out.append(rect)
        return out

    def _keep_leader_clear(self, leader: ActorView, centre: tuple[float, float], want: tuple[float, float],
                           top: float, headroom: float = 0.0) -> tuple[float, float]:
        """``want`` moved as little as it takes for the leader's square to lie on screen, under the top bar (with
        his head and pips: ``HEADROOM``) and
        clear of :meth:`_covers` (issue 11: out of a fight the camera could leave him under the log); as it
        was when no place is clear (a tiny window at a big UI scale: then on screen at least)."""
        z = self.render.zoom
        half = TILE * z / 2 + 2
        w = self.window.width
        top -= headroom * TILE * z  # his head and the pips over it stay under the bar too
        px, py = self.render.world_xy(*leader.pos)
        sx = (px - centre[0]) * z + want[0] + w / 2
        sy = (py - centre[1]) * z + want[1] + self.window.height / 2
        covers = self._covers()

        def me(dx: float, dy: float) -> tuple[float, float, float, float]:
            return (sx + dx - half, sy + dy - half, 2 * half, 2 * half)

        def on_screen(dx: float, dy: float) -> bool:
            x, y, side, _ = me(dx, dy)
            return x >= 0 and y >= 0 and x + side <= w and y + side <= top

        def under(dx: float, dy: float) -> list[tuple[float, float, float, float]]:
            return [c for c in covers if _overlaps(me(dx, dy), c)]

        def ways_out(dx: float, dy: float) -> list[tuple[float, float]]:
            x, y, side, _ = me(dx, dy)
            out = []
            for cl, cb, cw, ch in under(dx, dy):
                out += [(dx, dy + cb + ch - y), (dx, dy + cb - (y + side)), (dx + cl + cw - x, dy),
                        (dx + cl - (x + side), dy)]
            return out

        x0, y0, side, _ = me(0, 0)
        start = (min(max(0.0, -x0), w - side - x0), min(max(0.0, -y0), top - side - y0))  # on screen first
        if w < side or top < side:
            start = (0.0, 0.0)
        candidates = [start, *ways_out(*start)]
        candidates += [c2 for c in candidates[1:] for c2 in ways_out(*c)]
        clear = [c for c in candidates if on_screen(*c) and not under(*c)]
        dx, dy = min(clear, key=lambda c: abs(c[0]) + abs(c[1])) if clear else start
        return want[0] + dx, want[1] + dy

    def _pad_lift(self, centre: tuple[float, float], points: list[tuple[float, float]],
                  want: tuple[float, float], top: float) -> float:
        """Pixels to lift the view so that no framed square stands under the arrow pad (a foe beside the pad
        column at a lesson's start), as far as the top bar allows."""
        if not self.pad_shown:
            return 0.0
        z = self.render.zoom
        half = TILE * z / 2
        w, h = self.window.width, self.window.height
        (pcx, pcy), e = self.pad.centre, self.pad.extent
        pad_left, pad_right, pad_top = pcx - e / 2, pcx + e / 2, pcy + e / 2
        lift, highest = 0.0, -1e9
        for px, py in points:
            sx = (px - centre[0]) * z + want[0] + w / 2
            sy = (py - centre[1]) * z + want[1] + h / 2
            highest = max(highest, sy + half)
            if sx + half > pad_left and sx - half < pad_right and sy - half < pad_top:
                lift = max(lift, pad_top - (sy - half) + 4)
        return max(0.0, min(lift, top - highest))

    def _selection(self) -> tuple[str | None, str | None]:
        """(opponent selected in the menu or a prompt, the target prompt's candidate)."""
        mode = self.decision_mode()
        return mode.selection() if mode is not None else (None, None)

    def _indicator_key(self) -> tuple[Hashable, ...]:
        return (self._version, *self._selection(), self.state.tick)

    def refresh_indicators(self) -> Indicators:
        key = self._indicator_key()
        if key != self._ind_key and self._default_ahead is None:  # (the menu's default first: the marks show it)
            self._ind_key = key
            selected, candidate = self._selection()
            menu = self.menu_model.base if self.menu_model is not None else None
            self.indicators = compute(self.state, selected=selected, candidate=candidate, menu=menu,
                                      view=self.player_view)
            suggested = self._suggested_pad_step()
            if suggested is not None:
                self.indicators = replace(self.indicators, pad=replace(self.indicators.pad, suggested=suggested))
            self.render.set_indicators(self.indicators)
            self.render.set_statuses(actor_statuses(self.state))
        return self.indicators

    def _plan_rebuilds(self) -> frozenset[str]:
        """The heavy parts that rebuild this frame (:class:`Rebuilds`: one a frame, the decision panel first; the
        first frame builds all; a selection a key moved redraws the map's marks at once, with the panel). A quiet
        frame (nothing dirty) warms glyphs instead, or makes the legend's texts and swatches ahead (a few ms)."""
        decision = (self.prompt is not None and self.prompt.dirty()) \
            or (self.menu_model is not None and self.menu.dirty())
        log_drawn = self.menu_model is None or self.log.mode == "expanded"
        key = self._indicator_key()
        dirty = {"decision": decision, "indicators": key != self._ind_key,
                 "hud": self.hud.dirty(), "log": log_drawn and self.log.dirty()}
        if self.frames == 1:
            return frozenset(dirty)
        if dirty["indicators"] and isinstance(self._ind_key, tuple) and (key[0], key[-1]) == \
                (self._ind_key[0], self._ind_key[-1]):  # only a selection moved (a key's answer on the map): now
            dirty["indicators"] = False
            return self._rebuilds.plan(dirty) | {"indicators"}
        chosen = self._rebuilds.plan(dirty)
        if self._rebuilds.quiet:  # one job: a panel's picture (after the frame); else the map's (made in the
            if pictures_due():  # update); else glyphs; then the legend's texts
                self._paint_pictures = True
            elif self.animator.warmed:
                pass
            elif WARMER.pending or not self.interactive:
                WARMER.step(WARM_BUDGET)
            elif not self.legend.warm(self.palette, self.render.textures, self.legend_marks, WARM_BUDGET):
                self._prepare_legend()
        return chosen

    def project(self, point: tuple[float, float]) -> tuple[float, float]:
        """World point -> window pixel (the camera's projection, without building matrices)."""
        cx, cy = self.camera.position
        z = self.camera.zoom
        return (point[0] - cx) * z + self.window.width / 2, (point[1] - cy) * z + self.window.height / 2

    def on_draw(self) -> None:
        LAYOUT_CLOCK.start_frame()  # the log's and the menu's layouts stop for this frame at its cap
        try:
            self._draw_frame()
        finally:
            LAYOUT_CLOCK.end_frame()

    def _draw_frame(self) -> None:
        self.frames += 1
        clear_colour(self.window, BACKGROUND)
        self.hud.state = self.state
        fresh = self._plan_rebuilds()  # before anything rebuilds: the one part that may this frame
        indicators = self.refresh_indicators() if "indicators" in fresh else self.indicators
        if self.frames == 1:
            self._update_camera(1.0)
        with self.camera.activate():
            self.render.draw_world()
        self.window.default_camera.use()
        self.render.draw_screen(self.project)
        if self.interactive:
            self.hud.hint = self._enter_caption()
        self.hud.draw(fresh="hud" in fresh)
        self.log.visible = self.menu_model is None or self.log.mode == "expanded"
        if self.menu_model is None:
            self.log.draw(fresh="log" in fresh)
        if self._run_buttons_shown():
            run = self.state.run
            self.run_buttons.place_above(self.log.rect, run.experience.get(self.state.leader, 0) if run else 0)
            self.run_buttons.draw()
        if self.pad_shown:
            self.pad.draw(indicators.pad)
        self._draw_edge_pointers()  # over the pad and the log: it must be seen
        if self.party.visible:
            self.party.draw()
        elif self.inspect.visible:
            self.inspect.draw()
        if not (self.party.visible or self.inspect.visible):
            self.system_table.draw()
        if isinstance(self.prompt, ChoicePrompt):  # a long one fits over the log (as drawn now)
            log_shown = self.log.visible and self.log.rect[2] > 0
            self.prompt.bottom_limit = self.log.rect[1] + self.log.rect[3] if log_shown else 0.0
        if self.prompt is not None:
            self.prompt.draw(fresh="decision" in fresh)
        if self.menu_model is not None:
            self.menu.draw(fresh="decision" in fresh)
            if self.log.mode == "expanded":
                self.log.draw(fresh="log" in fresh)
        if self.interactive and self.incoming.shooters:
            self.incoming.beside = self.menu.rect if self.menu_model is not None else None
            self.incoming.draw()
            self.toast.top_limit = self.incoming.rect[1]  # refusals show under the banner
        else:
            self.toast.top_limit = self.window.height - self.hud.bar_height
        if self.toast.message:
            panel = self.menu.rect if self.menu_model is not None else (
                self.prompt.rect if self.prompt is not None else None)
            self.toast.beside = panel if panel is not None and panel[2] > 0 else None
            self.toast.draw()
        self.figure_tip.shown = self.hud.hovered()
        if self.figure_tip.shown is not None:
            self.figure_tip.under = self.window.height - self.hud.bar_height
            self.figure_tip.draw()
        self._draw_callout()
        if self.overview.visible:
            self.overview.draw()
        if self.legend.visible:
            self._sync_legend()
            self.legend.draw()
        self.animator.frame_drawn()  # the field of view a tick asked for repaints in the next frame
        end_frame(paint=self._paint_pictures)  # a quiet frame's: a panel's picture that came due, after drawing
        self._paint_pictures = False


def _overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _level_key(state: WorldState) -> tuple[int, int, int]:
    """Which map a state is on: the run's depth (0 outside a run) and the map's size."""
    return (state.run.depth if state.run is not None else 0, state.tilemap.width, state.tilemap.height)

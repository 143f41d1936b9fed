"""The game window: one ``arcade.Window``, the settings, and switching between the screens.

``run(argv)`` opens the window and shows the first screen. :class:`App` owns everything that outlives a
screen (settings and their store, the session being played, the game view) and is the only thing that
switches views; the views call its methods (``new_run``, ``continue_run``, ``watch``, ``show_title``...)
and never keep game state of their own.

    title --New run/Continue--> game view --on_exit("pause")--> pause --Resume--> game view
      |                            |--on_exit("inventory" / "character")--> inventory / character --Back--> game view
      |                            |                              |--Settings--> settings --Back--> pause
      |                            |                              '--Save and quit--> title
      |                            '--on_exit("game_over")--> game over --Watch--> watch --Exit--> title
      |--Watch a recording--> picker --> watch --Exit--> picker
      '--Settings--> settings --Back--> title
"""

from __future__ import annotations

import dataclasses
import importlib
import logging
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import arcade

from game import logs, paths
from game.view import startup
from game.view.frame_pacing import GameWindow
from game.view.gui_compat import apply_headless_workaround
from game.view.renderer import is_software
from game.view.settings import Settings, SettingsStore
from game.view.sound import SoundBank

apply_headless_workaround()

from game.view.views import (  # noqa: E402  (needs arcade.gui, after the workaround)
    GameOverView,
    PauseView,
    RecordingPicker,
    SettingsView,
    TitleView,
    WatchView,
    record_run,
    summarize,
)

if TYPE_CHECKING:  # the simulation is imported when a run starts, not before the title shows (issue 17)
    from game.sim.events import WorldEvent
    from game.view.session import Session
    from game.view.tutorial_run import TutorialRun

log = logging.getLogger(__name__)

GameViewFactory = Callable[["Session", Settings, Callable[[str], None]], arcade.View]
LATER: Literal["later"] = "later"  # App(game_view_factory=LATER): import the game view when first needed
WIDTH, HEIGHT = 1280, 720
TITLE = "Steelstep"
DEMO_SCENARIO = "arena_three_way"


def load_game_view() -> tuple[GameViewFactory | None, str | None]:
    """``game.view.views.game.GameView`` if it can be imported, else ``(None, why)``."""
    try:
        module = importlib.import_module("game.view.views.game")
    except ModuleNotFoundError as exc:
        if exc.name == "game.view.views.game":
            return None, "the game view is not part of this build yet"
        log.exception("importing the game view failed")
        return None, f"the game view failed to load ({exc})"
    except Exception as exc:
        log.exception("importing the game view failed")
        return None, f"the game view failed to load ({exc})"
    factory = getattr(module, "GameView", None)
    if factory is None:
        return None, "game.view.views.game has no GameView"
    return factory, None


class App:
    """Screens and what they share. Views get the app and call its methods to move on."""

    def __init__(self, window: arcade.Window, store: SettingsStore, settings: Settings | None = None, *,
                 game_view_factory: GameViewFactory | bool | Literal["later"] | None = True,
                 autosave: Path | None = None) -> None:
        self.window = window
        self.store = store
        self.settings = settings if settings is not None else store.load().settings
        self.game_factory: GameViewFactory | None = None
        self.game_factory_error: str | None = None
        self._game_factory_due = game_view_factory == LATER  # imported by `ensure_game_view`
        s = self.settings
        self.sounds = SoundBank(s.master_volume, s.effects_volume, s.muted)  # the one bank every screen plays
        self._sounds_loaded = False
        if game_view_factory is True:
            self.game_factory, self.game_factory_error = load_game_view()
        elif callable(game_view_factory):
            self.game_factory = game_view_factory
        elif not self._game_factory_due:  # False or None
            self.game_factory_error = "the game view is switched off"
        self.autosave = autosave if autosave is not None else paths.autosave_path()
        self.session: Session | None = None
        self.game_view: arcade.View | None = None
        self.archived: dict[Path, Path] = {}  # finished autosave -> its copy in recordings/ (the last run's)
        self.title_seed: int | None = None  # the seed the title offers (kept while the game runs)
        self.tutorial: TutorialRun | None = None  # the tutorial being played (start_tutorial)
        self.on_quit: Callable[[], None] = arcade.exit

    # ----- screens ------------------------------------------------------------------------------
    def show(self, view: arcade.View) -> arcade.View:
        self.window.show_view(view)
        return view

    def show_title(self, message: str | None = None, tone: str = "info", seed: int | None = None) -> TitleView:
        view = TitleView(self, seed=seed)
        if message:
            view.set_message(message, tone)
        self.show(view)
        return view

    def show_settings(self, back: Callable[[], object]) -> SettingsView:
        view = SettingsView(self, back=back)
        self.show(view)
        return view

    def show_arena(self, seed: int) -> arcade.View:
        """The arena: a combat system and a scenario to fight, with the title's seed."""
        from game.view.views.arena import ArenaView

        view = ArenaView(self, seed)
        self.show(view)
        return view

    def show_watch_picker(self) -> RecordingPicker:
        view = RecordingPicker(self)
        self.show(view)
        return view

    def show_pause(self) -> PauseView:
        detail = ""
        if self.tutorial is not None:
            guide = self.tutorial.guide
            detail = "Tutorial" + (f"   ·   {guide.lesson.title}" if guide is not None else "")
        elif self.session is not None:
            detail = f"Tick {self.session.world.state.tick}   ·   saved after every move"
        view = PauseView(self, self.game_view, detail)
        self.show(view)
        return view

    def show_game_over(self, record: bool = False) -> GameOverView:
        """The end screen; `record`: the run just ended live, so a roguelike run goes into the run history."""
        assert self.session is not None
        recording = self._archive(self.session)
        summary = summarize(self.session, recording)
        if record:
            note = record_run(summary, paths.data_dir())
            if note:
                log.warning("run history: %s", note)
                summary = dataclasses.replace(summary, history_note=note)
        view = GameOverView(self, summary)
        self.show(view)
        return view

    def show_inventory(self, actor: str | None = None) -> arcade.View:
        """The inventory screen over the run being played (`I`); back returns to the game view."""
        from game.view.views.inventory import InventoryView

        assert self.session is not None
        view = InventoryView(self, self.session, self._back_to_game, actor)
        self.show(view)
        return view

    def show_character(self, actor: str | None = None) -> arcade.View:
        """The character screen over the run being played (`C`); back returns to the game view."""
        from game.view.views.character import CharacterView

        assert self.session is not None
        view = CharacterView(self, self.session, self._back_to_game, actor)
        self.show(view)
        return view

    def _back_to_game(self, events: list[WorldEvent]) -> None:
        """Back from the inventory or character screen: the game view shows what their commands caused."""
        self.resume()
        hook = getattr(self.game_view, "show_events", None)
        if events and callable(hook):
            hook(events)

    def quit(self) -> None:
        self.on_quit()

    # ----- settings -----------------------------------------------------------------------------
    def save_settings(self) -> None:
        try:
            self.store.save(self.settings)
        except OSError as exc:
            log.error("could not save the settings: %s", exc)

    def settings_applied(self) -> None:
        """Tell the sound bank and the game view that settings changed (``GameView.apply_settings``); the view
        shares the object."""
        s = self.settings
        self.sounds.set_volumes(s.master_volume, s.effects_volume, s.muted)
        hook = getattr(self.game_view, "apply_settings", None)
        if callable(hook):
            hook(self.settings)

    # ----- runs ---------------------------------------------------------------------------------
    def ensure_game_view(self) -> None:
        """Import the game view now if it was left for later (``game_view_factory=LATER``)."""
        if self._game_factory_due:
            self._game_factory_due = False
            self.game_factory, self.game_factory_error = load_game_view()

    def _no_game_view(self) -> str | None:
        self.ensure_game_view()
        if self.game_factory is None:
            return f"Cannot play: {self.game_factory_error}."
        return None

    def new_run(self, seed: int, scenario: str | None = None, system: str | None = None) -> str | None:
        """Start a run (replacing the autosave) and show it; returns a message when it cannot. `system`:
        the combat system that runs its bouts (None: the default, the design doc's)."""
        problem = self._no_game_view()
        if problem:
            return problem
        from game.view import session as sessions

        self.tutorial = None
        self._keep_unfinished_autosave()
        try:
            session = sessions.new_run(seed, scenario, autosave=self.autosave,
                                       house_rules=dict(self.settings.house_rules) or None,
                                       difficulty=self.settings.difficulty, combat_system=system)
        except Exception as exc:  # bad house-rule settings, a missing scenario, content errors
            log.exception("starting a new run failed (seed %s, scenario %s)", seed, scenario)
            return f"Could not start the run: {_reason(exc)}"
        self.play(session)
        return None

    def start_tutorial(self) -> str | None:
        """Start the tutorial's first lesson (``game.view.tutorial_run``); a message when it cannot."""
        problem = self._no_game_view()
        if problem:
            return problem.replace("play", "start the tutorial")
        from game.view.tutorial_run import start_tutorial

        return start_tutorial(self)

    def _keep_unfinished_autosave(self) -> None:
        """A new run overwrites the autosave: an unfinished (or damaged) one is copied to recordings/ first,
        and so is a finished one that is not there yet (e.g. the game closed on the end screen)."""
        state = paths.autosave_state(self.autosave)
        if state == "none" or (state == "finished" and paths.already_archived(self.autosave)):
            return
        try:
            kept = paths.archive_run(self.autosave, "unfinished" if state == "resumable" else "finished")
            log.info("kept the unfinished autosave as %s", kept)
        except OSError as exc:
            log.error("could not keep the unfinished autosave: %s", exc)

    def continue_run(self) -> str | None:
        """Continue the autosave; returns a message (and touches nothing) when it cannot be loaded."""
        problem = self._no_game_view()
        if problem:
            return problem
        path = self.autosave
        if not path.is_file():
            return "There is no saved run to continue."
        from game.sim.recording import RecordingError
        from game.view import session as sessions

        try:
            session = sessions.continue_run(path)
        except Exception as exc:  # RecordingError, ReplayMismatch, or anything else: refuse, never crash
            log.warning("cannot continue %s: %s", path, exc, exc_info=not isinstance(exc, RecordingError))
            if isinstance(exc, RecordingError) and exc.outdated:  # whole, but another version's: say so, briefly
                return (f"Cannot continue: the autosave is from another version of Steelstep and would not replay "
                        f"the same. Start a new run; the file is kept as {path.name}.")
            return f"Cannot continue, the autosave is damaged: {_reason(exc)}. The file was kept as {path.name}."
        self.tutorial = None
        if session.over is not None:
            self.session = session
            self.show_game_over()
            return None
        self.play(session)
        return None

    def play(self, session: Session) -> arcade.View:
        assert self.game_factory is not None
        self.session = session
        self.game_view = self.game_factory(session, self.settings, self.on_game_exit)
        self.lend_sounds(self.game_view)
        if hasattr(self.game_view, "prepare_defaults"):  # the menu's default worked out off the main thread
            self.game_view.prepare_defaults = True
        from game.view.session import settle_heap  # (loaded already: the session came from it)

        settle_heap()  # the run's world and screen: out of the collector's full passes (issue 11's spikes)
        view = self.show(self.game_view)
        self.title_seed = None  # the next title offers a fresh seed
        return view

    def load_sounds(self) -> None:
        """Load every sound once (a start-up step after the first frame, so the title does not wait for
        them; or at the latest when a game view first gets the bank), so the first blow does not stall."""
        if not self._sounds_loaded:
            self._sounds_loaded = True
            self.sounds.load_all()

    def lend_sounds(self, view: object) -> None:
        """Give a game view the app's sound bank (``GameView.use_sounds``), if it takes one."""
        self.load_sounds()
        hook = getattr(view, "use_sounds", None)
        if callable(hook):
            hook(self.sounds)

    def on_game_exit(self, reason: str) -> None:
        """The game view's ``on_exit``: "pause", "game_over" or "quit"."""
        if reason == "pause":
            self.show_pause()
        elif reason == "game_over":
            self.show_game_over(record=True)
        elif reason == "inventory" and self.session is not None and self.session.world.state.run is not None:
            self.show_inventory()
        elif reason == "character" and self.session is not None and self.session.world.state.run is not None:
            self.show_character()
        elif reason in ("inventory", "character"):
            return  # not a run: nothing to show
        else:
            self.save_and_quit()

    def resume(self) -> None:
        if self.game_view is None:
            self.show_title()
        else:
            self.show(self.game_view)

    def save_and_quit(self) -> None:
        """Back to the title. The session saved itself after every command; nothing is lost."""
        saved = self.session is not None and self.session.autosave is not None and self.session.over is None
        if self.session is not None:
            self.session.close()  # fsync the appended autosave
        self.tutorial = None
        self.session = None
        self.game_view = None
        self.show_title("Your run is saved. Continue it from here." if saved else None, "good")

    def _archive(self, session: Session) -> Path | None:
        source = session.autosave
        if source is None or not source.is_file():
            return None
        kept = self.archived.get(source)
        if kept is not None and paths.same_bytes(kept, source):  # this run's end shown again: its copy
            return kept  # (the autosave of a later game in this process is another run: copied anew)
        try:
            copy = paths.archive_run(source, session.over)
        except OSError as exc:
            log.error("could not copy the finished run into recordings/: %s", exc)
            return None
        self.archived[source] = copy
        return copy

    # ----- watching -----------------------------------------------------------------------------
    def watch(self, path: Path, back: Callable[[], object] | None = None) -> str | None:
        """Watch a run file; returns a message (and shows nothing new) when it cannot be read."""
        problem = self._no_game_view()
        if problem:
            return problem.replace("play", "watch")
        from game.sim.recording import RecordingError
        from game.view import session as sessions

        try:
            session, timeline = sessions.watch_recording(path)
        except Exception as exc:  # RecordingError, ReplayMismatch, or anything else: refuse, never crash
            log.warning("cannot watch %s: %s", path, exc, exc_info=not isinstance(exc, RecordingError))
            return f"Cannot watch {path.name}: {_reason(exc)}."
        assert self.game_factory is not None
        go_back = back or self.show_title
        view = WatchView(self, session, timeline, self.game_factory, title=path.name, back=go_back,
                         again=lambda: self._watch_again(path, go_back), end=session.recording_ticks or None)
        self.show(view)
        return None

    def _watch_again(self, path: Path, back: Callable[[], object]) -> None:
        error = self.watch(path, back)
        if error:
            self.show_title(error, "danger")

    def demo(self, scenario: str | None = None, seed: int | None = None, system: str | None = None) -> str | None:
        """An AI-against-AI fight (``World(player_ai=True)``) played in the watch view."""
        problem = self._no_game_view()
        if problem:
            return problem.replace("play", "show the demo")
        from game.sim.scenario_file import load_named_scenario
        from game.sim.world import DEFAULT_SYSTEM, World
        from game.view.session import watch_demo

        try:
            setup = load_named_scenario(scenario or DEMO_SCENARIO)
            combat = system or DEFAULT_SYSTEM
            session, timeline = watch_demo(lambda: World(setup, seed=seed, player_ai=True, combat_system=combat))
        except Exception as exc:
            log.exception("the demo could not start")
            return f"Cannot start the demo: {_reason(exc)}"
        assert self.game_factory is not None
        world = session.world
        view = WatchView(self, session, timeline, self.game_factory, title="Demo", back=self.show_title,
                         again=lambda: self._demo_again(scenario, world.seed + 1), demo=True)  # another fight
        self.show(view)
        return None

    def _demo_again(self, scenario: str | None, seed: int) -> None:
        error = self.demo(scenario, seed)
        if error:
            self.show_title(error, "danger")

    # ----- start-up -----------------------------------------------------------------------------
    def start(self, *, seed: int | None = None, scenario: str | None = None, demo: bool = False,
              watch: str | None = None, notes: Sequence[str] = (), system: str | None = None) -> None:
        """The first screen for the command line's options."""
        note = "Some settings were invalid and were reset: " + "; ".join(notes) if notes else None
        error: str | None = None
        if watch:
            error = self.watch(Path(watch))
        elif demo:
            error = self.demo(scenario, seed, system)
        elif seed is not None or scenario is not None:
            error = self.new_run(seed if seed is not None else _clock_seed(), scenario, system)
        else:
            crash = logs.unseen_crash_report()
            if crash is not None and note is None:
                logs.mark_crash_seen()
                note = f"Steelstep crashed last time; your autosave was kept. Report: {crash}"
            self.show_title(note, "danger", seed=seed)
            return
        if error:
            self.show_title(error, "danger", seed=seed)


def _reason(exc: BaseException) -> str:
    """A short reason for a refused run file: the reader's reason (with its line), not the whole path."""
    from game.sim.recording import RecordingError

    if isinstance(exc, RecordingError):
        line = f" (line {exc.line})" if exc.line is not None and "line" not in exc.reason else ""
        return f"{exc.reason}{line}"
    errors = getattr(exc, "errors", None)  # rules.content.ContentErrors: name the first problem
    if isinstance(errors, list | tuple) and errors:
        first = errors[0]
        where = getattr(first, "path", "") or ""
        if where in ("", "<file>"):
            where = Path(str(getattr(first, "file", ""))).name
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        return f"{where}: {getattr(first, 'message', first)}{more}"
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def _clock_seed() -> int:
    from game.view.views.title import random_seed

    return random_seed()


ICON_SIZES = (16, 32, 48, 64, 128)  # the window manager picks one; pyglet converts every pixel in Python


def make_window(visible: bool = True, antialiasing: bool | None = None, icon: bool = True) -> arcade.Window:
    """The game's window; ``icon=False`` leaves the icon for `set_window_icon` (after the first frame).

    ``antialiasing=None`` (the game's): 4x multisampling on a graphics card, none on a software rasterizer
    (``game.view.renderer``: there it made every frame two and a half times as long); the window is made
    hidden, asked which renderer it got, and made again without multisampling if it is a software one."""
    window = GameWindow(WIDTH, HEIGHT, TITLE, resizable=True, visible=visible and antialiasing is not None,
                        antialiasing=antialiasing is not False)
    if antialiasing is None:
        renderer = window.ctx.info.RENDERER
        if is_software(renderer):
            log.info("renderer %s runs on the CPU: the window is made without multisampling", renderer)
            window.close()
            window = GameWindow(WIDTH, HEIGHT, TITLE, resizable=True, visible=visible, antialiasing=False)
        elif visible:
            window.set_visible(True)
    try:
        window.set_minimum_size(800, 450)
    except Exception as exc:  # some platforms (headless) cannot do this
        log.debug("window minimum size: %s", exc)
    if icon:
        set_window_icon(window)
    return window


def set_window_icon(window: arcade.Window) -> None:
    """The window icon at a few sizes (cosmetic: a platform that cannot show one is only logged)."""
    try:
        import pyglet
        from PIL import Image

        from game.view.assets import image_path

        with Image.open(image_path("icon")) as source:
            full = source.convert("RGBA")
        images = []
        for size in ICON_SIZES:
            small = full.resize((size, size), Image.Resampling.LANCZOS)
            images.append(pyglet.image.ImageData(size, size, "RGBA", small.tobytes(), pitch=-size * 4))
        window.set_icon(*images)
    except Exception as exc:
        log.debug("window icon: %s", exc)


def run(*, seed: int | None = None, scenario: str | None = None, demo: bool = False,
        watch: str | None = None, system: str | None = None) -> int:
    """Open the window and play; returns the exit code. The entry point (``game.__main__``) parsed the
    command line and set up logging and the crash handler (game.logs); the view never imports it.

    Only what the first screen needs happens before it is shown; the rest (`startup_steps`) follows
    the first frame (see `game.view.startup`)."""
    window = make_window(icon=False)
    store = SettingsStore()
    loaded = store.load()
    app = App(window, store, loaded.settings, game_view_factory=LATER)
    app.start(seed=seed, scenario=scenario, demo=demo, watch=watch, notes=loaded.problems, system=system)
    startup.after_first_frame(window, lambda: _first_frame_shown(app))
    arcade.run()
    return 0


def startup_steps(app: App) -> list[startup.Step]:
    """What the start-up leaves until the first screen is showing, in order."""
    return [
        ("audio", startup.start_audio),  # before anything plays a sound
        ("sounds", app.load_sounds),
        ("window icon", lambda: set_window_icon(app.window)),
        ("simulation", lambda: importlib.import_module("game.view.session")),  # (two steps: shorter stalls)
        ("game view", app.ensure_game_view),
        ("content", _load_content),  # so that New run does not wait for the catalog
    ]


def _load_content() -> None:
    from game.sim.house_rule_options import house_rule_defaults

    try:
        house_rule_defaults()  # loads (and keeps) the content catalog
    except Exception as exc:  # broken content: New run and Settings say so when asked
        lines = str(exc).strip().splitlines()
        log.warning("the content has errors: %s", lines[-1] if lines else type(exc).__name__)


def _first_frame_shown(app: App) -> None:
    startup.report("first_frame", logs.seconds_since_start())
    startup.first_frame_shown()

    def ready() -> None:
        startup.report("ready", logs.seconds_since_start())
        if startup.probing():
            app.quit()

    startup.run_steps(startup_steps(app), ready)

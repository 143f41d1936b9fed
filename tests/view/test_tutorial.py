"""The tutorial (issue 11): lessons as data with positioned errors, a guide that moves on only on what the
player does, callouts drawn at the thing they explain, and the whole tutorial played to its end by keys."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import arcade
import pytest

from game.sim.tutorial_file import Condition, Lesson, Step, load_tutorial, parse_condition
from game.view.app import App
from game.view.settings import Settings, SettingsStore
from game.view.tutorial import Facts, TutorialGuide
from game.view.views import PauseView, TitleView
from game.view.views.game import GameView
from rules.content.errors import ContentErrors

from .tutorial_driver import drive

K = arcade.key


@pytest.fixture
def real_app(window: arcade.Window, tmp_path: Path) -> Iterator[App]:
    """An App with the real game view, instant animation, temporary config and autosave."""
    a = App(window, SettingsStore(tmp_path / "config"), Settings(animation_speed="instant"),
            autosave=tmp_path / "autosave.jsonl")
    a.on_quit = lambda: None
    yield a
    window.hide_view()


# ----- the lesson file --------------------------------------------------------------------------------------
def test_the_shipped_lessons_load_one_foe_two_foes_and_a_three_way_fight() -> None:
    lessons = load_tutorial()
    assert [lesson.id for lesson in lessons] == ["one_foe", "two_foes", "three_way"]
    hostiles = [sum(1 for a in lesson.setup.actors if not a.party) for lesson in lessons]
    assert hostiles == [1, 2, 3]  # the third: a bandit, a goblin and the caged rat
    points = {step.point for lesson in lessons for step in lesson.steps}
    assert {"leader", "foe", "pad", "menu", "prompt", "arc", "hud.cp", "hud.bl", "log"} <= points


def test_a_bad_lesson_file_names_file_line_column_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "tutorial.yaml"
    bad.write_text(
        "lessons:\n"
        "  - id: one\n"
        "    title: One\n"
        "    intro: Hello\n"
        "    scenario: one_foe\n"
        "    steps:\n"
        "      - title: A\n"
        "        text: Walk.\n"
        "        until: [\"decision:dance\"]\n",
        encoding="utf-8")
    with pytest.raises(ContentErrors) as caught:
        load_tutorial(source=bad, display="tutorial.yaml")
    assert "tutorial.yaml:9:17: lessons[0].steps[0].until[0]: unknown decision 'dance'" in str(caught.value)
    bad.write_text(bad.read_text(encoding="utf-8").replace('until: ["decision:dance"]', "point: moon"),
                   encoding="utf-8")
    with pytest.raises(ContentErrors, match=r"tutorial.yaml:9:16: lessons\[0\].steps\[0\].point: Input should be"):
        load_tutorial(source=bad, display="tutorial.yaml")


def test_a_missing_scenario_is_named(tmp_path: Path) -> None:
    bad = tmp_path / "tutorial.yaml"
    bad.write_text("lessons:\n  - {id: one, title: One, intro: Hi, scenario: nowhere, steps: [{title: A, text: B}]}\n",
                   encoding="utf-8")
    with pytest.raises(ContentErrors, match=r"tutorial.yaml:2:\d+: lessons\[0\].scenario: no scenario"):
        load_tutorial(source=bad, display="tutorial.yaml")


def test_conditions_parse_and_refuse() -> None:
    known = frozenset({"bled", "rules.wound"})
    assert parse_condition("!event:bled", known) == Condition("event", "bled", True)
    assert parse_condition("exchange:2", known) == Condition("exchange", "2")
    for bad in ("event:nothing", "exchange:0", "!next", "in_fight:1", "weather"):
        with pytest.raises(ValueError):
            parse_condition(bad, known)


# ----- the guide ------------------------------------------------------------------------------------------
def _facts(*decisions: str, in_fight: bool = False, bleeding: bool = False) -> Facts:
    return Facts(frozenset(decisions), in_fight, False, None, bleeding, bleeding)


def _lesson(*steps: Step) -> Lesson:
    return Lesson("t", "T", "intro", load_tutorial()[0].setup, 0, steps)


def _step(title: str, *, when: tuple[Condition, ...] = (), until: tuple[Condition, ...] = (Condition("next"),),
          skip_if: tuple[Condition, ...] = ()) -> Step:
    return Step(title, "text", "none", when, until, skip_if)


def test_the_guide_moves_on_only_on_what_the_player_does() -> None:
    guide = TutorialGuide(_lesson(
        _step("read"),
        _step("declare", when=(Condition("decision", "declare"),), until=(Condition("event", "tick"),)),
        _step("bleed", when=(Condition("bleeding"),), skip_if=(Condition("bleeding", negated=True),
                                                               Condition("in_fight", negated=True))),
        _step("end"),
    ))
    idle = _facts("step", in_fight=True)
    for _ in range(3):  # time passing changes nothing
        guide.update(idle)
    assert guide.current is not None and guide.current.title == "read"
    assert guide.next()
    guide.update(idle)
    assert guide.current is None and guide.step_index == 1  # waits for its decision, shows nothing
    guide.update(_facts("declare", in_fight=True))
    assert guide.current is not None and guide.current.title == "declare"
    assert not guide.next()  # Next does not end a step that waits for the player's move
    guide.observe([])
    guide.update(_facts("declare", in_fight=True))
    assert guide.current.title == "declare"

    class Tick:
        type = "tick"

    guide.observe([Tick()])
    guide.update(_facts("step", in_fight=True))
    assert guide.step_index == 2 and guide.current is None  # not bleeding yet, still fighting
    guide.update(_facts("step", in_fight=False))  # the fight ended unhurt: the bleeding step is passed over
    assert guide.current is not None and guide.current.title == "end"
    assert guide.next()
    guide.update(idle)
    assert guide.finished


# ----- end to end -----------------------------------------------------------------------------------------
def _title_focus(window: arcade.Window, helpers: ModuleType, title: TitleView, index: int) -> None:
    for _ in range(12):
        if title.focus_index == index:
            return
        helpers.press(window, K.DOWN)
    raise AssertionError("could not reach the entry")


def test_the_tutorial_played_to_its_end_by_keys_from_the_title(real_app: App, window: arcade.Window,
                                                               helpers: ModuleType) -> None:
    app = real_app
    title = app.show_title(seed=5)
    helpers.advance(window, 2)
    _title_focus(window, helpers, title, TitleView.TUTORIAL)
    helpers.press(window, K.ENTER)
    helpers.advance(window, 2)
    view = app.game_view
    assert isinstance(view, GameView) and view.tutorial is not None and app.tutorial is not None
    shown: list[tuple[int, str]] = []
    framed: dict[str, int] = {}

    def look(v: GameView) -> None:
        guide = v.tutorial
        assert guide is not None
        step = guide.current
        if step is None or (guide.index, step.title) in shown:
            return
        shown.append((guide.index, step.title))
        helpers.advance(window, 1)
        rect = v.callout.rect
        assert rect[2] > 0 and rect[3] > 0, "the step's callout is not drawn"
        w, h = window.width, window.height
        assert rect[0] >= 0 and rect[1] >= 0 and rect[0] + rect[2] <= w and rect[1] + rect[3] <= h - v.hud.bar_height
        if v.callout.target is not None:  # the frame round the thing it explains is drawn there
            t = v.callout.target
            image = helpers.grab()
            frame = (t[0] - 8, t[1] - 8, t[0] + t[2] + 8, t[1] + t[3] + 8)
            framed[step.point] = helpers.count_colour(image, frame, (250, 204, 36), tol=10)
        if guide.index == 0 and (guide.step_index <= 1 or step.point == "menu"):
            helpers.screenshot(f"tutorial_{guide.index}_{guide.step_index}")

    def back_at_title() -> bool:
        return isinstance(window.current_view, TitleView)

    keys = drive(window, helpers, lambda: app.game_view if isinstance(app.game_view, GameView) else None,
                 back_at_title, limit=1500, on_step=look)
    titles = [t for _, t in shown]
    assert {i for i, _ in shown} == {0, 1, 2}  # every lesson was played
    for must in ("This is you", "Orientation", "Your target", "The initiative arc", "The arrow pad",
                 "The maneuver menu", "Choose your target", "Three arcs", "Blood loss", "First aid",
                 "Tutorial done"):
        assert must in titles, f"the step {must!r} never showed ({titles})"
    assert all(n >= 40 for n in framed.values()), framed
    assert {"leader", "foe", "pad", "menu", "arc"} <= set(framed)
    final = window.current_view
    assert isinstance(final, TitleView) and final.message is not None and "complete" in final.message[0]
    assert app.tutorial is None and not app.autosave.exists()  # a tutorial never touches the autosave
    assert keys < 1500


def test_skip_from_the_callout_and_from_the_pause_menu_then_replay(real_app: App, window: arcade.Window,
                                                                   helpers: ModuleType) -> None:
    app = real_app
    assert app.start_tutorial() is None
    helpers.advance(window, 2)
    view = app.game_view
    assert isinstance(view, GameView) and view.callout.step is not None
    skip = next(hit for hit in view.callout.hits if hit.action == ("tutorial", "skip"))
    helpers.click(window, skip.rect[0] + skip.rect[2] / 2, skip.rect[1] + skip.rect[3] / 2)
    helpers.advance(window, 2)
    title = window.current_view
    assert isinstance(title, TitleView) and title.message is not None and "skipped" in title.message[0]
    assert app.start_tutorial() is None  # replay: the first lesson again
    helpers.advance(window, 2)
    view = app.game_view
    assert isinstance(view, GameView) and view.tutorial is not None and view.tutorial.index == 0
    helpers.press(window, K.ESCAPE)  # Esc: the pause menu, which offers Restart lesson and Skip tutorial
    helpers.advance(window, 2)
    pause = window.current_view
    assert isinstance(pause, PauseView)
    helpers.screenshot("tutorial_pause")
    labels = [getattr(item.widget, "text", "") for item in pause.items]
    assert "Restart lesson" in labels and "Skip tutorial" in labels and "Save and quit to title" not in labels
    for _ in range(len(labels)):  # the keyboard way down to it
        if pause.focus_index == labels.index("Skip tutorial"):
            break
        helpers.press(window, K.DOWN)
    helpers.press(window, K.ENTER)
    helpers.advance(window, 2)
    assert isinstance(window.current_view, TitleView) and app.tutorial is None


def test_a_scenario_is_described_before_it_starts(window: arcade.Window, show, helpers: ModuleType) -> None:  # type: ignore[no-untyped-def]
    from game.sim.scenario_file import load_named_scenario
    from game.sim.world import World
    from game.view.session import Session

    setup = load_named_scenario("arena_three_way")
    world = World(setup, seed=3)
    view = GameView(Session(world), Settings(animation_speed="instant"), lambda _r: None)
    show(view)
    helpers.advance(window, 2)
    step = view.callout.step
    assert step is not None and step.title == setup.name and step.text.startswith("The knight and his spearman")
    assert not any(hit.action == ("tutorial", "skip") for hit in view.callout.hits)  # no tutorial to skip
    helpers.screenshot("scenario_intro")
    helpers.press(window, K.ENTER)  # Enter starts it: the description goes, no tick was spent
    helpers.advance(window, 2)
    assert view.callout.step is None and view.tutorial is None and world.state.tick == 0
    helpers.press(window, K.ENTER)
    assert world.state.tick == 1

"""The frame after a tick (issue 11: frame time): a string that comes back costs no layout (the text pool takes
a hidden text that shows it already); the decision panel, the indicators, the top bar and the log rebuild one a
frame (the decision first, none waiting more than a few frames); the log lays out a burst of new lines over a
few frames; glyphs are made ahead, in quiet frames."""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import arcade
import pytest

from game.sim.commands import Confirm, Step
from game.sim.world import World
from game.view import widgets
from game.view.bench import build_world
from game.view.combat_log import LAYOUTS_PER_BUILD, CombatLog
from game.view.glyphs import BASE_SIZES, CHUNK, GlyphWarmer
from game.view.map_render import CLOCK_MAKES_PER_FRAME
from game.view.mesh import rounded_rect_points
from game.view.rebuilds import Rebuilds
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView
from game.view.widgets import Panel, TextPool


def test_a_string_that_comes_back_reuses_its_laid_out_text(window: arcade.Window) -> None:
    pool = TextPool()
    pool.begin()
    first = pool.put("a", "Thrust", 0, 0)
    other = pool.put("b", "Cut", 0, 20)
    pool.end()
    pool.begin()  # "a" gone: its text waits as a spare
    pool.put("b", "Cut", 0, 20)
    pool.end()
    pool.begin()
    again = pool.put("c", "Thrust", 5, 5)  # a new key with the spare's string: the same text, no relayout
    assert again is first and again.text == "Thrust" and again.position == (5, 5)
    assert pool.put("b", "Cut", 0, 20) is other
    pool.end()
    pool.begin()
    pool.put("c", "Thrust", 5, 5)
    pool.end()  # "b" ("Cut") is a spare now
    pool.begin()
    swapped = pool.put("c", "Cut", 5, 5)  # "c" changes to a string a spare shows: swapped, not relaid
    assert swapped is other and swapped.visible
    pool.end()
    assert not first.visible


def test_rounded_rect_points_lie_on_the_outline() -> None:
    pts = rounded_rect_points(10, 20, 40, 30, 6)
    assert len(pts) == 28
    assert min(x for x, _ in pts) == pytest.approx(-10) and max(x for x, _ in pts) == pytest.approx(30)
    assert min(y for _, y in pts) == pytest.approx(5) and max(y for _, y in pts) == pytest.approx(35)
    assert pts[0] == pytest.approx((24, 5))  # the bottom-right arc starts at its bottom


@pytest.fixture
def rebuilt(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    names: list[str] = []
    original = Panel.refresh

    def refresh(self: Panel) -> bool:
        done = original(self)
        if done:
            names.append(type(self).__name__)
        return done

    monkeypatch.setattr(widgets.Panel, "refresh", refresh)
    yield names


HEAVY = {"Hud", "CombatLog", "ManeuverMenu", "ChoicePrompt", "TargetPrompt", "BumpPrompt", "FirstAidPrompt"}


def test_a_tick_rebuilds_one_heavy_part_a_frame_and_none_waits_long(
        window: arcade.Window, helpers: ModuleType, rebuilt: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    world, events = build_world()
    view = GameView(Session(world), Settings(animation_speed="instant"), lambda _r: None, reveal_all=True)
    view.log.add_events(world.state, events)
    window.show_view(view)
    helpers.advance(window, 4)
    indicator_frames: list[int] = []
    original = view.refresh_indicators

    def refresh_indicators() -> object:
        before = view._ind_key
        done = original()
        if view._ind_key != before:
            indicator_frames.append(view.frames)
        return done

    monkeypatch.setattr(view, "refresh_indicators", refresh_indicators)
    spread = 0
    for _ in range(8):
        pending = world.state.pending
        assert pending is not None
        command = Step(None, "cautious") if pending.kind == "step" and pending.orientation_due else \
            Step(None) if pending.kind == "step" else Confirm()
        view.apply(command)
        frames: list[list[str]] = []
        start = view.frames
        for _ in range(6):
            rebuilt.clear()
            helpers.advance(window, 1)
            frames.append([name for name in rebuilt if name in HEAVY])
        indicators = [f - start - 1 for f in indicator_frames if f > start]
        for i, names in enumerate(frames):
            assert len(names) + (i in indicators) <= 1, (i, names, indicators)  # one heavy part a frame
        log_shown = view.menu_model is None or view.log.mode == "expanded"  # (under the menu it waits for it)
        assert not view.hud.dirty() and not (log_shown and view.log.dirty())  # all caught up in six frames
        assert indicators and indicators[0] <= 2  # the map's marks follow within three frames
        decision = view.prompt if view.prompt is not None else view.menu if view.menu_model is not None else None
        if decision is not None:
            assert type(decision).__name__ in frames[0]  # the decision panel (a key's answer) comes first
        spread += sum(1 for names in frames[1:] if names)
    assert spread > 0  # the case the rule is for happened
    window.hide_view()


def test_the_plan_takes_the_first_dirty_part_and_an_overdue_one_first() -> None:
    plan = Rebuilds(("decision", "indicators", "hud", "log"), patience=2)
    assert plan.plan({}) == frozenset() and plan.quiet
    every = {"decision": True, "indicators": True, "hud": True, "log": True}
    assert plan.plan(every) == {"decision"} and not plan.quiet
    assert plan.plan({**every, "decision": False}) == {"indicators"}
    assert plan.plan({"decision": True, "hud": True, "log": True}) == {"hud"}  # waited two frames: overdue
    assert plan.plan({"decision": True, "log": True}) == {"log"}  # the log waited three
    assert plan.plan({"decision": True}) == {"decision"}


def test_the_log_lays_out_a_burst_of_new_lines_over_a_few_frames(window: arcade.Window) -> None:
    world, events = build_world()
    log = CombatLog()
    log.layout(1280, 720, 1.0)
    log.add_events(world.state, events)
    first = 1
    assert log.refresh() and log.texts.layouts <= LAYOUTS_PER_BUILD + 4 and log.incomplete  # a first build too
    # (its title and three tabs, then a few lines)
    while log.refresh():  # is spread over frames, a few lines a frame
        first += 1
        assert log.texts.layouts <= LAYOUTS_PER_BUILD
    assert first >= 2 and not log.incomplete
    shown = log._shown
    for _ in range(6):
        events = world.apply(Step(None, "cautious") if world.state.pending is not None
                             and world.state.pending.kind == "step" and world.state.pending.orientation_due
                             else Step(None) if world.state.pending is not None and world.state.pending.kind == "step"
                             else Confirm())
        log.add_events(world.state, events)
    builds = 0
    while log.refresh():
        builds += 1
        assert log.texts.layouts <= LAYOUTS_PER_BUILD
    assert builds >= 2 and not log.dirty()
    assert log._shown >= min(shown, 3)  # in the end as full as before
    log.scroll_by(5)  # a scroll is shown whole at once
    assert log.refresh() and not log.incomplete


def test_glyphs_are_warmed_within_a_budget_and_kept(window: arcade.Window) -> None:
    warmer = GlyphWarmer()
    warmer.want_scale(1.37)  # sizes no other test uses
    assert warmer.pending == 2 * len(BASE_SIZES)
    left = warmer.step(0.0)  # at least one chunk, then the budget is spent
    assert left == 2 * len(BASE_SIZES) and warmer._offset == CHUNK
    warmer.finish()
    assert warmer.pending == 0 and warmer.warm(11 * 1.37, True)
    font = warmer._fonts[(11 * 1.37, True)]
    assert all(ch in font.glyphs for ch in "Thrust 7d10 …")  # made: a text showing them makes none
    warmer.want(11 * 1.37, True)
    assert warmer.pending == 0  # warm already


def _ten_bouts_counting_clock_labels(window: arcade.Window, helpers: ModuleType, monkeypatch: pytest.MonkeyPatch
                                     ) -> tuple[World, GameView, list[str]]:
    """The bench's scene (ten bouts: their clocks step together) on screen, and the list every clock label made
    from now on goes into (the map's labels batch)."""
    world, events = build_world()
    view = GameView(Session(world), Settings(animation_speed="instant"), lambda _r: None, reveal_all=True)
    view.log.add_events(world.state, events)
    window.show_view(view)
    helpers.advance(window, 2)
    made: list[str] = []
    real_text = arcade.Text

    def counting_text(label: str, *args: object, **kwargs: object) -> object:
        if kwargs.get("batch") is view.render.labels_batch:
            made.append(label)
        return real_text(label, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(arcade, "Text", counting_text)
    return world, view, made


def test_clock_labels_and_status_marks_are_reused_not_made_again(window: arcade.Window, helpers: ModuleType,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    world, view, made = _ten_bouts_counting_clock_labels(window, helpers, monkeypatch)
    status_sprites = dict(view.render._status_sprites)
    changed = 0
    for tick in range(24):
        before = {b: (t.text, t) for b, t in view.render._clock_texts.items()}
        pending = world.state.pending
        assert pending is not None
        view.apply(Step(None, "cautious") if pending.kind == "step" and pending.orientation_due else
                   Step(None) if pending.kind == "step" else Confirm())
        helpers.advance(window, 4)
        moved = [(before[b][1], t) for b, t in view.render._clock_texts.items() if b in before and
                 before[b][0] != t.text]
        assert all(old is not new for old, new in moved)  # never laid out again: another text shows the label
        if tick >= 12:
            changed += len(moved)
    assert changed > 0 and len(made) < changed  # most label changes took a text that showed it already
    for aid, sprites in view.render._status_sprites.items():  # the living keep their marks' sprites
        if aid in status_sprites:
            assert sprites == status_sprites[aid]
    window.hide_view()


def test_new_clock_labels_are_made_a_few_a_frame_and_all_catch_up(window: arcade.Window, helpers: ModuleType,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    world, view, made = _ten_bouts_counting_clock_labels(window, helpers, monkeypatch)
    busiest = 0
    for _tick in range(8):
        pending = world.state.pending
        assert pending is not None
        view.apply(Step(None, "cautious") if pending.kind == "step" and pending.orientation_due else
                   Step(None) if pending.kind == "step" else Confirm())
        for _frame in range(8):
            made.clear()
            helpers.advance(window, 1)
            busiest = max(busiest, len(made))
            assert len(made) <= CLOCK_MAKES_PER_FRAME
        shown = {b: t.text for b, t in view.render._clock_texts.items()}
        assert shown == {c.bout: c.label for c in view.indicators.clocks}  # every clock caught up
    assert busiest == CLOCK_MAKES_PER_FRAME  # the budget was needed: some frame had more to make
    window.hide_view()

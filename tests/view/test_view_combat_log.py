"""A clean combat log (issue 11): only what the party can see by default, each line once, bout lines with their
bout, and the "newer" marker on a row of its own."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import arcade

from game.sim import events as wev
from game.sim.commands import Confirm
from game.view.combat_log import CombatLog, LogFilter, LogModel
from game.view.session import Session
from game.view.settings import Settings
from game.view.views.game import GameView

from .worlds import world_from_ascii

# the knight walled off in the west; a bandit and a goblin fight each other in the east, out of his sight
OUT_OF_SIGHT = """\
###################
#...#.............#
#.@.#.......bg....#
#...#.............#
###################
"""


def _play(world_ticks: int, seed: int) -> tuple[LogModel, list[wev.WorldEvent]]:
    world = world_from_ascii(OUT_OF_SIGHT, seed=seed)
    model = LogModel()
    model.add_events(world.state, world.opening)
    everything: list[wev.WorldEvent] = []
    for _ in range(world_ticks):
        events = world.apply(Confirm())
        everything += events
        model.add_events(world.state, events)
    return model, everything


def test_a_fight_out_of_the_partys_sight_is_not_shown_by_default() -> None:
    for seed in (1, 2, 3):
        model, events = _play(12, seed)
        fought = [e for e in events if isinstance(e, wev.RulesEvent)]
        assert fought, f"seed {seed}: the bandit and the goblin never fought"
        shown = model.filtered(LogFilter.ALL)
        everything = model.filtered(LogFilter.ALL, unseen=True)
        assert not any("Bandit" in line.text or "Goblin" in line.text for line in shown), (seed, shown)
        assert any("[bout" in line.text for line in everything)  # kept, for a recording shown whole
        assert not any(line.roll for line in model.filtered(LogFilter.ROLLS))


def test_a_visible_fight_is_shown_each_line_once_with_its_bout() -> None:
    for seed in (1, 2, 3):
        world = world_from_ascii("#########\n#.......#\n#...@g..#\n#.......#\n#########\n", seed=seed)
        model = LogModel()
        model.add_events(world.state, world.opening)
        seen_rules = 0
        for _ in range(20):
            events = world.apply(Confirm())
            rules = [e for e in events if isinstance(e, wev.RulesEvent)]
            # the world sending a bout line again under a merged bout's number in the same tick: logged once
            again = [wev.RulesEvent(e.bout + 100, e.event) for e in rules]
            before = len(model.lines)
            model.add_events(world.state, [*events, *again])
            new = model.lines[before:]
            texts = [line.text.split("] ", 1)[-1] for line in new if line.text.startswith("[bout ")]
            assert len(texts) == len(set(texts)), f"seed {seed}: a line twice: {texts}"
            assert not any(line.text.startswith(f"[bout {e.bout}]") for e in again for line in new)
            seen_rules += len(texts)
            if world.state.over:
                break
        assert seen_rules > 0 and all(line.seen for line in model.lines)
        declared = [line for line in model.lines if " declares " in line.text]
        assert declared and all(line.text.startswith("[bout ") for line in declared)


def test_the_newer_marker_has_its_own_row(window: arcade.Window, show: Callable[[arcade.View], arcade.View],
                                          helpers: ModuleType) -> None:
    world = world_from_ascii("#########\n#.......#\n#...@g..#\n#.......#\n#########\n", seed=2)
    view = GameView(Session(world), Settings(animation_speed="instant"), lambda _r: None)
    show(view)
    for _ in range(12):
        view.apply(Confirm())
        if world.state.over:
            break
    log: CombatLog = view.log
    assert len(log.lines()) > 8
    log.mode = "expanded"
    log.scroll_by(3)
    helpers.advance(window, 2)
    texts = log.texts._texts
    more = texts["more"]
    assert more.visible and "newer" in more.text
    m_bottom, m_top = more.y, more.y + more.content_height
    for key, t in texts.items():
        if isinstance(key, tuple) and key[0] == "line" and t.visible:
            assert t.y >= m_top - 1, f"a line at y={t.y} under the marker ({m_bottom}-{m_top})"
    helpers.screenshot("log_newer_marker")


def test_a_blood_loss_check_that_holds_is_listed_under_rolls_only() -> None:
    from game.sim import bout_events as rev

    world = world_from_ascii("#########\n#.......#\n#...@g..#\n#.......#\n#########\n", seed=1)
    model = LogModel()
    holds = wev.Bled("player", rev.BloodLossCheck(0, "player", 5, 4, (5, 6, 7, 8, 9), 5, 0, 5))
    loses = wev.Bled("player", rev.BloodLossCheck(0, "player", 5, 4, (1, 1, 2, 3, 1), 0, 1, 4))
    model.add_events(world.state, [holds, loses])
    rolls = [line.text for line in model.filtered(LogFilter.ROLLS)]
    assert len(rolls) == 2 and "holds" in rolls[0] and "loses 1 HT" in rolls[1]
    for which in (LogFilter.ALL, LogFilter.MINE):  # each bleeding fighter's every tick buried the fight
        shown = [line.text for line in model.filtered(which)]
        assert shown == [rolls[1]], (which, shown)

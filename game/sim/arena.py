"""The arena's menu as data (issue 14, "selected per run"): the combat systems the world hosts, each with
a title and a line on where it comes from, and the world scenarios of the content, each with its title
and description. The view's arena screen lists these; a fight starts as a run of the chosen scenario
under the chosen system (the run file records both).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.sim.scenario_file import load_named_scenario, scenario_names
from rules.content.errors import ContentErrors
from rules.content.layout import ContentDir
from rules.systems import DEFAULT_SYSTEM, WORLD_SYSTEMS

# What a player reads for each system: the source document's name and a line on how a fight goes.
_ABOUT: dict[str, tuple[str, str]] = {
    "tros_sos": ("Song of Swords", "The design doc's bout: orientation, targets with initiative arcs, "
                                   "then dice from your combat pool across two exchanges (The Riddle of Steel)."),
    "sophias_children": ("Sophia's Children", "Initiative pools: bid for the First Action, designate who "
                                              "acts next, and interrupt with points from your side's pool."),
    "dew_sequence": ("Dew's detailed sequence", "Phases of blows: active and reactive blows, endurance, "
                                                "great blows prepared, parries by anyone alert in range."),
    "gold_and_glory": ("Gold & Glory", "Action and movement points declared each round; initiative, "
                                       "interrupts and the right to react."),
    "combat_basics": ("Combat basics", "Two-second turns in initiative order; delays, readied actions and "
                                       "combat clusters."),
}


@dataclass(frozen=True, slots=True)
class ArenaChoice:
    """One entry of the arena's lists: the id the run takes, and what the player reads."""

    id: str
    title: str
    about: str


def arena_systems() -> tuple[ArenaChoice, ...]:
    """The combat systems the world hosts, the design doc's first, then by title."""
    def choice(name: str) -> ArenaChoice:
        title, about = _ABOUT.get(name, (name.replace("_", " ").capitalize(), ""))
        return ArenaChoice(name, title, about)

    rest = sorted((choice(n) for n in WORLD_SYSTEMS if n != DEFAULT_SYSTEM), key=lambda c: c.title)
    return (choice(DEFAULT_SYSTEM), *rest)


def arena_scenarios(directory: ContentDir = None) -> tuple[ArenaChoice, ...]:
    """The content's world scenarios with their titles and descriptions, by title. A scenario file that does
    not load is left out (the content check names it; the arena lists what can be played)."""
    out = []
    for name in scenario_names(directory):
        try:
            setup = load_named_scenario(name, directory)
        except (ContentErrors, ValueError):
            continue
        out.append(ArenaChoice(name, setup.name, " ".join(setup.description.split())))
    return tuple(sorted(out, key=lambda c: c.title))

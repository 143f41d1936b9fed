"""The tutorial's lessons as data (`content/tutorial.yaml`) and their fights (`content/tutorial/*.yaml`).

This module owns the lesson file's format and its checks; the game view (`game.view.tutorial`) only plays
what it loads. A lesson is a world scenario (the format of docs/scenario-format.md, loaded with
`scenario_file.load_scenario`) and a list of steps. A step is a callout: a title, a text, the thing on screen
it points at (`point`), when it shows (`when`: every condition true), when it is done (`until`) and when it
is passed over (`skip_if`: every condition true, e.g. first aid when the leader does not bleed).

Conditions are strings: ``next`` (the player pressed Enter or clicked Next), ``event:TYPE`` (a world event of
that type since the step showed; ``event:rules.TYPE`` for a rules event inside a bout), ``decision:KIND``
(the world waits for that decision: step, target, declare, bump, orientation, first_aid), ``exchange:N`` (the
leader's bout is in exchange N), ``in_fight``, ``foes_in_sight`` (a living hostile the leader can see),
``wounded``, ``bleeding``; a leading ``!`` negates one.
Every problem is a `ContentErrors` entry naming file:line:column and the field.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, StrictInt, StrictStr

from game.sim import events as world_events
from game.sim.scenario_file import WorldSetup, load_scenario
from rules import events as rules_events
from rules.content.errors import ContentError, ContentErrors
from rules.content.layout import ContentDir, content_root
from rules.content.models import Id, Name, Strict
from rules.content.yamlsource import read_document, validate

TUTORIAL_FILE = "tutorial.yaml"
TUTORIAL_DIR = "tutorial"
POINTS = ("none", "leader", "foe", "target", "pad", "menu", "prompt", "log", "hud.ht", "hud.cp", "hud.bl",
          "hud.clock", "arc")
DECISIONS = ("step", "target", "declare", "bump", "orientation", "first_aid")
FLAGS = ("next", "in_fight", "foes_in_sight", "wounded", "bleeding")
Point = Literal["none", "leader", "foe", "target", "pad", "menu", "prompt", "log", "hud.ht", "hud.cp", "hud.bl",
                "hud.clock", "arc"]
Text = Annotated[StrictStr, Field(min_length=1, max_length=400)]


class StepFile(Strict):
    title: Annotated[StrictStr, Field(min_length=1, max_length=40)]
    text: Text
    point: Point = "none"
    when: list[StrictStr] = Field(default_factory=list)
    until: list[StrictStr] = Field(default_factory=lambda: ["next"])
    skip_if: list[StrictStr] = Field(default_factory=list)


class LessonFile(Strict):
    id: Id
    title: Name
    intro: Text
    scenario: Id
    seed: StrictInt | None = None
    steps: Annotated[list[StepFile], Field(min_length=1)]


class TutorialFile(Strict):
    lessons: Annotated[list[LessonFile], Field(min_length=1)]


@dataclass(frozen=True, slots=True)
class Condition:
    """One parsed condition: ``kind`` (next, event, decision, exchange, in_fight, wounded, bleeding), its
    argument and whether it is negated."""

    kind: str
    arg: str = ""
    negated: bool = False


@dataclass(frozen=True, slots=True)
class Step:
    title: str
    text: str
    point: str
    when: tuple[Condition, ...]
    until: tuple[Condition, ...]
    skip_if: tuple[Condition, ...]

    @property
    def waits_for_next(self) -> bool:
        return any(c.kind == "next" and not c.negated for c in self.until)


@dataclass(frozen=True, slots=True)
class Lesson:
    id: str
    title: str
    intro: str
    setup: WorldSetup
    seed: int
    steps: tuple[Step, ...]


def event_types() -> frozenset[str]:
    """Every name ``event:`` accepts: the world's event types and ``rules.<type>`` for the rules' events."""
    names: set[str] = set()
    for root, prefix in ((world_events.WorldEvent, ""), (rules_events.Event, "rules.")):
        todo: list[type[Any]] = [root]
        while todo:
            cls = todo.pop()
            subs: list[type[Any]] = cls.__subclasses__()
            for sub in subs:
                names.add(f"{prefix}{sub.type}")
                todo.append(sub)
    return frozenset(names)


def parse_condition(text: str, known_events: frozenset[str]) -> Condition:
    """``"!event:bled"`` -> Condition("event", "bled", True); ValueError with the reason when it is not one."""
    negated = text.startswith("!")
    body = text[1:] if negated else text
    kind, _, arg = body.partition(":")
    if kind in FLAGS:
        if arg:
            raise ValueError(f"{kind!r} takes no argument")
        if kind == "next" and negated:
            raise ValueError("'next' cannot be negated")
        return Condition(kind, "", negated)
    if kind == "event":
        if arg not in known_events:
            raise ValueError(f"unknown event type {arg!r}")
    elif kind == "decision":
        if arg not in DECISIONS:
            raise ValueError(f"unknown decision {arg!r} (one of {', '.join(DECISIONS)})")
    elif kind == "exchange":
        if not arg.isdigit() or int(arg) < 1:
            raise ValueError("exchange needs a number from 1")
    else:
        raise ValueError(f"unknown condition {body!r} (next, event:TYPE, decision:KIND, exchange:N, "
                         f"{', '.join(FLAGS[1:])})")
    return Condition(kind, arg, negated)


def load_tutorial(directory: ContentDir = None, *, source: Traversable | str | os.PathLike[str] | None = None,
                  display: str | None = None) -> tuple[Lesson, ...]:
    """Read and check the lessons (default: the shipped ``content/tutorial.yaml``) and load each lesson's
    scenario from ``<content>/tutorial/<scenario>.yaml``. Raises ContentErrors listing every problem."""
    root = content_root(directory)
    item: Traversable = root / TUTORIAL_FILE if source is None else (
        Path(source) if isinstance(source, (str, os.PathLike)) else source)
    file = display if display is not None else str(item)
    doc = read_document(item, file)
    model = validate(doc, TutorialFile)
    known = event_types()
    errors: list[ContentError] = []
    lessons: list[Lesson] = []
    seen_ids: set[str] = set()
    for i, lf in enumerate(model.lessons):
        if lf.id in seen_ids:
            errors.append(doc.error(("lessons", i, "id"), f"duplicate lesson id {lf.id!r}"))
        seen_ids.add(lf.id)
        steps: list[Step] = []
        for j, sf in enumerate(lf.steps):
            parsed: dict[str, tuple[Condition, ...]] = {}
            for name in ("when", "until", "skip_if"):
                conditions: list[Condition] = []
                for n, text in enumerate(getattr(sf, name)):
                    try:
                        conditions.append(parse_condition(text, known))
                    except ValueError as exc:
                        errors.append(doc.error(("lessons", i, "steps", j, name, n), str(exc)))
                parsed[name] = tuple(conditions)
            if not parsed["until"] and not sf.until:
                errors.append(doc.error(("lessons", i, "steps", j, "until"), "a step needs a way to end"))
            steps.append(Step(sf.title, sf.text, sf.point, parsed["when"], parsed["until"], parsed["skip_if"]))
        scenario = root / TUTORIAL_DIR / f"{lf.scenario}.yaml"
        if not scenario.is_file():
            errors.append(doc.error(("lessons", i, "scenario"), f"no scenario {TUTORIAL_DIR}/{lf.scenario}.yaml"))
            continue
        try:
            setup = load_scenario(scenario, display=f"{TUTORIAL_DIR}/{lf.scenario}.yaml")
        except ContentErrors as exc:
            errors.extend(exc.errors)
            continue
        seed = lf.seed if lf.seed is not None else setup.seed
        lessons.append(Lesson(lf.id, lf.title, lf.intro, setup, seed, tuple(steps)))
    if errors:
        raise ContentErrors(errors)
    return tuple(lessons)

"""Scripted world scenarios (`content/scenarios/rules/*.yaml`): a rule of the design doc shown on a map.

This module owns the format (docs/scenario-format.md, "Scripted world scenarios"): a world scenario
(`game.sim.scenario_file`, whose loader and errors it reuses) plus `rule` (the doc's sentence),
`seeds`, `actor_state` (live state set before tick 1: a bandit who always flees, a wound), `script`
(the leader's commands, and the companions' answers under `party_orders`, in the run file's command
vocabulary: `game.sim.commands.from_dict`), `run_to_tick`, `expect` (event patterns) and `without`
(the house rules that turn the rule off: then every expectation not marked `given` must fail).
Every problem is a `ContentErrors` entry naming file, line, column and field. Running one:
`game.sim.scripted_run`.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, fields
from importlib.resources.abc import Traversable
from typing import Any, Literal, TypeVar

from pydantic import Field, StrictFloat, StrictInt, StrictStr

from game.sim import events as ev
from game.sim.commands import Command, CommandError, from_dict
from game.sim.creatures import CreatureTemplate, Relations
from game.sim.scenario_file import SCENARIO_DIR, WorldScenarioFile, WorldSetup, load_extended_scenario
from rules import events as rules_events
from rules import ranged
from rules.content.errors import ContentError, ContentErrors
from rules.content.layout import ContentDir, content_root, yaml_files
from rules.content.loader import default_catalog, with_house_rules
from rules.content.models import Id, Strict
from rules.content.yamlsource import YamlDocument

T = TypeVar("T")
RULES_DIR = "rules"  # content/scenarios/rules/
SCRIPT_KEYS = ("who", "times")  # script-only keys, taken off before the command is parsed
PATTERN_KEYS = ("type", "tick", "absent", "given")  # the keys of an expectation that are not event fields
WRAPPED = "via"  # a wrapped rules event (RulesEvent, Bled, ShotLanded) is matched by its own type and fields
DECISION_EXTRA = ("who", "ask")  # a `decision` is also matched by its first ask's `who` and `kind`
PLAN = "plan"  # not a world event: a companion's preview (game.sim.companion_plans) after a command
PLAN_FIELDS = ("actor", "steps", "direction", "to", "doing", "target", "items", "line")


class WoundSpec(Strict):
    location: Id
    damage_type: Id = "cut"
    level: StrictInt = Field(default=1, ge=1, le=5)
    pain: StrictInt = Field(default=1, ge=0, le=30)
    bl: StrictInt = Field(default=1, ge=0, le=30)


class ActorState(Strict):
    """Live state of one actor set after the world is built, before tick 1 (not in any event log)."""

    flee_threshold: StrictFloat | None = None  # 0.0: flees at once; null: never flees
    move_init: StrictInt | None = None  # his movement initiative for tick 1
    facing: Literal["N", "E", "S", "W", "NE", "SE", "SW", "NW"] | None = None
    bleed_thirds: StrictInt | None = Field(default=None, ge=0, le=17)
    wounds: list[WoundSpec] = Field(default_factory=list)


class Without(Strict):
    house_rules: dict[str, object]
    script: list[dict[str, object]] | None = Field(default=None, max_length=500)
    why: StrictStr = ""


class ScriptedScenarioFile(WorldScenarioFile):
    rule: StrictStr
    seeds: list[StrictInt] = Field(default_factory=list, max_length=20)
    actor_state: dict[Id, ActorState] = Field(default_factory=dict)
    script: list[dict[str, object]] = Field(default_factory=list, max_length=500)
    run_to_tick: StrictInt | None = Field(default=None, ge=1, le=500)
    expect: list[dict[str, object]] = Field(min_length=1, max_length=200)
    without: Without | None = None


@dataclass(frozen=True, slots=True)
class ScriptItem:
    command: Command
    who: str | None  # the decision the world owes must be asked of him
    times: int
    line: int | None


@dataclass(frozen=True, slots=True)
class Expectation:
    type: str
    fields: Mapping[str, object]
    tick: int | None
    absent: bool
    given: bool  # the situation, not the rule: it holds with the rule off too
    line: int | None

    def text(self) -> str:
        shown = ", ".join(f"{k}={v}" for k, v in self.fields.items())
        return (("no " if self.absent else "") + self.type + (f" at tick {self.tick}" if self.tick is not None else "")
                + (f" ({shown})" if shown else ""))


@dataclass(frozen=True, slots=True)
class ScriptedScenario:
    file: str
    setup: WorldSetup
    rule: str
    seeds: tuple[int, ...]
    actor_state: Mapping[str, ActorState]
    script: tuple[ScriptItem, ...]
    run_to_tick: int | None
    expect: tuple[Expectation, ...]
    without: Without | None
    without_script: tuple[ScriptItem, ...] | None


def event_fields() -> dict[str, set[str]]:
    """Every event type an expectation may name, with the fields it may test (wrapped rules events by
    their own type, with the wrapper's fields and `via`; a `decision` also by `who` and `ask`)."""
    known: dict[str, set[str]] = {}
    for cls in _typed(ev.WorldEvent):
        names = {f.name for f in fields(cls)} - {"event"}  # type: ignore[arg-type]
        known.setdefault(cls.type, set()).update(names)
    wrappers: tuple[type[ev.WorldEvent], ...] = (ev.RulesEvent, ev.Bled, ev.ShotLanded)
    outer = {f.name for w in wrappers for f in fields(w)} - {"event"}  # type: ignore[arg-type]
    assert ranged.Shot.type  # (imported so that its event type is known)
    for rules_cls in _typed(rules_events.Event):
        own = {f.name for f in fields(rules_cls)}  # type: ignore[arg-type]
        known.setdefault(rules_cls.type, set()).update(own | outer | {WRAPPED})
    known[ev.DecisionDue.type] |= set(DECISION_EXTRA)
    known[PLAN] = set(PLAN_FIELDS)
    return known


def _typed(base: type[T]) -> list[type[T]]:
    """The subclasses of `base`, at any depth, that name their own `type`."""
    out: list[type[T]] = []
    for cls in base.__subclasses__():
        if "type" in cls.__dict__:
            out.append(cls)
        out += _typed(cls)
    return out


def scripted_files(directory: ContentDir = None) -> list[Traversable]:
    """The scripted scenarios of a content directory (`scenarios/rules/*.yaml`)."""
    return yaml_files(content_root(directory) / SCENARIO_DIR / RULES_DIR)


def load_scripted(
    source: Traversable | str | os.PathLike[str],
    *,
    display: str | None = None,
    creatures: Mapping[str, CreatureTemplate] | None = None,
    relations: Relations | None = None,
) -> ScriptedScenario:
    """Read and check one scripted scenario (`creatures`, `relations`: default the shipped content);
    ContentErrors lists every problem (file:line:column)."""
    setup, model, doc = load_extended_scenario(source, ScriptedScenarioFile, display=display, creatures=creatures,
                                               relations=relations)
    errors: list[ContentError] = []
    ids = {a.id for a in setup.actors}
    for aid in model.actor_state:
        if aid not in ids:
            errors.append(doc.error(("actor_state", aid), f"no actor {aid!r} (actors: {', '.join(sorted(ids))})",
                                    key=True))
    script = _script(doc, model.script, ("script",), ids, errors)
    without_script = None
    if model.without is not None and model.without.script is not None:
        without_script = _script(doc, model.without.script, ("without", "script"), ids, errors)
    _check_house_rules(doc, model.house_rules, {}, ("house_rules",), errors)
    if model.without is not None:
        _check_house_rules(doc, model.house_rules, model.without.house_rules, ("without", "house_rules"), errors)
    known = event_fields()
    expect = tuple(e for i, raw in enumerate(model.expect) if (e := _expectation(doc, raw, i, known, errors)))
    if errors:
        raise ContentErrors(errors)
    return ScriptedScenario(doc.file, setup, " ".join(model.rule.split()), tuple(model.seeds) or (setup.seed,),
                            model.actor_state, script, model.run_to_tick, expect, model.without, without_script)


def _check_house_rules(doc: YamlDocument, base: Mapping[str, object], more: Mapping[str, object],
                       at: tuple[str, ...], errors: list[ContentError]) -> None:
    """The house rules a run will play with (`more` over `base`), checked as the world will check them;
    each error placed at its key in this file."""
    try:
        with_house_rules(default_catalog(), {**base, **more})
    except ContentErrors as exc:
        for error in exc.errors:
            key = error.path.removeprefix("house_rules.").split(".")[0]
            where = at if key in more or not more else ("house_rules",)
            placed = doc.error((*where, key), error.message, key=True)
            if placed not in errors:
                errors.append(placed)


def _script(doc: YamlDocument, raw: list[dict[str, object]], at: tuple[str, ...], ids: set[str],
            errors: list[ContentError]) -> tuple[ScriptItem, ...]:
    items: list[ScriptItem] = []
    for i, entry in enumerate(raw):
        path = (*at, i)
        data = {k: v for k, v in entry.items() if k not in SCRIPT_KEYS}
        who, times = entry.get("who"), entry.get("times", 1)
        if who is not None and who not in ids:
            errors.append(doc.error((*path, "who"), f"no actor {who!r}"))
            continue
        if not isinstance(times, int) or isinstance(times, bool) or not 1 <= times <= 200:
            errors.append(doc.error((*path, "times"), f"times must be a whole number 1-200, not {times!r}"))
            continue
        try:
            command = from_dict(data)
        except CommandError as exc:
            errors.append(doc.error(path, str(exc)))
            continue
        items.append(ScriptItem(command, who if isinstance(who, str) else None, times, doc.position(path).line))
    return tuple(items)


def _expectation(doc: YamlDocument, raw: dict[str, object], index: int, known: dict[str, set[str]],
                 errors: list[ContentError]) -> Expectation | None:
    path = ("expect", index)
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in known:
        errors.append(doc.error((*path, "type"), f"unknown event type {kind!r} (e.g. moved, bumped, bump_frame, "
                                                 "orientation, first_aid, blood_loss, decision, declared)"))
        return None
    ok = True
    for key in ("absent", "given"):
        if not isinstance(raw.get(key, False), bool):
            errors.append(doc.error((*path, key), f"{key} must be true or false"))
            ok = False
    tick = raw.get("tick")
    if tick is not None and (not isinstance(tick, int) or isinstance(tick, bool) or tick < 0):
        errors.append(doc.error((*path, "tick"), f"tick must be a whole number from 0, not {tick!r}"))
        ok = False
    wanted: dict[str, Any] = {}
    for key, value in raw.items():
        if key in PATTERN_KEYS:
            continue
        if key not in known[kind]:
            errors.append(doc.error((*path, key), f"a {kind!r} event has no field {key!r} "
                                                  f"(it has: {', '.join(sorted(known[kind]))})", key=True))
            ok = False
        wanted[key] = value
    if not ok:
        return None
    return Expectation(kind, wanted, tick if isinstance(tick, int) else None, bool(raw.get("absent", False)),
                       bool(raw.get("given", False)), doc.position(path).line)

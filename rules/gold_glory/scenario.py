"""Scenario files for Gold & Glory: fighters on squares, scripted dice and answers in; the events, the log
and the checked expectations out. Format: docs/systems/gold_and_glory.md ("Scenario files").

`python -m rules.gold_glory FILE.yaml [--seed N]` runs one and prints its log and whether each held.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.bout import IllegalAction
from rules.content.yamlsource import load_model
from rules.decisions import Decision
from rules.dice import SeededStream
from rules.events import Event
from rules.gold_glory.build import Entrant, new_gg_bout
from rules.gold_glory.log import describe
from rules.gold_glory.rolls import GGDice, ScriptedDice, SeededDice
from rules.gold_glory.state import ENDED, GGBout
from rules.gold_glory.stats import GGStats, load_stats
from rules.gold_glory.system import GoldGlory
from rules.systems import run_step

MAX_STEPS = 3000


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class FighterSpec(_Strict):
    id: str = Field(pattern=r"^[A-Za-z][A-Za-z0-9_]*$")
    name: str | None = None
    side: str | None = None
    creature: str
    pos: tuple[int, int]
    facing: str = "N"
    hp: int | None = None
    prone: bool = False
    stats: dict[str, Any] = Field(default_factory=dict)  # stat-line fields replaced
    hands: list[str] | None = None  # items held (None: his stat line's weapon)
    belt: list[str] | None = None  # items at his belt (None: his stat line's)
    posture: Literal["stand", "crouch", "sit", "lie"] = "stand"
    wounds: list[int] = Field(default_factory=list)  # each wound's damage (for pain), with `hp`


class Pile(_Strict):
    at: tuple[int, int]
    items: list[str] = Field(min_length=1)


class Obstacle(_Strict):
    at: tuple[int, int]
    height: int = Field(ge=1, le=10)  # vertical squares to climb
    mod: int = Field(default=0, ge=-12, le=12)  # the wall's climbing mod (line 505)


class Expect(_Strict):
    events: list[dict[str, Any]] = Field(default_factory=list)  # in order, each a subset of one event
    absent: list[dict[str, Any]] = Field(default_factory=list)  # no event matches any of these
    fighters: dict[str, dict[str, Any]] = Field(default_factory=dict)  # GGFighter fields after the run
    log: list[str] = Field(default_factory=list)  # substrings of log lines, in order
    dice_left: int | None = None


class ScenarioFile(_Strict):
    name: str
    rule: str  # the book's section
    line: int | None = None  # its line in the source document
    description: str | None = None
    seed: int = 0
    dice: list[int] = Field(default_factory=list)
    house: list[str] = Field(default_factory=list)
    bounds: tuple[int, int, int, int] | None = None
    terrain: list[tuple[int, int, int]] = Field(default_factory=list)  # [x, y, mp multiplier]: 0 blocks
    footing: list[tuple[int, int, int]] = Field(default_factory=list)  # [x, y, mod]: partial or difficult squares
    chasms: list[tuple[int, int]] = Field(default_factory=list)  # pit or chasm squares: jumped, not walked
    heights: list[Obstacle] = Field(default_factory=list)  # obstacles: climbed onto
    ground: list[Pile] = Field(default_factory=list)  # items lying on the battle map
    fighters: list[FighterSpec] = Field(min_length=2)
    answers: dict[str, list[str]] = Field(default_factory=dict)  # each fighter's answers, in order
    until: Literal["round", "bout"] = "round"
    count: int = Field(default=1, ge=1)  # rounds to play
    expect: Expect = Field(default_factory=Expect)


class ScenarioError(Exception):
    """A scenario that cannot run (unknown ids, a refused answer): the message says where."""


@dataclass
class Result:
    events: list[Event]
    bout: GGBout
    start: GGBout
    names: dict[str, str]
    dice_left: int | None
    failures: list[str] = field(default_factory=list)


def load(path: str | Path) -> ScenarioFile:
    return load_model(Path(path), ScenarioFile, display=str(path))


def build(spec: ScenarioFile, stats: GGStats) -> GGBout:
    entrants = [Entrant(f.id, f.name or f.id, f.side or f.id, f.creature, f.pos, f.facing, f.hp, f.prone, f.stats,
                        None if f.hands is None else tuple(f.hands), None if f.belt is None else tuple(f.belt))
                for f in spec.fighters]
    try:
        bout = new_gg_bout(stats, entrants, spec.house, spec.bounds, {(x, y): m for x, y, m in spec.terrain})
    except ValueError as exc:
        raise ScenarioError(str(exc)) from None
    bout.footing.update({(x, y): m for x, y, m in spec.footing})
    bout.chasms.update(spec.chasms)
    bout.heights.update({o.at: (o.height, o.mod) for o in spec.heights})
    for pile in spec.ground:
        for item in pile.items:
            if stats.item_kind(item) is None:
                raise ScenarioError(f"ground {pile.at}: unknown item {item!r} (a weapon not natural, or a potion)")
        bout.ground.setdefault(pile.at, []).extend(pile.items)
    for f in spec.fighters:
        bout.fighters[f.id].posture = f.posture
        bout.fighters[f.id].wounds = list(f.wounds)
    return bout


def run(spec: ScenarioFile, seed: int | None = None, stats: GGStats | None = None) -> Result:
    """Play the scenario, the file's answers first, the AI the rest; check its expectations."""
    stats = stats or load_stats()
    system = GoldGlory(stats)
    bout = build(spec, stats)
    start = bout.clone()
    seeded = SeededDice(SeededStream(spec.seed if seed is None else seed, "combat"))
    scripted = ScriptedDice(spec.dice, fallback=seeded) if spec.dice else None
    dice: GGDice = scripted or seeded
    queues = {fid: list(values) for fid, values in spec.answers.items()}
    for fid in queues:
        if fid not in bout.fighters:
            raise ScenarioError(f"answers for unknown fighter {fid!r}")

    def decide(d: Decision) -> str:
        queue = queues.get(d.who)
        if queue:
            return queue.pop(0)
        return system.suggest(bout, d, None, None)

    events: list[Event] = []
    for _ in range(MAX_STEPS):
        round_ = bout.round
        try:
            events += run_step(system, bout, dice, decide)  # type: ignore[arg-type]
        except IllegalAction as exc:
            names = {fid: f.name for fid, f in bout.fighters.items()}
            lines = [line for e in events if (line := describe(e, names)) is not None]
            after = f" (after: {lines[-1]})" if lines else ""
            raise ScenarioError(f"round {bout.round}: {exc}{after}") from None
        events += system.advance(bout, dice).events
        if bout.over or (spec.until == "round" and round_ >= spec.count and bout.stage == ENDED):
            break
    names = {fid: f.name for fid, f in bout.fighters.items()}
    result = Result(events, bout, start, names, scripted.remaining if scripted else None)
    result.failures = check(spec.expect, result)
    return result


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def _matches(event: Event, want: dict[str, Any]) -> bool:
    data = event.to_dict()
    return all(_plain(data.get(key)) == _plain(value) for key, value in want.items())


def check(expect: Expect, r: Result) -> list[str]:
    """Every expectation that does not hold, one line each."""
    failures: list[str] = []
    at = 0
    for want in expect.events:
        while at < len(r.events) and not _matches(r.events[at], want):
            at += 1
        if at == len(r.events):
            failures.append(f"no event {want} (in order)")
            break
        at += 1
    for unwanted in expect.absent:
        if any(_matches(e, unwanted) for e in r.events):
            failures.append(f"an event {unwanted} happened")
    for fid, fields in expect.fighters.items():
        f = r.bout.fighters.get(fid)
        if f is None:
            failures.append(f"no fighter {fid}")
            continue
        for key, value in fields.items():
            got = _plain(getattr(f, key, None))
            if got != _plain(value):
                failures.append(f"{fid}.{key} is {got!r}, expected {value!r}")
    lines = [line for e in r.events if (line := describe(e, r.names)) is not None]
    pos = 0
    for text in expect.log:
        while pos < len(lines) and text not in lines[pos]:
            pos += 1
        if pos == len(lines):
            failures.append(f"no log line with {text!r} (in order)")
            break
        pos += 1
    if expect.dice_left is not None and r.dice_left != expect.dice_left:
        failures.append(f"{r.dice_left} scripted dice left, expected {expect.dice_left}")
    return failures

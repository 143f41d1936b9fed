"""Scenario files for Combat basics: characters on squares, scripted dice and answers in; the events,
the log and the checked expectations out. Format: docs/systems/combat_basics.md ("Scenario files").

`python -m rules.combat_basics FILE.yaml [--seed N]` runs one and prints its log and whether each
expectation held.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.bout import IllegalAction
from rules.catalog import Catalog
from rules.combat_basics.log import describe
from rules.combat_basics.state import DAZE, STUMBLE, CbBout
from rules.combat_basics.stats import CbStats
from rules.combat_basics.system import CombatBasics
from rules.content import default_catalog
from rules.content.yamlsource import load_model
from rules.decisions import Decision
from rules.dice import DiceStream, ScriptedStream, SeededStream
from rules.events import Event
from rules.fighter import Attributes, FighterSheet, FighterState
from rules.systems import run_step

MAX_STEPS = 3000


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class FighterSpec(_Strict):
    id: str = Field(pattern=r"^[A-Za-z][A-Za-z0-9_]*$")
    name: str | None = None
    side: str | None = None
    attributes: dict[str, int] = Field(default_factory=dict)
    proficiencies: dict[str, int] = Field(default_factory=dict)
    weapon: str | None = None
    shield: str | None = None
    armour: list[str] = Field(default_factory=list)
    at: tuple[int, int] = (0, 0)
    stats: CbStats | None = None  # left out: mapped from the attributes (rules.combat_basics.stats.from_sheet)
    missile: str | None = None  # with no `stats`: the missile weapon he shoots


class EffectSpec(_Strict):
    who: str
    effect: Literal["stumble", "daze"]
    seconds: int = Field(ge=1, le=60)
    source: str | None = None


class HeightSpec(_Strict):
    at: tuple[int, int]
    height: int = Field(ge=0, le=20)


class Expect(_Strict):
    events: list[dict[str, Any]] = Field(default_factory=list)  # in order, each a subset of one event
    absent: list[dict[str, Any]] = Field(default_factory=list)  # no event matches any of these
    order: list[str] | None = None  # the initiative order at the end
    positions: dict[str, tuple[int, int]] = Field(default_factory=dict)
    effects: dict[str, list[str]] = Field(default_factory=dict)  # effects on at the end ([] for none)
    out: list[str] = Field(default_factory=list)
    fighting: list[str] = Field(default_factory=list)
    wounded: list[str] = Field(default_factory=list)
    unhurt: list[str] = Field(default_factory=list)
    log: list[str] = Field(default_factory=list)  # substrings of log lines, in order
    dice_left: int | None = None


class ScenarioFile(_Strict):
    name: str
    rule: str  # the document's lines, e.g. "line 31"
    description: str | None = None
    seed: int = 0
    dice: list[Annotated[int, Field(ge=1, le=10)]] = Field(default_factory=list)  # d10 faces (d6: 1-6)
    fighters: list[FighterSpec] = Field(min_length=2)
    heights: list[HeightSpec] = Field(default_factory=list)
    unseen: dict[str, list[str]] = Field(default_factory=dict)  # watcher: those he cannot perceive
    effects: list[EffectSpec] = Field(default_factory=list)  # put on after initiative, before the first turn
    answers: dict[str, list[str]] = Field(default_factory=dict)  # each one's answers in the order asked
    ai: Literal["rest", "none"] = "rest"
    turns: int = Field(default=50, ge=0)  # stop after this many turns ended (or the fight's end)
    expect: Expect = Field(default_factory=Expect)


class ScenarioError(Exception):
    """A scenario that cannot run (unknown ids, a refused answer): the message says where."""


@dataclass
class Result:
    events: list[Event]
    bout: CbBout
    names: dict[str, str]
    dice_left: int | None
    failures: list[str] = field(default_factory=list)


def load(path: str | Path) -> ScenarioFile:
    return load_model(Path(path), ScenarioFile, display=str(path))


def build(spec: ScenarioFile, catalog: Catalog, system: CombatBasics) -> CbBout:
    """The bout of the file at round 0: its characters on their squares, its heights and perception."""
    ids = [f.id for f in spec.fighters]
    if len(set(ids)) != len(ids):
        raise ScenarioError("two fighters share an id")
    states = []
    for i, f in enumerate(spec.fighters):
        try:
            sheet = FighterSheet.build(catalog, id=f.id, name=f.name, side=f.side,
                                       attributes=Attributes.from_mapping(f.attributes), proficiencies=f.proficiencies,
                                       weapon=f.weapon, shield=f.shield, armour=f.armour)
        except (KeyError, ValueError) as exc:
            raise ScenarioError(f"fighters[{i}] ({f.id}): {exc.args[0] if exc.args else exc}") from None
        missile = f.stats.missile if f.stats is not None else f.missile
        if missile is not None and missile not in catalog.missiles:
            raise ScenarioError(f"fighters[{i}] ({f.id}): unknown missile weapon {missile!r}")
        states.append(FighterState(sheet))
    bout = system.new_bout(catalog, [])
    for f, state in zip(spec.fighters, states, strict=True):
        stats = f.stats or _mapped(state.sheet, f.missile)
        system.join(bout, state, f.at, stats)
    bout.heights = {h.at: h.height for h in spec.heights}
    for watcher, hidden in spec.unseen.items():
        for who in (watcher, *hidden):
            if who not in bout.cb:
                raise ScenarioError(f"unseen: unknown fighter {who!r}")
        bout.unseen.update((watcher, h) for h in hidden)
    return bout


def _mapped(sheet: FighterSheet, missile: str | None) -> CbStats:
    from rules.combat_basics.stats import from_sheet

    return from_sheet(sheet, missile)


def run(spec: ScenarioFile, seed: int | None = None, catalog: Catalog | None = None) -> Result:
    """Play the scenario, the file's answers first, the AI the rest; check its expectations."""
    catalog = catalog or default_catalog()
    system = CombatBasics()
    bout = build(spec, catalog, system)
    seeded = SeededStream(spec.seed if seed is None else seed, "combat")
    scripted = ScriptedStream(spec.dice, fallback=seeded) if spec.dice else None
    stream: DiceStream = scripted or seeded
    queues = {fid: list(values) for fid, values in spec.answers.items()}
    for fid in queues:
        if fid not in bout.cb:
            raise ScenarioError(f"answers for unknown fighter {fid!r}")
    for e in spec.effects:
        for who in (e.who, e.source):
            if who is not None and who not in bout.cb:
                raise ScenarioError(f"effects: unknown fighter {who!r}")

    def decide(d: Decision) -> str:
        queue = queues.get(d.who)
        if queue:
            return queue.pop(0)
        if spec.ai == "none":
            raise ScenarioError(f"no scripted answer for {d.who}'s {d.kind}")
        return system.suggest(bout, d, None, None)

    events: list[Event] = []
    ended = 0
    try:
        events += system.advance(bout, stream).events  # initiative, the first turn
        if spec.effects:
            events += _effects(system, bout, spec)
        for _ in range(MAX_STEPS):
            if bout.over or ended >= spec.turns:
                break
            events += run_step(system, bout, stream, decide)  # type: ignore[arg-type]
            step = system.advance(bout, stream)
            events += step.events
            ended += sum(1 for e in step.events if e.type == "cb_turn_end")
    except (IllegalAction, ValueError) as exc:
        raise ScenarioError(f"round {bout.round}: {exc}") from None
    left = [f"{fid}: {', '.join(q)}" for fid, q in queues.items() if q]
    if left:
        raise ScenarioError("scripted answers never asked for: " + "; ".join(left))
    names = {fid: c.name for fid, c in bout.cb.items()}
    result = Result(events, bout, names, scripted.remaining if scripted else None)
    result.failures = check(spec.expect, result)
    return result


def _effects(system: CombatBasics, bout: CbBout, spec: ScenarioFile) -> list[Event]:
    """The file's effects, put on as if by `source`; the turn owed is taken back up afterwards."""
    out: list[Event] = []
    for e in spec.effects:
        out += system.afflict(bout, e.who, e.effect, e.seconds, e.source)
    return out


def _matches(event: Event, want: dict[str, Any]) -> bool:
    data = event.to_dict()
    for key, value in want.items():
        got = data.get(key)
        if isinstance(got, list) and isinstance(value, list):
            got = [list(g) if isinstance(g, list | tuple) else g for g in got]
        if got != value:
            return False
    return True


def check(expect: Expect, r: Result) -> list[str]:
    """Every expectation that does not hold, one line each."""
    failures: list[str] = []
    b = r.bout
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
    if expect.order is not None and b.order != expect.order:
        failures.append(f"the order is {b.order}, expected {expect.order}")
    for fid, square in expect.positions.items():
        if fid not in b.cb or b.cb[fid].pos != tuple(square):
            failures.append(f"{fid} is at {b.cb[fid].pos if fid in b.cb else None}, expected {tuple(square)}")
    for fid, kinds in expect.effects.items():
        have = sorted(k for k in (STUMBLE, DAZE) if fid in b.cb and b.cb[fid].has(k))
        if have != sorted(kinds):
            failures.append(f"{fid}'s effects are {have}, expected {sorted(kinds)}")
    for fid in expect.out:
        if b.active(fid):
            failures.append(f"{fid} is still in the fight")
    for fid in expect.fighting:
        if not b.active(fid):
            failures.append(f"{fid} is out of the fight ({b.health(fid)})")
    for fid in expect.wounded:
        if not b.fighters[fid].wounds:
            failures.append(f"{fid} has no wound")
    for fid in expect.unhurt:
        if b.fighters[fid].wounds:
            failures.append(f"{fid} is wounded")
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

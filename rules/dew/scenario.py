"""Scenario files for the detailed sequence: characters, ranges, scripted dice and answers in; the events,
the log and the checked expectations out. Format: docs/systems/dew_sequence.md ("Scenario files").

`python -m rules.dew FILE.yaml [--seed N]` runs one and prints its log and whether each expectation held.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.bout import IllegalAction
from rules.content.yamlsource import load_model
from rules.decisions import Decision
from rules.dew.build import Entrant, new_dew_bout
from rules.dew.dice import DewDice, SeededDice, scripted
from rules.dew.fold import Emitter
from rules.dew.state import DewBout
from rules.dew.stats import DewStats, load_stats
from rules.dew.system import DewSequence
from rules.dew.traces import ranges_from_squares
from rules.dice import SeededStream
from rules.events import Event
from rules.systems import run_step

MAX_STEPS = 2000


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class FighterSpec(_Strict):
    id: str = Field(pattern=r"^[A-Za-z][A-Za-z0-9_]*$")
    name: str | None = None
    side: str | None = None
    creature: str
    alert: bool = True
    fallen: bool = False
    en: int | None = None
    unconscious: bool = False
    stats: dict[str, Any] = Field(default_factory=dict)  # fields of the creature replaced


class Expect(_Strict):
    events: list[dict[str, Any]] = Field(default_factory=list)  # in order, each a subset of one event
    absent: list[dict[str, Any]] = Field(default_factory=list)  # no event matches any of these
    fighters: dict[str, dict[str, Any]] = Field(default_factory=dict)  # fields of DewFighter after the run
    ranges: dict[str, int] = Field(default_factory=dict)  # "A-B": range after the run
    positions: dict[str, tuple[int, int]] = Field(default_factory=dict)  # squares after the run
    log: list[str] = Field(default_factory=list)  # substrings of log lines, in order
    dice_left: int | None = None
    offered: dict[str, list[str]] = Field(default_factory=dict)  # option values some decision offered him
    not_offered: dict[str, list[str]] = Field(default_factory=dict)  # values no decision of his offered


class ScenarioFile(_Strict):
    name: str
    rule: str  # the document's section, e.g. "1.1.2"
    description: str | None = None
    seed: int = 0
    dice: list[int] = Field(default_factory=list)
    fighters: list[FighterSpec] = Field(min_length=2)
    ranges: dict[str, int] = Field(default_factory=dict)  # "A-B": 1..6
    traces: bool = False  # the trace system (3.1-3.2.3): needs every fighter's square in `positions`
    positions: dict[str, tuple[int, int]] = Field(default_factory=dict)  # squares; ranges then follow them
    answers: dict[str, list[str]] = Field(default_factory=dict)  # each fighter's answers, in order
    until: Literal["segment", "phase", "round", "bout"] = "round"
    count: int = Field(default=1, ge=1)  # how many segments / phases / rounds to play
    expect: Expect = Field(default_factory=Expect)


class ScenarioError(Exception):
    """A scenario that cannot run (unknown ids, a refused answer): the message says where."""


@dataclass
class Result:
    events: list[Event]
    bout: DewBout
    start: DewBout
    names: dict[str, str]
    dice_left: int | None
    offered: dict[str, set[str]] = field(default_factory=dict)  # every option value each was offered
    failures: list[str] = field(default_factory=list)


def load(path: str | Path) -> ScenarioFile:
    return load_model(Path(path), ScenarioFile, display=str(path))


def _ranges(spec: ScenarioFile) -> dict[tuple[str, str], int]:
    out = {}
    for key, value in spec.ranges.items():
        a, sep, b = key.partition("-")
        if not sep:
            raise ScenarioError(f"range key {key!r} is not like A-B")
        out[(a, b)] = value
    return out


def build(spec: ScenarioFile, stats: DewStats) -> DewBout:
    entrants = [Entrant(f.id, f.name or f.id, f.side or f.id, f.creature, f.alert, f.fallen, f.en, f.unconscious,
                        f.stats)
                for f in spec.fighters]
    try:
        bout = new_dew_bout(stats, entrants, _ranges(spec))
    except ValueError as exc:
        raise ScenarioError(str(exc)) from None
    for fid, square in spec.positions.items():
        if fid not in bout.fighters:
            raise ScenarioError(f"positions: unknown fighter {fid!r}")
        bout.fighters[fid].pos = square
    bout.traces = spec.traces
    if spec.traces and not bout.mapped():
        raise ScenarioError("traces: every fighter needs a square in positions")
    if spec.positions:
        em = Emitter(bout)
        ranges_from_squares(em, bout)
    return bout


def run(spec: ScenarioFile, seed: int | None = None, stats: DewStats | None = None) -> Result:
    """Play the scenario, the file's answers first, the AI the rest; check its expectations."""
    stats = stats or load_stats()
    system = DewSequence(stats)
    bout = build(spec, stats)
    start = build(spec, stats)
    stream = SeededStream(spec.seed if seed is None else seed, "combat")
    script = scripted(spec.dice, fallback=stream) if spec.dice else None
    dice: DewDice = script or SeededDice(stream)
    queues = {fid: list(values) for fid, values in spec.answers.items()}
    offered: dict[str, set[str]] = {}
    for fid in queues:
        if fid not in bout.fighters:
            raise ScenarioError(f"answers for unknown fighter {fid!r}")

    def decide(d: Decision) -> str:
        offered.setdefault(d.who, set()).update(d.values())
        queue = queues.get(d.who)
        if queue:
            return queue.pop(0)
        return system.suggest(bout, d, None, None)

    events: list[Event] = []
    done = 0
    for _ in range(MAX_STEPS):
        phase, round_ = bout.phase, bout.round
        try:
            events += run_step(system, bout, dice, decide)  # type: ignore[arg-type]
        except IllegalAction as exc:
            raise ScenarioError(f"round {bout.round}, {bout.phase} phase: {exc}") from None
        events += system.advance(bout, dice).events
        if round_ > 0 and ((spec.until == "segment" and phase == "combat")
                           or (spec.until == "phase" and bout.phase != phase)
                           or (spec.until == "round" and bout.round != round_)):
            done += 1
        if bout.over or done >= spec.count:
            break
    names = {fid: f.name for fid, f in bout.fighters.items()}
    result = Result(events, bout, start, names, script.remaining if script else None, offered)
    result.failures = check(spec.expect, result)
    return result


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
    from rules.dew.log import describe

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
            if getattr(f, key, object()) != value:
                failures.append(f"{fid}.{key} is {getattr(f, key, None)!r}, expected {value!r}")
    for key, value in expect.ranges.items():
        a, _, b = key.partition("-")
        if r.bout.range(a, b) != value:
            failures.append(f"range {key} is {r.bout.range(a, b)}, expected {value}")
    for fid, square in expect.positions.items():
        f = r.bout.fighters.get(fid)
        if f is None or f.pos != square:
            failures.append(f"{fid} is at {None if f is None else f.pos}, expected {square}")
    lines = [line for e in r.events if (line := describe(e, r.names)) is not None]
    pos = 0
    for text in expect.log:
        while pos < len(lines) and text not in lines[pos]:
            pos += 1
        if pos == len(lines):
            failures.append(f"no log line with {text!r} (in order)")
            break
        pos += 1
    for fid, values in expect.offered.items():
        failures += [f"{fid} was never offered {v!r}" for v in values if v not in r.offered.get(fid, set())]
    for fid, values in expect.not_offered.items():
        if fid not in r.offered:
            failures.append(f"{fid} was never asked (not_offered needs a decision of his)")
        failures += [f"{fid} was offered {v!r}" for v in values if v in r.offered.get(fid, set())]
    if expect.dice_left is not None and r.dice_left != expect.dice_left:
        failures.append(f"{r.dice_left} scripted dice left, expected {expect.dice_left}")
    return failures

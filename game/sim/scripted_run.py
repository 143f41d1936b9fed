"""Running a scripted world scenario (`game.sim.scripted_scenario`) and checking its expectations.

`run_scripted` builds the world (the leader's commands come from the script, everyone else is the
AI), sets the file's `actor_state`, plays the script, then `Confirm`s up to `run_to_tick`, and
returns the world's events with their ticks, flattened for matching (a wrapped rules event by its
own type and fields), each companion's preview as a `plan` record, the log lines and the result of
every expectation. `check` runs every seed
of the file, and its `without` (the rule off: each expectation not marked `given` must fail there,
each `given` one must still hold). `python -m game.sim scenario-check FILE` prints it all.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.sim import events as ev
from game.sim.commands import Confirm
from game.sim.companion_plans import companion_plans
from game.sim.geometry import Direction
from game.sim.log import describe
from game.sim.scripted_scenario import PLAN, ScriptedScenario, ScriptItem
from game.sim.world import World
from rules.fighter import Wound

# events the world's own log leaves out that a rule demonstration needs to show
QUIET = ("tick", "tick_end", "streams", "movement_initiative", "recovering", "rested", "bout_reach", "clock")


@dataclass(frozen=True, slots=True)
class Record:
    tick: int
    data: Mapping[str, Any]  # the event's to_dict, flattened
    line: str | None


@dataclass(slots=True)
class ScriptRun:
    seed: int
    house_rules: Mapping[str, object]
    records: list[Record] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # the script could not be played as written
    results: list[tuple[str, bool, str]] = field(default_factory=list)  # (expectation, held, where)

    @property
    def passed(self) -> bool:
        return not self.problems and all(held for _, held, _ in self.results)


def flatten(event: ev.WorldEvent) -> dict[str, Any]:
    data = event.to_dict()
    inner = data.get("event")
    if isinstance(inner, dict):  # RulesEvent, Bled, ShotLanded: matched as the rules event they carry
        outer = {k: v for k, v in data.items() if k not in ("event", "type")}
        return {**outer, **inner, "via": data["type"]}
    if isinstance(event, ev.DecisionDue) and event.asks:
        data["who"], data["ask"] = event.asks[0].who, event.asks[0].kind
    return data


def _line(event: ev.WorldEvent, data: Mapping[str, Any], names: Mapping[str, str]) -> str | None:
    def n(aid: object) -> str:
        return names.get(str(aid), str(aid))

    if isinstance(event, ev.RulesEvent) and data["type"] == "orientation":
        why = f" ({data['reason']})" if data.get("reason") else ""
        return f"[bout {event.bout}] {n(data['fighter'])} is {data['orientation']}{why}"
    if isinstance(event, ev.RulesEvent) and data["type"] == "target":
        return f"[bout {event.bout}] {n(data['fighter'])} targets {n(data['target'])}"
    text = describe(event, names)
    if text is not None:
        return text
    if isinstance(event, ev.Moved):
        return f"{n(event.actor)} steps {event.facing} to {list(event.to)}"
    if isinstance(event, ev.Forfeited):
        return f"{n(event.actor)} does not step {event.facing} ({event.reason})"
    if isinstance(event, ev.Bumped):
        return f"{n(event.actor)} bumps into {n(event.into)} (a friend)"
    if isinstance(event, ev.FirstAidOffered):
        return f"{n(event.actor)} is offered first aid (rolled at his next quiet wait)"
    if isinstance(event, ev.StepPlanned):
        return f"{n(event.companion)}'s next step is set: {event.direction or 'wait'}"
    if isinstance(event, ev.BumpAnswered):
        return f"{n(event.actor)} answers the bump frame: {event.choice}"
    if isinstance(event, ev.DecisionDue):
        asks = "; ".join(f"{n(a.who)}'s {a.kind.replace('_', ' ')}" for a in event.asks) or event.kind
        return f"? the player is asked: {asks}"
    if data["type"] in QUIET:
        return None
    return f"({data['type']})"


def _apply_state(world: World, spec: ScriptedScenario) -> None:
    for aid, state in spec.actor_state.items():
        actor = world.state.actors[aid]
        given = state.model_fields_set
        if "flee_threshold" in given:
            actor.flee_threshold = state.flee_threshold
        if state.move_init is not None:
            actor.move_init = state.move_init
        if state.facing is not None:
            actor.facing = Direction[state.facing]
        if state.bleed_thirds is not None:
            actor.bleed_thirds = state.bleed_thirds
        for w in state.wounds:
            actor.fighter.add_wound(Wound(w.location, w.damage_type, w.level, w.pain, w.bl))


def _previews(world: World, shown: dict[str, str], tick: int) -> list[Record]:
    """Each companion's preview (`game.sim.companion_plans`: his next step and action, what the map and his
    panel show) as a `plan` record, when it differs from the last one shown."""
    out: list[Record] = []
    for plan in companion_plans(world.state):
        if shown.get(plan.actor) == plan.line:
            continue
        shown[plan.actor] = plan.line
        data = {"type": PLAN, "actor": plan.actor, "steps": plan.steps,
                "direction": None if plan.direction is None else plan.direction.name,
                "to": None if plan.to is None else list(plan.to), "doing": plan.doing, "target": plan.target,
                "items": [list(item) for item in plan.items], "line": plan.line}
        out.append(Record(tick, data, f"preview: {plan.line}"))
    return out


def _asked(world: World) -> list[str]:
    pending = world.state.pending
    return [] if pending is None else [a.who for a in pending.asks] or [pending.actor]


def run_scripted(spec: ScriptedScenario, seed: int, house_rules: Mapping[str, object] | None = None,
                 script: Sequence[ScriptItem] | None = None, previews: bool = True) -> ScriptRun:
    """One seed of the file (with `house_rules` over the file's, and another `script`: its `without`);
    `previews`: add the companions' `plan` records after each command (they only read the state)."""
    rules = {**spec.setup.house_rules, **(house_rules or {})}
    run = ScriptRun(seed, rules)
    world = World(spec.setup, seed=seed, house_rules=dict(house_rules or {}))
    _apply_state(world, spec)
    names = {a.id: a.name for a in world.state.actors.values()}
    shown: dict[str, str] = {}

    def take(events: Sequence[ev.WorldEvent], tick: int) -> None:
        for event in events:
            if isinstance(event, ev.TickStarted):
                tick = event.tick
            data = flatten(event)
            run.records.append(Record(tick, data, _line(event, data, names)))
        if previews:
            run.records.extend(_previews(world, shown, tick))

    take(world.opening, 0)
    for index, item in enumerate(spec.script if script is None else script):
        for _ in range(item.times):
            if world.state.over is not None:
                run.problems.append(f"script item {index + 1} (line {item.line}): the game is over")
                break
            if item.who is not None and item.who not in _asked(world):
                run.problems.append(f"script item {index + 1} (line {item.line}): the world asks "
                                    f"{', '.join(_asked(world)) or 'nothing'}, not {item.who}")
                break
            events = world.apply(item.command)
            take(events, world.state.tick)
            rejected = [e for e in events if isinstance(e, ev.Rejected)]
            if rejected:
                run.problems.append(f"script item {index + 1} (line {item.line}): refused: {rejected[0].reason}")
                break
        if run.problems:
            break
    while not run.problems and spec.run_to_tick is not None and world.state.tick < spec.run_to_tick \
            and world.state.over is None:
        take(world.apply(Confirm()), world.state.tick)
    run.results = [match(run.records, spec, i) for i in range(len(spec.expect))]
    return run


def _matches(record: Record, kind: str, wanted: Mapping[str, object], tick: int | None) -> bool:
    if record.data.get("type") != kind or (tick is not None and record.tick != tick):
        return False
    return all(key in record.data and _same(record.data[key], value) for key, value in wanted.items())


def _same(got: object, want: object) -> bool:
    if isinstance(got, list | tuple) and isinstance(want, list | tuple):
        return len(got) == len(want) and all(_same(g, w) for g, w in zip(got, want, strict=True))
    if isinstance(got, bool) or isinstance(want, bool):
        return got is want
    return got == want


def match(records: Sequence[Record], spec: ScriptedScenario, upto: int) -> tuple[str, bool, str]:
    """Expectation `upto`, matched after the events the earlier ones matched (in order: each
    positive one moves the cursor past its event; a failed one leaves it)."""
    cursor = 0
    for i, exp in enumerate(spec.expect[: upto + 1]):
        hit = next((k for k in range(cursor, len(records)) if _matches(records[k], exp.type, exp.fields, exp.tick)),
                   None)
        if i < upto:
            if hit is not None and not exp.absent:
                cursor = hit + 1
            continue
        if exp.absent:
            found = None if hit is None else records[hit]
            where = "none found" if found is None else f"found at tick {found.tick}: {found.line or exp.type}"
            return exp.text(), hit is None, where
        return exp.text(), hit is not None, "not found" if hit is None else f"tick {records[hit].tick}"
    raise IndexError(upto)


@dataclass(frozen=True, slots=True)
class Verdict:
    runs: tuple[ScriptRun, ...]
    without: tuple[ScriptRun, ...]
    failures: tuple[str, ...]  # empty: the file shows its rule, and without it the rule's expectations fail


def check(spec: ScriptedScenario, seeds: Sequence[int] | None = None) -> Verdict:
    runs = tuple(run_scripted(spec, s) for s in (seeds or spec.seeds))
    failures: list[str] = []
    for r in runs:
        failures += [f"seed {r.seed}: {p}" for p in r.problems]
        failures += [f"seed {r.seed}: expected {t}: {where}" for t, held, where in r.results if not held]
    off: tuple[ScriptRun, ...] = ()
    if spec.without is not None:
        off = tuple(run_scripted(spec, s, spec.without.house_rules, spec.without_script) for s in (seeds or spec.seeds))
        for r in off:
            failures += [f"seed {r.seed} without the rule: {p} (give `without` a script of its own)"
                         for p in r.problems]
            for exp, (text, held, _) in zip(spec.expect, r.results, strict=True):
                if exp.given and not held:
                    failures.append(f"seed {r.seed} without the rule: the situation ({text}) did not arise")
                if not exp.given and held:
                    failures.append(f"seed {r.seed} without the rule: {text} still holds (it does not test the rule)")
    return Verdict(runs, off, tuple(failures))


def report(spec: ScriptedScenario, verdict: Verdict) -> list[str]:
    """The printed form: the rule, each seed's log and expectations, the run without the rule."""
    out = [f"# {spec.setup.name} ({spec.file})", f"# rule: {spec.rule}"]
    for r in verdict.runs:
        out.append(f"== seed {r.seed}")
        tick = -1
        for rec in r.records:
            if rec.line is None:
                continue
            if rec.tick != tick:
                tick = rec.tick
                out.append(f"-- tick {tick}")
            out.append(rec.line)
        out += [f"!! {p}" for p in r.problems]
        out += [f"expect {'ok  ' if held else 'FAIL'} {text} [{where}]" for text, held, where in r.results]
    if spec.without is not None:
        out.append(f"== without the rule: house_rules {dict(spec.without.house_rules)}"
                   + (f" ({spec.without.why})" if spec.without.why else ""))
        for r in verdict.without:
            for exp, (text, held, where) in zip(spec.expect, r.results, strict=True):
                role = "given" if exp.given else "rule "
                out.append(f"seed {r.seed} {role} {'holds' if held else 'fails'}: {text} [{where}]")
            out += [f"seed {r.seed} !! {p}" for p in r.problems]
    out.append("RESULT " + ("ok" if not verdict.failures else "FAILED"))
    out += [f"  {f}" for f in verdict.failures]
    return out


def scenario_check(path: str, seed: int | None = None) -> int:
    """`python -m game.sim scenario-check FILE [--seed N]`: print the report; 0 when the file shows its
    rule (and fails without it), 1 when not, 2 for a file that does not load (its errors, one a line)."""
    from game.sim.scripted_scenario import load_scripted
    from rules.content import ContentErrors

    try:
        spec = load_scripted(path)
    except ContentErrors as exc:
        for error in exc.errors:
            print(error, file=sys.stderr)
        return 2
    verdict = check(spec, None if seed is None else [seed])
    print("\n".join(report(spec, verdict)))
    return 0 if not verdict.failures else 1

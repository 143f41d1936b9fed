"""Running a bout scenario under Sophia's Children (`python -m rules.scenario FILE --system
sophias_children`): the file's fighters, its `sophias_children:` section (stats, Squads, adjudicated
surprise, scripted answers, asserted outcomes: `scenario_model`), its scripted dice (d6 faces for
surprise, initiative and roll-offs, d10s for the attacks; docs/scenario-format.md). A file without
the section is fought by the AI to its end; its TRoS `exchanges` do not apply here.
"""

from __future__ import annotations

from rules.bout import IllegalAction
from rules.catalog import Catalog
from rules.content import default_catalog, with_house_rules
from rules.deciders import Baseline
from rules.decisions import Decision
from rules.dice import DiceStream, ScriptedStream, SeededStream
from rules.events import Event
from rules.scenario.model import ScenarioFile
from rules.scenario.runner import ScenarioError, ScenarioResult, _sheet
from rules.sophias_children.log import describe, squad_name
from rules.sophias_children.scenario_model import Expect, ScriptItem, ScSection
from rules.sophias_children.state import ACTION, ScBout
from rules.sophias_children.system import SophiasChildren
from rules.systems import Answer, run_step


def run_sc(scenario: ScenarioFile, catalog: Catalog | None = None, seed: int | None = None) -> ScenarioResult:
    """Fight the scenario through the system's step loop, checking its expectations as it goes."""
    catalog = catalog or default_catalog()
    if scenario.house_rules:
        catalog = with_house_rules(catalog, scenario.house_rules)
    seed = scenario.seed if seed is None else seed
    combat = SeededStream(seed, "combat")
    scripted = ScriptedStream(scenario.dice, fallback=combat) if scenario.dice else None
    stream: DiceStream = scripted or combat
    spec = scenario.sophias_children or ScSection()
    ids = [f.id for f in scenario.fighters]
    if len(set(ids)) != len(ids):
        raise ScenarioError("two fighters share an id")
    system = SophiasChildren()
    raw = system.new_bout(catalog, [_sheet(catalog, i, f) for i, f in enumerate(scenario.fighters)])
    bout = ScBout(raw)
    names = {fid: s.sheet.name for fid, s in bout.fighters.items()}
    for fid in spec.stats:
        if fid not in bout.fighters:
            raise ScenarioError(f"sophias_children.stats: unknown fighter {fid!r}")
    try:
        events: list[Event] = system.configure(raw, spec.stats, spec.squads, spec.surprise)
    except (ValueError, IllegalAction) as exc:
        raise ScenarioError(f"sophias_children: {exc}") from None
    names.update({u: squad_name(u) for u, unit in bout.sc.units.items() if unit.squad})
    script = list(spec.script)
    used = 0

    def decide(d: Decision) -> Answer:
        nonlocal used
        if script and script[0].who == d.who and _kind(script[0]) == d.kind:
            used += 1
            return script.pop(0).value
        if spec.ai == "none":
            raise ScenarioError(f"no scripted answer for {d.who}'s {d.kind} (script item {used + 1} is next)")
        return system.suggest(raw, d, Baseline(), combat)

    actions = 0
    checks = sorted((e for e in spec.expect if e.after is not None), key=lambda e: e.after or 0)
    given = False
    try:
        while bout.sc.phase != "over" and bout.sc.round <= spec.rounds:
            if spec.actions is not None and given and actions >= spec.actions:
                break
            events += run_step(system, raw, stream, decide)
            if not given and bout.sc.phase == ACTION:
                given = True
                checks = _check(bout, events, names, checks, 0)
            step = system.advance(raw, stream)
            events += step.events
            if step.resolved:
                actions += 1
                checks = _check(bout, events, names, checks, actions)
    except ValueError as exc:  # an illegal answer (IllegalAction), or a scripted face no d6 can show
        raise ScenarioError(f"action {actions + 1}: {exc}") from None
    if script:
        item = script[0]
        raise ScenarioError(f"script item {used + 1} ({item.who}'s {item.kind}) never came due")
    if checks:
        raise ScenarioError(f"expect after {checks[0].after}: the run ended after {actions} actions")
    for expect in spec.expect:
        if expect.after is None:
            _verify(bout, events, names, expect, "at the end")
    return ScenarioResult(events, raw, scripted.remaining if scripted is not None else None, actions, names)


def _kind(item: ScriptItem) -> str:
    return {"counter": "counter_bid"}.get(item.kind, item.kind)


def _check(bout: ScBout, events: list[Event], names: dict[str, str], checks: list[Expect], at: int) -> list[Expect]:
    while checks and checks[0].after == at:
        _verify(bout, events, names, checks[0], f"after {at}")
        checks = checks[1:]
    return checks


def _verify(bout: ScBout, events: list[Event], names: dict[str, str], e: Expect, where: str) -> None:
    sc = bout.sc
    problems: list[str] = []
    if e.round is not None and sc.round != e.round:
        problems.append(f"round {sc.round}, not {e.round}")
    for side, points in e.pools.items():
        if bout.pool(side) != points:
            problems.append(f"{side}'s Initiative Pool is {bout.pool(side)}, not {points}")
    for unit, total in e.initiative.items():
        if sc.initiative.get(unit) != total:
            problems.append(f"{unit}'s initiative is {sc.initiative.get(unit)}, not {total}")
    if e.acting is not None and sc.acting != e.acting:
        problems.append(f"{sc.acting} has the action, not {e.acting}")
    if e.up is not None and sorted(bout.up_units()) != sorted(e.up):
        problems.append(f"Up: {sorted(bout.up_units())}, not {sorted(e.up)}")
    for fid in e.out:
        if bout.fit(fid):
            problems.append(f"{fid} is still in the fight")
    for fid in e.fighting:
        if not bout.fit(fid):
            problems.append(f"{fid} is out of the fight")
    for fid, statuses in e.status.items():
        have = sorted(sc.status.get(fid, set()))
        if have != sorted(statuses):
            problems.append(f"{fid} is {have or 'unaffected'}, not {sorted(statuses)}")
    for fid in e.wounded:
        if not bout.fighters[fid].wounds:
            problems.append(f"{fid} has no wound")
    for fid in e.unhurt:
        if bout.fighters[fid].wounds:
            problems.append(f"{fid} is wounded")
    lines = [line for line in (describe(ev, names) for ev in events) if line is not None]
    for text in e.log:
        if not any(text in line for line in lines):
            problems.append(f"no log line has {text!r}")
    for text in e.not_log:
        if any(text in line for line in lines):
            problems.append(f"a log line has {text!r}")
    if problems:
        raise ScenarioError(f"expect {where}: " + "; ".join(problems))

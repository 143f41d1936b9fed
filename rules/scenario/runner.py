"""Run a bout scenario: build the fighters, then drive each exchange through the combat system's step
loop (`rules.systems`), answering its decisions from the file (orientations, targets, declarations)
or, for `auto`, with the baseline AI (`rules.deciders`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.bout import (
    ATTACK,
    BUY_INITIATIVE,
    CHANGE_TARGET,
    CHANGE_TARGET_BUY,
    DEFEND,
    DEFEND_PREEMPTIVE,
    DO_NOTHING,
    DOUBLE_ATTACK,
    MOBILITY,
    NO_INITIATIVE,
    QUICK_ATTACK,
    QUICK_DEFENSE,
    Action,
    Bout,
    IllegalAction,
    PartChoice,
)
from rules.catalog import Catalog
from rules.content import default_catalog, load_model, with_house_rules
from rules.deciders import Baseline
from rules.decisions import MOBILITY_CHOICE, MOBILITY_DICE, ORIENTATION, STANCE, TARGET, TERRAIN, Decision
from rules.dice import DiceStream, ScriptedStream, SeededStream
from rules.events import Event
from rules.fighter import Attributes, FighterSheet
from rules.menu import available_actions
from rules.scenario import shots as scenario_shots
from rules.scenario.model import ActionSpec, ExchangeSpec, FighterSpec, ScenarioFile
from rules.systems import DEFAULT_SYSTEM, Answer, run_step, system

ATTACK_PRIORITY = (
    ATTACK, DOUBLE_ATTACK, CHANGE_TARGET, NO_INITIATIVE, QUICK_ATTACK, BUY_INITIATIVE, CHANGE_TARGET_BUY
)
DEFENCE_PRIORITY = (DEFEND, DEFEND_PREEMPTIVE, QUICK_DEFENSE)
MOBILITY_PRIORITY = (MOBILITY,)


class ScenarioError(Exception):
    """A scenario that cannot run: unknown ids, a refused declaration, ... The message says where."""


@dataclass
class ScenarioResult:
    events: list[Event]
    bout: Bout
    dice_left: int | None
    exchanges_run: int
    names: dict[str, str] = field(default_factory=dict)

    def to_json_dict(self) -> dict[str, Any]:
        fighters: dict[str, Any] = {}
        for fid, state in self.bout.fighters.items():
            snap = state.snapshot()
            snap.update(
                name=state.sheet.name,
                side=state.sheet.side,
                weapon=state.sheet.weapon.id if state.sheet.weapon else None,
                proficiency=state.sheet.proficiency,
                level=state.sheet.level,
                in_bout=self.bout.active(fid),
            )
            fighters[fid] = snap
        return {
            "events": [e.to_dict() for e in self.events],
            "fighters": fighters,
            "exchanges": self.exchanges_run,
            "dice_left": self.dice_left,
        }


def load_scenario(path: str | Path) -> ScenarioFile:
    """Parse and validate; raises rules.content.ContentErrors with file:line:column."""
    return load_model(Path(path), ScenarioFile, display=str(path))


def _sheet(catalog: Catalog, index: int, spec: FighterSpec) -> FighterSheet:
    try:
        return FighterSheet.build(
            catalog,
            id=spec.id,
            name=spec.name,
            side=spec.side,
            attributes=Attributes.from_mapping(spec.attributes),
            proficiencies=spec.proficiencies,
            weapon=spec.weapon,
            shield=spec.shield,
            off_weapon=spec.off_weapon,
            armour=spec.armour,
        )
    except (KeyError, ValueError) as exc:
        message = exc.args[0] if exc.args else str(exc)
        raise ScenarioError(f"fighters[{index}] ({spec.id}): {message}") from None


def _bout_over(bout: Bout) -> bool:
    return not any(bout.foes_in_reach(fid) for fid in bout.members())


def to_action(bout: Bout, fid: str, spec: ActionSpec, pending: list[Action]) -> Action:
    if spec.maneuver == "do_nothing" or spec.action == DO_NOTHING:
        return Action(DO_NOTHING, "do_nothing", None)
    m = bout.catalog.maneuvers.get(spec.maneuver)
    if m is None:
        raise IllegalAction(f"unknown maneuver {spec.maneuver!r}")
    opponent = spec.target if m.role == "attack" else spec.against
    if m.role == "attack" and opponent is None:
        opponent = bout.targets.get(fid)
    action = spec.action
    if action is None:
        menu = available_actions(bout, fid, pending)
        candidates = [menu.opponent(opponent)] if opponent else list(menu.opponents)
        kinds = MOBILITY_PRIORITY if m.group == "mobility" else ATTACK_PRIORITY if m.role == "attack" else (
            DEFENCE_PRIORITY)
        for kind in kinds:
            if any(om is not None and (ao := om.action(kind)) and ao.option(m.id) for om in candidates):
                action = kind
                break
        else:
            action = ATTACK if m.role == "attack" else DEFEND
    return Action(
        action,
        m.id,
        opponent,
        spec.dice,
        spec.zone,
        spec.greater,
        spec.seize,
        spec.reflex_buy,
        spec.terrain_dice,
        tuple(PartChoice(p.maneuver, p.dice, p.zone) for p in spec.parts),
    )


def run_scenario(
    scenario: ScenarioFile, catalog: Catalog | None = None, seed: int | None = None,
    system_name: str = DEFAULT_SYSTEM,
) -> ScenarioResult:
    """Play the scenario's exchanges through the combat system `system_name` (`rules.systems`), the
    file's choices answering its decisions and the baseline AI the rest."""
    if system_name == "sophias_children":  # its own clock: rules.sophias_children.scenario
        from rules.sophias_children.scenario import run_sc

        return run_sc(scenario, catalog, seed)
    catalog = catalog or default_catalog()
    if scenario.house_rules:
        catalog = with_house_rules(catalog, scenario.house_rules)
    seed = scenario.seed if seed is None else seed
    combat = SeededStream(seed, "combat")
    ai = SeededStream(seed, "ai")
    scripted = ScriptedStream(scenario.dice, fallback=combat) if scenario.dice else None
    stream: DiceStream = scripted or combat
    specs = {f.id: f for f in scenario.fighters}
    if len(specs) != len(scenario.fighters):
        raise ScenarioError("two fighters share an id")
    sheets = [_sheet(catalog, i, f) for i, f in enumerate(scenario.fighters)]
    for f in scenario.fighters:
        if f.target is not None and f.target not in specs:
            raise ScenarioError(f"fighter {f.id} targets unknown fighter {f.target!r}")
    combat_system = system(system_name)
    maker = Baseline()
    bout = combat_system.new_bout(catalog, sheets)
    terrain = {f.id: f.terrain for f in scenario.fighters if f.terrain is not None}
    if terrain:
        bout.set_terrain(terrain)
    events: list[Event] = []
    run = 0
    for number, raw in enumerate(scenario.exchanges, start=1):
        if _bout_over(bout):
            break
        spec = ExchangeSpec() if raw == "auto" else raw
        named = [*spec.orientations, *spec.targets, *spec.stances, *spec.terrain_dice, *spec.mobility]
        for fid in named + (
            [] if spec.declarations == "auto" else list(spec.declarations)
        ):
            if fid not in specs:
                raise ScenarioError(f"exchange {number}: unknown fighter {fid!r}")
        first = number == 1

        def decide(d: Decision, spec: ExchangeSpec = spec, first: bool = first) -> Answer:
            if d.kind == ORIENTATION:
                given: str = spec.orientations.get(d.who) or (specs[d.who].orientation if first else "auto")
                return combat_system.suggest(bout, d, maker, ai) if given == "auto" else given
            if d.kind in (MOBILITY_CHOICE, MOBILITY_DICE):
                given_m = spec.mobility.get(d.who, "auto")
                if given_m == "none":
                    return "none" if d.kind == MOBILITY_CHOICE else combat_system.suggest(bout, d, maker, ai)
                if given_m == "auto" or (d.kind == MOBILITY_DICE and given_m.dice == "auto"):
                    return combat_system.suggest(bout, d, maker, ai)
                return given_m.maneuver if d.kind == MOBILITY_CHOICE else given_m.dice
            if d.kind in (STANCE, TERRAIN):
                chosen: str | int = (spec.stances if d.kind == STANCE else spec.terrain_dice).get(d.who) or (
                    (specs[d.who].stance if d.kind == STANCE else specs[d.who].terrain_dice) if first else "auto")
                return combat_system.suggest(bout, d, maker, ai) if chosen == "auto" else chosen
            if d.kind == TARGET:
                if d.who in spec.targets:
                    return spec.targets[d.who]
                if first and specs[d.who].target is not None:
                    return specs[d.who].target
                return combat_system.suggest(bout, d, maker, ai)
            if any(shot.shooter == d.who and shot.step == 2 for shot in spec.shots):
                return ()  # his shot is his act of the exchange (rules.scenario.shots)
            given_d = "auto" if spec.declarations == "auto" else spec.declarations.get(d.who, "auto")
            if given_d == "auto":
                return combat_system.suggest(bout, d, maker, ai)
            actions: list[Action] = []
            for item in given_d:
                actions.append(to_action(bout, d.who, item, actions))
            return tuple(actions)

        missiles = {f.id: f.missile for f in scenario.fighters}
        try:
            scenario_shots.check_shots(spec.shots, missiles, catalog)
            while True:  # s0, s1, s2, then the exchange resolves
                now = bout.clock.step
                if now > 0:  # the shots taken at the step before land first
                    events += scenario_shots.land(bout, catalog, missiles,
                                                  [x for x in spec.shots if x.step == now - 1], stream)
                events += run_step(combat_system, bout, stream, decide)
                if now == 2:  # a shot taken at s2 lands before the exchange resolves
                    events += scenario_shots.land(bout, catalog, missiles, [x for x in spec.shots if x.step == 2],
                                                  stream)
                step = combat_system.advance(bout, stream)
                events += step.events
                if step.resolved:
                    break
        except IllegalAction as exc:
            raise ScenarioError(f"exchange {number}: {exc}") from None
        run += 1
    return ScenarioResult(
        events,
        bout,
        scripted.remaining if scripted is not None else None,
        run,
        {fid: s.sheet.name for fid, s in bout.fighters.items()},
    )

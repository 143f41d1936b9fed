"""A bout played in the terminal: the stand-in for the game window until the view ships.

The player fights as the first fighter of a bout scenario. The bout runs through the combat system's
step loop (`rules.systems`): every decision it asks is shown from its data (options, default) or,
for a declaration, from the rules' menus (`rules.menu.available_actions`), with the default
preselected, so Enter alone plays a sensible fight.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rules.bout import Action, Bout, IllegalAction
from rules.content import default_catalog
from rules.deciders import Baseline
from rules.decisions import DECLARATION, Decision
from rules.dice import SeededStream
from rules.events import Event
from rules.fighter import Attributes, FighterSheet
from rules.log import describe
from rules.menu import Menu, available_actions
from rules.scenario import load_scenario
from rules.systems import Answer, CombatSystem, system

Ask = Callable[[str], str]


def _choose(ask: Ask, title: str, options: list[str], default: int) -> int:
    print(title)
    for i, text in enumerate(options, start=1):
        mark = "*" if i - 1 == default else " "
        print(f"  {mark}{i}. {text}")
    while True:
        answer = ask(f"choose 1-{len(options)} [Enter = {default + 1}]: ").strip()
        if not answer:
            return default
        if answer.isdigit() and 1 <= int(answer) <= len(options):
            return int(answer) - 1
        print("  please type a number from the list, or press Enter")


def _player_declaration(ask: Ask, menu: Menu) -> list[Action]:
    summary = "; ".join(f"{a.maneuver} {a.opponent or ''} {a.dice}d".strip() for a in menu.default) or "nothing"
    print(f"Your pool: {menu.cp} CP. Default declaration: {summary}")
    if ask("Enter to declare the default, or m for the menu: ").strip().lower() != "m":
        return list(menu.default)
    opponents = [o for o in menu.opponents]
    oi = _choose(ask, "Opponent:", [f"{o.opponent} ({o.relation.replace('_', ' ')})" for o in opponents], 0)
    om = opponents[oi]
    ai = _choose(ask, "Action type:", [a.label for a in om.actions], 0)
    action = om.actions[ai]
    if not action.maneuvers:
        return []
    default_m = next((i for i, m in enumerate(action.maneuvers) if m.maneuver == action.default), 0)
    mi = _choose(ask, "Maneuver:", [m.label for m in action.maneuvers if not m.parts] or ["-"], default_m)
    option = [m for m in action.maneuvers if not m.parts][mi]
    dice_text = ask(f"Dice {option.dice_min}-{option.dice_max} [Enter = {option.dice_max}]: ").strip()
    dice = int(dice_text) if dice_text.isdigit() else option.dice_max
    zone = option.default_zone
    if option.zones:
        ids = [z for z, _ in option.zones]
        zi = _choose(ask, "Target zone:", [f"{z} (+{c} CP)" if c else z for z, c in option.zones],
                     ids.index(zone) if zone in ids else 0)
        zone = ids[zi]
    return [Action(action.action, option.maneuver, om.opponent, dice, zone)]


def _player_answer(ask: Ask, bout: Bout, d: Decision, names: dict[str, str]) -> Answer:
    """Ask the player any decision from its data: its options (the default preselected), or the
    maneuver menu for a declaration."""
    if d.kind == DECLARATION:
        return tuple(_player_declaration(ask, available_actions(bout, d.who)))
    if len(d.options) <= 1:
        return d.default if d.default is not None else (d.options[0].value if d.options else None)
    values = d.values()
    labels = [names.get(o.value, o.label) + (f" ({o.note})" if o.note else "") for o in d.options]
    default = values.index(d.default) if d.default in values else 0
    return values[_choose(ask, f"{d.kind.replace('_', ' ').capitalize()}:", labels, default)]


def _answer_step(combat_system: CombatSystem, bout: Bout, decide: Callable[[Decision], Answer],
                 me: str) -> list[Event]:
    """Answer every decision due at this step; the player is asked again when the rules refuse his."""
    events: list[Event] = []
    due = combat_system.due(bout)
    while due:
        for d in due:
            while True:
                try:
                    events += combat_system.answer(bout, d, decide(d))
                    break
                except IllegalAction as exc:
                    if d.who != me:
                        raise
                    print(f"  refused: {exc}")
        due = combat_system.due(bout)
    return events


def play_terminal(seed: int = 1, scenario: Path | None = None, ask: Ask = input, auto: bool = False) -> int:
    """Play one bout as the first fighter; returns 0. `auto` lets the AI play both sides."""
    catalog = default_catalog()
    if scenario is not None:
        spec = load_scenario(scenario)
        fighters = [
            FighterSheet.build(catalog, id=f.id, name=f.name, side=f.side,
                               attributes=Attributes.from_mapping(f.attributes), proficiencies=f.proficiencies,
                               weapon=f.weapon, shield=f.shield, armour=f.armour)
            for f in spec.fighters
        ]
    else:
        fighters = [
            FighterSheet.build(catalog, id="you", name="You", proficiencies={"cut_and_thrust": 7},
                               weapon="arming_sword", armour=["gambeson"], attributes=Attributes(AG=6, WT=6)),
            FighterSheet.build(catalog, id="bandit", name="Bandit", proficiencies={"cut_and_thrust": 6},
                               weapon="short_sword", armour=["leather_jerkin"]),
        ]
    combat_system = system()
    maker = Baseline()
    bout = combat_system.new_bout(catalog, fighters)
    me = fighters[0].id
    names = {f.id: f.name for f in fighters}
    combat, ai = SeededStream(seed, "combat"), SeededStream(seed, "ai")

    def decide(d: Decision) -> Answer:
        if d.who != me or auto:
            return combat_system.suggest(bout, d, maker, ai)
        return _player_answer(ask, bout, d, names)

    print(f"A bout: {', '.join(f.name for f in fighters)}. You are {fighters[0].name}.")
    for _ in range(60):
        if not any(bout.foes_in_reach(f) for f in bout.members()) or not bout.active(me):
            break
        print(f"\n== round {bout.clock.round}, exchange {bout.clock.exchange} ==")
        events: list[Event] = []
        while True:  # s0, s1, s2, then the exchange resolves
            events += _answer_step(combat_system, bout, decide, me)
            events += combat_system.settle(bout, combat)
            step = combat_system.advance(bout, combat)
            events += step.events
            if step.resolved:
                break
        for event in events:
            line = describe(event, names)
            if line and event.type not in ("target", "orientation", "clock"):
                print(line)
    print()
    for state in bout.fighters.values():
        status = "dead" if state.dead else "unconscious" if state.unconscious else "standing"
        print(f"{state.sheet.name}: {status}, HT {state.ht}, pain {state.pain}, blood loss {state.blood_loss}")
    return 0

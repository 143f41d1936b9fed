"""Shots in a bout scenario (issue 13 item 14; design doc "Ranged combat"; SPEC §4.9): an exchange's
`shots` are taken at a step of the bout by anyone with a `missile`, a member of the bout too. One taken
at `s0` or `s1` lands at the start of the next step ("the shot only resolves in the next step"); one
taken at `s2` lands at once, after the declarations and before the exchange resolves ("the shooter has
initiative over his target ... and will resolve his shot first"). The shooter's act of that step is the
shot: at `s2` he declares nothing in melee (the runner answers his declaration with nothing).

With no map, the crowd around the target is his foes in the bout other than the shooter, and they are
the ones a botch may hit; the distance is the shot's own (default 1, point blank). The target adds the
CP the file gives, else what the baseline AI adds (`rules.deciders.Baseline.shot_defence`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.bout import Bout, IllegalAction
from rules.catalog import Catalog
from rules.deciders import Baseline
from rules.dice import DiceStream
from rules.events import Event
from rules.ranged import ShotContext, can_shoot, resolve_shot
from rules.scenario.model import ShotSpec


def check_shots(shots: Sequence[ShotSpec], missiles: Mapping[str, str | None], catalog: Catalog) -> None:
    """Refuse a shot whose shooter has no missile weapon or names an unknown one (IllegalAction)."""
    for shot in shots:
        if shot.shooter not in missiles:
            raise IllegalAction(f"a shot by unknown fighter {shot.shooter!r}")
        missile = missiles[shot.shooter]
        if shot.target not in missiles:
            raise IllegalAction(f"shot by {shot.shooter}: unknown target {shot.target!r}")
        if missile is None:
            raise IllegalAction(f"shot by {shot.shooter}: he has no `missile`")
        if missile not in catalog.missiles:
            raise IllegalAction(f"shot by {shot.shooter}: unknown missile weapon {missile!r}")


def land(bout: Bout, catalog: Catalog, missiles: Mapping[str, str | None], shots: Sequence[ShotSpec],
         stream: DiceStream) -> list[Event]:
    """Resolve `shots` now (at the bout's current step), in the file's order."""
    events: list[Event] = []
    step, exchange = bout.clock.step, bout.clock.exchange
    for shot in shots:
        shooter, target = bout.fighters[shot.shooter], bout.fighters[shot.target]
        missile = missiles[shot.shooter]
        assert missile is not None  # check_shots
        weapon = catalog.missiles[missile]
        problem = can_shoot(shooter, weapon, shot.distance, True)
        if problem:
            raise IllegalAction(f"shot by {shot.shooter} at {shot.target}: {problem}")
        around = tuple(bout.fighters[f] for f in bout.foes(shot.target) if f != shot.shooter)
        wanted = (Baseline().shot_defence(target, step, declared=shot.target in bout.declarations, exchange=exchange)
                  if shot.defence_cp == "auto" else shot.defence_cp)
        ctx = ShotContext(shooter=shooter, target=target, weapon=weapon, distance=shot.distance,
                          aim_ticks=shot.aim_ticks, crowd=len(around), target_step=step,
                          defence_cp=max(0, min(wanted, target.cp)), neighbours=around, zone=shot.zone,
                          exchange=exchange)
        try:
            events += resolve_shot(ctx, stream, catalog).events
        except ValueError as exc:
            raise IllegalAction(f"shot by {shot.shooter} at {shot.target}: {exc}") from None
    return events

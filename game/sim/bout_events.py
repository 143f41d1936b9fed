"""The rules' event types the view tells apart (an attack to animate, the rolls the log's "rolls" filter keeps),
re-exported so the view reads them from the sim (it never imports ``rules``). Plain frozen data."""

from __future__ import annotations

from rules.events import Attack as Attack
from rules.events import BloodLossCheck as BloodLossCheck
from rules.events import Event as Event
from rules.events import KnockCheck as KnockCheck
from rules.events import ReflexContest as ReflexContest
from rules.events import TerrainRoll as TerrainRoll

ROLL_EVENTS: tuple[type[Event], ...] = (Attack, ReflexContest, KnockCheck, BloodLossCheck, TerrainRoll)

__all__ = ["ROLL_EVENTS", "Attack", "BloodLossCheck", "Event", "KnockCheck", "ReflexContest", "TerrainRoll"]

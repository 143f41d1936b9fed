"""EN and BD carried between separate bouts in the world, and rest out of a fight.

A character who leaves a bout on his feet keeps his EN and BD (`record`, the world's `Carried`); when he
enters his next bout he comes in with them, after the rest the world rounds out of any bout gave him
(`rested`). The document's only rest rule is the noncombat option 2.1.1 (line 46): "recover the lesser of
the hourly recovery rate and one less than the EN expended during the previous round". Our rulings:
his first world round out of a fight is that rest, after the last round of his bout; then every hour of
rest gives his hourly recovery rate, an hour being `options.rest_rounds_per_hour` world rounds (content/
dew_stats.yaml: the world's time out of a fight is compressed, as a level is crossed in minutes); never
above his EN. The document gives BD no rest rate: BD is not recovered by rest. One knocked out (EN 0 or
less) and brought round (a run's fallen companion) keeps his record too and comes round with at least 1 EN.
"""

from __future__ import annotations

from rules.dew.state import DewFighter
from rules.dew.stats import CreatureModel

Record = tuple[tuple[str, int], ...]


def record(f: DewFighter) -> Record:
    """What the world keeps of him: EN, BD, and the EN he expended in his last round (for 2.1.1)."""
    return (("en", f.en), ("bd", f.bd), ("spent", f.en_spent_round or f.en_spent_last_round))


def rested(model: CreatureModel, kept: Record, rounds: int, rounds_per_hour: int) -> tuple[int, int]:
    """(EN, BD) he enters his next bout with, `rounds` world rounds out of any fight after `kept`."""
    data = dict(kept)
    en, bd = data.get("en", model.en), data.get("bd", model.bd)
    if rounds >= 1:
        en += max(0, min(model.recovery, data.get("spent", 0) - 1))  # 2.1.1: the first round of rest
    en += model.recovery * (rounds // max(1, rounds_per_hour))
    return max(1, min(en, model.en)), min(bd, model.bd)

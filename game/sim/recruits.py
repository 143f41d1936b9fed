"""Recruits: freeing a prisoner or hiring a hireling (`game.sim.levels.Recruit`) into the party, as a
pure check: the party's cap (`content/themes.yaml` run.party_cap) and, for a hireling, his price in
coins. Returns the coins left, or a one-line `Refusal`."""

from __future__ import annotations

from game.sim.inventory import Refusal
from game.sim.levels import Recruit


def recruit(offer: Recruit, party_size: int, party_cap: int, coins: int, name: str = "") -> int | Refusal:
    """Coins left after `offer` joins a party of `party_size`, or why he cannot."""
    who = name or offer.creature.replace("_", " ")
    if party_size >= party_cap:
        return Refusal(f"the party is full ({party_size} of {party_cap}): {who} cannot join")
    if offer.kind == "prisoner":
        return coins
    if coins < offer.price:
        return Refusal(f"{who} asks {offer.price} coins; you have {coins}")
    return coins - offer.price

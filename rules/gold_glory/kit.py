"""The basic actions with things and with the body ("Basic actions", lines 475-488): give & receive, draw
and sheath, pick up, put down and drop, drink a potion, crouch, sit, lie and stand. Their options (with
ap and roll) and their carrying out, each an event through the `Emitter`.

A fighter holds at most two items (`GGFighter.hands`: weapons, flasks; a shield is worn on the arm) and
has a belt (`belt`: items easy to reach); items lie on the battle map's squares (`GGBout.ground`). He
strikes and parries with the first weapon he holds, else bare hands (`GGStats.wielded`). Option values:
`draw:ITEM`, `sheath:ITEM`, `drink:ITEM`, `drop:ITEM`, `putdown:ITEM`, `pickup:ITEM@X,Y`, `give:B:ITEM`,
`receive:A`, `crouch`, `sit`, `lie`, `stand`.
"""

from __future__ import annotations

from rules.decisions import Option
from rules.gold_glory import events as ev
from rules.gold_glory.fold import Emitter
from rules.gold_glory.grid import ORDER, Square, distance, step
from rules.gold_glory.rolls import GGDice, roll
from rules.gold_glory.state import HANDS, GGBout, GGFighter

NORMAL_AP = 3  # pick up, put down, give, receive, crouch, sit, lie, stand: "a normal action (3ap)"
DEX_ROLL = 9  # "a dex+9 roll"
POSTURE_ACTIONS = ("crouch", "sit", "lie", "stand")
FULL_ROUND = ("draw", "sheath", "drink")
KIT_ACTIONS = (*FULL_ROUND, "drop", "putdown", "pickup", "give", "receive", *POSTURE_ACTIONS)


def handles_items(bout: GGBout, f: GGFighter) -> bool:
    """A fighting man with hands (a wolf, whose weapon is its bite, has none)."""
    own = bout.stats.weapons.get(f.stats.weapon)
    return f.fighting and own is not None and not own.natural


def full_round(f: GGFighter) -> bool:
    """May he take a full-round action (line 1023: "the character can take no other actions that round";
    line 1025: it takes "all the ap the character can declare without incurring extra action mods")? Our
    ruling: only with nothing spent this round and at least his base ap declared; it spends all he has."""
    return f.ap > 0 and f.ap_left == f.ap and f.ap >= f.stats.ap


def _unique(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))


def _name(bout: GGBout, item: str) -> str:
    return item.replace("_", " ")


def kit_options(bout: GGBout, fid: str) -> list[Option]:
    """What he may do with his things and his posture now (on a ledge or a wall: drop what he holds)."""
    f = bout.fighters[fid]
    if f.hanging is not None or f.climb_level > 0:
        return [Option(f"drop:{i}", f"Drop the {_name(bout, i)}", note="no time, no roll") for i in _unique(f.hands)]
    out: list[Option] = []
    if handles_items(bout, f):
        out += _item_options(bout, f)
    if f.ap_left >= NORMAL_AP and not f.prone:
        for p in POSTURE_ACTIONS:
            if p != f.posture:
                out.append(Option(p, p.capitalize(), note=f"{NORMAL_AP} ap, no roll"))
    return out


def _item_options(bout: GGBout, f: GGFighter) -> list[Option]:
    out: list[Option] = []
    free = len(f.hands) < HANDS
    whole = full_round(f)
    full = f"full round ({f.ap_left} ap), dex+{DEX_ROLL}"
    if whole:
        if free:
            out += [Option(f"draw:{i}", f"Draw the {_name(bout, i)}", note=full) for i in _unique(f.belt)]
        out += [Option(f"sheath:{i}", f"Put away the {_name(bout, i)}", note=full) for i in _unique(f.hands)]
        out += [Option(f"drink:{i}", f"Drink the {_name(bout, i)}", note=f"{full}, heals {bout.stats.potions[i].heal}")
                for i in _unique(f.hands) if i in bout.stats.potions]
    out += [Option(f"drop:{i}", f"Drop the {_name(bout, i)}", note="no time, no roll") for i in _unique(f.hands)]
    if f.ap_left < NORMAL_AP:
        return out
    note = f"{NORMAL_AP} ap, dex+{DEX_ROLL}"
    out += [Option(f"putdown:{i}", f"Put down the {_name(bout, i)}", note=note) for i in _unique(f.hands)]
    if free:
        for sq in reachable_squares(f):
            for i in _unique(bout.ground.get(sq, [])):
                out.append(Option(f"pickup:{i}@{sq[0]},{sq[1]}", f"Pick up the {_name(bout, i)} at {sq}", note=note))
    for o in friends_beside(bout, f):
        g = bout.fighters[o]
        if len(g.hands) < HANDS and handles_items(bout, g):
            out += [Option(f"give:{o}:{i}", f"Give {g.name} the {_name(bout, i)}", note=note) for i in _unique(f.hands)]
    offer = bout.offers.get(f.id)
    if offer is not None and free and offer[0] in friends_beside(bout, f):
        out.append(Option(f"receive:{offer[0]}", f"Take the {_name(bout, offer[1])} from "
                          f"{bout.fighters[offer[0]].name}", note=note))
    return out


def reachable_squares(f: GGFighter) -> list[Square]:
    """His square and those around it (our ruling: he reaches down one square away)."""
    return [f.pos] + [step(f.pos, d) for d in ORDER]


def friends_beside(bout: GGBout, f: GGFighter) -> list[str]:
    return [o for o in bout.standing() if o != f.id and bout.fighters[o].side == f.side
            and distance(f.pos, bout.fighters[o].pos) == 1]


def legal(bout: GGBout, fid: str, action: str) -> bool:
    """Is this kit action still one of his options (an interrupt may have changed things)?"""
    return action in {o.value for o in kit_options(bout, fid)}


# ----- carrying out ---------------------------------------------------------------------------------
def carry_out(em: Emitter, fid: str, action: str, dice: GGDice) -> None:
    from rules.gold_glory.resolve import completed, spend

    b = em.bout
    f = b.fighters[fid]
    head, _, arg = action.partition(":")
    if head == "drop":  # "Just dropping things takes no time and requires no rolls"
        down = "gone" if f.pos in b.chasms else "ground"  # from a ledge: down the chasm, lost (our ruling)
        em.emit(ev.ItemMoved(fid, arg, "hand", down, f.pos, why="drop"))
        return
    if head in POSTURE_ACTIONS:  # "all takes a normal 3ap action that requires no roll"
        spend(em, fid, NORMAL_AP, head)
        em.emit(ev.PostureChanged(fid, "stand" if head == "stand" else head))
        completed(em, fid, NORMAL_AP)
        return
    ap = f.ap_left if head in FULL_ROUND else NORMAL_AP
    against = arg.partition(":")[0] if head in ("give", "receive") else None
    r = roll(em, dice, fid, head, f.stats.dex + DEX_ROLL, b.mod_stack(fid), against)
    spend(em, fid, ap, head)
    if r.success:
        _succeed(em, fid, head, arg)
    elif head == "receive":  # our ruling: a fumbled handover falls between them, at the receiver's feet
        giver, item = b.offers[fid]
        em.emit(ev.ItemMoved(giver, item, "hand", "ground", f.pos, why="receive"))
    completed(em, fid, ap)


def _succeed(em: Emitter, fid: str, head: str, arg: str) -> None:
    b = em.bout
    f = b.fighters[fid]
    if head == "draw":
        em.emit(ev.ItemMoved(fid, arg, "belt", "hand"))
    elif head == "sheath":
        em.emit(ev.ItemMoved(fid, arg, "hand", "belt"))
    elif head == "drink":
        em.emit(ev.ItemMoved(fid, arg, "hand", "gone"))
        hp = min(f.stats.hp, f.hp + b.stats.potions[arg].heal)
        em.emit(ev.Healed(fid, arg, hp - f.hp, hp))
    elif head == "putdown":
        em.emit(ev.ItemMoved(fid, arg, "hand", "ground", f.pos, why="putdown"))
    elif head == "pickup":
        item, _, at = arg.partition("@")
        x, _, y = at.partition(",")
        em.emit(ev.ItemMoved(fid, item, "ground", "hand", (int(x), int(y))))
    elif head == "give":
        to, _, item = arg.partition(":")
        em.emit(ev.Offered(fid, to, item))
    elif head == "receive":
        giver, item = b.offers[fid]
        em.emit(ev.ItemMoved(giver, item, "hand", "hand", other=fid))

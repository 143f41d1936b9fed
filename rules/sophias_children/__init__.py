"""Sophia's Children (source document 001, "The Initiating & Order of Combat") as a second combat
system: surprise, initiative by combatant or Squad, the Initiative Pools, bidding for First Action,
designating the Next Action, Interrupts, Up and Tapped, the end of a round.

Modules: `system` (the `rules.systems.CombatSystem`), `state` (`ScBout`, `ScState`), `events`,
`fold` (the one writer of the state), `order` (the order of combat), `action` (an action resolved
with the rules package's dice and wounds), `ai`, `log`, `stats` (the combatants' kind, level and
Agility), `scenario` (scenario files of the document's worked examples). The rules as adapted:
docs/systems/sophias_children.md.
"""

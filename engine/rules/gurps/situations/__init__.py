"""GURPS special combat situations (seed 002) as pure, table-driven functions.

Each module answers one kind of situation with plain values: surprise and partial-surprise
initiative (``surprise``), seeing and not seeing (``visibility``), fighting at different heights
(``levels``), striking at, disarming and pulling free weapons (``weapons``), chinks in armor
(``chink``), arm locks, choke holds and grappled locations (``grapple``), malfunctions
(``malfunction``), cover and overpenetration (``cover``), rapid-fire special cases
(``volleys``), explosions and fragments (``explosions``), attacks from above (``above``) and
dual-weapon attacks (``dual``).

Nothing here rolls dice, reads the fight or writes anything: the pack's deciders roll, pass the
faces and margins in, and record what comes back. Every modifier is an
:class:`events.core.Modifier` (its value, what it is in words, ``source="situation"`` and the rule
id), so a decider can put it straight into a roll's recorded modifiers. Numbers are tables at the
bottom of each module. Rule ids cite ``shared/rules/gurps-brp.md`` §2.1; where the catalogue marks
a rule [AMB], the reading is a named parameter whose default is the catalogue's assumption, and
docs/RULES-gurps.md lists every reading taken.
"""

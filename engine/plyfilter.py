"""Which plies ``log`` lists: those of a round (``--round K``), those a combatant declared
(``--actor X``), those by or at him (``--involving X``). The library's filters, so that a
program reading the log picks plies as the command line does (``Table.log``)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.plyoutcome import ply_outcome
from engine.rules import UnknownName
from engine.tablebase import PlyView
from engine.turns import combatant_fields
from events.core import JoinDeclared, RoundStarted


def round_of(v: PlyView) -> int:
    """The round a ply belongs to: the one it began, else the one it was declared in."""
    began = [e.round for e in v.events if isinstance(e, RoundStarted)]
    return max(began) if began else v.before.clock.round


def declared_by(v: PlyView, cid: str) -> bool:
    """Whether ``cid`` declared the ply (his strike, his answer, his pass); a GM's
    declaration (a ruling on him, ``next`` ending his turn) is nobody's."""
    return ply_outcome(v.events, v.before)[0].who == cid


def involves(v: PlyView, cid: str) -> bool:
    """Whether the ply is by or at ``cid``: any combatant its declaration names, or an
    action it set off by or at him (a power punch landing on him)."""
    d = v.events[0]
    for name, many in combatant_fields(type(d)):
        value = getattr(d, name)
        if cid in (value if many else (value,)):
            return True
    return any(t.names(cid) for t in ply_outcome(v.events, v.before))


def known(views: Sequence[PlyView], cid: str) -> None:
    """Refuse a combatant the branch never had (exit 2), as every command does."""
    ids = [e.combatant for v in views for e in v.events if isinstance(e, JoinDeclared)]
    if cid not in ids:
        raise UnknownName(f"unknown combatant {cid!r} (combatants: {', '.join(ids) or 'none'})")


def pick(
    views: Sequence[PlyView],
    round_: int | None = None,
    actor: str | None = None,
    involving: str | None = None,
) -> list[PlyView]:
    """The plies of ``views`` that pass every filter given."""
    for cid in (actor, involving):
        if cid is not None:
            known(views, cid)
    return [
        v
        for v in views
        if (round_ is None or round_of(v) == round_)
        and (actor is None or declared_by(v, actor))
        and (involving is None or involves(v, involving))
    ]

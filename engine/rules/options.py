"""A pack's options: a typed struct, its variants, and the GM's overrides converted by type.

A pack's options are a msgspec struct. Each field's type says what it takes (``bool``,
``Literal[...]``, a bounded ``int``), its default is the first variant's reading, and its
``msgspec.Meta`` says what it decides (``description``) and which rule ids (``extra["rules"]``).
A variant is the fields it sets differently. ``--option KEY=VALUE`` is converted by the field's
type, with one spelling for switches everywhere (``on``/``off``; ``true``/``false`` and
``yes``/``no`` are read too), and refused with the key's name and what it takes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec
import msgspec.inspect as mi

from engine.rules.pack import Pack

_TRUE = {"on", "true", "yes", "1"}
_FALSE = {"off", "false", "no", "0"}


class OptionError(ValueError):
    """An unknown option, or a value it does not take (exit 2)."""


def _expected(t: mi.Type) -> str:
    if isinstance(t, mi.BoolType):
        return "on or off"
    if isinstance(t, mi.LiteralType):
        return "one of " + ", ".join(map(str, t.values))
    if isinstance(t, mi.IntType):
        lo = "" if t.ge is None else f" from {t.ge}"
        hi = "" if t.le is None else f" to {t.le}"
        return f"a whole number{lo}{hi}"
    return "a value of its kind"


def _fields(options: type[Any]) -> dict[str, mi.Field]:
    info = mi.type_info(options)
    assert isinstance(info, mi.StructType)
    return {f.name: f for f in info.fields}


def _bare(t: mi.Type) -> mi.Type:
    return t.type if isinstance(t, mi.Metadata) else t


def _convert(key: str, raw: Any, field: mi.Field, target: Any) -> Any:
    t = _bare(field.type)
    value: Any = raw
    if isinstance(raw, str):
        text = raw.strip()
        low = text.lower()
        if isinstance(t, mi.BoolType) and low in _TRUE | _FALSE:
            value = low in _TRUE
        elif isinstance(t, mi.IntType | mi.LiteralType) and text.isascii() and text.isdigit():
            value = int(text) if len(text) <= 9 else text
        else:
            value = text
    try:
        return msgspec.convert(value, target)
    except msgspec.ValidationError:
        raise OptionError(f"option {key}={raw!r} is not allowed: expected {_expected(t)}") from None


def options_for(pack: Pack, variant: str, overrides: Mapping[str, Any]) -> Any:
    """The options of a new encounter: the variant's, with the GM's overrides converted."""
    if variant not in pack.variants:
        raise OptionError(
            f"--variant {variant!r} is not a variant of {pack.name} "
            f"(choose from {', '.join(pack.variants)})"
        )
    fields = _fields(pack.options)
    hints = msgspec.structs.fields(pack.options)
    types = {f.name: f.type for f in hints}
    chosen = dict(pack.variants[variant])
    for key, raw in overrides.items():
        if key not in fields:
            raise OptionError(
                f"unknown option {key!r} for {pack.name} (options: {', '.join(fields)})"
            )
        chosen[key] = _convert(key, raw, fields[key], types[key])
    return msgspec.convert(chosen, pack.options)


def values(options: Any) -> dict[str, Any]:
    """The options as plain data (``status --json``)."""
    data = msgspec.to_builtins(options)
    assert isinstance(data, dict)
    return data


def shown(value: Any) -> str:
    """A value as the GM types it: switches are on/off."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def summary(pack: Pack, variant: str, chosen: Any) -> str:
    """``house defaults`` or ``house defaults, except holds=off``: what differs from the
    variant's defaults (``status --json`` lists them all)."""
    mine = values(chosen) if not isinstance(chosen, Mapping) else dict(chosen)
    try:
        defaults = values(options_for(pack, variant, {}))
    except OptionError:  # a variant this fracas no longer knows: list them all
        defaults = {}
    changed = [f"{k}={shown(v)}" for k, v in mine.items() if defaults.get(k, object()) != v]
    return f"{variant} defaults" + (", except " + ", ".join(changed) if changed else "")


def describe(pack: Pack) -> list[tuple[str, str, dict[str, Any], str, str]]:
    """Every option: (name, what it takes, value by variant, rule ids, what it decides)."""
    out = []
    by_variant = {v: values(options_for(pack, v, {})) for v in pack.variants}
    for name, field in _fields(pack.options).items():
        t = field.type
        schema = (t.extra_json_schema or {}) if isinstance(t, mi.Metadata) else {}
        extra = (t.extra or {}) if isinstance(t, mi.Metadata) else {}
        out.append(
            (
                name,
                _expected(_bare(t)),
                {v: by_variant[v][name] for v in pack.variants},
                str(extra.get("rules", "")),
                str(schema.get("description", "")),
            )
        )
    return out

"""SHA-256 without paying for OpenSSL at start-up: the hash chain, the dice and the snapshots
all use :func:`sha256`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def _builtin_sha256() -> Callable[[bytes], Any] | None:
    try:
        from _sha2 import sha256  # type: ignore[import-not-found, unused-ignore]  # 3.12+
    except ImportError:
        try:
            from _sha256 import sha256  # type: ignore[import-not-found, no-redef, unused-ignore]
        except ImportError:
            return None
    return sha256  # type: ignore[no-any-return]


_SMALL = _builtin_sha256()
_BIG: Callable[[bytes], Any] | None = None
_CALLS = 0


def sha256(data: bytes) -> bytes:
    """SHA-256 of ``data``. The same digest whichever implementation computes it: CPython's
    own for the first few hundred calls (it loads in about 1 ms, so a command that reads a
    dozen plies does not pay the 2.5 ms OpenSSL's ``hashlib`` takes to load), then
    ``hashlib``'s, about four times faster per ply, for a long read."""
    global _BIG, _CALLS
    if _BIG is None:
        _CALLS += 1
        if _SMALL is not None and _CALLS <= 256:
            return bytes(_SMALL(data).digest())
        import hashlib

        _BIG = hashlib.sha256
    return bytes(_BIG(data).digest())


def bulk_sha256() -> Callable[[bytes], Any]:
    """OpenSSL's SHA-256 constructor (``hashlib.sha256``: call ``.digest()`` on what it
    returns), for a read that hashes thousands of plies: the same digests as
    :func:`sha256`, without its per-call dispatch."""
    global _BIG
    if _BIG is None:
        import hashlib

        _BIG = hashlib.sha256
    return _BIG
